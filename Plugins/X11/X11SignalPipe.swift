// Apps that import the plugin see the host layer (SignalPipe, HostStopReason, PollLoop).
@_exported import SwipeDismissHost

/// Signals that end an `X11EventLoop` run (`.interrupted`) so the program can save its work
/// and exit: a self-pipe owned by whoever makes it (`X11Host` makes one when asked).
///
/// The same type as the Wayland plugin's `WaylandSignalPipe`: one pipe may serve both loops,
/// and one may be active at a time in a process, whichever plugin's name made it (a signal
/// has one action). Making one installs a handler for each of `signals` that only writes the
/// signal's number to the pipe; releasing it puts the previous actions back. `init` throws
/// `SignalPipe.Failure` (`X11Host` reports it as `X11Host.Failure.cannotCreate`).
@available(*, deprecated, renamed: "SignalPipe")
public typealias X11SignalPipe = SignalPipe
