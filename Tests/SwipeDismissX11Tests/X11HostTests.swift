import CX11
import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissX11

/// `X11Host`, the whole-program convenience, on private X servers: the scale from the
/// server's `Xft.dpi`, reduced motion from a settings manager's XSETTINGS, a SIGTERM that ends
/// the run as a value after the save hook, and a lost server that comes back as a value.
/// (`x11-demo` runs on it: `X11DemoTests` sends it SIGINT, SIGTERM and SIGHUP with `--record`
/// and reads the recording back whole.)
final class X11HostTests: XCTestCase {
    func testTheScaleIsXftDPIOver96UnlessGivenAndTheWindowIsSizedInPoints() throws {
        let server = try PrivateXvfb(screen: "640x480x24")
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
        // No resource database yet: scale 1, said so.
        let plain = try X11Host(displayName: server.name, title: "plain", size: (200, 100))
        XCTAssertEqual(plain.scale, 1)
        XCTAssertEqual(plain.scaleSource, .noXftDPI)
        XCTAssertEqual(plain.renderer.viewport, Size(width: 200, height: 100))
        XCTAssertEqual(plain.window.pixelWidth, 200)

        // As `xrdb -merge` leaves it: Xft.dpi 144 asks for 1.5.
        try setResources(on: server.name, "Xft.antialias:\t1\nXft.dpi:\t144\n")
        let hidpi = try X11Host(displayName: server.name, title: "hidpi", size: (200, 100))
        XCTAssertEqual(hidpi.scale, 1.5)
        XCTAssertEqual(hidpi.scaleSource, .xftDPI(144))
        XCTAssertEqual(hidpi.window.pixelWidth, 300)
        XCTAssertEqual(hidpi.window.pixelHeight, 150)
        XCTAssertEqual(hidpi.renderer.scale, 1.5)
        XCTAssertEqual(hidpi.input.scale, 1.5)
        XCTAssertEqual(hidpi.renderer.viewport, Size(width: 200, height: 100))

        // A scale the app gives wins over the desktop's.
        let given = try X11Host(
            displayName: server.name, title: "given", size: (200, 100), scale: 2)
        XCTAssertEqual(given.scale, 2)
        XCTAssertEqual(given.scaleSource, .requested)
        XCTAssertEqual(given.window.pixelWidth, 400)

        // 30000 pt at 1.5 would be 45000 px: refused before any window, naming the source.
        XCTAssertThrowsError(
            try X11Host(displayName: server.name, title: "wide", size: (30000, 100))
        ) { error in
            XCTAssertEqual(
                error as? X11Host.Failure,
                .windowTooLarge(width: 30000, height: 100, scale: 1.5, source: .xftDPI(144)))
        }
    }

    func testNoDisplayIsAFailureNamingIt() {
        XCTAssertThrowsError(try X11Host(displayName: ":4243", title: "none", size: (200, 100))) {
            XCTAssertEqual($0 as? X11Host.Failure, .cannotOpenDisplay(.cannotOpenDisplay(":4243")))
        }
    }

    func testReducedMotionFollowsTheDesktopsXSettingsAndTheAppsOwnWishWins() throws {
        let server = try PrivateXvfb(screen: "640x480x24")
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
        let none = try X11Host(displayName: server.name, title: "none", size: (200, 100))
        XCTAssertNil(none.desktopSettings)
        XCTAssertNil(none.desktopSettingsError)
        var configuration = DismissConfiguration.fluid
        XCTAssertEqual(none.applyDesktopMotion(to: &configuration), .full)
        XCTAssertFalse(configuration.reduceMotion)

        // A settings manager that turns animations off, on its own connection.
        let manager = try SettingsManager(on: server.name, enableAnimations: 0)
        let host = try X11Host(displayName: server.name, title: "reduced", size: (200, 100))
        XCTAssertTrue(host.desktopPrefersReducedMotion)
        XCTAssertEqual(host.desktopSettings?.values["Net/EnableAnimations"], .integer(0))
        XCTAssertEqual(host.applyDesktopMotion(to: &configuration), .reducedByDesktop)
        XCTAssertTrue(configuration.reduceMotion)
        // Already reduced by the app: kept, and the app is named as the reason.
        XCTAssertEqual(host.applyDesktopMotion(to: &configuration), .reducedByApp)
        XCTAssertTrue(configuration.reduceMotion)
        withExtendedLifetime(manager) {}

        // Animations on: full motion.
        let on = try SettingsManager(on: server.name, enableAnimations: 1)
        let full = try X11Host(displayName: server.name, title: "full", size: (200, 100))
        var fluid = DismissConfiguration.fluid
        XCTAssertFalse(full.desktopPrefersReducedMotion)
        XCTAssertEqual(full.applyDesktopMotion(to: &fluid), .full)
        XCTAssertFalse(fluid.reduceMotion)
        withExtendedLifetime(on) {}
    }

    func testASIGTERMWhileTheHostRunsEndsTheRunAfterTheSaveHookAndPutsTheActionBack() throws {
        let server = try PrivateXvfb(screen: "640x480x24")
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
        let before = currentAction(SIGTERM)
        // In a scope of its own, so the host is released at its end.
        try runUntilSIGTERM(on: server.name)
        XCTAssertEqual(currentAction(SIGTERM), before, "the previous SIGTERM action is back")
        // Released: another pipe may be made, and without one a host installs nothing.
        XCTAssertNoThrow(try SignalPipe(signals: [SIGUSR1]))
        let quiet = try X11Host(displayName: server.name, title: "quiet", size: (200, 100))
        XCTAssertNil(quiet.signalPipe)
        XCTAssertNil(quiet.loop.signalPipe)
        XCTAssertEqual(currentAction(SIGTERM), before)
    }

    func testALostServerEndsTheRunAsAValueAfterTheSaveHook() throws {
        let server = try PrivateXvfb(screen: "640x480x24")
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
        let host = try X11Host(displayName: server.name, title: "loss", size: (200, 300))
        let controller = DismissController(
            input: host.input, presenter: CardPresenter(), renderer: host.renderer,
            clock: host.clock)
        var stops: [Result<X11EventLoop.StopReason, any Error>] = []
        host.onStop = { stops.append($0) }
        let deadline = host.clock.now + 10
        let reason = try host.run(controller) {
            // The server dies under the idle window, as a crash would.
            if host.renderer.framesRendered > 0 { server.kill() }
            return host.clock.now > deadline
        }
        let why = "the server closed the connection or went away"
        XCTAssertEqual(reason, .connectionLost(reason: why))
        XCTAssertEqual(reason.exitStatus, 1)
        XCTAssertEqual(host.display.connectionLostReason, why)
        XCTAssertEqual(stops.count, 1)
        XCTAssertEqual(try stops.first?.get(), .connectionLost(reason: why))
    }

    func testExitStatusesFollowTheShellsConventions() {
        XCTAssertEqual(X11EventLoop.StopReason.windowClosed.exitStatus, 0)
        XCTAssertEqual(X11EventLoop.StopReason.stopped.exitStatus, 0)
        XCTAssertEqual(X11EventLoop.StopReason.interrupted(signal: SIGINT).exitStatus, 130)
        XCTAssertEqual(X11EventLoop.StopReason.connectionLost(reason: "x").exitStatus, 1)
    }

    // MARK: Helpers

    /// Runs a host that stops on SIGTERM until a SIGTERM from another thread ends it.
    private func runUntilSIGTERM(on name: String) throws {
        let running = try X11Host(
            displayName: name, title: "signals", size: (200, 300), stopsOnSignals: [SIGTERM])
        XCTAssertEqual(running.signalPipe?.signals, [SIGTERM])
        XCTAssertEqual(running.loop.signalPipe?.readDescriptor, running.signalPipe?.readDescriptor)
        // One pipe at a time: a signal has one action.
        XCTAssertThrowsError(try SignalPipe(signals: [SIGUSR1]))

        let controller = DismissController(
            input: running.input, presenter: CardPresenter(), renderer: running.renderer,
            clock: running.clock)
        var stops: [Result<X11EventLoop.StopReason, any Error>] = []
        var savedWhileRunning = false
        running.onStop = { stops.append($0) }
        var sent = false
        let reason = try running.run(controller) {
            // Once the first frame is up and the loop goes idle, from another thread.
            if !sent, running.renderer.framesRendered > 0 {
                sent = true
                Thread.detachNewThread {
                    usleep(100_000)
                    kill(getpid(), SIGTERM)
                }
            }
            savedWhileRunning = savedWhileRunning || !stops.isEmpty
            return false
        }
        XCTAssertEqual(reason, .interrupted(signal: SIGTERM))
        XCTAssertEqual(reason.exitStatus, 128 + SIGTERM)
        XCTAssertFalse(savedWhileRunning)
        XCTAssertEqual(stops.count, 1, "the save hook is called once")
        XCTAssertEqual(try stops.first?.get(), .interrupted(signal: SIGTERM))
    }

    /// The handler `signal` has now, as a number (0: `SIG_DFL`).
    private func currentAction(_ signal: Int32) -> Int {
        var action = sigaction()
        sigaction(signal, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }

    /// Sets the root window's RESOURCE_MANAGER property, as `xrdb` does.
    private func setResources(on name: String, _ text: String) throws {
        guard let connection = XOpenDisplay(name) else {
            throw TestFailure(description: "cannot open \(name) to set its resources")
        }
        defer { XCloseDisplay(connection) }
        let property = XInternAtom(connection, "RESOURCE_MANAGER", 0)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer {
            _ = XChangeProperty(
                connection, XDefaultRootWindow(connection), property, XA_STRING, 8,
                PropModeReplace, $0.baseAddress, Int32($0.count))
        }
        XSync(connection, 0)
    }

    func testPixelSizesAreThePointsTimesTheScaleWithinXsLimit() {
        XCTAssertEqual(X11Host.pixelSize(of: (390, 844), scale: 2).map { [$0, $1] }, [780, 1688])
        XCTAssertEqual(
            X11Host.pixelSize(of: (390, 844), scale: 1.25).map { [$0, $1] }, [488, 1055])
        XCTAssertEqual(X11Host.pixelSize(of: (390, 844), scale: 1).map { [$0, $1] }, [390, 844])
        XCTAssertNil(X11Host.pixelSize(of: (20000, 844), scale: 2))
        XCTAssertNil(X11Host.pixelSize(of: (390, 844), scale: .nan))
        XCTAssertNil(X11Host.pixelSize(of: (390, 844), scale: 0))
    }
}

/// An XSETTINGS manager for one integer, `Net/EnableAnimations`, on its own connection: a
/// window that owns `_XSETTINGS_S0` and holds `_XSETTINGS_SETTINGS` (little-endian); it
/// stops being the manager when released.
private final class SettingsManager {
    private let connection: OpaquePointer

    init(on name: String, enableAnimations: Int32) throws {
        guard let connection = XOpenDisplay(name) else {
            throw TestFailure(description: "cannot open \(name) for a settings manager")
        }
        self.connection = connection
        let window = XCreateSimpleWindow(
            connection, XDefaultRootWindow(connection), 0, 0, 1, 1, 0, 0, 0)
        let property = XInternAtom(connection, "_XSETTINGS_SETTINGS", 0)
        let name = Array("Net/EnableAnimations".utf8)  // 20 bytes: no padding
        var bytes: [UInt8] = [0, 0, 0, 0]  // little-endian, 3 unused
        func card32(_ value: UInt32) {
            bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        card32(1)  // serial
        card32(1)  // one setting
        bytes += [0, 0, UInt8(name.count), 0]  // integer, unused, name length
        bytes += name
        card32(1)  // last-change serial
        card32(UInt32(bitPattern: enableAnimations))
        bytes.withUnsafeBufferPointer {
            _ = XChangeProperty(
                connection, window, property, property, 8, PropModeReplace, $0.baseAddress,
                Int32($0.count))
        }
        XSetSelectionOwner(
            connection, XInternAtom(connection, "_XSETTINGS_S0", 0), window, UInt(CurrentTime))
        XSync(connection, 0)
    }

    deinit {
        XCloseDisplay(connection)
    }
}
