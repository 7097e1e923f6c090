import Glibc

/// CPU time of other processes, from `/proc/<pid>/task/*/schedstat` (nanoseconds on CPU),
/// so the X11 rows can show what the X server spent next to what we spent.
enum ProcessCPU {
    /// Nanoseconds `pid` has run, summed over its threads; nil if it cannot be read.
    static func nanoseconds(of pid: Int32) -> UInt64? {
        guard let folder = opendir("/proc/\(pid)/task") else { return nil }
        defer { closedir(folder) }
        var total: UInt64 = 0
        var found = false
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let first = name.first, first.isNumber else { continue }
            if let line = readFirstLine("/proc/\(pid)/task/\(name)/schedstat"),
                let field = line.split(separator: " ").first, let value = UInt64(field)
            {
                total += value
                found = true
            }
        }
        return found ? total : nil
    }

    /// The pid of the X server serving `displayName` (`:99`): a local process named Xvfb,
    /// Xorg or X whose arguments name that display; nil if none is found (a remote server).
    static func xServerPID(displayName: String) -> Int32? {
        guard let colon = displayName.lastIndex(of: ":"),
            displayName[..<colon].isEmpty || displayName[..<colon] == "unix"
        else { return nil }
        let number = displayName[displayName.index(after: colon)...].prefix { $0 != "." }
        guard let proc = opendir("/proc") else { return nil }
        defer { closedir(proc) }
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name), let arguments = commandLine(of: pid),
                let program = arguments.first?.split(separator: "/").last,
                ["Xvfb", "Xorg", "X"].contains(String(program))
            else { continue }
            if arguments.dropFirst().contains(":\(number)") { return pid }
        }
        return nil
    }

    private static func commandLine(of pid: Int32) -> [String]? {
        guard let bytes = readBytes("/proc/\(pid)/cmdline") else { return nil }
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func readFirstLine(_ path: String) -> String? {
        guard let bytes = readBytes(path) else { return nil }
        return String(decoding: bytes.prefix { $0 != 10 }, as: UTF8.self)
    }

    private static func readBytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            result += buffer[0..<count]
        }
        return result
    }
}
