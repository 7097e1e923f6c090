internal import CX11
import Glibc
import SwipeDismiss

/// Runs a `FrameDriver` (a `DismissController` or a `SheetStackController`) in an X
/// window: waits in `poll()` on the connection while nothing moves (an idle window costs no
/// CPU and gives back its layer rasters), paces frames at `framesPerSecond` while something
/// does, reads the connection and the signal pipe only when `poll` says they are readable,
/// drains what Xlib queued without further I/O, and flushes once per frame.
///
/// The shape follows GLFW's X11 loop: read everything queued, act on it, then sleep on the
/// socket with a timeout that is the next frame's deadline, the replay's next event, or
/// for ever.
public final class X11EventLoop {
    /// Why `run` returned.
    public enum StopReason: Equatable, Sendable {
        /// The window's close button (WM_DELETE_WINDOW) or the window was destroyed.
        case windowClosed
        /// A signal of the loop's `signalPipe` arrived.
        case interrupted(signal: Int32)
        /// `stop()` was called or the `until` condition held.
        case stopped
        /// The connection to the X server was lost, for `reason`; the window is gone.
        case connectionLost(reason: String)
    }

    /// The window the loop serves; its close and destroy events stop the loop.
    public let window: X11Window
    /// Draws each frame into the window.
    public let renderer: X11Renderer
    /// Turns the window's X events into controller input.
    public let input: X11InputSource
    /// The time source for frame pacing and event times.
    public let clock: TimeSource
    /// The frame rate while something animates.
    public var framesPerSecond: Double {
        get { pacer.framesPerSecond }
        set { pacer.framesPerSecond = newValue }
    }
    /// When frames are due and how long to wait between them (`framesPerSecond` is its rate).
    public private(set) var pacer: FramePacer
    /// Another descriptor the loop waits on (an accessibility bridge's, say), read each turn
    /// (-1: none), and what to do when it is readable, on the loop's thread before the next
    /// frame; nil (the default) adds nothing to the loop.
    public var auxiliaryInput: (descriptor: () -> Int32, onReadable: () -> Void)?
    /// The host's own descriptors the loop also waits on (a pipe, a socket, a timerfd): when
    /// one is readable, `onHostDescriptorReadable` is called with it on the loop's thread,
    /// and `run`'s `until` is checked on the next turn, so a host command needs no X event
    /// to be seen. Empty by default. The callback must read what woke it, or the loop spins.
    public var hostDescriptors: [Int32] = [] {
        didSet { hostDescriptorsChanged = true }
    }
    /// Called with each host descriptor `poll()` found readable.
    public var onHostDescriptorReadable: ((Int32) -> Void)?
    /// Signals that end `run` as `.interrupted` (the loop waits on the pipe's read end); nil
    /// (the default) leaves signals alone. The pipe is the caller's: `X11Host` makes one when
    /// asked to stop on signals.
    public var signalPipe: X11SignalPipe? {
        didSet {
            hostDescriptorsChanged = true
            signalPipeReadable = signalPipe != nil
        }
    }
    private var hostDescriptorsChanged = false
    /// How many times the loop woke from `poll()`.
    package private(set) var wakeups = 0
    /// How many X events the loop read.
    public private(set) var eventsRead = 0
    private var stopRequested = false
    private var event = XEvent()
    private var pollDescriptors: [pollfd] = []
    /// Whether the last poll saw the connection readable (true before the first poll).
    private var connectionReadable = true
    /// Whether the last poll saw a byte in the signal pipe (true before the first poll).
    private var signalPipeReadable = true

    /// A loop for `window` and its renderer and input; `framesPerSecond` is clamped to 1…1000.
    public init(
        window: X11Window, renderer: X11Renderer, input: X11InputSource, clock: TimeSource,
        framesPerSecond: Double = 60
    ) {
        self.window = window
        self.renderer = renderer
        self.input = input
        self.clock = clock
        pacer = FramePacer(framesPerSecond: framesPerSecond)
    }

    /// Whether Xlib holds events it already read from the socket, which `runOnce` handles on
    /// its next turn: a host calling `runOnce(_:maximumWait:)` from its own `poll()` loop
    /// must not sleep while this is true (`runOnce` returns nil without waiting then).
    public var hasPendingEvents: Bool { window.display.hasPendingEvents }

    /// Makes `run` return `.stopped` after the current iteration.
    public func stop() {
        stopRequested = true
    }

    /// Maps the window and runs until it is closed, `stop()` is called, a signal of
    /// `signalPipe` arrives, the server connection is lost, or `until` (checked after every
    /// iteration) returns true.
    public func run(_ controller: some FrameDriver, until: (() -> Bool)? = nil) throws
        -> StopReason
    {
        window.map()
        controller.setNeedsDisplay()
        while true {
            if let reason = try runOnce(controller, maximumWait: nil, until: until) {
                return reason
            }
        }
    }

    /// One turn of the loop: reads the queued events, steps the controller if a frame is
    /// due, flushes, then (unless `until` now holds) waits for input, the next deadline, or
    /// at most `maximumWait` seconds. Returns a reason to stop, or nil to go on.
    public func runOnce(
        _ controller: some FrameDriver, maximumWait: Double?, until: (() -> Bool)? = nil
    ) throws -> StopReason? {
        let dpy = window.display.pointer
        // Read the socket only when poll said it is readable (or before the first poll):
        // one read, then drain what Xlib holds without further I/O.
        if connectionReadable {
            connectionReadable = false
            _ = Xlib.eventsQueuedAfterReading(dpy)
        }
        let readBefore = eventsRead
        while Xlib.eventsQueuedAlready(dpy) > 0 {
            Xlib.nextEvent(dpy, into: &event)
            eventsRead += 1
            input.handle(&event)
            window.handle(&event)
        }
        if let reason = window.display.connectionLostReason {
            return .connectionLost(reason: reason)
        }
        if window.closeRequested { return .windowClosed }
        if signalPipeReadable {
            signalPipeReadable = false
            if let signal = signalPipe?.takeSignal() { return .interrupted(signal: signal) }
        }
        if stopRequested {
            stopRequested = false
            return .stopped
        }
        if window.takeResize() {
            controller.viewportDidChange()
            controller.setNeedsDisplay()
        }
        if window.takeExposure(), !renderer.redisplayLastFrame() {
            controller.setNeedsDisplay()
        }

        var now = clock.now
        // Pointer events of a drag arrive about once a frame: a frame that comes just early
        // is drawn at once, and one too early waits for the next input (`FramePacer`).
        if pacer.frameIsDue(
            now: now, wake: controller.nextWakeTime,
            readInputWhilePressed: eventsRead > readBefore && input.isPressed)
        {
            // Nothing held: no input event will say when the server has read this frame.
            renderer.confirmsFrames = !input.isPressed
            try controller.step()
            pacer.frameDrawn(at: now)
        }
        Xlib.flush(dpy)
        if let reason = window.display.connectionLostReason {
            return .connectionLost(reason: reason)
        }
        if let until, until() { return .stopped }

        guard Xlib.eventsQueuedAlready(dpy) == 0 else { return nil }
        var timeout: Double? = nil
        if let wake = controller.nextWakeTime {
            now = clock.now
            timeout = pacer.timeout(now: now, wake: wake)
        } else if !input.isPressed {
            renderer.windowWentIdle()
        }
        if let maximumWait { timeout = min(timeout ?? maximumWait, max(0, maximumWait)) }
        // An animation running on its own (nothing held, the next frame at most a period,
        // and at most 1/60 s, away) reads input at that frame rather than as it comes: the
        // frame's completion event, or a stray motion, would otherwise wake the loop once
        // more a frame, for a change drawn at the frame anyway. A lost connection still
        // wakes it (POLLHUP).
        let watchesConnection =
            input.isPressed || (timeout ?? .infinity) > min(pacer.period, 1.0 / 60)
        // Built once (and again only if a descriptor changes): waiting allocates nothing.
        let auxiliary = auxiliaryInput?.descriptor() ?? -1
        let signalDescriptor = signalPipe?.readDescriptor ?? -1
        let base = (signalDescriptor >= 0 ? 2 : 1) + (auxiliary >= 0 ? 1 : 0)
        let wanted = base + hostDescriptors.count
        if pollDescriptors.count != wanted || hostDescriptorsChanged
            || (auxiliary >= 0 && pollDescriptors[base - 1].fd != auxiliary)
        {
            hostDescriptorsChanged = false
            pollDescriptors = [
                pollfd(fd: window.display.fileDescriptor, events: Int16(POLLIN), revents: 0)
            ]
            if signalDescriptor >= 0 {
                pollDescriptors.append(
                    pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0))
            }
            if auxiliary >= 0 {
                pollDescriptors.append(pollfd(fd: auxiliary, events: Int16(POLLIN), revents: 0))
            }
            for fd in hostDescriptors {
                pollDescriptors.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
            }
        }
        pollDescriptors[0].events = watchesConnection ? Int16(POLLIN) : 0
        Xlib.poll(&pollDescriptors, timeout: timeout)
        wakeups += 1
        connectionReadable = pollDescriptors[0].revents != 0 || !watchesConnection
        signalPipeReadable = signalDescriptor >= 0 && pollDescriptors[1].revents != 0
        if auxiliary >= 0, pollDescriptors[base - 1].revents != 0 {
            auxiliaryInput?.onReadable()
        }
        for index in base..<wanted where pollDescriptors[index].revents != 0 {
            onHostDescriptorReadable?(pollDescriptors[index].fd)
        }
        return nil
    }
}

extension Xlib {
    /// `XEventsQueued(display, QueuedAfterReading)`: reads what the socket holds, no flush.
    static func eventsQueuedAfterReading(_ display: DisplayPointer) -> Int32 {
        XEventsQueued(display, QueuedAfterReading)
    }
}
