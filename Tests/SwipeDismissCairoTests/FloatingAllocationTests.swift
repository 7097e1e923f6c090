import RawCairoBaseline
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// A steady drag of a floating sheet (`SheetPresenter(adaptive:)` in a 1024×768 window)
/// allocates nothing in the controller, the machine or the presenter.
final class FloatingAllocationTests: XCTestCase {
    /// A renderer that keeps nothing: the frame's work is the controller's and presenter's.
    private final class DiscardingRenderer: Renderer {
        let viewport: Size
        var scale: Double { 1 }
        init(viewport: Size) { self.viewport = viewport }
        func render(_ scene: Scene, state: DismissState) throws {}
    }

    func testDraggingAFloatingSheetAllocatesNothing() throws {
        try requireAllocationCounter()
        let clock = ManualClock()
        let input = QueuedInputSource()
        let controller = DismissController(
            input: input, presenter: SheetPresenter(adaptive: .standard),
            renderer: DiscardingRenderer(viewport: Size(width: 1024, height: 768)),
            clock: clock, configuration: .sheet())
        XCTAssertEqual(controller.presentationMode, .floating)
        // Every event queued first (queueing is the test's work): a press, then 2 pt moves.
        input.enqueue(InputEvent(time: 0, kind: .down(Point(x: 512, y: 300))))
        for frame in 1...260 {
            input.enqueue(
                InputEvent(
                    time: Double(frame) / 120,
                    kind: .move(Point(x: 512, y: 300 + 2 * Double(frame)))))
        }
        func frame(_ number: Int) throws {
            clock.set(to: Double(number) / 120)
            try controller.step()
        }
        for number in 0...20 { try frame(number) }
        raw_alloc_counter_start()
        for number in 21...260 { try frame(number) }
        let allocations = raw_alloc_counter_stop()
        XCTAssertEqual(controller.state.phase, .dragging)
        XCTAssertEqual(controller.state.offset, 520, accuracy: 1e-9)
        XCTAssertEqual(controller.state.alpha, 0.3 * (1 - 520.0 / 728), accuracy: 1e-12)
        XCTAssertEqual(allocations, 0)
    }
}
