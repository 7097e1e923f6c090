import Glibc
import SwipeDismiss
import SwipeDismissX11
import XCTest

/// The event loop reads its file descriptors only when `poll` says they are readable: what
/// arrives while it sleeps still wakes it and is acted on in that turn.
final class X11EventLoopWakeupTests: XCTestCase {
    func testASignalArrivingWhileTheLoopSleepsEndsTheRunAsInterrupted() throws {
        let harness = try WindowHarness(display: try openTestDisplay())
        let signals = try SignalPipe(signals: [SIGUSR2])
        harness.loop.signalPipe = signals
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
}
