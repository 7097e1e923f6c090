import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// A drag whose pointer events come about once a frame is drawn as they come: an event too
/// early for its frame slot waits for the next event, not for a timer of its own, so a frame
/// costs one wakeup rather than two.
final class X11FramePacingTests: XCTestCase {
    func testADragAtAboutTheFrameRateCostsAboutOneWakeupAFrame() throws {
        try requireXdotool()
        let harness = try WindowHarness(display: try openTestDisplay(), useXInput2: true)
        try xdotool(["mousemove", "--window", harness.id, "195", "500"])
        try harness.pump(until: "the pointer is over the card") { true }
        // 40 moves 16 ms apart, as the perf script drags, running while the loop runs.
        var arguments = ["mousedown", "1"]
        for _ in 0..<40 { arguments += ["mousemove_relative", "--", "0", "5", "sleep", "0.016"] }
        let drag = Process()
        drag.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        drag.arguments = ["xdotool"] + arguments
        let framesBefore = harness.renderer.framesRendered
        let wakeupsBefore = harness.loop.wakeups
        try drag.run()
        let deadline = harness.clock.now + 10
        while drag.isRunning, harness.clock.now < deadline {
            _ = try harness.loop.runOnce(harness.controller, maximumWait: 0.5)
        }
        drag.waitUntilExit()
        let frames = harness.renderer.framesRendered - framesBefore
        let wakeups = harness.loop.wakeups - wakeupsBefore
        try xdotool(["mouseup", "1"])
        XCTAssertGreaterThan(frames, 20, "frames drawn during the drag")
        // Waiting for each frame's slot after its event made this about 2.
        XCTAssertLessThan(
            Double(wakeups) / Double(frames), 1.5, "\(wakeups) wakeups for \(frames) frames")
    }

    /// A spring-back after release runs on its own: its frames ask the server to say when it
    /// has read them, and the loop reads that at the next frame instead of waking for it, so
    /// no frame waits on a round trip and a frame costs about one wakeup. The rasters, made
    /// with the first frame, are packed: none is made again, and none is held whole at rest.
    func testAnAnimationAfterReleaseTakesNoRoundTripsAndRestHoldsNoWholeRaster() throws {
        try requireXdotool()
        let harness = try WindowHarness(display: try openTestDisplay(), useXInput2: true)
        try harness.drag(fromY: 500, toY: 600)
        try harness.pump(until: "the card follows the pointer") {
            harness.controller.state.phase == .dragging && harness.controller.state.offset >= 90
        }
        let compositor = harness.renderer.compositor
        XCTAssertGreaterThan(compositor.cachedLayersLastFrame, 0, "the drag composes from rasters")
        XCTAssertEqual(compositor.layerRasterizations, 2, "the screen and the card, at the start")
        XCTAssertFalse(compositor.holdsRasters, "both packed")
        let rowsKept = compositor.rasterRowsKept
        XCTAssertGreaterThan(rowsKept, 0)
        let roundTrips = harness.renderer.roundTripsBeforeFrames
        let frames = harness.renderer.framesRendered
        let wakeups = harness.loop.wakeups
        // Not synchronisation but the gesture under test: held still past the velocity
        // tracker's 40 ms gap, the release is a still one that springs back (released at
        // once after the burst of moves, it is a flick that may dismiss).
        try xdotool(["sleep", "0.1", "mouseup", "1"])
        try harness.pump(until: "the card has sprung back and come to rest") {
            harness.phases.last == .presented && harness.controller.nextWakeTime == nil
        }
        let animationFrames = harness.renderer.framesRendered - frames
        let animationWakeups = harness.loop.wakeups - wakeups
        XCTAssertGreaterThan(animationFrames, 10, "the spring-back is animated")
        XCTAssertEqual(harness.renderer.roundTripsBeforeFrames, roundTrips, "no frame waited")
        // A completion event waking the loop between frames made this about 2.
        XCTAssertLessThan(
            Double(animationWakeups) / Double(animationFrames), 1.3,
            "\(animationWakeups) wakeups for \(animationFrames) frames")
        XCTAssertFalse(compositor.holdsRasters, "no whole raster at rest")
        XCTAssertEqual(compositor.rasterRowsKept, rowsKept, "the packed rasters stay")
        XCTAssertEqual(compositor.layerRasterizations, 2, "none made again")
        XCTAssertEqual(harness.controller.state.offset, 0)
    }
}
