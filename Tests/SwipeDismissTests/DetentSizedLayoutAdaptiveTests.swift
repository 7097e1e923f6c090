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

    func testAFloatingSheetIsWholeOnScreenWithItsFooterInsideItsBottomEdge() throws {
        // 1024×768 floats the sheet: 640 pt wide from x 192, top 40, bottom 728. Not resized,
        // it shows all its 688 pt; the footer is the last 56 (672 to 728) and as wide as the
        // sheet, "Done" centred in it (432…592, 680…720); the list is 688 − 112 = 576 long.
        let clock = ManualClock()
        let input = QueuedInputSource()
        let (controller, presenter) = sheet(at: laptop, clock: clock, input: input)
        let state = controller.state
        XCTAssertEqual(controller.presentationMode, .floating)
        XCTAssertEqual(presenter.listViewport(viewport: laptop).followsContent, false)
        XCTAssertEqual(presenter.visibleHeight(for: state, viewport: laptop), 688)
        XCTAssertEqual(presenter.footerTop(for: state, viewport: laptop), 672)
        XCTAssertEqual(presenter.maxListOffset(for: state, viewport: laptop), 2064)
        XCTAssertEqual(
            presenter.footerFrame(viewport: laptop), Rect(x: 192, y: 672, width: 640, height: 56))
        XCTAssertEqual(
            presenter.footerButtonFrame(viewport: laptop),
            Rect(x: 432, y: 680, width: 160, height: 40))
        XCTAssertEqual(
            presenter.region(
                at: Point(x: 512, y: 700), offset: 0, lowestDetent: 0, direction: .down,
                viewport: laptop), .footerButton)
        // Left of the floating sheet is the backdrop, not the footer.
        XCTAssertEqual(
            presenter.region(
                at: Point(x: 100, y: 700), offset: 0, lowestDetent: 0, direction: .down,
                viewport: laptop), .outside)
        let layer = try footerLayer(presenter, state, viewport: laptop)
        XCTAssertEqual(
            layer.items.first,
            .roundedRect(
                Rect(x: 192, y: 672, width: 640, height: 56), radius: 12, fill: .white))

        // Dragged 100 pt down, the footer moves with the sheet; the list keeps its length.
        input.enqueue(InputEvent(time: 0, kind: .down(Point(x: 512, y: 60))))
        input.enqueue(InputEvent(time: 0.1, kind: .move(Point(x: 512, y: 110))))
        input.enqueue(InputEvent(time: 0.2, kind: .move(Point(x: 512, y: 160))))
        clock.set(to: 0.2)
        try controller.step()
        let dragged = controller.state
        XCTAssertEqual(dragged.offset, 100, accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(presenter.footerTop(for: dragged, viewport: laptop)), 772,
            accuracy: 1e-9)
        XCTAssertEqual(presenter.visibleHeight(for: dragged, viewport: laptop), 628, accuracy: 1e-9)
        XCTAssertEqual(presenter.maxListOffset(for: dragged, viewport: laptop), 2064)
        let moved = try footerLayer(presenter, dragged, viewport: laptop)
        XCTAssertEqual(moved.transform.ty, 100, accuracy: 1e-9)
        XCTAssertEqual(
            presenter.region(
                at: Point(x: 512, y: 800), offset: 100, lowestDetent: 0, direction: .down,
                viewport: laptop), .footerButton)
    }

    func testARoundTripThroughFloatingComesBackSizedToMedium() throws {
        let clock = ManualClock()
        let input = QueuedInputSource()
        let (controller, presenter) = sheet(at: phone, clock: clock, input: input)
        for _ in 0..<2 {
            controller.resize(to: laptop)
            XCTAssertEqual(presenter.maxListOffset(for: controller.state, viewport: laptop), 2064)
            controller.resize(to: phone)
            let state = controller.state
            XCTAssertEqual(state.detent, .medium)
            XCTAssertEqual(presenter.visibleHeight(for: state, viewport: phone), 422, accuracy: 0.5)
            XCTAssertEqual(presenter.footerTop(for: state, viewport: phone), 788)
            XCTAssertEqual(
                presenter.maxListOffset(for: state, viewport: phone), 2330, accuracy: 0.5)
            // The bottom sheet's footer is the window's width again, a plain bar.
            let layer = try footerLayer(presenter, state, viewport: phone)
            XCTAssertEqual(
                layer.items.first, .rect(Rect(x: 0, y: 788, width: 390, height: 56), fill: .white))
        }
    }

    /// End pressed on `stack`'s top sheet, then stepped at 60 Hz until it rests: the list's
    /// scroll there.
    private func scrollToEnd(
        _ stack: SheetStackController, _ clock: ManualClock,
        _ input: QueuedInputSource
    ) throws -> Double {
        input.enqueue(InputEvent(time: clock.now, kind: .key(.end)))
        try stack.step()
        var frame = 0
        repeat {
            frame += 1
            clock.set(to: clock.now + 1.0 / 60)
            try stack.step()
        } while stack.isAnimating && frame < 600
        return try XCTUnwrap(stack.state(ofLevel: 0)).scroll
    }

    func testAStacksLiveResizeResizesItsLists() throws {
        // Sized to medium without a footer: at 390×844 the list shows 422 − 56 = 366 pt, so
        // End scrolls to 2274; at 390×700 medium's top is 350, the list 294 pt long, End 2346.
        let clock = ManualClock()
        let input = QueuedInputSource()
        var configuration = DismissConfiguration.sheet()
        configuration.contentInteraction = .scrolls
        let stack = SheetStackController(
            input: input, renderer: NullRenderer(viewport: phone), clock: clock,
            root: StackLevel(
                configuration: configuration, presenter: SheetPresenter(layout: .resize)))
        XCTAssertEqual(try scrollToEnd(stack, clock, input), 2274, accuracy: 1e-6)
        stack.resize(to: Size(width: 390, height: 700))
        try stack.step()
        XCTAssertEqual(stack.state(ofLevel: 0)?.detent, .medium)
        XCTAssertEqual(try scrollToEnd(stack, clock, input), 2346, accuracy: 1e-6)
        stack.resize(to: phone)
        try stack.step()
        XCTAssertEqual(try scrollToEnd(stack, clock, input), 2274, accuracy: 1e-6)
    }
}
