import Glibc
import Synchronization

/// Signals that end an event loop's run (`.interrupted`) so the program can save its work and
/// exit: a self-pipe owned by whoever makes it and hands it to a loop's `signalPipe`.
///
/// The X11 and Wayland plugins call it `X11SignalPipe` and `WaylandSignalPipe`; both names are
/// this one type, so one pipe may serve a program that runs both loops, and the process has
/// one slot for the active pipe, whichever name made it. A library installs nothing
/// process-wide unasked: no pipe, no handler until one is made.
///
/// Making one installs a handler for each of `signals` that only writes the signal's number,
/// one byte, to the pipe (async-signal-safe); a loop whose `signalPipe` this is waits on the
/// read end and returns `.interrupted(signal:)`. Releasing it puts the signals' previous
/// actions back and closes the pipe. One may be active at a time in a process, as a signal
/// has one action: making a second while one is active throws `Failure.anotherPipeActive`,
/// naming the signals of the one that is.
public final class SignalPipe {
    /// The signals that end the loop, such as `SIGINT`, `SIGTERM` and `SIGHUP`.
    public let signals: [Int32]
    /// The end the loop polls (non-blocking, close-on-exec).
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    /// What each signal did before, put back in `deinit`, last installed first.
    private let previousActions: [(signal: Int32, action: sigaction)]

    /// The write end the handler writes to, -1 while no pipe is active.
    ///
    /// Unavoidable: a `sigaction` handler receives only the signal number (no context pointer
    /// to an instance) and may touch nothing but async-signal-safe state, so the descriptor it
    /// writes to must sit where a C function pointer can find it: one lock-free atomic, set
    /// and cleared by the pipe that owns it.
    private static let activeWriteDescriptor = Atomic<Int32>(-1)
    /// The active pipe's signals (nil: none active), for the error a second pipe gets; the
    /// lock also makes claiming and freeing the slot one step.
    private static let activeSignals = Mutex<[Int32]?>(nil)

    /// Opens the pipe and makes each of `signals` write to it. Throws when the pipe cannot be
    /// made, a signal cannot be caught (`SIGKILL`, `SIGSTOP`, not a signal number: what was
    /// installed before it is put back), or another `SignalPipe` is active.
    public init(signals: [Int32]) throws(Failure) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw .pipeFailed(String(cString: strerror(errno)))
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // Claimed before any handler is installed: the handler reads the slot, and touching
        // the lazily made statics here means the handler is never the first to.
        if let active = Self.claim(writeEnd, for: signals) {
            close(readEnd)
            close(writeEnd)
            throw .anotherPipeActive(signals: active)
        }
        var previous: [(signal: Int32, action: sigaction)] = []
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalPipe.activeWriteDescriptor.load(ordering: .relaxed), &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var before = sigaction()
            guard sigaction(number, &action, &before) == 0 else {
                Self.release(previous, readEnd, writeEnd)
                throw .cannotCatch(signal: number)
            }
            previous.append((number, before))
        }
        // Nothing throws past this point: what `init` claimed, only `deinit` releases.
        self.signals = signals
        (readDescriptor, writeDescriptor) = (readEnd, writeEnd)
        previousActions = previous
    }

    deinit {
        Self.release(previousActions, readDescriptor, writeDescriptor)
    }

    /// The last signal that arrived since the previous call, emptying the pipe; nil if none.
    public func takeSignal() -> Int32? {
        var byte: UInt8 = 0
        var received: Int32?
        while read(readDescriptor, &byte, 1) == 1 { received = Int32(byte) }
        return received
    }

    /// Makes `writeEnd` the handlers' descriptor unless a pipe is active; returns the active
    /// pipe's signals when one is (nothing claimed then).
    private static func claim(_ writeEnd: Int32, for signals: [Int32]) -> [Int32]? {
        activeSignals.withLock { active in
            if let active { return active }
            active = signals
            activeWriteDescriptor.store(writeEnd, ordering: .sequentiallyConsistent)
            return nil
        }
    }

    /// Puts `previous` actions back (last installed first), frees the slot `writeEnd` holds
    /// and closes both ends.
    private static func release(
        _ previous: [(signal: Int32, action: sigaction)], _ readEnd: Int32, _ writeEnd: Int32
    ) {
        for (number, var action) in previous.reversed() {
            sigaction(number, &action, nil)
        }
        activeSignals.withLock { active in
            if activeWriteDescriptor.load(ordering: .sequentiallyConsistent) == writeEnd {
                activeWriteDescriptor.store(-1, ordering: .sequentiallyConsistent)
                active = nil
            }
        }
        close(readEnd)
        close(writeEnd)
    }
}
