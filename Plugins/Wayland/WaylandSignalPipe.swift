import Glibc
import Synchronization

/// Signals that end a `WaylandEventLoop` run (`.interrupted`) so the program can save its work
/// and exit: a self-pipe owned by whoever makes it and hands it to the loop's `signalPipe`.
/// A library installs nothing process-wide unasked: no pipe, no handler until one is made.
///
/// Making one installs a handler for each of `signals` that only writes the signal's number,
/// one byte, to the pipe (async-signal-safe); a loop whose `signalPipe` this is waits on the
/// read end and returns `.interrupted(signal:)`. Releasing it puts the signals' previous
/// actions back and closes the pipe. One may be active at a time in a process, as a signal
/// has one action.
public final class WaylandSignalPipe {
    /// The signals that end the loop, such as `SIGINT`, `SIGTERM` and `SIGHUP`.
    public let signals: [Int32]
    /// The end the loop polls (non-blocking, close-on-exec).
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    /// What each signal did before, put back in `deinit`.
    private var previousActions: [(signal: Int32, action: sigaction)] = []

    /// The write end the handler writes to, -1 while no pipe is active: a `sigaction` handler
    /// gets only the signal number, no pointer to an instance, so the one thing it reaches
    /// sits where a C function pointer can find it (a lock-free atomic, set and cleared by
    /// the pipe that owns it). Nothing else about the pipe is process-wide.
    private static let activeWriteDescriptor = Atomic<Int32>(-1)

    /// Opens the pipe and makes each of `signals` write to it. Throws when the pipe cannot be
    /// made, a signal number is invalid, or another `WaylandSignalPipe` is active.
    public init(signals: [Int32]) throws(WaylandError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw .signalsFailed("pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (readDescriptor, writeDescriptor) = (ends[0], ends[1])
        self.signals = signals
        let claimed = Self.activeWriteDescriptor.compareExchange(
            expected: -1, desired: writeDescriptor, ordering: .sequentiallyConsistent
        ).exchanged
        guard claimed else {
            close(readDescriptor)
            close(writeDescriptor)
            throw .signalsFailed("another WaylandSignalPipe is active")
        }
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                let end = WaylandSignalPipe.activeWriteDescriptor.load(ordering: .relaxed)
                _ = write(end, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            var previous = sigaction()
            guard sigaction(number, &action, &previous) == 0 else {
                release()
                throw .signalsFailed("signal \(number) cannot be caught")
            }
            previousActions.append((number, previous))
        }
    }

    deinit {
        release()
    }

    /// Puts the previous actions back, frees the handler's slot and closes the pipe.
    private func release() {
        for (number, var action) in previousActions.reversed() {
            sigaction(number, &action, nil)
        }
        previousActions = []
        _ = Self.activeWriteDescriptor.compareExchange(
            expected: writeDescriptor, desired: -1, ordering: .sequentiallyConsistent)
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// The last signal that arrived since the previous call, emptying the pipe; nil if none.
    public func takeSignal() -> Int32? {
        var byte: UInt8 = 0
        var received: Int32?
        while read(readDescriptor, &byte, 1) == 1 { received = Int32(byte) }
        return received
    }
}
