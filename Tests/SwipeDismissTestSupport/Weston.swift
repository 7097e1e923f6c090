import Foundation
import Glibc

/// A fresh folder of mode 0700 (what `XDG_RUNTIME_DIR` must be) named `prefix-XXXXXX` in the
/// temporary folder.
package func makePrivateFolder(_ prefix: String) throws -> String {
    var template = Array("\(NSTemporaryDirectory())/\(prefix)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
        throw TestFailure(description: "mkdtemp: \(String(cString: strerror(errno)))")
    }
    let path = String(cString: made)
    chmod(path, 0o700)
    return path
}

/// A weston started for one test, on its own socket in its own runtime folder, its log in
/// that folder; stopped (SIGTERM, SIGKILL after 5 s) and its folder removed by `stop()` or
/// when released. The one compositor launcher of the test targets.
package final class Weston {
    /// The runtime folder (mode 0700) holding the socket.
    package let runtimeDirectory: String
    /// The socket's name in the runtime folder.
    package let socketName: String
    /// The socket's absolute path: a client can connect to it whatever its `XDG_RUNTIME_DIR`.
    package var socketPath: String { "\(runtimeDirectory)/\(socketName)" }
    /// The compositor's process (its stdout and stderr are its log).
    package let child: ChildProcess

    /// Starts `weston --backend=BACKEND --use-pixman --socket=NAME --idle-time=0` with
    /// `arguments` (`environment` added to this process's) and waits (up to 10 s) for its
    /// socket. Throws `unavailable` when weston is not installed.
    package init(
        backend: String = "headless-backend.so", arguments: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        guard let weston = findExecutable("weston") else {
            throw unavailable("weston is not installed (scripts/deps.sh installs it)")
        }
        runtimeDirectory = try makePrivateFolder("swd-weston")
        socketName = "wl-swd-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        var changes: [String: String?] = [
            "XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": nil,
        ]
        for (key, value) in environment { changes[key] = value }
        child = try ChildProcess(
            weston,
            ["--backend=\(backend)", "--use-pixman", "--socket=\(socketName)", "--idle-time=0"]
                + arguments, changes: changes, mergingStandardError: true)
        let socket = socketPath
        let child = child
        // Up once a client can connect: the socket file appears at bind(), a moment before
        // listen(), and a connection in between is refused.
        let up = eventually(timeout: 10) { Self.accepts(socket) || !child.isRunning }
        guard up, child.isRunning else {
            let log = child.stdout
            stop()
            throw TestFailure(description: "weston did not start (\(backend)): \(log.suffix(600))")
        }
    }

    deinit { stop() }

    /// Whether a Unix-domain connection to `path` is accepted (and closed at once).
    private static func accepts(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// What weston logged so far.
    package var log: String { child.stdout }

    /// The environment a Wayland client of this compositor runs in: this process's, with
    /// `XDG_RUNTIME_DIR` its folder, `WAYLAND_DISPLAY` its socket and `DISPLAY` removed; `GDK_BACKEND=wayland` for a
    /// GTK client.
    package var clientChanges: [String: String?] {
        [
            "XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketPath,
            "GDK_BACKEND": "wayland", "DISPLAY": nil,
        ]
    }

    /// Ends weston (SIGTERM, then SIGKILL after 5 s) and removes its folder.
    package func stop() {
        child.terminate()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}
