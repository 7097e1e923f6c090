import Foundation
import RawCairoBaseline
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// A steady drag frame allocates nothing in Swift: the compositor copies from its layer
/// rasters into our frame and the frame into the buffer. libwayland allocates for each
/// request it sends and the proxy it makes; that residue is counted apart, exactly.
///
/// On a headless weston: a compositor in this process (the scripted one runs on a thread)
/// would allocate while we count.
///
/// It counts every thread's allocations (`raw_alloc_counter_start_all_threads`), not only the
/// calling thread's as the other allocation tests do: counted on the calling thread alone, the
/// event loop's drag read 974 of the 975 libwayland allocations it accounts for.
final class WaylandAllocationTests: XCTestCase {
    /// The counter is compiled out under AddressSanitizer (`make sanitize`), which owns
    /// malloc; everywhere else it must be linked.
    private func requireCounter() throws {
        if raw_alloc_counter_available() == 0,
            ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
        {
            throw XCTSkip("allocation counting is off under AddressSanitizer")
        }
        XCTAssertEqual(raw_alloc_counter_available(), 1, "the allocation counter is linked")
    }

    func testASteadyDragFrameAllocatesNothingButLibwaylandsRequests() throws {
        try requireCounter()
        let harness = try WaylandHarness(weston: Weston())
        try harness.settle()
        let renderer = harness.renderer
        let presenter = CardPresenter()
        var scene = presenter.makeScene(viewport: renderer.viewport)
        var state = DismissState(time: 0, offset: 0, alpha: 0.4, progress: 0, phase: .dragging)
        var step = 0
        var drawing: [Int] = []
        var committing: [Int] = []
        var rects: [Int] = []
        drawing.reserveCapacity(200)
        committing.reserveCapacity(200)
        rects.reserveCapacity(200)
        // A drag down and back, as the Cairo plugin's row-plan test drives it: 5 pt a frame,
        // the dim fading with it.
        func frame() throws {
            step += 1
            state.offset = Double(step % 60) * 5
            state.alpha = 0.4 - Double(step % 60) * 0.004
            presenter.update(&scene, for: state, direction: .down)
            XCTAssertTrue(
                try harness.run(timeout: 2, until: { !renderer.isFrameOutstanding }),
                "the frame callback came back")
            raw_alloc_counter_start_all_threads()
            let buffer = try renderer.prepareFrame(scene)
            let drawn = raw_alloc_counter_stop()
            let ready = try XCTUnwrap(buffer, "frame \(step) was drawn, not deferred")
            raw_alloc_counter_start_all_threads()
            renderer.commitFrame(ready)
            let committed = raw_alloc_counter_stop()
            drawing.append(drawn)
            committing.append(committed)
            rects.append(renderer.damageRects.count)
        }
        for _ in 0..<60 { try frame() }  // buffers, rasters and their tables are made here
        drawing.removeAll(keepingCapacity: true)
        committing.removeAll(keepingCapacity: true)
        rects.removeAll(keepingCapacity: true)
        for _ in 0..<120 { try frame() }
        #if DEBUG
            // Unoptimised, the compositor's generic code allocates (iterators, small arrays);
            // what it allocates is the same each cycle of the drag: nothing grows. The
            // release build (`swift test -c release`) holds it to zero.
            XCTAssertEqual(drawing[0..<60], drawing[60..<120], "nothing accumulates")
            print("allocations per drag frame (debug): \(Double(drawing.reduce(0, +)) / 120)")
        #else
            XCTAssertEqual(drawing, Array(repeating: 0, count: 120), "Swift allocations")
        #endif
        // The libwayland half is the same in either build and all libwayland's: 1.21
        // allocates twice per request it sends (the closure, then its wire buffer, in
        // wl_closure_marshal and wl_closure_send) and once per proxy it makes. A frame sends
        // attach, set_buffer_scale, one damage_buffer per rectangle, frame and commit, and
        // makes the frame's wl_callback.
        XCTAssertEqual(
            committing, rects.map { 2 * (4 + $0) + 1 }, "libwayland's allocations per commit")
        XCTAssertEqual(renderer.attachedWhileBusy, 0)
        XCTAssertGreaterThan(rects.max() ?? 0, 0)
    }

    /// The whole event loop through a drag, in a release build: every allocation is one of
    /// libwayland's, for the requests of each commit (as above) and for each event it reads
    /// (a frame's `wl_callback.done`, the callback's `delete_id`, a buffer's `release`).
    func testTheEventLoopThroughADragAllocatesOnlyLibwaylandsMessages() throws {
        try requireCounter()
        let harness = try WaylandHarness(weston: Weston())
        // Holding the last scene would make the controller copy its layers every frame.
        harness.renderer.keepsLastScene = false
        try harness.settle()
        let renderer = harness.renderer
        let start = harness.clock.now + 0.05
        harness.queue.enqueue(InputEvent(time: start, kind: .down(Point(x: 195, y: 300))))
        for step in 1...240 {
            let y = 300 + Double(step % 60) * 5
            harness.queue.enqueue(
                InputEvent(time: start + Double(step) / 60, kind: .move(Point(x: 195, y: y))))
        }
        _ = try harness.run(timeout: 1.2, until: { false })  // rasters and buffers made
        let commits = renderer.commits
        let rectangles = renderer.rectanglesDamaged
        let done = renderer.framesDone
        let releases = renderer.releases
        let end = harness.clock.now + 1.5
        raw_alloc_counter_start_all_threads()
        while harness.clock.now < end {
            XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 0.05))
        }
        let counted = raw_alloc_counter_stop()
        let frames = renderer.commits - commits
        let libwayland =
            9 * frames + 2 * (renderer.rectanglesDamaged - rectangles)
            + 2 * (renderer.framesDone - done) + (renderer.releases - releases)
        XCTAssertGreaterThan(frames, 20)
        XCTAssertEqual(harness.controller.state.phase, .dragging)
        print("allocations in \(frames) drag frames: \(counted), libwayland's \(libwayland)")
        #if DEBUG
            XCTAssertGreaterThanOrEqual(counted, libwayland)
        #else
            XCTAssertEqual(counted, libwayland)
        #endif
    }
}
