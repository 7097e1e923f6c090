import Glibc
import SwipeDismiss
import SwipeDismissX11
import XCTest

/// The event loop reads its file descriptors only when `poll` says they are readable: what
/// arrives while it sleeps still wakes it and is acted on in that turn.
final class X11EventLoopWakeupTests: XCTestCase {
    func testASignalArrivingWhileTheLoopSleepsEndsTheRunAsInterrupted() throws {
        let harness = try WindowHarness(display: try openTestDisplay())
        X11EventLoop.stopOnSignals([SIGUSR2])
        // Idle first: the last polls saw nothing readable in the signal pipe.
        for _ in 0..<3 {
            XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 0.01))
        }
        raise(SIGUSR2)
        var reason: X11EventLoop.StopReason?
        var turns = 0
        let deadline = harness.clock.now + 5
        while reason == nil, harness.clock.now < deadline {
            reason = try harness.loop.runOnce(harness.controller, maximumWait: 0.5)
            turns += 1
        }
        XCTAssertEqual(reason, .interrupted(signal: SIGUSR2))
        // One turn to see the pipe readable in poll, the next to read it.
        XCTAssertLessThanOrEqual(turns, 2)
    }

    func testAnEventArrivingWhileTheLoopSleepsIsReadOnTheWakeup() throws {
        let display = try openTestDisplay()
        let harness = try WindowHarness(display: display)
        for _ in 0..<3 { _ = try harness.loop.runOnce(harness.controller, maximumWait: 0.01) }
        let readBefore = harness.loop.eventsRead
        // A close request from another connection, as a window manager sends it.
        let other = try X11Display(name: display.name)
        other.sendCloseRequest(to: harness.window.windowID)
        var reason: X11EventLoop.StopReason?
        var turns = 0
        let deadline = harness.clock.now + 5
        while reason == nil, harness.clock.now < deadline {
            reason = try harness.loop.runOnce(harness.controller, maximumWait: 0.5)
            turns += 1
        }
        XCTAssertEqual(reason, .windowClosed)
        XCTAssertGreaterThan(harness.loop.eventsRead, readBefore)
        XCTAssertLessThanOrEqual(turns, 2)
    }

    func testGoingIdleAfterTheFirstFrameMakesTheRastersTheFirstDragFrameWouldMake() throws {
        let harness = try WindowHarness(display: try openTestDisplay())
        let compositor = harness.renderer.compositor
        // The first turn draws the first frame and sends it; then, about to sleep with
        // nothing scheduled, the loop has the presenting screen's and the card's rasters
        // made, without drawing a frame for it.
        _ = try harness.loop.runOnce(harness.controller, maximumWait: 0.01)
        XCTAssertEqual(harness.renderer.framesRendered, 1)
        XCTAssertEqual(compositor.layerRasterizations, 2)
        for _ in 0..<3 { _ = try harness.loop.runOnce(harness.controller, maximumWait: 0.01) }
        XCTAssertEqual(compositor.layerRasterizations, 2)
        XCTAssertEqual(harness.renderer.framesRendered, 1, "no frame drawn for it")
        XCTAssertFalse(harness.renderer.prepareWhileIdle(), "nothing left to make")
        // The first frame that moves composites from them and makes none.
        let now = harness.clock.now
        harness.input.enqueue(InputEvent(time: now, kind: .down(Point(x: 195, y: 500))))
        harness.input.enqueue(InputEvent(time: now + 0.001, kind: .move(Point(x: 195, y: 520))))
        let deadline = harness.clock.now + 5
        while harness.renderer.framesRendered < 2, harness.clock.now < deadline {
            _ = try harness.loop.runOnce(harness.controller, maximumWait: 0.02)
        }
        XCTAssertEqual(harness.renderer.framesRendered, 2)
        XCTAssertEqual(compositor.cachedLayersLastFrame, 2)
        XCTAssertEqual(compositor.layerRasterizations, 2)
    }
}
