import SwipeDismiss
import SwipeDismissNull
import XCTest

/// Issue 35's leftover: a `freeExitSpeed` of 0 is refused by `validate()`, but an app that
/// never calls it must still get a finite dismissal: a still release (Escape, `dismiss()`, a
/// drag held before letting go) has speed 0, which is "at least" 0 and used to be divided by.
final class FreeExitSpeedGuardTests: XCTestCase {
    private func harness() -> PhotoHarness {
        var configuration = DismissConfiguration.photo()
        configuration.freeExitSpeed = 0
        XCTAssertThrowsError(try configuration.validate())
        return PhotoHarness(configuration)
    }

    func testEscapeFromRestLeavesDownwardsWithAFiniteTranslation() {
        let h = harness()
        h.at(0.1, .key(.escape))
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.state.translation.x, 0)
        // Off the bottom edge: 844 − 275.75 = 568.25.
        XCTAssertGreaterThanOrEqual(h.state.translation.y, PhotoHarness.vertical)
        XCTAssertTrue(h.state.translation.y.isFinite)
        XCTAssertEqual(h.dismissCount, 1)
    }

    func testAHeldReleasePastTheThresholdLeavesAlongItsOffset() {
        let h = harness()
        // 200 pt to the right, held still for 0.2 s: no velocity, past the 150 pt threshold.
        let end = h.drag(
            by: Point(x: 200, y: 0), duration: 0.5, samples: 10, holdBeforeRelease: 0.2)
        h.run(to: end)
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.state.translation.y, 0)
        // Off the right edge: the photo is 390 pt wide.
        XCTAssertGreaterThanOrEqual(h.state.translation.x, PhotoHarness.sideways)
        XCTAssertTrue(h.state.translation.x.isFinite)
    }
}
