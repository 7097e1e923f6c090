import Foundation
import Glibc

/// A child process with its stdout and stderr collected as they arrive.
///
/// `@unchecked Sendable`: the reader threads touch only the collected output and
/// `pipesClosed`, always under `lock`.
package final class ChildProcess: @unchecked Sendable {
    /// The process (running once `init` returns).
    package let process = Process()
    private let lock = NSLock()
    private var stdoutData = Data()
    private var stderrData = Data()
    /// How many of the two pipes reached end of file (the child and its children closed them).
    private var pipesClosed = 0

    /// Starts `executable` with `arguments` (and `environment`, or this process's), stdin
    /// empty.
    package init(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil
    ) throws {
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

    /// The child's process id.
    package var pid: Int32 { process.processIdentifier }
    /// Everything the child wrote to stdout so far.
    package var stdout: String { lock.withLock { String(decoding: stdoutData, as: UTF8.self) } }
    /// Everything the child wrote to stderr so far.
    package var stderr: String { lock.withLock { String(decoding: stderrData, as: UTF8.self) } }
    /// `stdout`'s non-empty lines.
    package var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// Waits up to `timeout` seconds for the exit and for both pipes to reach end of file
    /// (so every byte the child wrote has landed); returns the status, or nil if still
    /// running.
    package func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        guard eventually(until: deadline, { !process.isRunning }) else { return nil }
        // The pipes close with the child; a grandchild holding them open would only cost
        // the rest of the deadline.
        eventually(until: deadline) { lock.withLock { pipesClosed == 2 } }
        return process.terminationStatus
    }

    /// Runs to completion (at most `timeout` seconds) and returns (status, stdout, stderr).
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        timeout: Double = 20
    ) throws -> (status: Int32?, stdout: String, stderr: String) {
        let child = try ChildProcess(executable, arguments, environment: environment)
        let status = child.waitForExit(timeout: timeout)
        return (status, child.stdout, child.stderr)
    }
}
