import CX11
import Foundation
import SwipeDismissTestSupport
import XCTest

/// Reduced motion in `x11-demo`: off with no settings manager, on with `--reduce-motion`
/// or when a settings manager's XSETTINGS turn animations off; on, the card cross-fades in
/// place (0.2 s) instead of sliding, so presenting starts at rest, not from off screen.
final class X11DemoMotionTests: XCTestCase {
    /// Escape, then Space, on a demo started with `arguments` on `display`: its stderr and
    /// the presenting and presented `--events` lines.
    private func escapeThenSpace(
        _ arguments: [String], display: String
    ) throws -> (stderr: String, presenting: [String: Any], presented: [String: Any]) {
        let demo = try startDemo(arguments + ["--events", "--verbose"], display: display)
        try xdotool(["key", "--window", demo.id, "Escape"], display: display)
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, demo.child.stdout)
        try xdotool(["key", "--window", demo.id, "space"], display: display)
        XCTAssertTrue(eventually { demo.phases.last == "presented" }, demo.child.stdout)
        let lines = try demo.child.stdoutLines.map(eventObject)
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
        guard demo.phases == ["dismissing", "dismissed", "presenting", "presented"] else {
            throw TestFailure(description: "unexpected phases: \(demo.child.stdout)")
        }
        return (demo.child.stderr, lines[2], lines[3])
    }

    func testNoSettingsManagerIsFullMotionAndTheFlagOrXSettingsReduceIt() throws {
        try requireXdotool()
        let server = try PrivateXvfb()
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
        defer { server.kill() }

        let full = try escapeThenSpace([], display: server.display)
        XCTAssertTrue(full.stderr.contains("motion: full"), full.stderr)
        XCTAssertGreaterThan(
            full.presenting["offset"] as? Double ?? 0, 100, "the card slides in from off screen")

        let flag = try escapeThenSpace(["--reduce-motion"], display: server.display)
        XCTAssertTrue(flag.stderr.contains("motion: reduced (--reduce-motion)"), flag.stderr)
        XCTAssertEqual(flag.presenting["offset"] as? Double, 0, "a cross-fade in place")

        // A settings manager that turns animations off, as GNOME's does for "reduce
        // animation": it owns _XSETTINGS_S0 and keeps the settings on its window.
        let manager = try SettingsManager(display: server.display, enableAnimations: 0)
        let desktop = try escapeThenSpace([], display: server.display)
        withExtendedLifetime(manager) {}
        XCTAssertTrue(
            desktop.stderr.contains("motion: reduced (XSETTINGS turn animations off)"),
            desktop.stderr)
        XCTAssertEqual(desktop.presenting["offset"] as? Double, 0)
        let start = try XCTUnwrap(desktop.presenting["t"] as? Double)
        let end = try XCTUnwrap(desktop.presented["t"] as? Double)
        // The 0.2 s cross-fade; it ends at the first frame after it is done, so a loaded
        // machine may see it late, never early.
        XCTAssertGreaterThanOrEqual(end - start, 0.2 - 1e-6, "the 0.2 s cross-fade")
        XCTAssertLessThan(end - start, 1, "the 0.2 s cross-fade")
    }
}

/// A minimal XSETTINGS manager for one integer, `Net/EnableAnimations`: a window that owns
/// the `_XSETTINGS_S0` selection and holds `_XSETTINGS_SETTINGS` (little-endian).
private final class SettingsManager {
    let connection: OpaquePointer

    init(display name: String, enableAnimations: Int32) throws {
        guard let connection = XOpenDisplay(name) else {
            throw TestFailure(description: "cannot open \(name) for a settings manager")
        }
        self.connection = connection
        let root = XDefaultRootWindow(connection)
        let window = XCreateSimpleWindow(connection, root, 0, 0, 1, 1, 0, 0, 0)
        let settings = XInternAtom(connection, "_XSETTINGS_SETTINGS", 0)
        var bytes: [UInt8] = [0, 0, 0, 0]  // LSBFirst, then padding
        bytes += Self.card32(1) + Self.card32(1)  // serial, one setting
        let key = Array("Net/EnableAnimations".utf8)
        bytes += [0, 0] + Self.card16(UInt16(key.count))  // type integer, padding, length
        bytes += key + Array(repeating: 0, count: (4 - key.count % 4) % 4)
        bytes += Self.card32(0) + Self.card32(UInt32(bitPattern: enableAnimations))
        bytes.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(
                connection, window, settings, settings, 8, PropModeReplace, buffer.baseAddress,
                Int32(buffer.count))
        }
        XSetSelectionOwner(
            connection, XInternAtom(connection, "_XSETTINGS_S0", 0), window, UInt(CurrentTime))
        XSync(connection, 0)
    }

    deinit { XCloseDisplay(connection) }

    private static func card16(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func card32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) }
    }
}
