#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hooks that let the tests stop the built tool at a chosen point, to signal or kill it
/// there. Read from the environment; unset in normal use.
///
/// - `CAIRO_EXPORT_TEST_PAUSE=frames:N` waits after the Nth frame is written;
///   `locked` once the lock is held and dead runs' folders are swept; `before-swap` once
///   the staging folder is complete; `aside` (fallback only) once the old folder is moved
///   aside and before the new one takes its name; `after-swap` once the new export is in
///   place and before the old one is cleared; `manifest-removed` once the old folder's own
///   files and then its manifest are deleted (the user's files already moved).
///   The tool says `test pause at POINT` on stderr, then waits for a signal (60 s at most).
/// - `CAIRO_EXPORT_TEST_NO_EXCHANGE=1` acts as if `renameat2` were missing, to exercise
///   the rename-aside fallback.
enum TestHooks {
    static let pauseVariable = "CAIRO_EXPORT_TEST_PAUSE"
    static let noExchangeVariable = "CAIRO_EXPORT_TEST_NO_EXCHANGE"
    /// The longest a pause waits for a signal.
    static let pauseLimit: Duration = .seconds(60)

    /// Whether the fallback for a missing `renameat2` is forced.
    static var disablesExchange: Bool { getenv(noExchangeVariable) != nil }

    /// Whether the environment asks for a pause at `point`.
    static func pauses(at point: String) -> Bool {
        guard let value = getenv(pauseVariable) else { return false }
        return String(cString: value) == point
    }

    /// If asked for, announces `point` through `log` and waits until `interrupted` reports
    /// a signal or the limit passes.
    static func pauseIfAsked(
        at point: String, log: (String) -> Void, interrupted: () -> Int32?
    ) {
        guard pauses(at: point) else { return }
        log("cairo-export: test pause at \(point)\n")
        let deadline = ContinuousClock.now + pauseLimit
        var interval = timespec(tv_sec: 0, tv_nsec: 5_000_000)
        while interrupted() == nil, ContinuousClock.now < deadline {
            nanosleep(&interval, nil)
        }
    }
}
