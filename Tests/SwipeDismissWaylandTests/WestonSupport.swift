import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// What a finished child process said and how it ended.
struct ProcessResult {
    var status: Int32
    var output: String
    var error: String
}

/// Runs `executable` with `arguments` to its end (`environment` added to this process's, the
/// `removed` variables taken out), through the shared `ChildProcess`; running over `timeout`
/// seconds is a failure (the child is killed).
func runProcess(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    removing removed: [String] = [], timeout: Double = 30
) throws -> ProcessResult {
    var changes: [String: String?] = [:]
    for key in removed { changes[key] = .some(nil) }
    for (key, value) in environment { changes[key] = .some(value) }
    let run = try ChildProcess.run(executable, arguments, changes: changes, timeout: timeout)
    guard let status = run.status else {
        throw TestFailure(
            description: "\(executable) \(arguments.joined(separator: " ")) ran over \(timeout) s")
    }
    return ProcessResult(status: status, output: run.stdout, error: run.stderr)
}

/// The package's root folder (this file is Tests/SwipeDismissWaylandTests/WestonSupport.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// `wayland-demo` started on `weston` with `arguments` (add `--verbose` to see its first
/// frame); killed, if it still runs, when released.
func startWaylandDemo(_ arguments: [String], on weston: Weston) throws -> ChildProcess {
    try ChildProcess(
        try builtExecutable("wayland-demo"), arguments,
        changes: ["WAYLAND_DISPLAY": weston.socketPath])
}

extension ChildProcess {
    /// Waits up to `timeout` seconds for `wayland-demo --verbose`'s "first frame shown" line;
    /// false if it ended or the time ran out first.
    func waitForFirstFrame(timeout: Double = 10) -> Bool {
        waitForStandardError(containing: "first frame shown", timeout: timeout)
    }
}
