import Foundation
import SwipeDismiss
import XCTest

/// An independent RK4 of `m x'' + c x' + k x = 0`, sampled at any time.
struct SpringRK4 {
    let spring: Spring
    let step = 1e-5
    private(set) var t = 0.0
    private(set) var x: Double
    private(set) var v: Double

    init(_ spring: Spring, x0: Double, v0: Double) {
        self.spring = spring
        x = x0
        v = v0
    }

    private func acceleration(_ x: Double, _ v: Double) -> Double {
        -(spring.stiffness * x + spring.damping * v) / spring.mass
    }

    /// Integrates forward to `end` (not backward), landing on it exactly.
    mutating func run(to end: Double) {
        while t < end {
            let h = min(step, end - t)
            let k1x = v
            let k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
        }
    }
}

final class AdditiveSpringMotionTests: XCTestCase {
    let s = SpringStepResponse.uikit

    func testStepResponseIsTheUIKitSpringFromMinusOneWithVelocityOne() {
        XCTAssertEqual(s.spring.naturalFrequency, 19.68, accuracy: 0.005)
        XCTAssertEqual(s.spring.dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertEqual(s.value(at: 0), 0)
        XCTAssertEqual(s.value(at: -1), 0)
        XCTAssertEqual(s.velocity(at: 0), 1, accuracy: 1e-12)
        XCTAssertEqual(s.value(at: 0.5), 1)
        XCTAssertEqual(s.value(at: 7), 1)
        XCTAssertEqual(s.velocity(at: 0.5), 0)
        var rk4 = SpringRK4(s.spring, x0: -1, v0: 1)
        for k in 1..<100 {
            let t = Double(k) * 0.005
            rk4.run(to: t)
            XCTAssertEqual(s.value(at: t), 1 + rk4.x, accuracy: 1e-9, "s(\(t))")
            XCTAssertEqual(s.velocity(at: t), rk4.v, accuracy: 1e-8, "s'(\(t))")
        }
    }

    func testTwoRetargetsAreTheSumOfTwoShiftedStepResponses() {
        var motion = AdditiveSpringMotion(response: s)
        motion.retarget(to: 50, at: 1)
        motion.retarget(to: 100, at: 1.1)
        XCTAssertEqual(motion.target, 100)
        for k in 0...80 {
            let t = 1 + Double(k) * 0.0087
            let expected = 50 * s.value(at: t - 1) + 50 * s.value(at: t - 1.1)
            XCTAssertEqual(motion.value(at: t), expected, accuracy: 1e-9, "at \(t)")
            let speed = 50 * s.velocity(at: t - 1) + 50 * s.velocity(at: t - 1.1)
            XCTAssertEqual(motion.velocity(at: t), speed, accuracy: 1e-9, "at \(t)")
        }
        XCTAssertEqual(motion.value(at: 1.6), 100)
        XCTAssertTrue(motion.isSettled(at: 1.6))
        XCTAssertFalse(motion.isSettled(at: 1.5999))
    }

    func testDroppingFinishedTermsChangesNoValue() {
        var kept = AdditiveSpringMotion(response: s)
        for k in 0..<40 { kept.retarget(to: Double(k * k) * 0.37, at: Double(k) * 0.031) }
        var dropped = kept
        dropped.dropFinishedTerms(at: 1.3)
        XCTAssertLessThan(dropped.liveTermCount, kept.liveTermCount)
        for k in 0...50 {
            let t = 1.3 + Double(k) * 0.01
            XCTAssertEqual(dropped.value(at: t).bitPattern, kept.value(at: t).bitPattern)
        }
    }

    func testRetargetsAtTheSameTimeMergeIntoOneTerm() {
        var motion = AdditiveSpringMotion(response: s)
        motion.retarget(to: 30, at: 2)
        motion.retarget(to: 80, at: 2)
        XCTAssertEqual(motion.liveTermCount, 1)
        XCTAssertEqual(motion.value(at: 2.2), 80 * s.value(at: 0.2), accuracy: 1e-12)
        motion.retarget(to: 80, at: 2.1)
        XCTAssertEqual(motion.liveTermCount, 1, "a zero step adds no term")
    }

    func testPastCapacityTheOldestTermIsFinishedEarly() {
        var motion = AdditiveSpringMotion(response: s, capacity: 3)
        XCTAssertEqual(motion.capacity, 3)
        for (k, y) in [10.0, 30, 60, 100].enumerated() {
            motion.retarget(to: y, at: Double(k) * 0.1)
        }
        XCTAssertEqual(motion.liveTermCount, 3)
        // The 10 pt step made at 0 counts as done; the other three still run.
        let t = 0.35
        let expected =
            10 + 20 * s.value(at: t - 0.1) + 30 * s.value(at: t - 0.2) + 40 * s.value(at: t - 0.3)
        XCTAssertEqual(motion.value(at: t), expected, accuracy: 1e-12)
        XCTAssertEqual(AdditiveSpringMotion(response: s).capacity, 512)
    }

    func testAThousandHertzPointerNeverFillsTheDefaultBuffer() {
        var motion = AdditiveSpringMotion(response: s)
        var reference = 0.0
        for k in 1...3000 {
            let t = Double(k) / 1000
            motion.retarget(to: Double(k) * 0.1, at: t)
            XCTAssertLessThanOrEqual(motion.liveTermCount, 501)
            reference = t
        }
        // Exact against the plain sum over every step ever made (each 0.1 pt).
        var sum = 0.0
        for k in 1...3000 { sum += 0.1 * s.value(at: reference + 0.2 - Double(k) / 1000) }
        XCTAssertEqual(motion.value(at: reference + 0.2), sum, accuracy: 1e-9)
    }

    func testResetAndNonFiniteInput() {
        var motion = AdditiveSpringMotion(response: s, value: 5)
        XCTAssertEqual(motion.value(at: 0), 5)
        motion.retarget(to: .nan, at: 0.1)
        motion.retarget(to: 9, at: .infinity)
        XCTAssertEqual(motion.liveTermCount, 0)
        XCTAssertEqual(motion.target, 5)
        motion.retarget(to: 25, at: 0.1)
        motion.reset(to: -3)
        XCTAssertEqual(motion.liveTermCount, 0)
        XCTAssertEqual(motion.value(at: 0.2), -3)
        XCTAssertEqual(motion.velocity(at: 0.2), 0)
    }
}
