import CX11
import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// An app's own connection, window and `poll()` loop, with `X11HostedSheet` adopting them.
final class HostLoop {
    let connection: OpaquePointer
    let windowID: UInt
    let clock = MonotonicClock()
    // Optional only so that `deinit` drops them before closing the connection: the plugin
    // frees its server resources on the connection, which must still be open.
    private(set) var sheet: X11HostedSheet!
    private(set) var controller: DismissController!
    var phases: [DismissPhase] = []
    var drawings = 0
    var screenColor: (Double, Double, Double) = (0.2, 0.4, 0.6)
    private var event = XEvent()
    private var descriptors: [pollfd]

    init(displayName: String) throws {
        guard let connection = XOpenDisplay(displayName) else {
            throw TestFailure(description: "the host cannot open \(displayName)")
        }
        self.connection = connection
        let root = XDefaultRootWindow(connection)
        windowID = XCreateSimpleWindow(connection, root, 0, 0, 390, 844, 0, 0, 0)
        XSelectInput(
            connection, windowID,
            ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
                | PointerMotionMask | KeyPressMask)
        XStoreName(connection, windowID, "SwipeDismiss host loop test")
        XMapWindow(connection, windowID)
        XSync(connection, 0)
        sheet = try X11HostedSheet(display: connection, window: windowID, clock: clock)
        controller = DismissController(
            input: sheet.input, presenter: CardPresenter(drawsScreenBehind: false),
            renderer: sheet.renderer, clock: clock)
        descriptors = [pollfd(fd: XConnectionNumber(connection), events: Int16(POLLIN), revents: 0)]
        sheet.painter.setDrawing(for: .presenting) { [unowned self] context, size in
            self.drawings += 1
            let (r, g, b) = self.screenColor
            context.setSource(Color(red: r, green: g, blue: b))
            context.addRect(Rect(x: 0, y: 0, width: size.width, height: size.height))
            context.fill()
        }
        controller.addObserver { [unowned self] event in
            if case .phaseChanged(_, let to, _) = event { self.phases.append(to) }
        }
        controller.setNeedsDisplay()
    }

    deinit {
        controller = nil
        sheet = nil
        XCloseDisplay(connection)
    }

    var id: String { String(windowID) }

    /// One turn of the host's loop, as an app writes it: handle what Xlib holds, update the
    /// sheet, sleep in `poll()` for at most `maximumWait` seconds.
    func turn(maximumWait: Double) throws -> X11EventLoop.StopReason? {
        while XPending(connection) > 0 {
            XNextEvent(connection, &event)
            withUnsafeMutablePointer(to: &event) { _ = sheet.handle(event: $0) }
        }
        if let reason = try sheet.update(controller) { return reason }
        if sheet.hasPendingEvents { return nil }
        let timeout = min(sheet.timeout(for: controller) ?? maximumWait, maximumWait)
        descriptors[0].revents = 0
        _ = poll(&descriptors, 1, Int32((timeout * 1000).rounded(.up)))
        return nil
    }

    func pump(until what: String, timeout: Double = 5, _ condition: () -> Bool) throws {
        let deadline = clock.now + timeout
        while !condition() {
            guard clock.now < deadline else {
                throw TestFailure(description: "timed out waiting until \(what)")
            }
            if let reason = try turn(maximumWait: 0.02) {
                throw TestFailure(description: "the host loop stopped: \(reason)")
            }
        }
        _ = try turn(maximumWait: 0)
        XSync(connection, 0)
    }

    /// The window's pixel at (x, y) as 0xRRGGBB.
    func pixel(x: Int, y: Int) -> UInt32? {
        sheet.display.readPixels(window: windowID, x: x, y: y, width: 1, height: 1)?.first
    }
}

/// The X11 plugin inside an app's own loop, connection and window.
final class X11HostedSheetTests: XCTestCase {
    /// xdotool arguments for an 80 px drag at 16 ms a move, then a release (a spring-back).
    private func dragAndRelease(window: String) -> [String] {
        var arguments = ["mousemove", "--window", window, "195", "500", "mousedown", "1"]
        for _ in 0..<16 { arguments += ["mousemove_relative", "--", "0", "5", "sleep", "0.016"] }
        // Held still before the release: no flick, so the card springs back.
        return arguments + ["sleep", "0.15", "mouseup", "1"]
    }

    /// Runs `xdotool arguments` while `turn` runs, then until the controller rests; returns
    /// the frames drawn from the press to the rest.
    private func framesOfGesture(
        _ arguments: [String], frames: () -> Int, rests: () -> Bool,
        turn: () throws -> Void
    ) throws -> Int {
        let before = frames()
        let drag = Process()
        drag.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        drag.arguments = ["xdotool"] + arguments
        try drag.run()
        let deadline = Date().addingTimeInterval(10)
        while drag.isRunning, Date() < deadline { try turn() }
        drag.waitUntilExit()
        while !rests(), Date() < deadline { try turn() }
        XCTAssertTrue(rests(), "came to rest")
        return frames() - before
    }

    func testADragAndReleaseDrawAsManyFramesInTheHostLoopAsInTheLibraryLoop() throws {
        try requireXdotool()
        let name = try openTestDisplay().name
        let harness = try WindowHarness(display: try openTestDisplay())
        let library = try framesOfGesture(
            dragAndRelease(window: harness.id), frames: { harness.renderer.framesRendered },
            rests: {
                harness.phases.contains(.dragging) && harness.controller.nextWakeTime == nil
                    && !harness.input.isPressed
            },
            turn: { _ = try harness.loop.runOnce(harness.controller, maximumWait: 1) })
        let host = try HostLoop(displayName: name)
        try host.pump(until: "the host's first frame") { host.sheet.renderer.framesRendered > 0 }
        let hosted = try framesOfGesture(
            dragAndRelease(window: host.id), frames: { host.sheet.renderer.framesRendered },
            rests: {
                host.phases.contains(.dragging) && host.controller.nextWakeTime == nil
                    && !host.sheet.input.isPressed
            },
            // A 1 s timer of the host's own, as the first-user trial's host had.
            turn: { _ = try host.turn(maximumWait: 1) })
        XCTAssertEqual(harness.phases.last, .presented, "sprang back")
        XCTAssertEqual(host.phases.last, .presented, "sprang back")
        XCTAssertGreaterThan(library, 30, "the library loop animates the release")
        XCTAssertEqual(
            Double(hosted), Double(library), accuracy: Double(library) * 0.1,
            "host loop \(hosted) frames, library loop \(library)")
    }

    func testTheAppsScreenIsDrawnOnceAndAgainOnlyWhenInvalidated() throws {
        try requireXdotool()
        let host = try HostLoop(displayName: try openTestDisplay().name)
        try host.pump(until: "the first frame") { host.sheet.renderer.framesRendered > 0 }
        XCTAssertEqual(host.drawings, 1)
        // The backdrop dims the app's own screen: 0x336699 × 0.7.
        XCTAssertEqual(host.pixel(x: 10, y: 100), 0x24_486B)
        try xdotool(["mousemove", "--window", host.id, "195", "500", "mousedown", "1"])
        for y in stride(from: 540, through: 780, by: 40) {
            try xdotool(["mousemove", "--window", host.id, "195", "\(y)"])
            try host.pump(until: "the card follows to \(y)") {
                host.controller.state.offset >= Double(y - 500) - 0.5
            }
        }
        XCTAssertEqual(host.drawings, 1, "a drag composes the cached screen, never redraws it")
        XCTAssertGreaterThan(host.sheet.renderer.framesRendered, 5)
        try xdotool(["mouseup", "1"])
        try host.pump(until: "dismissed") { host.controller.state.phase == .dismissed }
        XCTAssertEqual(host.pixel(x: 10, y: 100), 0x33_6699, "undimmed once dismissed")
        host.screenColor = (1, 0, 0)
        host.sheet.painter.setNeedsDisplay(of: .presenting)
        host.controller.setNeedsDisplay()
        try host.pump(until: "the screen is drawn again") { host.drawings == 2 }
        XCTAssertEqual(host.pixel(x: 10, y: 100), 0xFF_0000)
    }

    func testALostServerComesBackFromTheHostLoopAsAValue() throws {
        let server = try PrivateXvfb(screen: "640x900x24")
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
        // Opted in: Xlib's default I/O error handler would end the test process.
        X11Display.installConnectionLossHandler()
        let host = try HostLoop(displayName: server.name)
        try host.pump(until: "the first frame") { host.sheet.renderer.framesRendered > 0 }
        XCTAssertNil(host.sheet.display.connectionLostReason)

        server.kill()
        var reason: X11EventLoop.StopReason?
        let deadline = Date().addingTimeInterval(3)
        while reason == nil, Date() < deadline {
            host.controller.setNeedsDisplay()
            reason = try host.turn(maximumWait: 0.05)
        }
        XCTAssertEqual(
            reason, .connectionLost(reason: "the server closed the connection or went away"))
        // Nothing ended the process, and the dead connection keeps saying so.
        XCTAssertEqual(try host.sheet.update(host.controller), reason)
    }
}
