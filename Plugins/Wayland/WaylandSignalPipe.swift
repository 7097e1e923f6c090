// Apps that import the plugin see the host layer (SignalPipe, HostStopReason, PollLoop).
@_exported import SwipeDismissHost

/// Signals that end a `WaylandEventLoop` run (`.interrupted`) so the program can save its work
/// and exit: a self-pipe owned by whoever makes it and hands it to the loop's `signalPipe`.
/// A library installs nothing process-wide unasked: no pipe, no handler until one is made.
///
/// The same type as the X11 plugin's `X11SignalPipe`: one pipe may serve both loops, and one
/// may be active at a time in a process, whichever plugin's name made it (a signal has one
/// action). Making one installs a handler for each of `signals` that only writes the signal's
/// number to the pipe; releasing it puts the previous actions back. `init` throws
/// `SignalPipe.Failure`; `WaylandError(_:)` makes it a `WaylandError.signalsFailed`.
@available(*, deprecated, renamed: "SignalPipe")
public typealias WaylandSignalPipe = SignalPipe

extension WaylandError {
    /// `failure` as the plugin's error: `.signalsFailed`, with the same words.
    public init(_ failure: SignalPipe.Failure) {
        self = .signalsFailed(failure.reason)
    }
}
