import Foundation
import SwipeDismiss
import XCTest

final class SpringTests: XCTestCase {
    /// Integrates `m x'' + c x' + k x = 0` with classic RK4.
    private func rk4(_ spring: Spring, x0: Double, v0: Double, until end: Double, step: Double)
        -> [(t: Double, x: Double, v: Double)]
    {
        func acceleration(_ x: Double, _ v: Double) -> Double {
            -(spring.stiffness * x + spring.damping * v) / spring.mass
        }
        var samples: [(Double, Double, Double)] = []
        var x = x0
        var v = v0
        let steps = Int((end / step).rounded())
        for i in 1...steps {
            let k1x = v
            let k1v = acceleration(x, v)
            let k2x = v + step / 2 * k1v
            let k2v = acceleration(x + step / 2 * k1x, v + step / 2 * k1v)
            let k3x = v + step / 2 * k2v
            let k3v = acceleration(x + step / 2 * k2x, v + step / 2 * k2v)
            let k4x = v + step * k3v
            let k4v = acceleration(x + step * k3x, v + step * k3v)
            x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            if i % 500 == 0 { samples.append((Double(i) * step, x, v)) }
        }
        return samples
    }

    func testClosedFormsMatchRK4ForUnderCriticalAndOverDamping() {
        for zeta in [0.3, 0.7, 1.0, 1.5] {
            let spring = Spring(response: 0.4, dampingRatio: zeta)
            XCTAssertEqual(spring.dampingRatio, zeta, accuracy: 1e-12)
            for (x0, v0) in [(-100.0, 0.0), (250.0, -1500.0), (-40.0, 900.0)] {
                for sample in rk4(spring, x0: x0, v0: v0, until: 1.5, step: 1e-4) {
                    let closed = spring.evaluate(displacement: x0, velocity: v0, at: sample.t)
                    XCTAssertEqual(
                        closed.displacement, sample.x, accuracy: 1e-6, "ζ \(zeta) t \(sample.t)")
                    XCTAssertEqual(
                        closed.velocity, sample.v, accuracy: 1e-6, "ζ \(zeta) t \(sample.t)")
                }
            }
        }
    }

    func testUIKitMappingOfHalfSecondAndPointSeven() {
        let spring = Spring(duration: 0.5, dampingRatio: 0.7)
        let expected = -log(0.001 * (1 - 0.49).squareRoot() / 0.7) / (0.7 * 0.5)
        XCTAssertEqual(spring.naturalFrequency, expected, accuracy: 1e-12)
        XCTAssertEqual(spring.naturalFrequency, 19.68, accuracy: 0.005)
        XCTAssertEqual(spring.stiffness, 387.3, accuracy: 0.2)
        XCTAssertEqual(spring.damping, 27.55, accuracy: 0.02)
        XCTAssertEqual(spring.dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertEqual(spring.mass, 1)
    }

    func testSwiftUIMapping() {
        let spring = Spring(response: 0.5, dampingRatio: 0.7)
        XCTAssertEqual(spring.stiffness, pow(2 * Double.pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 4 * Double.pi * 0.7 / 0.5, accuracy: 1e-9)
    }

    func testUIKitRelativeVelocityIsScaledByTheDistance() {
        let motion = SpringMotion.uikit(
            spring: Spring(duration: 0.5, dampingRatio: 0.7), from: 150, to: 0,
            relativeVelocity: 1, startTime: 2)
        XCTAssertEqual(motion.initialVelocity, -150)
        XCTAssertEqual(motion.value(at: 2), 150, accuracy: 1e-12)
        XCTAssertEqual(motion.velocity(at: 2), -150, accuracy: 1e-9)
    }

    func testSettlingIsMonotoneAndMeansRest() {
        let motion = SpringMotion(
            spring: Spring(duration: 0.5, dampingRatio: 0.3), from: 300, to: 0,
            initialVelocity: 2000, startTime: 0)
        var settledAt: Double?
        var t = 0.0
        while t < 5 {
            let settled = motion.isSettled(at: t)
            if let settledAt {
                XCTAssertTrue(settled, "settled at \(settledAt) but not at \(t)")
            } else if settled {
                settledAt = t
                XCTAssertLessThan(abs(motion.value(at: t)), 0.5)
                XCTAssertLessThan(abs(motion.velocity(at: t)), 5)
            }
            t += 0.001
        }
        XCTAssertNotNil(settledAt)
    }

    func testRubberBandFormulaAndInverse() {
        let band = RubberBand(coefficient: 0.55, dimension: 490)
        XCTAssertEqual(band.banded(100), (1 - 1 / (100 * 0.55 / 490 + 1)) * 490, accuracy: 1e-12)
        XCTAssertEqual(band.banded(-100), -band.banded(100))
        XCTAssertLessThan(band.banded(1e9), 490)
        for x in [-300.0, -12.5, 0, 40, 1000] {
            XCTAssertEqual(band.raw(forBanded: band.banded(x)), x, accuracy: 1e-9)
        }
    }

    func testVelocityProjectionWithUIScrollViewDeceleration() {
        let projection = VelocityProjection(decelerationRate: 0.998)
        XCTAssertEqual(
            projection.project(position: 60, velocity: 1500), 60 + 1.5 * 499, accuracy: 1e-9)
        XCTAssertEqual(
            projection.project(position: 250, velocity: -800), 250 - 0.8 * 499, accuracy: 1e-9)
    }
}
