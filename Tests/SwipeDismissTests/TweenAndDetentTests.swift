import SwipeDismiss
import XCTest

final class TweenAndDetentTests: XCTestCase {
    func testATweenIsLinearInTimeAndHoldsItsEnds() {
        let tween = Tween(from: 1, to: 0, startTime: 2, duration: 0.2)
        XCTAssertEqual(tween.value(at: 1), 1)
        XCTAssertEqual(tween.value(at: 2.05), 0.75, accuracy: 1e-12)
        XCTAssertEqual(tween.velocity(at: 2.05), -5, accuracy: 1e-12)
        XCTAssertEqual(tween.value(at: 3), 0)
        XCTAssertEqual(tween.velocity(at: 3), 0)
        XCTAssertFalse(tween.isFinished(at: 2.19))
        XCTAssertTrue(tween.isFinished(at: 2.2))
        let instant = Tween(from: 0, to: 1, startTime: 0, duration: 0)
        XCTAssertEqual(instant.value(at: 0), 1)
    }

    func testDetentPositionsAreClampedToTheViewport() {
        func visible(_ position: Detent.Position) -> Double {
            Detent(name: "d", position: position)
                .visibleExtent(viewportExtent: 800, contentExtent: 2000)
        }
        XCTAssertEqual(visible(.height(fraction: 0.75)), 600)
        XCTAssertEqual(visible(.height(fraction: 2)), 800)
        XCTAssertEqual(visible(.height(fraction: .nan)), 0)
        XCTAssertEqual(visible(.pointsFromTop(900)), 0)
        XCTAssertEqual(visible(.pointsFromBottom(.infinity)), 800)
        XCTAssertEqual(visible(.fitsContent), 800)
    }

    func testAnEmptyOrUnknownDetentListFallsBackToTheCard() {
        let layout = DetentLayout(
            detents: [], viewportExtent: 844, contentExtent: 490, distance: 490)
        XCTAssertEqual(layout.names, ["open"])
        XCTAssertEqual(layout.offsets, [0])
        XCTAssertNil(layout.index(named: "large"))

        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = "nowhere"
        let h = SheetHarness(configuration)
        XCTAssertEqual(h.state.detent, "large", "an unknown presented detent means the top one")
    }
}
