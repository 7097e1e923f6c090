#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes files appear whole or not at all: write to a temporary name in the same folder,
/// then `rename(2)` over the final name; on any failure the temporary file is removed.
public enum AtomicFile {
    /// The temporary name used for `path`: hidden, in the same folder, unique to this process.
    public static func temporaryPath(for path: String) -> String {
        let (folder, name) = split(path)
        return folder + "." + name + ".tmp-\(getpid())"
    }

    /// Throws a `CairoError` naming `folder` unless it exists and is a writable directory.
    public static func checkFolder(_ folder: String) throws(CairoError) {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw CairoError(
                operation: "stat", reason: "output folder does not exist (\(systemReason()))",
                path: folder)
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw CairoError(operation: "stat", reason: "output path is not a folder", path: folder)
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw CairoError(
                operation: "access", reason: "output folder is not writable (\(systemReason()))",
                path: folder)
        }
    }

    /// Calls `body` with a temporary path next to `path`, then renames the result to `path`.
    ///
    /// If `body` throws, or the rename fails, the temporary file is removed and the error
    /// is rethrown; `path` is left as it was.
    public static func write(to path: String, _ body: (String) throws -> Void) throws {
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
            throw CairoError(operation: "rename", reason: reason, path: path)
        }
    }

    /// Writes `bytes` to `path` whole or not at all.
    public static func write(bytes: [UInt8], to path: String) throws {
        try write(to: path) { temporary in
            guard let file = fopen(temporary, "wb") else {
                throw CairoError(operation: "fopen", reason: systemReason(), path: path)
            }
            let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            let closed = fclose(file)
            guard written == bytes.count, closed == 0 else {
                throw CairoError(operation: "fwrite", reason: systemReason(), path: path)
            }
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
