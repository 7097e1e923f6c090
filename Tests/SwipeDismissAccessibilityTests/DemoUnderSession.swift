import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// `x11-demo` running in an `AccessibilitySession`, its stdout and stderr kept in files.
final class DemoUnderSession {
    let process: ChildProcess

    /// Starts the built `x11-demo` with `arguments` in `environment`.
    init(_ arguments: [String], environment: [String: String]) throws {
        process = try ChildProcess(try Self.executable().path, arguments, environment: environment)
    }

    var pid: Int32 { process.pid }

    /// Ends the demo (SIGTERM, as a session would) and waits for it.
    func stop() { process.terminate() }

    /// What the demo wrote on stdout so far: its `--events` lines.
    var stdoutLines: [String] { process.stdoutLines }

    /// What the demo wrote on stderr so far.
    var stderr: String { process.stderr }

    /// The demo's window id once it is mapped, found by its `_NET_WM_PID` (waits up to 10 s).
    func windowID(environment: [String: String]) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let found = try AccessibilitySession.run(
                "/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", String(pid)], environment,
                timeout: 5)
            if let first = found.output.split(separator: "\n").first, UInt(first) != nil {
                return String(first)
            }
            usleep(50_000)
        }
        throw TestFailure(description: "x11-demo's window never appeared")
    }

    /// The built product `x11-demo`, next to the test bundle.
    static func executable() throws -> URL {
        try builtExecutable("x11-demo")
    }

    /// The files mapped into the demo (`/proc/PID/maps`), read to the end: /proc files say
    /// they are empty, so not by their size.
    func mappedFiles() throws -> String {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }
}

/// A test that runs `x11-demo` in its own accessibility session, both stopped after each test.
class DemoSessionTestCase: XCTestCase {
    var session: AccessibilitySession?
    var demo: DemoUnderSession?

    override func tearDown() {
        demo?.stop()
        session?.stop()
        demo = nil
        session = nil
        super.tearDown()
    }

    /// `x11-demo arguments` in a session with no session bus address at all, once its window
    /// shows.
    func startWithoutASessionBus(_ arguments: [String]) throws -> DemoUnderSession {
        let session = try AccessibilitySession(launcher: false)
        self.session = session
        var environment = session.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        let demo = try DemoUnderSession(arguments, environment: environment)
        self.demo = demo
        _ = try demo.windowID(environment: session.environment)
        return demo
    }
}

/// What the AT-SPI probe (`Probe/atspi_probe.py`, run by Debian's python3 with pyatspi)
/// printed: one JSON object a command.
struct ProbeOutput {
    var lines: [[String: Any]]

    /// The first line holding `key`.
    func first(_ key: String) -> Any? { lines.first { $0[key] != nil }?[key] }
    /// Every line holding `key`, in order.
    func all(_ key: String) -> [Any] { lines.compactMap { $0[key] } }

    /// The tree down to the dialog as (depth, role, name, states): the application, its
    /// frame and the dialog (the dialog's items are in `fullTree`).
    var tree: [(depth: Int, role: String, name: String, states: Set<String>)] {
        fullTree.filter { $0.depth <= 2 }
    }

    /// The whole tree as (depth, role, name, states), the dialog's items included.
    var fullTree: [(depth: Int, role: String, name: String, states: Set<String>)] {
        ((first("tree") as? [[String: Any]]) ?? []).map {
            (
                $0["depth"] as? Int ?? -1, $0["role"] as? String ?? "", $0["name"] as? String ?? "",
                Set(($0["states"] as? [String]) ?? [])
            )
        }
    }

    /// The exit statuses of the programs `spawn:` started, in order.
    var spawnStatuses: [Int] {
        lines.compactMap { $0["spawned"] != nil ? $0["status"] as? Int : nil }
    }

    /// The events the last `wait:` reported, as (type, name, detail1).
    var events: [(type: String, name: String, detail1: Int)] {
        ((all("events").last as? [[String: Any]]) ?? []).map {
            ($0["type"] as? String ?? "", $0["name"] as? String ?? "", $0["detail1"] as? Int ?? -1)
        }
    }
}

extension AccessibilitySession {
    /// Runs the AT-SPI probe against the application `app` with `commands`.
    func probe(_ commands: [String], app: String = "x11-demo") throws -> ProbeOutput {
        guard let script = Bundle.module.url(forResource: "atspi_probe", withExtension: "py")
        else { throw TestFailure(description: "the probe script is not in the test bundle") }
        let result = try Self.run(
            Self.pythonPath, [script.path, app] + commands, environment, timeout: 40)
        var lines: [[String: Any]] = []
        for line in result.output.split(separator: "\n") where line.hasPrefix("{") {
            if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
                let dictionary = object as? [String: Any]
            {
                lines.append(dictionary)
            }
        }
        guard result.status == 0 else {
            throw TestFailure(
                description: "the probe failed (\(result.status)): \(result.output)")
        }
        return ProbeOutput(lines: lines)
    }
}
