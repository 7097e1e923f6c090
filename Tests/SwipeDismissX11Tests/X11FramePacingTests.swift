import Foundation
import SwipeDismiss
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
}
