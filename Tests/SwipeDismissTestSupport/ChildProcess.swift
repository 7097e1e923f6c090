import Foundation
import Glibc

/// A child process of a test: started with `posix_spawn`, its stdout and stderr written to
/// files of its own (read at any time; no pipe to drain, and a grandchild that keeps them open
/// delays nothing), reaped here with `waitpid`. Every wait has a deadline and ends as soon as
/// its condition holds.
///
/// `@unchecked Sendable`: the reaped status is read and written under `lock` only.
package final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    package enum Termination: Equatable, Sendable, CustomStringConvertible {
        /// It called `exit` with this status.
        case exited(Int32)
        /// A signal with this number ended it.
        case signalled(Int32)

        /// The shell's number for it: the exit status, or 128 + the signal.
        package var status: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }

        /// "exit 2", "signal 15".
        package var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// The child's process id.
    package let pid: pid_t
    /// The program's path, for messages.
    package let executable: String
    /// The file its stdout goes to.
    package let stdoutFile: URL
    /// The file its stderr goes to (the same as `stdoutFile` when merged).
    package let stderrFile: URL
    private let folder: URL
    private let lock = NSLock()
    private var termination: Termination?

    /// Starts `executable` with `arguments` in `environment` (this process's when nil, with
    /// `changes` applied: a nil value removes the variable), stdin empty. With
    /// `mergingStandardError`, stderr goes to stdout's file.
    package init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        changes: [String: String?] = [:], mergingStandardError: Bool = false
    ) throws {
        self.executable = executable
        var template = Array("\(NSTemporaryDirectory())/swd-child-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw TestFailure(description: "mkdtemp: \(String(cString: strerror(errno)))")
        }
        folder = URL(fileURLWithPath: String(cString: made))
        stdoutFile = folder.appendingPathComponent("stdout")
        stderrFile = mergingStandardError ? stdoutFile : folder.appendingPathComponent("stderr")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // No O_CLOEXEC: the file is opened onto 1 and 2 themselves, which exec must keep.
        let flags = O_WRONLY | O_CREAT | O_TRUNC
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutFile.path, flags, 0o600)
        if mergingStandardError {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, stderrFile.path, flags, 0o600)
        }
        var variables = environment ?? ProcessInfo.processInfo.environment
        for (key, value) in changes { variables[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard result == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw TestFailure(
                description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    /// Starts the program at `executable`; see `init(_:_:environment:changes:mergingStandardError:)`.
    package convenience init(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        changes: [String: String?] = [:], mergingStandardError: Bool = false
    ) throws {
        try self.init(
            executable.path, arguments, environment: environment, changes: changes,
            mergingStandardError: mergingStandardError)
    }

    /// A child still running when its test is done (a failed wait, say) is killed and reaped,
    /// so no test leaves a process behind; its files go.
    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            _ = waitpid(pid, &raw, 0)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether the child is still running (reaps it if it ended).
    package var isRunning: Bool { reap() == nil }

    /// How the child ended, or nil while it runs.
    package var ended: Termination? { reap() }

    private func reap() -> Termination? {
        lock.withLock {
            if let termination { return termination }
            var raw: Int32 = 0
            let reaped = waitpid(pid, &raw, WNOHANG)
            guard reaped == pid else {
                // ECHILD: reaped elsewhere; nothing more can be known.
                if reaped < 0, errno == ECHILD { termination = .signalled(0) }
                return termination
            }
            let signal = raw & 0x7F
            termination = signal == 0 ? .exited((raw >> 8) & 0xFF) : .signalled(signal)
            return termination
        }
    }

    /// Everything the child wrote to stdout so far.
    package var stdout: String { Self.read(stdoutFile) }
    /// Everything the child wrote to stderr so far (with stdout, when merged).
    package var stderr: String { Self.read(stderrFile) }
    /// `stdout`'s non-empty lines.
    package var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    private static func read(_ file: URL) -> String {
        guard let data = FileManager.default.contents(atPath: file.path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Sends `signal` to the child.
    package func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits up to `timeout` seconds for the child to end; how it ended, or nil if it still
    /// runs.
    @discardableResult
    package func waitForTermination(timeout: Double) -> Termination? {
        var result: Termination?
        eventually(timeout: timeout, every: 0.002) {
            result = reap()
            return result != nil
        }
        return result
    }

    /// Waits up to `timeout` seconds for the child to end; its exit status (128 + n for
    /// signal n), or nil if it still runs.
    @discardableResult
    package func waitForExit(timeout: Double) -> Int32? {
        waitForTermination(timeout: timeout)?.status
    }

    /// Waits up to `timeout` seconds for `condition` on the child's output (stdout, stderr);
    /// false if the child ended or the time ran out first (the condition is checked once more
    /// after an end, so nothing it wrote before ending is missed).
    package func waitForOutput(
        timeout: Double = 10, _ condition: (_ stdout: String, _ stderr: String) -> Bool
    ) -> Bool {
        var held = false
        eventually(timeout: timeout, every: 0.005) {
            let running = isRunning
            held = condition(stdout, stderr)
            return held || !running
        }
        return held
    }

    /// Waits up to `timeout` seconds for stderr to contain `text`.
    package func waitForStandardError(containing text: String, timeout: Double = 10) -> Bool {
        waitForOutput(timeout: timeout) { _, stderr in stderr.contains(text) }
    }

    /// Waits up to `timeout` seconds for stdout to contain `text`.
    package func waitForStandardOutput(containing text: String, timeout: Double = 10) -> Bool {
        waitForOutput(timeout: timeout) { stdout, _ in stdout.contains(text) }
    }

    /// Sends `signal` and waits up to `timeout` seconds for the end, without escalating: how
    /// the child ended, or nil if it did not (a test asserts on that; `deinit` kills it).
    @discardableResult
    package func stop(with signal: Int32 = SIGTERM, timeout: Double = 10) -> Termination? {
        if let ended { return ended }
        send(signal)
        return waitForTermination(timeout: timeout)
    }

    /// Ends the child whatever it does: SIGTERM, then SIGKILL after `grace` seconds (for
    /// cleanup, where how it ends is not under test).
    package func terminate(grace: Double = 5) {
        guard stop(with: SIGTERM, timeout: grace) == nil else { return }
        send(SIGKILL)
        waitForTermination(timeout: 10)
    }

    /// Runs to completion (at most `timeout` seconds; then it is killed and the status is
    /// nil): (status, stdout, stderr), the status 128 + n after signal n.
    package static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        changes: [String: String?] = [:], timeout: Double = 30
    ) throws -> (status: Int32?, stdout: String, stderr: String) {
        let child = try ChildProcess(
            executable, arguments, environment: environment, changes: changes)
        let status = child.waitForExit(timeout: timeout)
        if status == nil {
            child.send(SIGKILL)
            child.waitForTermination(timeout: 10)
        }
        return (status, child.stdout, child.stderr)
    }

    /// `run` for the program at `executable`.
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        changes: [String: String?] = [:], timeout: Double = 30
    ) throws -> (status: Int32?, stdout: String, stderr: String) {
        try run(
            executable.path, arguments, environment: environment, changes: changes,
            timeout: timeout)
    }
}
