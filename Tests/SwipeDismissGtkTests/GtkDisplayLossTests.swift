import Foundation
import SwipeDismissTestSupport
import XCTest

/// A lost display ends gtk-demo's loop with a message and status 1, as x11-demo's does (GDK
/// ended the process with status 1 and nothing said).
final class GtkDisplayLossTests: XCTestCase {
    func testLosingTheXServerEndsTheDemoWithAMessageAndStatus1() throws {
        guard hasExecutable("/usr/bin/xdotool") else { throw unavailable("xdotool is missing") }
        let server = try PrivateXvfb()
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
        let demo = try ChildProcess(
            try builtProduct("gtk-demo").path, ["--scene", "sheet"],
            changes: ["GDK_BACKEND": "x11", "DISPLAY": server.display])
        defer { demo.terminate() }
        // This process never connects: a lost connection would end the test runner too.
        let shown = try ChildProcess.run(
            "/usr/bin/xdotool", ["search", "--sync", "--onlyvisible", "--pid", "\(demo.pid)"],
            changes: ["DISPLAY": server.display], timeout: 15)
        XCTAssertEqual(shown.status, 0, "the window never showed: \(demo.stderr)")
        server.kill()
        let killed = Date()
        let status = demo.waitForExit(timeout: 5)
        XCTAssertEqual(status, 1, "stderr: \(demo.stderr)")
        XCTAssertLessThan(Date().timeIntervalSince(killed), 3)
        XCTAssertTrue(
            demo.stderr.contains("gtk-demo: lost the connection to the X server"), demo.stderr)
    }
}

/// The same on Wayland: a compositor that goes away ends gtk-demo's loop with a message.
final class GtkCompositorLossTests: XCTestCase {
    func testLosingTheCompositorEndsTheDemoWithAMessageAndStatus1() throws {
        let weston = try headlessWeston()
        defer { weston.stop() }
        let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/Traces/escape-and-space.json").standardized
        let demo = try ChildProcess(
            try builtProduct("gtk-demo").path, ["--replay", trace.path, "--events"],
            changes: weston.clientChanges)
        defer { demo.terminate() }
        // Running and drawing: the replay's phase lines come.
        XCTAssertTrue(
            eventually(timeout: 20) { !phases(demo.stdoutLines).isEmpty },
            "no frames: \(demo.stderr)")
        kill(weston.child.pid, SIGKILL)
        let killed = Date()
        let status = demo.waitForExit(timeout: 5)
        XCTAssertEqual(status, 1, "stderr: \(demo.stderr)")
        XCTAssertLessThan(Date().timeIntervalSince(killed), 3)
        XCTAssertTrue(
            demo.stderr.contains("gtk-demo: lost the connection to the "),
            demo.stderr)
    }
}
