/// Why a host's event loop returned: one reason for every window system (`X11EventLoop` and
/// `WaylandEventLoop` name it `StopReason`), with the exit status a program conventionally
/// ends with after it.
public enum HostStopReason: Equatable, Sendable {
    /// The window was closed (X's `WM_DELETE_WINDOW` or a destroyed window; Wayland's
    /// `xdg_toplevel.close`).
    case windowClosed
    /// A signal of the loop's `signalPipe` arrived.
    case interrupted(signal: Int32)
    /// `stop()` was called or the `until` condition held.
    case stopped
    /// The connection to the display server or compositor was lost, for `reason`; the window
    /// is gone.
    case connectionLost(reason: String)

    /// The exit status a program conventionally ends with after this: 0 for a closed window
    /// or a stop, 128 + the signal for a signal (as a shell reports a process it killed), 1
    /// for a lost connection.
    public var exitStatus: Int32 {
        switch self {
        case .windowClosed, .stopped: return 0
        case .interrupted(let signal): return 128 + signal
        case .connectionLost: return 1
        }
    }
}

extension HostStopReason {
    /// Runs `body` (a host's loop) and tells `onStop` how it ended, once, before returning
    /// its reason or rethrowing its error: the place where every host saves the app's work.
    public static func reporting(
        to onStop: ((Result<HostStopReason, any Error>) -> Void)?,
        _ body: () throws -> HostStopReason
    ) throws -> HostStopReason {
        let reason: HostStopReason
        do {
            reason = try body()
        } catch {
            onStop?(.failure(error))
            throw error
        }
        onStop?(.success(reason))
        return reason
    }
}
