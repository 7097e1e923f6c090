import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// `WaylandHost` on the scripted compositor: what `X11Host` does on X11.
final class WaylandHostTests: XCTestCase {
    private func sheet(on host: WaylandHost) -> DismissController {
        DismissController(
            input: host.input, presenter: SheetPresenter(), renderer: host.renderer,
            clock: host.clock, configuration: .sheet())
    }

    func testARunEndsWhenUntilHoldsAndOnStopHearsItOnce() throws {
        let compositor = try ScriptedCompositor()
        let host = try WaylandHost(
            displayName: compositor.socketPath, title: "Host test", size: (width: 390, height: 844))
        XCTAssertNil(host.signalPipe, "no signals asked for: nothing installed")
        XCTAssertEqual(host.window.width, 390)
        XCTAssertEqual(host.window.height, 844)
        let controller = sheet(on: host)
        var stops: [HostStopReason] = []
        host.onStop = { result in
            if case .success(let reason) = result { stops.append(reason) }
        }
        let reason = try host.run(controller) { host.renderer.framesDone > 0 }
        XCTAssertEqual(reason, .stopped)
        XCTAssertEqual(reason.exitStatus, 0)
        XCTAssertEqual(stops, [.stopped])
    }

    func testASignalItWasAskedToStopOnEndsTheRunAsInterrupted() throws {
        let compositor = try ScriptedCompositor()
        let host = try WaylandHost(
            displayName: compositor.socketPath, title: "Host test", size: (width: 390, height: 844),
            stopsOnSignals: [SIGUSR2])
        XCTAssertEqual(host.signalPipe?.signals, [SIGUSR2])
        let controller = sheet(on: host)
        var raised = false
        let reason = try host.run(controller) {
            // Once the first frame is up, the signal arrives; the loop's poll wakes for it.
            if !raised, host.renderer.framesDone > 0 {
                raised = true
                raise(SIGUSR2)
            }
            return false
        }
        XCTAssertEqual(reason, .interrupted(signal: SIGUSR2))
        XCTAssertEqual(reason.exitStatus, 128 + SIGUSR2)
    }

    func testNoCompositorIsCannotConnectNamingTheSocket() {
        XCTAssertThrowsError(
            try WaylandHost(
                displayName: "/nonexistent/swd-wayland-0", title: "Host test",
                size: (width: 390, height: 844))
        ) { error in
            guard
                case .cannotConnect(.noCompositor(let display, _))? = error as? WaylandHost.Failure
            else {
                return XCTFail("expected cannotConnect, got \(error)")
            }
            XCTAssertEqual(display, "/nonexistent/swd-wayland-0")
        }
    }

    func testTheAppsReducedMotionIsKeptAndNothingElseTurnsItOn() throws {
        let compositor = try ScriptedCompositor()
        let host = try WaylandHost(
            displayName: compositor.socketPath, title: "Host test", size: (width: 390, height: 844))
        var configuration = DismissConfiguration.sheet()
        XCTAssertEqual(host.applyDesktopMotion(to: &configuration), .full)
        XCTAssertFalse(configuration.reduceMotion)
        configuration.reduceMotion = true
        XCTAssertEqual(host.applyDesktopMotion(to: &configuration), .reducedByApp)
        XCTAssertTrue(configuration.reduceMotion)
    }
}
