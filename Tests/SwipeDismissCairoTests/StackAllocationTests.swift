import RawCairoBaseline
import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// A steady frame of a stack (a child dragged over its receding parent) allocates nothing:
/// the stack, its driver and the stack presenter only update values in place.
final class StackAllocationTests: XCTestCase {
    func testDraggingAChildOverItsParentAllocatesNothingPerFrame() throws {
        try requireAllocationCounter()
        let clock = ManualClock()
        let input = QueuedInputSource()
        let renderer = NullRenderer(keepsFrames: false)
        let stack = SheetStackController(input: input, renderer: renderer, clock: clock)
        stack.present(StackLevel(), animated: false)
        // The whole drag is queued up front: only stepping through it is counted.
        let frames = 120
        input.enqueue(InputEvent(time: 0.5, kind: .down(Point(x: 195, y: 450))))
        for frame in 1...frames {
            let time = 0.5 + Double(frame) / 120
            input.enqueue(
                InputEvent(time: time, kind: .move(Point(x: 195, y: 450 + Double(frame) * 2))))
        }
        func step(to frame: Int) throws {
            clock.set(to: 0.5 + Double(frame) / 120)
            try stack.step()
        }
        for frame in 1...20 { try step(to: frame) }
        XCTAssertEqual(stack.state.top.phase, .dragging)
        var frame = 21
        raw_alloc_counter_start()
        // A while loop: a range's for-in allocates its iterator in unoptimised builds.
        while frame <= frames {
            clock.set(to: 0.5 + Double(frame) / 120)
            try stack.step()
            frame += 1
        }
        let count = raw_alloc_counter_stop()
        XCTAssertEqual(stack.state.depth, 2)
        XCTAssertEqual(stack.state.top.offset, 337.6 + Double(frames) * 2, accuracy: 1e-9)
        XCTAssertEqual(count, 0)
    }
}
