import Glibc
import SwipeDismiss
import SwipeDismissFiles
import SwipeDismissTrace

/// Where `--record` writes: checked before the window opens, so a gesture is never
/// recorded into a path that cannot take it, and written whole or not at all (through the
/// core's `AtomicFile`: a temporary file in the same folder, synced, then `rename(2)`).
package struct RecordFile {
    /// The path as the user gave it, for messages.
    package let path: String
    /// The file that is replaced: `path`, or the file a symbolic link at `path` names.
    package let target: String

    /// Checks that a recording can be written to `path`: it must not be empty, a folder, or
    /// anything but a regular file, and its folder must let us create a file (a probe file
    /// is created there and removed at once).
    package init(checking path: String) throws(RecordFileError) {
        self.path = path
        func refuse(_ reason: String) -> RecordFileError {
            RecordFileError(path: path, reason: reason)
        }
        guard !path.isEmpty else { throw refuse("the path is empty") }
        guard !path.hasSuffix("/") else { throw refuse("it names a folder, not a file") }
        var target = path
        var info = stat()
        if lstat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK {
                guard let resolved = realpath(path, nil) else {
                    throw refuse("it is a symbolic link to nothing (\(Self.systemReason()))")
                }
                target = String(cString: resolved)
                free(resolved)
                guard stat(target, &info) == 0 else { throw refuse(Self.systemReason()) }
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw refuse("it is a folder")
            case S_IFREG: break
            default: throw refuse("it is not a regular file")
            }
            guard access(target, W_OK) == 0 else {
                throw refuse("the file is not writable (\(Self.systemReason()))")
            }
        }
        self.target = target
        let folder = Self.folder(of: target)
        guard stat(folder, &info) == 0 else {
            throw refuse("its folder \(folder) cannot be used (\(Self.systemReason()))")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw refuse("\(folder) is not a folder")
        }
        // Creating a file is the only honest test: permissions, read-only mounts and
        // pseudo file systems such as /proc all say no here.
        let probe = Self.sibling(of: target, suffix: "probe")
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw refuse("cannot create a file in \(folder) (\(Self.systemReason()))")
        }
        close(descriptor)
        unlink(probe)
    }

    /// Writes `trace` to the target whole or not at all; on failure the target is untouched.
    package func write(_ trace: GestureTrace) throws(RecordFileError) {
        // `encoded()` validates first, so no non-JSON number is ever written.
        let text: String
        do {
            text = try trace.encoded()
        } catch {
            throw RecordFileError(
                path: path, reason: "the recording is not a valid trace: \(error)")
        }
        do {
            try AtomicFile.write(bytes: Array(text.utf8), to: target)
        } catch {
            throw RecordFileError(path: path, reason: error.reason)
        }
    }

    /// The folder holding `path` ("." for a bare name, "/" for a file at the root).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A hidden name beside `path`, unique to this process: `dir/.name.suffix-PID`.
    package static func sibling(of path: String, suffix: String) -> String {
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let folder = slash.map { String(path[...$0]) } ?? ""
        return folder + "." + name + ".\(suffix)-\(getpid())"
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

/// Why a recording cannot be, or was not, written; the message names the path.
package struct RecordFileError: Error, CustomStringConvertible, Equatable {
    package var path: String
    package var reason: String

    package var description: String { "cannot write \"\(path)\": \(reason)" }
}
