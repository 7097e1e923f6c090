import Glibc
import Synchronization

/// Signals that end an `X11EventLoop` run (`.interrupted`) so the program can save its work
/// and exit: a self-pipe owned by whoever makes it (`X11Host` makes one when asked).
///
/// Making one installs a handler for each of `signals` that only writes the signal's number,
/// one byte, to the pipe (async-signal-safe); a loop whose `signalPipe` this is waits on the
/// read end and returns `.interrupted(signal:)`. Releasing it puts the signals' previous
/// actions back and closes the pipe. One may be active at a time in a process, as a signal
/// has one action.
public final class X11SignalPipe {
    /// The signals that end the loop, such as `SIGINT`, `SIGTERM` and `SIGHUP`.
    public let signals: [Int32]
    /// The end the loop polls (non-blocking, close-on-exec).
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    /// What each signal did before, put back in `deinit`.
    private var previousActions: [(signal: Int32, action: sigaction)] = []

    /// The write end the handler writes to: the one slot a signal handler can reach.
    ///
    /// Unavoidable: a `sigaction` handler receives only the signal number (no context pointer
    /// to an instance), and may touch nothing but async-signal-safe state, so the descriptor
    /// it writes to must sit where a C function pointer can find it: here, one lock-free atomic
    /// `Int32` (-1 while no pipe is active), set and cleared by the pipe that owns it. Nothing
    /// else about the pipe is process-wide.
    private static let activeWriteDescriptor = Atomic<Int32>(-1)

    /// Opens the pipe and makes each of `signals` write to it. Throws when the pipe cannot be
    /// made, a signal number is invalid, or another `X11SignalPipe` is active.
    public init(signals: [Int32]) throws(X11Error) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw X11Error.cannotCreate("signal pipe (\(String(cString: strerror(errno))))")
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
        self.signals = signals
        guard
            Self.activeWriteDescriptor.compareExchange(
                expected: -1, desired: fds[1], ordering: .sequentiallyConsistent
            ).exchanged
        else {
            close(fds[0])
            close(fds[1])
            throw X11Error.cannotCreate("signal pipe: another X11SignalPipe is active")
        }
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(X11SignalPipe.activeWriteDescriptor.load(ordering: .relaxed), &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var previous = sigaction()
            guard sigaction(number, &action, &previous) == 0 else {
                restoreAndClose()
                throw X11Error.cannotCreate("handler for signal \(number) (invalid signal)")
            }
            previousActions.append((number, previous))
        }
    }

    deinit {
        restoreAndClose()
    }

    /// Puts the previous actions back, frees the slot and closes the pipe.
    private func restoreAndClose() {
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
        var received: Int32? = nil
        while read(readDescriptor, &byte, 1) == 1 { received = Int32(byte) }
        return received
    }
}
