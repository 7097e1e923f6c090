import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// A headless weston (pixman) for an `AccessibilitySession`'s demo: the test support's one
/// launcher, its socket named by its absolute path (so the demo keeps the session's
/// `XDG_RUNTIME_DIR`); stopped by `stop()` or when released.
final class SessionWeston {
    let weston: Weston
    /// What `WAYLAND_DISPLAY` names: the socket's absolute path.
    var socketName: String { weston.socketPath }

    /// Starts weston and waits (up to 10 s) until it accepts a connection.
    init(in session: AccessibilitySession) throws {
        weston = try Weston()
    }

    deinit { stop() }

    func stop() { weston.stop() }
}

/// `wayland-demo --verbose` running on a `SessionWeston` in an `AccessibilitySession`, its
/// stdout and stderr kept in files.
final class WaylandDemoUnderSession {
    let process: ChildProcess

    /// Starts the built `wayland-demo` with `arguments` and `--verbose` on `weston`, in
    /// `environment` (the session's, or it changed).
    init(_ arguments: [String], on weston: SessionWeston, environment: [String: String]) throws {
        var environment = environment
        environment["WAYLAND_DISPLAY"] = weston.socketName
        process = try ChildProcess(
            try builtExecutable("wayland-demo").path, arguments + ["--verbose"],
            environment: environment)
    }

    var pid: Int32 { process.pid }

    /// Ends the demo (SIGTERM) and waits for it.
    func stop() { process.terminate() }

    /// The demo's `--events` lines so far, as JSON objects.
    var phaseLines: [[String: Any]] {
        process.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Waits up to `timeout` seconds for an `--events` line matching `predicate`.
    func waitForLine(timeout: Double = 5, _ predicate: ([String: Any]) -> Bool) -> Bool {
        eventually(timeout: timeout, every: 0.02) { phaseLines.contains(where: predicate) }
    }

    /// Waits (up to 10 s) for `--verbose`'s "first frame shown" line.
    func waitForFirstFrame() throws {
        let shown = eventually(timeout: 10, every: 0.02) {
            process.stderr.contains("first frame shown") || !process.isRunning
        }
        guard shown, process.isRunning else {
            throw TestFailure(description: "wayland-demo showed no frame: \(process.stderr)")
        }
    }

    /// The files mapped into the demo (`/proc/PID/maps`), read to the end.
    func mappedFiles() throws -> String {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }
}

/// A test that runs `wayland-demo` on its own weston in its own accessibility session, all
/// stopped after each test.
class WaylandDemoSessionTestCase: XCTestCase {
    var session: AccessibilitySession?
    var weston: SessionWeston?
    var demo: WaylandDemoUnderSession?

    override func tearDown() {
        demo?.stop()
        weston?.stop()
        session?.stop()
        demo = nil
        weston = nil
        session = nil
        super.tearDown()
    }

    /// A session (with the AT-SPI launcher, accessibility on when `enabled`), a weston in it
    /// and `wayland-demo arguments` on that weston; `environment` changes the demo's.
    func start(
        _ arguments: [String], enabled: Bool? = true, launcher: Bool = true,
        environment change: (inout [String: String]) -> Void = { _ in }
    ) throws -> (AccessibilitySession, WaylandDemoUnderSession) {
        let session = try AccessibilitySession(launcher: launcher)
        self.session = session
        if let enabled { try session.setStatus("IsEnabled", enabled) }
        let weston = try SessionWeston(in: session)
        self.weston = weston
        var environment = session.environment
        change(&environment)
        let demo = try WaylandDemoUnderSession(
            arguments, on: weston, environment: environment)
        self.demo = demo
        return (session, demo)
    }
}
