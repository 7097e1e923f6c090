// The signal pipe is the host layer's (one type, `SignalPipe`, for every window system); it
// stays in its own libc-only target so its tests need no host.
@_exported import SwipeDismissSignals
