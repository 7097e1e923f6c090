import Foundation
import SwipeDismiss
import XCTest

/// The seed as UIKit runs it (DESIGN §3, "Seed tracking, exactly"), against models written
/// out term by term.
final class SeedTrackingTests: XCTestCase {
    let s = SpringStepResponse.uikit
    let start = Harness.cardPoint

    /// Presses at 0 and begins the pan at 0.01 with a 5 pt move that moves nothing.
    private func begin(_ h: Harness) {
        h.at(0, .down(start))
        h.at(0.01, .move(start + Point(x: 0, y: 5)))
    }

    func testOneChangeIsOneStepResponseAgainstRK4() {
        let h = Harness(.seed)
        begin(h)
        let t0 = 0.02
        h.at(t0, .move(start + Point(x: 0, y: 100)))
        var rk4 = SpringRK4(s.spring, x0: -1, v0: 1)
        h.run(to: t0)
        XCTAssertEqual(h.state.offset, 0)
        for k in 1..<100 {
            let t = t0 + Double(k) * 0.005
            h.run(to: t)
            rk4.run(to: t - t0)
            XCTAssertEqual(h.state.offset, 100 * (1 + rk4.x), accuracy: 1e-6, "at \(t)")
        }
        h.run(to: t0 + 0.5)
        XCTAssertEqual(h.state.offset, 100)
        XCTAssertFalse(h.controller.isAnimating)
    }

    func testTwoChangesAreTwoShiftedStepResponses() {
        let h = Harness(.seed)
        begin(h)
        h.at(0.02, .move(start + Point(x: 0, y: 50)))
        h.at(0.12, .move(start + Point(x: 0, y: 100)))
        for k in 0...90 {
            let t = 0.02 + Double(k) * 0.0071
            h.run(to: t)
            let expected = 50 * s.value(at: t - 0.02) + 50 * s.value(at: t - 0.12)
            XCTAssertEqual(h.state.offset, expected, accuracy: 1e-9, "at \(t)")
        }
    }

    func testSlowDragMatchesUIKitsFigures() {
        // issue 8's table: a 100 pt/s drag to 120 pt, sampled at 60 Hz, then held.
        let h = Harness(.seed)
        h.at(0.1, .down(start))
        for k in 1...84 {
            let t = 0.1 + Double(k) / 60
            h.at(
                t, .move(start + Point(x: 0, y: min(120, (Double(k) * 10 / 6 * 10).rounded() / 10)))
            )
        }
        for (t, expected) in [(0.5, 32.4), (1.0, 82.3), (1.5, 120.5)] {
            h.run(to: t)
            XCTAssertEqual(h.state.offset, expected, accuracy: 0.1, "at \(t)")
        }
    }

    func testSpringBackMidFlightKeepsPositionAndTheMomentumInFlight() {
        let h = Harness(.seed)
        begin(h)
        var model = AdditiveSpringMotion(response: s)
        for k in 1...10 {
            let t = 0.02 + Double(k) * 0.01
            h.at(t, .move(start + Point(x: 0, y: Double(k) * 15)))
            model.retarget(to: Double(k) * 15, at: t)
        }
        let end = 0.15
        h.at(end, .up(start + Point(x: 0, y: 150)))
        h.run(to: end - 1e-9)
        XCTAssertEqual(h.state.phase, .dragging)
        XCTAssertEqual(h.state.offset, model.value(at: end - 1e-9), accuracy: 1e-9)
        let speedBefore = model.velocity(at: end)
        h.run(to: end)
        XCTAssertEqual(h.state.phase, .settling)
        // The drag's own motion, evaluated at the release: no jump.
        XCTAssertEqual(h.state.offset, model.value(at: end), accuracy: 1e-9)
        model.retarget(to: 0, at: end)
        // The moves in flight keep their velocity; the new step only adds UIKit's relative
        // initial velocity 1 of its own: (0 - 150) · 1 pt/s.
        XCTAssertEqual(model.velocity(at: end), speedBefore - 150, accuracy: 1e-9)
        XCTAssertGreaterThan(speedBefore, 1000)
        for k in 1...70 {
            let t = end + Double(k) * 0.0093
            h.run(to: t)
            XCTAssertEqual(h.state.offset, model.value(at: t), accuracy: 1e-9, "at \(t)")
        }
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.offset, 0)
        XCTAssertEqual(h.state.alpha, 0.3)
    }

    func testWithNoRelativeVelocityTheSpringBackIsSmoothInVelocityToo() {
        var configuration = DismissConfiguration.seed
        let still = SpringStepResponse(duration: 0.5, dampingRatio: 0.7, relativeVelocity: 0)
        configuration.tracking = .additiveSpring(still)
        let h = Harness(configuration)
        begin(h)
        for k in 1...10 {
            h.at(0.02 + Double(k) * 0.01, .move(start + Point(x: 0, y: Double(k) * 15)))
        }
        h.at(0.15, .up(start + Point(x: 0, y: 150)))
        let step = 1e-5
        var samples: [Double] = []
        for t in [0.15 - 2 * step, 0.15 - step, 0.15, 0.15 + step, 0.15 + 2 * step] {
            h.run(to: t)
            samples.append(h.state.offset)
        }
        // One-sided second-order differences, each from its own side of the release.
        let left = (3 * samples[2] - 4 * samples[1] + samples[0]) / (2 * step)
        let right = (-3 * samples[2] + 4 * samples[3] - samples[4]) / (2 * step)
        XCTAssertEqual(left, right, accuracy: 1e-3, "pt/s either side of the release")
        XCTAssertGreaterThan(left, 1000)
    }

    func testAlphaRunsFromThePreviousTargetToTheNewOne() {
        let h = Harness(.seed)
        begin(h)
        // Targets: 120, 260 (past the floor), an upward move (ignored), 90; then released.
        let moves: [(Double, Double)] = [(0.05, 120), (0.2, 260), (0.3, -40), (0.45, 90)]
        for (t, y) in moves { h.at(t, .move(start + Point(x: 0, y: y))) }
        h.at(0.6, .up(start + Point(x: 0, y: 90)))
        func expected(_ t: Double) -> Double {
            var previous = 0.3
            var alpha = 0.3
            for (ti, y) in moves where ti <= t && y >= 0 {
                let target = max(0.1, 0.3 - y / 1000)
                alpha = previous + (target - previous) * s.value(at: t - ti)
                previous = target
            }
            if t >= 0.6 { alpha = previous + (0.3 - previous) * s.value(at: t - 0.6) }
            return alpha
        }
        for k in 0...150 {
            let t = 0.01 + Double(k) * 0.0077
            h.run(to: t)
            XCTAssertEqual(h.state.alpha, expected(t), accuracy: 1e-9, "at \(t)")
        }
        // At each change the colour starts from the previous target: at 0.2 that is 0.18,
        // not what the first animation had reached.
        XCTAssertEqual(expected(0.2), 0.18, accuracy: 1e-12)
    }

    func testReleaseDecidesOnTheLastChangeNotTheLiftPoint() {
        // The last change is at 210 pt; the finger lifts at 150 pt: the seed dismisses.
        let h = Harness(.seed)
        begin(h)
        h.at(0.05, .move(start + Point(x: 0, y: 210)))
        h.at(0.1, .up(start + Point(x: 0, y: 150)))
        h.run(to: 0.1)
        XCTAssertEqual(h.state.phase, .dismissing)
        XCTAssertEqual(h.state.alpha, 0)
        // And the other way round: last change 150 pt, lift at 260 pt springs back.
        let back = Harness(.seed)
        begin(back)
        back.at(0.05, .move(start + Point(x: 0, y: 150)))
        back.at(0.1, .up(start + Point(x: 0, y: 260)))
        back.run(to: 0.1)
        XCTAssertEqual(back.state.phase, .settling)
    }

    func testADragDuringASpringBackAddsToIt() {
        let h = Harness(.seed)
        begin(h)
        h.at(0.05, .move(start + Point(x: 0, y: 150)))
        h.at(0.1, .up(start + Point(x: 0, y: 150)))
        h.at(0.2, .down(start))
        h.at(0.21, .move(start + Point(x: 0, y: 6)))
        h.at(0.25, .move(start + Point(x: 0, y: 40)))
        var model = AdditiveSpringMotion(response: s)
        model.retarget(to: 150, at: 0.05)
        model.retarget(to: 0, at: 0.1)
        model.retarget(to: 40, at: 0.25)
        for k in 0...80 {
            let t = 0.2 + Double(k) * 0.0101
            h.run(to: t)
            XCTAssertEqual(h.state.offset, model.value(at: t), accuracy: 1e-9, "at \(t)")
        }
        XCTAssertEqual(h.state.phase, .dragging)
    }
}
