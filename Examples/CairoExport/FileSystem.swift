#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A problem with the output folder: `refused` ones are the user's to fix before anything
/// is written (exit 2); `failed` ones are the system's (exit 1).
struct FolderError: Error, CustomStringConvertible, Equatable {
    enum Kind: Equatable {
        case refused
        case failed
    }

    var kind: Kind
    var path: String
    var reason: String

    var description: String { "\(path): \(reason)" }

    /// The exit status the command reports for this error.
    var exitStatus: Int32 { kind == .refused ? 2 : 1 }

    /// A failure of a system call on `path`, with `strerror(errno)`.
    static func system(_ operation: String, _ path: String) -> FolderError {
        FolderError(kind: .failed, path: path, reason: "\(operation) failed (\(systemReason()))")
    }
}

/// `strerror(errno)`.
func systemReason() -> String {
    String(cString: strerror(errno))
}

/// The thin wrappers over the file-system calls the export folder needs.
enum FileSystem {
    /// The names in `folder` (without `.` and `..`), through `opendir(3)`/`readdir(3)`.
    static func names(in folder: String) throws(FolderError) -> [String] {
        guard let directory = opendir(folder) else { throw .system("reading the folder", folder) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The file type bits (`S_IFDIR`, …) of `path` itself, not following a symbolic link;
    /// nil if there is nothing there (`lstat(2)`).
    static func type(of path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Whether anything (even a dangling link) is at `path`.
    static func exists(_ path: String) -> Bool { type(of: path) != nil }

    /// The permission bits of the folder at `path`, if it is one (`stat(2)`).
    static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return info.st_mode & 0o7777
    }

    /// What `readRegularFile` found.
    enum Contents: Equatable {
        case missing
        /// Something other than a regular file (a folder, a FIFO, a device, a link).
        case notRegular
        /// A file of `size` bytes, more than the limit; none of it was read.
        case tooLarge(size: Int)
        case bytes([UInt8])
        /// The file could not be opened or read; the reason says why.
        case unreadable(String)
    }

    /// Reads the regular file at `path` if it has at most `limit` bytes. It is opened without
    /// following a symbolic link and without blocking (a FIFO there would wait for a writer
    /// for ever), then checked with `fstat(2)` before a byte is read; the read stops one byte
    /// past `limit`, so a file that grows meanwhile is still bounded.
    static func readRegularFile(_ path: String, limit: Int) -> Contents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return .missing }
            return errno == ELOOP ? .notRegular : .unreadable(systemReason())
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .unreadable(systemReason()) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .notRegular }
        guard info.st_size <= limit else { return .tooLarge(size: Int(info.st_size)) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .unreadable(systemReason())
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { return .tooLarge(size: count) }
        return .bytes(Array(bytes[0..<count]))
    }

    /// Whether the folder at `path` is a mount point (so `rename(2)` cannot move it: `EBUSY`):
    /// on another device than its parent, or listed as one in `/proc/self/mountinfo` (a bind
    /// mount stays on its device).
    static func isMountPoint(_ path: String) -> Bool {
        var info = stat()
        var parentInfo = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        if stat(path + "/..", &parentInfo) == 0,
            info.st_dev != parentInfo.st_dev || info.st_ino == parentInfo.st_ino
        {
            return true
        }
        guard let resolved = realpath(path, nil) else { return false }
        let real = String(cString: resolved)
        free(resolved)
        guard case .bytes(let table) = readProcFile("/proc/self/mountinfo", limit: 16 << 20)
        else { return false }
        for line in table.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5)
            if fields.count > 4, unescapeMountField(fields[4]) == real { return true }
        }
        return false
    }

    /// A `/proc` file, read whole up to `limit` bytes (its size is reported as 0).
    private static func readProcFile(_ path: String, limit: Int) -> Contents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .unreadable(systemReason()) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= limit {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break }
            bytes += chunk[0..<got]
        }
        return .bytes(bytes)
    }

    /// A mountinfo path field with its octal escapes (`\040` for a space) decoded.
    private static func unescapeMountField(_ field: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var index = field.startIndex
        while index < field.endIndex {
            let digits = field[index...].dropFirst().prefix(3)
            if field[index] == UInt8(ascii: "\\"), digits.count == 3,
                digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) })
            {
                out.append(digits.reduce(0) { $0 &* 8 &+ ($1 - UInt8(ascii: "0")) })
                index += 4
            } else {
                out.append(field[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether process `pid` exists (`kill(pid, 0)`; EPERM means it exists).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// `renameat2(2)`'s signature; glibc exports it (2.28+) but Swift's Glibc module does not.
    private typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
    private static let renameExchange: UInt32 = 1 << 1
    /// `RENAME_NOREPLACE` from `<linux/fs.h>`.
    private static let renameNoReplace: UInt32 = 1 << 0

    private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    /// Swaps the entries at `first` and `second` in one step
    /// (`renameat2(…, RENAME_EXCHANGE)`). Returns 0, or the `errno` of the failure:
    /// `ENOSYS` when the C library lacks the call, `EINVAL` where the file system cannot.
    static func exchange(_ first: String, _ second: String) -> Int32 {
        guard let renameat2, !TestHooks.disablesExchange else { return ENOSYS }
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0 ? 0 : errno
    }

    /// Renames `source` to `destination` unless something is already there
    /// (`renameat2(…, RENAME_NOREPLACE)`, or a check and `rename(2)` where that is missing).
    /// Returns 0, or the `errno` of the failure (`EEXIST` when the name is taken).
    static func moveWithoutReplacing(_ source: String, to destination: String) -> Int32 {
        if let renameat2, !TestHooks.disablesExchange {
            if renameat2(AT_FDCWD, source, AT_FDCWD, destination, renameNoReplace) == 0 { return 0 }
            guard isUnsupported(errno) else { return errno }
        }
        guard !exists(destination) else { return EEXIST }
        return rename(source, destination) == 0 ? 0 : errno
    }

    /// Whether an `exchange` failure means "not supported here", so a fallback may be used.
    static func isUnsupported(_ code: Int32) -> Bool {
        code == ENOSYS || code == EINVAL || code == EOPNOTSUPP
    }
}

/// Whether `name` is a frame file of any format: `frame-` then digits, then an extension.
func isFrameFileName(_ name: String) -> Bool {
    guard name.hasPrefix("frame-"), let dot = name.lastIndex(of: ".") else { return false }
    let digits = name[name.index(name.startIndex, offsetBy: 6)..<dot]
    let ext = name[name.index(after: dot)...]
    return digits.count >= 4 && digits.allSatisfy { $0.isASCII && $0.isNumber }
        && ["png", "pdf", "svg"].contains(ext)
}

/// Whether `name` is one an export writes: a frame, one of the summary files, or the
/// manifest. Only such names are ever deleted, even if a manifest lists others.
func isExportOutputName(_ name: String) -> Bool {
    isFrameFileName(name)
        || [
            "samples.csv", "timeline.png", "storyboard.pdf", "animation.gif",
            ExportManifest.fileName,
        ]
        .contains(name)
}

/// Whether `name` is a temporary file that process `pid` leaves if it dies mid-write:
/// `.NAME.tmp-PID` (`AtomicFile`) or `.NAME.tmp-PID-NUMBER` (the GIF writer).
func isTemporaryName(_ name: String, pid: pid_t) -> Bool {
    guard name.hasPrefix(".") else { return false }
    let marker = ".tmp-\(pid)"
    if name.hasSuffix(marker) { return true }
    let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }.count
    return digits > 0 && name.dropLast(digits).hasSuffix(marker + "-")
}

/// `folder/name`.
func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
}

/// The last path component.
func lastComponent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}
