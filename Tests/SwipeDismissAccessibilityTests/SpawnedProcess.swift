import Foundation
import Glibc
import SwipeDismissTestSupport

/// A child process started with `posix_spawn`, its stdout and stderr going to one file, and
/// reaped with `waitpid` here (not by Foundation's `Process`, whose reaping missed
/// `dbus-daemon --fork`'s quickly exiting parent and then waited for ever).
final class SpawnedProcess {
    let pid: pid_t
    private var status: Int32?
    /// Where stdout (and stderr, unless `errorFile` is given) go.
    let outputFile: URL
    /// Where stderr goes, if apart from stdout.
    let errorFile: URL?

    /// Starts `path` with `arguments` in exactly `environment`, output to `outputFile`
    /// (stderr to `errorFile`, if given).
    init(
        _ path: String, _ arguments: [String], environment: [String: String], outputFile: URL,
        errorFile: URL? = nil
    ) throws {
        self.outputFile = outputFile
        self.errorFile = errorFile
        for file in [outputFile, errorFile].compactMap({ $0 }) {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_APPEND, 0)
        if let errorFile {
            posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_APPEND, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, nil, argv, envp)
        guard result == 0 else {
            throw TestFailure(
                description: "cannot start \(path): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    deinit { stop() }

    /// Whether the child is still running (reaps it if it ended).
    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        let reaped = waitpid(pid, &raw, WNOHANG)
        if reaped == pid || reaped < 0 {
            status = reaped == pid ? Self.exitStatus(raw) : -1
            return false
        }
        return true
    }

    /// The exit status once it ended (128 + n for signal n), else nil.
    var exitStatus: Int32? { isRunning ? nil : status }

    /// Waits up to `timeout` seconds for the child to end; returns its status, or nil.
    @discardableResult
    func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            guard Date() < deadline else { return nil }
            usleep(10_000)
        }
        return status
    }

    /// Ends the child: SIGTERM, then SIGKILL after 5 s.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if wait(timeout: 5) == nil {
            kill(pid, SIGKILL)
            wait(timeout: 5)
        }
    }

    /// Everything the child wrote so far on stdout (and stderr, if not apart).
    var output: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
    /// What the child wrote on stderr, when it goes apart.
    var errorOutput: String {
        errorFile.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
    }

    /// Removes the output files (the child stopped first).
    func removeFiles() {
        stop()
        for file in [outputFile, errorFile].compactMap({ $0 }) {
            try? FileManager.default.removeItem(at: file)
        }
    }

    private static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }
}
