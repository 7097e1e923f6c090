#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes output files appear whole or not at all: write to a temporary name in the same
/// folder, then `rename(2)` over the final name; on any failure the temporary file is removed.
///
/// It lives in the core because everything that writes files shares it: the Cairo plugin's
/// frame renderers and PNG writer, `cairo-export`'s storyboard, timeline and CSV, and
/// `x11-demo --record`. It uses only the C library (no Foundation: the core does without it).
package enum AtomicFile {
    /// The temporary name used for `path`: hidden, in the same folder, unique to this process.
    package static func temporaryPath(for path: String) -> String {
        let (folder, name) = split(path)
        return folder + "." + name + ".tmp-\(getpid())"
    }

    /// Throws an error naming `folder` unless it exists and is a writable directory.
    package static func checkFolder(_ folder: String) throws(AtomicFileError) {
        // stat(2) follows links, as FileManager's `fileExists(atPath:isDirectory:)` did.
        var status = stat()
        guard stat(folder, &status) == 0 else {
            throw AtomicFileError(
                operation: "stat", reason: "output folder does not exist", path: folder)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw AtomicFileError(
                operation: "stat", reason: "output path is not a folder", path: folder)
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw AtomicFileError(
                operation: "access", reason: "output folder is not writable (\(systemReason()))",
                path: folder)
        }
    }

    /// Calls `body` with a temporary path next to `path`, then renames the result to `path`.
    ///
    /// If `body` throws, or the rename fails, the temporary file is removed and the error
    /// is rethrown (an `AtomicFileError` for the rename); `path` is left as it was.
    package static func write(to path: String, _ body: (String) throws -> Void) throws {
        let temporary = temporaryPath(for: path)
        do {
            try body(temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = systemReason()
            unlink(temporary)
            throw AtomicFileError(operation: "rename", reason: reason, path: path)
        }
    }

    /// Writes `bytes` to `path` whole or not at all, synced to disk before the rename (so a
    /// crash cannot leave an empty file under the real name).
    package static func write(bytes: [UInt8], to path: String) throws(AtomicFileError) {
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw AtomicFileError(operation: "open", reason: systemReason(), path: path)
        }
        var failure: (operation: String, reason: String)?
        var written = 0
        while written < bytes.count, failure == nil {
            let count = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                failure = ("write", count == 0 ? "no byte was written" : systemReason())
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = ("fsync", systemReason()) }
        if close(descriptor) != 0, failure == nil { failure = ("close", systemReason()) }
        if failure == nil, rename(temporary, path) != 0 { failure = ("rename", systemReason()) }
        if let failure {
            unlink(temporary)
            throw AtomicFileError(operation: failure.operation, reason: failure.reason, path: path)
        }
    }

    /// `path` split into its folder (with a trailing slash, or empty) and its last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// `strerror(errno)`.
    static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

/// Why `AtomicFile` could not write or check a file: the system call, the path and the reason.
package struct AtomicFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The system call that failed, such as `rename` or `fopen`.
    package var operation: String
    /// The system's reason, or what was wrong with the path.
    package var reason: String
    /// The file or folder concerned.
    package var path: String

    /// An error for `operation` on `path`.
    package init(operation: String, reason: String, path: String) {
        self.operation = operation
        self.reason = reason
        self.path = path
    }

    /// `PATH: REASON (OPERATION)`.
    package var description: String { "\(path): \(reason) (\(operation))" }
}
