import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// A server that dies under a running loop ends the loop with `.connectionLost`, naming the
/// reason, and leaves the process running: the library never ends it (x11-demo's main
/// decides to save its recording and exit 1).
final class X11ConnectionLossTests: XCTestCase {
    func testALostServerEndsTheLoopWithAReasonAndTheProcessGoesOn() throws {
        let server = try PrivateXvfb(screen: "640x480x24")
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
        // Opted in: Xlib's default I/O error handler would end the test process.
        let display = try X11Display(name: server.name, installsErrorHandlers: true)
        XCTAssertNil(display.connectionLostReason)
        let window = try X11Window(
            display: display, title: "SwipeDismiss connection loss test", width: 200, height: 300)
        let renderer = try X11Renderer(window: window)
        let clock = MonotonicClock()
        let input = X11InputSource(clock: clock)
        let controller = DismissController(
            input: input, presenter: CardPresenter(), renderer: renderer, clock: clock)
        let loop = X11EventLoop(window: window, renderer: renderer, input: input, clock: clock)
        window.map()
        controller.setNeedsDisplay()
        for _ in 0..<5 { XCTAssertNil(try loop.runOnce(controller, maximumWait: 0.02)) }

        server.kill()
        var reason: X11EventLoop.StopReason?
        let deadline = clock.now + 3
        while reason == nil, clock.now < deadline {
            controller.setNeedsDisplay()  // frames keep calling into the dead connection
            reason = try loop.runOnce(controller, maximumWait: 0.05)
        }
        guard case .connectionLost(let why) = reason else {
            return XCTFail("the loop did not report the lost server: \(String(describing: reason))")
        }
        XCTAssertEqual(why, "the server closed the connection or went away")
        XCTAssertEqual(display.connectionLostReason, why)
        // The dead connection's calls do nothing, and nothing ended the process.
        display.sync()
        renderer.redisplayLastFrame()
        controller.setNeedsDisplay()
        XCTAssertEqual(try loop.runOnce(controller, maximumWait: 0), .connectionLost(reason: why))
    }
}
