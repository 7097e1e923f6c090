import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// Detent-sized layout in a window that changes (DESIGN §4c "Adaptive presentation",
/// "Detents that depend on the window", "Detent-sized layout"): the lowest active detent
/// sizes the list and pins the footer; a floating sheet is whole on screen, its footer inside
/// its bottom edge and as wide as it; a stack's lists follow a live resize as a single
/// sheet's do.
final class DetentSizedLayoutAdaptiveTests: XCTestCase {
    private let phone = Size(width: 390, height: 844)
    private let laptop = Size(width: 1024, height: 768)
    private let short = Size(width: 390, height: 480)

    /// A sheet sized to its detent with a footer, adapting to the window, at `viewport`.
    private func sheet(at viewport: Size, clock: ManualClock, input: QueuedInputSource)
        -> (DismissController, SheetPresenter)
    {
        let presenter = SheetPresenter(adaptive: .standard, layout: .resize, footer: SheetFooter())
        let controller = DismissController(
            input: input, presenter: presenter, renderer: NullRenderer(viewport: viewport),
            clock: clock, configuration: .sheet())
        return (controller, presenter)
    }

    /// Steps `controller` at 60 Hz until nothing moves (at most 10 s).
    private func settle(_ controller: DismissController, _ clock: ManualClock) throws {
        try controller.settle(on: clock, limit: 10)
    }

    /// The footer's layer (right above the prompt) of `presenter`'s scene drawn for `state`.
    private func footerLayer(
        _ presenter: SheetPresenter, _ state: DismissState, viewport: Size
    ) throws -> Layer {
        var scene = presenter.makeScene(viewport: viewport)
        presenter.update(&scene, for: state, direction: .down)
        let content = try XCTUnwrap(scene.index(of: .content))
        return scene.layers[content + 2]
    }

    func testUnder500PtLargeIsTheLowestActiveDetentForTheListAndTheFooter() throws {
        // 390×480: medium is inactive, so large (top 48, offset 0) is the lowest detent the
        // sheet rests at. The footer is pinned at 480 − 56 = 424 there and the list shows
        // 432 − 56 − 56 = 320 pt (2640 − 320 = 2320); dragged 100 pt below large the footer
        // rides down with the sheet, to 524.
        let clock = ManualClock()
        let input = QueuedInputSource()
        let (controller, presenter) = sheet(at: phone, clock: clock, input: input)
        controller.resize(to: short)
        try settle(controller, clock)
        let state = controller.state
        XCTAssertEqual(state.detent, .large)
        XCTAssertEqual(controller.layout.names, ["large"])
        XCTAssertEqual(state.lowestDetentOffset, 0)
        XCTAssertEqual(presenter.visibleHeight(for: state, viewport: short), 432, accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(presenter.footerTop(for: state, viewport: short)), 424, accuracy: 1e-9)
        XCTAssertEqual(presenter.maxListOffset(for: state, viewport: short), 2320, accuracy: 1e-9)

        let now = clock.now
        input.enqueue(InputEvent(time: now, kind: .down(Point(x: 195, y: 70))))
        input.enqueue(InputEvent(time: now + 0.1, kind: .move(Point(x: 195, y: 120))))
        input.enqueue(InputEvent(time: now + 0.2, kind: .move(Point(x: 195, y: 170))))
        clock.set(to: now + 0.2)
        try controller.step()
        let dragged = controller.state
        XCTAssertEqual(dragged.phase, .dragging)
        XCTAssertEqual(dragged.offset, 100, accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(presenter.footerTop(for: dragged, viewport: short)), 524, accuracy: 1e-9)
        XCTAssertEqual(
            presenter.maxListOffset(for: dragged, viewport: short), 2320, accuracy: 1e-9)
    }
}
