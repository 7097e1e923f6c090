import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// A headless weston (pixman) in an `AccessibilitySession`'s runtime folder, on a socket of
/// its own; stopped by `stop()` or when released.
final class SessionWeston {
    static let path = "/usr/bin/weston"
    let process: SpawnedProcess
    /// The socket's name in the session's `XDG_RUNTIME_DIR` (what `WAYLAND_DISPLAY` names).
    let socketName: String

    /// Starts weston and waits (up to 10 s) for its socket.
    init(in session: AccessibilitySession) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.path) else {
            throw unavailable("\(Self.path) is missing (scripts/deps.sh installs it)")
        }
        socketName = "wl-swd-a11y-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        let runtime = try XCTUnwrap(session.environment["XDG_RUNTIME_DIR"])
        process = try SpawnedProcess(
            Self.path,
            [
                "--backend=headless-backend.so", "--use-pixman", "--socket=\(socketName)",
                "--idle-time=0",
            ],
            environment: session.environment,
            outputFile: session.home.appendingPathComponent("weston.log"))
        let socket = "\(runtime)/\(socketName)"
        let started = eventually(timeout: 10, every: 0.02) {
            FileManager.default.fileExists(atPath: socket) || !process.isRunning
        }
        guard started, process.isRunning else {
            let log = process.output
            process.stop()
            throw TestFailure(description: "weston did not start: \(log.suffix(600))")
        }
    }

    deinit { stop() }

    func stop() { process.stop() }
}

/// `wayland-demo --verbose` running on a `SessionWeston` in an `AccessibilitySession`, its
/// stdout and stderr kept in files.
final class WaylandDemoUnderSession {
    let process: SpawnedProcess

    /// Starts the built `wayland-demo` with `arguments` and `--verbose` on `weston`, in
    /// `environment` (the session's, or it changed).
    init(_ arguments: [String], on weston: SessionWeston, environment: [String: String]) throws {
        let scratch = FileManager.default.temporaryDirectory
        let tag = UUID().uuidString.prefix(8)
        var environment = environment
        environment["WAYLAND_DISPLAY"] = weston.socketName
        process = try SpawnedProcess(
            try builtExecutable("wayland-demo").path, arguments + ["--verbose"],
            environment: environment,
            outputFile: scratch.appendingPathComponent("swipedismiss-a11y-wl-\(tag).out"),
            errorFile: scratch.appendingPathComponent("swipedismiss-a11y-wl-\(tag).err"))
    }

    deinit { process.removeFiles() }

    var pid: Int32 { process.pid }

    /// Ends the demo (SIGTERM) and waits for it.
    func stop() { process.stop() }

    /// The demo's `--events` lines so far, as JSON objects.
    var phaseLines: [[String: Any]] {
        process.output.split(separator: "\n").compactMap {
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
            process.errorOutput.contains("first frame shown") || !process.isRunning
        }
        guard shown, process.isRunning else {
            throw TestFailure(description: "wayland-demo showed no frame: \(process.errorOutput)")
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
