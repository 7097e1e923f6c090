import RawCairoBaseline
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissNull
import SwipeDismissRaster
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

/// The compositor behind the X11 and Wayland windows, drawing a detent-sized sheet with a
/// footer dragged between its detents: the list's clip changes every frame, so the content
/// layer is drawn directly (as while scrolling). Cairo's own work per frame stays the same;
/// the Swift side adds nothing that accumulates.
final class DetentSizedLayoutCompositorTests: XCTestCase {
    func testCompositingDragFramesAllocatesLittleAndNothingGrows() throws {
        try requireAllocationCounter()
        let viewport = Size(width: 390, height: 844)
        let sheet = SheetPresenter(layout: .resize, footer: SheetFooter())
        var scene = sheet.makeScene(viewport: viewport)
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        let compositor = CairoCompositor()
        func frame(_ step: Int) throws {
            // Up 2 pt a frame from `medium` and back every 60 frames: each counted window
            // draws the same 60 positions (the list grows as the sheet rises).
            let offset = 337.6 - Double(step % 60) * 2
            let state = DismissState(
                time: 0, offset: offset, alpha: 0.3, progress: 0, phase: .dragging,
                lowestDetentOffset: 337.6)
            sheet.update(&scene, for: state, direction: .down)
            _ = try compositor.compose(scene, into: target, scale: 1)?.damage
        }
        func allocations(_ body: () throws -> Void) rethrows -> Int {
            raw_alloc_counter_start()
            try body()
            return raw_alloc_counter_stop()
        }
        for warmUp in 0..<10 { try frame(warmUp) }
        let first = try allocations { for step in 10..<70 { try frame(step) } }
        let second = try allocations { for step in 70..<130 { try frame(step) } }
        print(
            "allocations per detent-sized drag frame: \(Double(first) / 60), \(Double(second) / 60)"
        )
        XCTAssertEqual(Double(second), Double(first), accuracy: Double(first) * 0.1 + 6)
        XCTAssertLessThan(Double(first) / 60, 80)
    }
}
