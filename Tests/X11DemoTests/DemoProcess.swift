import Foundation
import Glibc
import XCTest

/// The built `x11-demo`, next to the test bundle.
func demoExecutable() throws -> URL { try builtExecutable("x11-demo") }

/// The built product `name`, next to the test bundle.
func builtExecutable(_ name: String) throws -> URL {
    let candidates = [
        Bundle.main.bundleURL.appendingPathComponent(name),
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
    ]
    guard
        let url = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
        throw DemoTestFailure(
            description: "\(name) is not built next to the tests (looked at "
                + "\(candidates.map(\.path)))")
    }
    return url
}

/// Whether a missing display, Xvfb or xdotool fails a test rather than skipping it: under
/// CI (`CI=true`) and `make test` (`SWIPEDISMISS_REQUIRE_DISPLAY=1`).
var displayIsRequired: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["CI"] == "true" || environment["SWIPEDISMISS_REQUIRE_DISPLAY"] == "1"
}

/// Ends a test that cannot go on: XCTest records a thrown error as exactly one failure.
struct DemoTestFailure: Error, CustomStringConvertible {
    var description: String
}

/// The error for a test that lacks `what`: a failure where a display is required, else a
/// skip.
func unavailable(_ what: String) -> Error {
    guard displayIsRequired else { return XCTSkip(what) }
    return DemoTestFailure(
        description: "\(what), but CI=true or SWIPEDISMISS_REQUIRE_DISPLAY=1 requires it")
}

/// A child process with its stdout and stderr collected as they arrive.
///
/// `@unchecked Sendable`: the reader threads touch only the collected output and
/// `pipesClosed`, always under `lock`.
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var stdoutData = Data()
    private var stderrData = Data()
    /// How many of the two pipes reached end of file (the child and its children closed them).
    private var pipesClosed = 0

    init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        // One blocking reader thread a pipe: `availableData` returns what has arrived, and
        // empty data only at end of file, so `pipesClosed` is exact (a readability handler
        // sometimes missed the end of file).
        for (handle, isStdout) in [
            (out.fileHandleForReading, true), (err.fileHandleForReading, false),
        ] {
            Thread.detachNewThread { [weak self] in
                while true {
                    let data = handle.availableData
                    guard let self else { return }
                    self.lock.withLock {
                        if isStdout {
                            self.stdoutData.append(data)
                        } else {
                            self.stderrData.append(data)
                        }
                        if data.isEmpty { self.pipesClosed += 1 }
                    }
                    if data.isEmpty { return }
                }
            }
        }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var pid: Int32 { process.processIdentifier }
    var stdout: String { lock.withLock { String(decoding: stdoutData, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: stderrData, as: UTF8.self) } }
    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// Waits up to `timeout` seconds for the exit and for both pipes to reach end of file
    /// (so every byte the child wrote has landed); returns the status, or nil if still
    /// running.
    func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        guard eventually(until: deadline, { !process.isRunning }) else { return nil }
        // The pipes close with the child; a grandchild holding them open would only cost
        // the rest of the deadline.
        eventually(until: deadline) { lock.withLock { pipesClosed == 2 } }
        return process.terminationStatus
    }

    /// Runs to completion (at most `timeout` seconds) and returns (status, stdout, stderr).
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        timeout: Double = 20
    ) throws -> (status: Int32?, stdout: String, stderr: String) {
        let child = try ChildProcess(executable, arguments, environment: environment)
        let status = child.waitForExit(timeout: timeout)
        return (status, child.stdout, child.stderr)
    }
}

/// Polls `condition` every 10 ms for up to `timeout` seconds; returns whether it held.
@discardableResult
func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    eventually(until: Date().addingTimeInterval(timeout), condition)
}

/// Polls `condition` every 10 ms until `deadline`; returns whether it held.
@discardableResult
func eventually(until deadline: Date, _ condition: () -> Bool) -> Bool {
    while !condition() {
        guard Date() < deadline else { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return true
}

/// Runs `xdotool` with `arguments` on `display` (nil: `$DISPLAY`) and waits for it.
func xdotool(
    _ arguments: [String], display: String? = nil, file: StaticString = #filePath,
    line: UInt = #line
) throws {
    let result = try ChildProcess.run(
        URL(fileURLWithPath: "/usr/bin/env"), ["xdotool"] + arguments,
        environment: display.map { environment(display: $0) }, timeout: 10)
    XCTAssertEqual(result.status, 0, "xdotool failed: \(result.stderr)", file: file, line: line)
}

/// The environment with `DISPLAY` set to `display` (or removed, for nil).
func environment(display: String?) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    return environment
}

/// Whether `tool` is on the PATH.
func hasTool(_ tool: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
    }
}

/// A private X server for one test: `Xvfb -displayfd` picks a free display number.
final class PrivateXvfb {
    let child: ChildProcess
    let display: String

    /// Starts one with a screen of `screen` (`WxHxDEPTH`).
    init(screen: String = "640x900x24") throws {
        guard hasTool("Xvfb") else { throw unavailable("Xvfb is not installed") }
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "Xvfb", "-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp",
                "-noreset",
            ])
        self.child = child
        var number = ""
        eventually(timeout: 10) {
            number = child.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            return !number.isEmpty
        }
        guard !number.isEmpty else {
            display = ""
            throw DemoTestFailure(description: "Xvfb did not start: \(child.stderr)")
        }
        display = ":" + number
    }

    func kill() {
        Glibc.kill(child.pid, SIGKILL)
        _ = child.waitForExit(timeout: 5)
    }

    deinit {
        if child.process.isRunning { kill() }
    }
}

/// A path in the temporary folder, unique to this test process.
func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
        "x11-demo-tests-\(getpid())-\(name)"
    ).path
}
