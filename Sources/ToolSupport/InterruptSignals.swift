import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The first interrupting signal received; 0 until then. Written only by the handler.
private let caughtSignal = Atomic<Int32>(0)

/// Catches SIGINT, SIGTERM and SIGHUP so a tool can stop between two steps, clean up and
/// exit with status 128 + the signal.
///
/// The handler only stores the signal number in an atomic (async-signal-safe); the tool
/// polls `pending` where stopping is safe. `SA_RESTART` keeps system calls in progress
/// (such as cairo writing a file) from failing with `EINTR`.
public enum InterruptSignals {
    /// The signals a tool cleans up after.
    public static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handler for `handled` (through `sigaction(2)`).
    public static func install() {
        // The global is initialised lazily; do it here, never first in the handler.
        _ = caughtSignal.load(ordering: .relaxed)
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { signal in
                _ = caughtSignal.compareExchange(
                    expected: 0, desired: signal, ordering: .relaxed)
            }
        #else
            action.__sigaction_u.__sa_handler = { signal in
                _ = caughtSignal.compareExchange(
                    expected: 0, desired: signal, ordering: .relaxed)
            }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for signal in handled { sigaction(signal, &action, nil) }
    }

    /// The first signal caught since `install()`, or nil.
    public static var pending: Int32? {
        let signal = caughtSignal.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// The conventional exit status after `signal`: 128 + its number.
    public static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }
}
