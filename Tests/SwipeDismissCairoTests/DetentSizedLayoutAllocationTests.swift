import RawCairoBaseline
import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// A steady frame of a detent-sized sheet with a footer allocates nothing: dragging it
/// between its detents sets the list's clip and moves the footer's layer in place, and
/// dragging the list (content that scrolls first) only moves the scroll model.
final class DetentSizedLayoutAllocationTests: XCTestCase {
    private func countAllocations(from start: Point, dy: Double) throws -> (
        DismissController, Int
    ) {
        let clock = ManualClock()
        let input = QueuedInputSource()
        let renderer = NullRenderer(keepsFrames: false)
        var configuration = DismissConfiguration.sheet()
        configuration.contentInteraction = .scrolls
        let controller = DismissController(
            input: input, presenter: SheetPresenter(layout: .resize, footer: SheetFooter()),
            renderer: renderer, clock: clock, configuration: configuration)
        let frames = 120
        input.enqueue(InputEvent(time: 0.5, kind: .down(start)))
        for frame in 1...frames {
            let time = 0.5 + Double(frame) / 120
            input.enqueue(
                InputEvent(time: time, kind: .move(start + Point(x: 0, y: Double(frame) * dy))))
        }
        for frame in 1...20 {
            clock.set(to: 0.5 + Double(frame) / 120)
            try controller.step()
        }
        var frame = 21
        raw_alloc_counter_start()
        // A while loop: a range's for-in allocates its iterator in unoptimised builds.
        while frame <= frames {
            clock.set(to: 0.5 + Double(frame) / 120)
            try controller.step()
            frame += 1
        }
        return (controller, raw_alloc_counter_stop())
    }

    func testDraggingTheHeaderBetweenTheDetentsAllocatesNothingPerFrame() throws {
        try requireAllocationCounter()
        // From `medium` (the header at 422…478) up 2 pt a frame: the list grows every frame.
        let (controller, count) = try countAllocations(from: Point(x: 195, y: 450), dy: -2)
        XCTAssertEqual(controller.state.phase, .dragging)
        XCTAssertEqual(controller.state.offset, 337.6 - 240, accuracy: 1e-9)
        XCTAssertEqual(count, 0)
    }

    func testScrollingTheListAtMediumAllocatesNothingPerFrame() throws {
        try requireAllocationCounter()
        let (controller, count) = try countAllocations(from: Point(x: 195, y: 700), dy: -2)
        XCTAssertEqual(controller.state.phase, .presented)
        XCTAssertEqual(controller.state.scroll, 240, accuracy: 1e-9)
        XCTAssertEqual(count, 0)
    }
}
