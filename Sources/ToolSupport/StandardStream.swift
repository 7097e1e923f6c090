import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serialises every write to the standard streams, so two threads' lines never interleave.
private let writeLock = Mutex(())

/// `write(2)`, named apart from `StandardStream.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// The process's standard output or standard error, for the tools' messages.
///
/// Text goes straight to the file descriptor with `write(2)` under one lock: no C `FILE`
/// buffer (whose `stdout`/`stderr` globals are shared mutable state that Swift 6 refuses),
/// so a line is out when `write` returns, and a line is never split by another thread's.
public struct StandardStream: Sendable {
    /// Standard output, file descriptor 1.
    public static let output = StandardStream(descriptor: 1)
    /// Standard error, file descriptor 2.
    public static let error = StandardStream(descriptor: 2)

    /// The file descriptor written to.
    public let descriptor: Int32

    /// A stream writing to `descriptor`, which stays the caller's to close.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes all of `text`; returns false if the stream refused it (a closed pipe, say).
    ///
    /// A write cut short is continued, and one interrupted by a signal (`EINTR`) is retried.
    @discardableResult
    public func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        return writeLock.withLock { _ in
            bytes.withUnsafeMutableBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = systemWrite(
                        descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0 && errno == EINTR {
                        continue
                    } else {
                        return false
                    }
                }
                return true
            }
        }
    }

    /// Writes `line` and a newline; returns false if the stream refused it.
    @discardableResult
    public func writeLine(_ line: String) -> Bool {
        write(line + "\n")
    }
}
