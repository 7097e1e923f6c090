import SwipeDismiss
import SwipeDismissNull
import XCTest

/// A scene's size does not grow with the viewport past what a window can show: a host API
/// viewport of 1e9 pt built 17 million rows (4 GB) and aborted.
final class HugeViewportSceneTests: XCTestCase {
    private func itemCount(_ scene: Scene) -> Int {
        scene.layers.reduce(0) { $0 + $1.items.count }
    }

    func testTheCardAndSheetScenesStopGrowingPastTheTallestWindow() {
        for presenter in [CardPresenter(), SheetPresenter()] as [Presenter] {
            let counts = [CardPresenter.maximumDrawnHeight + 1, 1e5, 1e9, 1e300, .infinity].map {
                itemCount(presenter.makeScene(viewport: Size(width: 390, height: $0)))
            }
            // Past the tallest window the card's lines leave with the card (its top is a
            // fraction of the height); the screen's rows stop at 32 767 pt.
            XCTAssertEqual(Set(counts.dropFirst()).count, 1, "\(type(of: presenter)): \(counts)")
            XCTAssertLessThan(counts.max() ?? 0, 5000, "\(type(of: presenter)): \(counts)")
        }
    }

    func testAControllerOnA1e9PointViewportRunsAFrame() throws {
        let controller = DismissController(
            input: QueuedInputSource(), presenter: CardPresenter(),
            renderer: NullRenderer(viewport: Size(width: 1e9, height: 1e9)), clock: ManualClock(),
            configuration: .fluid)
        XCTAssertNoThrow(try controller.step(forceRender: true))
    }
}
