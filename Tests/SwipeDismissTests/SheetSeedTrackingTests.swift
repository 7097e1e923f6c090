import SwipeDismiss
import XCTest

/// The seed's additive tracking on the sheet (from the detent the drag began at), under a
/// veto, and under reduced motion.
final class SheetSeedTrackingTests: XCTestCase {
    let s = SpringStepResponse.uikit

    func testTheSeedSheetStepsFromMediumAndBackToIt() {
        let h = SheetHarness(.sheet(.seed))
        let medium = h.offset("medium")
        let start = SheetHarness.onSheet
        h.at(0, .down(start))
        h.at(0.01, .move(start + Point(x: 0, y: 5)))
        h.at(0.02, .move(start + Point(x: 0, y: 50)))
        h.at(0.12, .move(start + Point(x: 0, y: 100)))
        h.at(0.2, .up(start + Point(x: 0, y: 100)))
        let curve = AlphaCurve.sheet
        let a1 = curve.alpha(offset: medium + 50, layout: h.layout)
        let a2 = curve.alpha(offset: medium + 100, layout: h.layout)
        // 0.3 at medium, linear to 0 off screen: 100 pt below medium is 0.3 · (1 − 100/span).
        XCTAssertEqual(a2, 0.3 * (1 - 100 / (h.layout.distance - medium)), accuracy: 1e-12)
        var model = AdditiveSpringMotion(response: s, value: medium)
        model.retarget(to: medium + 50, at: 0.02)
        model.retarget(to: medium + 100, at: 0.12)
        model.retarget(to: medium, at: 0.2)
        func alpha(_ t: Double) -> Double {
            if t < 0.12 { return 0.3 + (a1 - 0.3) * s.value(at: t - 0.02) }
            if t < 0.2 { return a1 + (a2 - a1) * s.value(at: t - 0.12) }
            return a2 + (0.3 - a2) * s.value(at: t - 0.2)
        }
        for k in 0...90 {
            let t = 0.02 + Double(k) * 0.0073
            h.run(to: t)
            XCTAssertEqual(h.state.offset, model.value(at: t), accuracy: 1e-9, "at \(t)")
            XCTAssertEqual(h.state.alpha, alpha(t), accuracy: 1e-9, "at \(t)")
        }
        XCTAssertEqual(h.state.phase, .settling)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.detent, "medium")
        XCTAssertEqual(h.state.offset, medium)
        XCTAssertEqual(h.state.alpha, 0.3)
    }

    func testAVetoedSeedSheetGlidesBackToMediumWithoutAJump() {
        let h = SheetHarness(.sheet(.seed))
        h.allowsDismissal = false
        let medium = h.offset("medium")
        let end = h.drag(by: Point(x: 0, y: 260), duration: 0.2, samples: 12)
        h.run(to: end - 1e-9)
        let before = h.state.offset
        XCTAssertGreaterThan(before, medium)
        h.run(to: end)
        XCTAssertEqual(h.state.phase, .settling)
        XCTAssertEqual(h.attempts, [.drag])
        XCTAssertEqual(h.state.offset, before, accuracy: 1e-3, "no jump at the release")
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.offset, medium)
        XCTAssertTrue(h.state.isDismissAttemptPending)
        XCTAssertEqual(h.dismissCount, 0)
    }

    func testReducedMotionStepsOnTheCriticallyDampedResponse() {
        var configuration = DismissConfiguration.seed
        configuration.reduceMotion = true
        let h = Harness(configuration)
        let start = Harness.cardPoint
        h.at(0, .down(start))
        h.at(0.01, .move(start + Point(x: 0, y: 5)))
        h.at(0.02, .move(start + Point(x: 0, y: 100)))
        let damped = SpringStepResponse.uikit.criticallyDamped
        XCTAssertEqual(damped.spring.dampingRatio, 1, accuracy: 1e-12)
        for k in 1...100 {
            let t = 0.02 + Double(k) * 0.0049
            h.run(to: t)
            XCTAssertEqual(h.state.offset, 100 * damped.value(at: t - 0.02), accuracy: 1e-9)
            XCTAssertLessThanOrEqual(h.state.offset, 100, "no overshoot at \(t)")
            XCTAssertGreaterThanOrEqual(h.state.alpha, 0.2, "no colour overshoot at \(t)")
        }
        h.run(to: 0.52)
        XCTAssertEqual(h.state.offset, 100)
        XCTAssertEqual(h.state.alpha, 0.2, accuracy: 1e-12)
    }
}
