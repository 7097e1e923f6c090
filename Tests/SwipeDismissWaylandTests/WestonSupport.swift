import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// A fresh folder of mode 0700 (what `XDG_RUNTIME_DIR` must be), removed by `remove()`.
func makePrivateFolder(_ prefix: String) throws -> String {
    var template = Array("\(NSTemporaryDirectory())/\(prefix)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
        throw TestFailure(description: "mkdtemp: \(String(cString: strerror(errno)))")
    }
    let path = String(cString: made)
    chmod(path, 0o700)
    return path
}

/// A weston started for one test, on its own socket in its own runtime folder; stopped
/// (SIGTERM to its process id, then waited for) by `stop()` or when released.
final class Weston {
    /// The runtime folder (mode 0700) holding the socket.
    let runtimeDirectory: String
    /// The socket's name in the runtime folder.
    let socketName: String
    /// The socket's absolute path: a client can connect to it whatever its `XDG_RUNTIME_DIR`.
    var socketPath: String { "\(runtimeDirectory)/\(socketName)" }
    let process = Process()
    let logPath: String

    /// Starts `weston --backend=BACKEND --use-pixman --socket=NAME` with `arguments` and waits
    /// (up to 10 s) for its socket. Throws `unavailable` when weston is not installed.
    init(
        backend: String = "headless-backend.so", arguments: [String] = [],
        environment: [String: String] = [:]
    )
        throws
    {
        guard let weston = findExecutable("weston") else {
            throw unavailable("weston is not installed (scripts/deps.sh installs it)")
        }
        runtimeDirectory = try makePrivateFolder("swd-weston")
        socketName = "wl-swd-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        logPath = "\(runtimeDirectory)/weston.log"
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        for (key, value) in environment { env[key] = value }
        process.executableURL = URL(fileURLWithPath: weston)
        process.arguments =
            ["--backend=\(backend)", "--use-pixman", "--socket=\(socketName)", "--idle-time=0"]
            + arguments
        process.environment = env
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard process.isRunning, Date() < deadline else {
                let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                stop()
                throw TestFailure(
                    description: "weston did not start (\(backend)): \(text.suffix(600))")
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    /// Ends weston (SIGTERM, then SIGKILL after 5 s) and removes its folder.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}

/// What a finished child process said and how it ended.
struct ProcessResult {
    var status: Int32
    var output: String
    var error: String
}

/// Runs `executable` with `arguments` to its end (killed after `timeout` seconds, which is a
/// failure), its output collected through files (no pipe to fill up).
func runProcess(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    removing removed: [String] = [], timeout: Double = 30
) throws -> ProcessResult {
    let folder = try makePrivateFolder("swd-run")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outPath = "\(folder)/out"
    let errPath = "\(folder)/err"
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for key in removed { env.removeValue(forKey: key) }
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardOutput = FileHandle(forWritingAtPath: outPath)
    process.standardError = FileHandle(forWritingAtPath: errPath)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        throw TestFailure(
            description: "\(executable) \(arguments.joined(separator: " ")) ran over \(timeout) s")
    }
    return ProcessResult(
        status: process.terminationStatus,
        output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
        error: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}

/// The package's root folder (this file is Tests/SwipeDismissWaylandTests/WestonSupport.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// `wayland-demo` started on `weston` with `arguments` (add `--verbose` to see its first
/// frame), its stderr in a file of its own folder; ended (SIGKILL if it still runs) and its
/// folder removed when released.
final class RunningWaylandDemo {
    let process = Process()
    /// A folder of the demo's own (stderr, and any file a test has it write).
    let folder: String
    private let errorPath: String

    init(_ arguments: [String], on weston: Weston) throws {
        folder = try makePrivateFolder("swd-demo")
        errorPath = "\(folder)/err"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = try builtExecutable("wayland-demo")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = weston.socketPath
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What it said on stderr so far.
    var error: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Waits up to `timeout` seconds for `--verbose`'s "first frame shown" line; false if it
    /// ended or the time ran out first.
    func waitForFirstFrame(timeout: Double = 10) -> Bool {
        eventually(timeout: timeout) { error.contains("first frame shown") || !process.isRunning }
            && error.contains("first frame shown")
    }

    /// Sends `signal` and waits up to 10 s for the end; its exit status, nil if it did not
    /// exit by itself (killed by a signal, or still running and then killed).
    func stop(with signal: Int32) -> Int32? {
        kill(process.processIdentifier, signal)
        let ended = eventually(timeout: 10) { !process.isRunning }
        if !ended { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return ended && process.terminationReason == .exit ? process.terminationStatus : nil
    }
}
