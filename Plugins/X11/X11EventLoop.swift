internal import CX11
import Glibc
import SwipeDismiss
import SwipeDismissHost

/// Runs a `FrameDriver` (a `DismissController` or a `SheetStackController`) in an X
/// window: waits in `poll()` on the connection while nothing moves (an idle window costs no
/// CPU and gives back its layer rasters), paces frames at `framesPerSecond` while something
/// does, reads the connection and the signal pipe only when `poll` says they are readable,
/// drains what Xlib queued without further I/O, and flushes once per frame.
///
/// The shape follows GLFW's X11 loop: read everything queued, act on it, then sleep on the
/// socket with a timeout that is the next frame's deadline, the replay's next event, or
/// for ever.
public final class X11EventLoop: HostEventLoop {
    /// Why `run` returned: the host layer's one reason, whatever the window system.
    public typealias StopReason = HostStopReason

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
    /// What the loop waits on besides the X connection (registered first on its `pollLoop`):
    /// the signal pipe, the auxiliary input and the host's descriptors, set through
    /// `HostEventLoop` (`signalPipe`, `auxiliaryInput`, `hostDescriptors`).
    public let sources: HostLoopSources
    /// How many times the loop woke from `poll()`.
    package var wakeups: Int { sources.pollLoop.wakeups }
    /// How many X events the loop read.
    public private(set) var eventsRead = 0
    private var event = XEvent()
    /// Whether the last poll saw the connection readable (true before the first poll).
    private var connectionReadable = true

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
        sources = HostLoopSources(connection: window.display.fileDescriptor)
    }

    /// The window's keyboard focus and scale now.
    public var windowState: HostWindowState {
        HostWindowState(hasKeyboardFocus: window.hasFocus, scale: renderer.scale)
    }

    /// Whether Xlib holds events it already read from the socket, which `runOnce` handles on
    /// its next turn: a host calling `runOnce(_:maximumWait:)` from its own `poll()` loop
    /// must not sleep while this is true (`runOnce` returns nil without waiting then).
    public var hasPendingEvents: Bool { window.display.hasPendingEvents }

    /// Maps the window and runs until it is closed, `stop()` is called, a signal of
    /// `signalPipe` arrives, the server connection is lost, or `until` (checked after every
    /// iteration) returns true.
    public func run(_ controller: some FrameDriver, until: (() -> Bool)? = nil) throws
        -> StopReason
    {
        window.map()
        controller.setNeedsDisplay()
        return try HostLoopSources.repeatTurns {
            try runOnce(controller, maximumWait: nil, until: until)
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
        sources.noteWindowState(windowState)
        if window.closeRequested { return .windowClosed }
        if let signal = sources.takeSignal() { return .interrupted(signal: signal) }
        if sources.takeStopRequest() { return .stopped }
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
        // The table is rebuilt only when a descriptor changes: waiting allocates nothing.
        _ = sources.wait(timeout: timeout, connectionInterest: watchesConnection ? .readable : [])
        connectionReadable = !sources.connectionEvents.isEmpty || !watchesConnection
        sources.dispatch()
        return nil
    }
}

extension Xlib {
    /// `XEventsQueued(display, QueuedAfterReading)`: reads what the socket holds, no flush.
    static func eventsQueuedAfterReading(_ display: DisplayPointer) -> Int32 {
        XEventsQueued(display, QueuedAfterReading)
    }
}
