internal import CWayland
import Glibc
import SwipeDismiss
import SwipeDismissHost

/// Runs a `FrameDriver` (a `DismissController` or a `SheetStackController`) in a Wayland
/// window.
///
/// One turn: dispatch what was read; step the controller when it wants a frame (its
/// `nextWakeTime` has come) and the last frame's callback is back; flush; then wait in
/// `poll` on the connection (the `wl_display_prepare_read` / `read_events` discipline) until
/// the compositor says something, the controller's next wake time, or for ever when idle:
/// an idle window neither wakes nor commits.
///
/// While a frame callback is outstanding the loop waits for it, but at most
/// `hiddenFramePeriod`: a compositor stops callbacks for a hidden surface, and the
/// controller must still reach the end of its animation on time (its frames are deferred,
/// not lost). A lost compositor is `StopReason.connectionLost(reason:)`, never an exit.
public final class WaylandEventLoop: HostEventLoop {
    /// Why `run` returned: the host layer's one reason, whatever the window system (a lost
    /// compositor is `.connectionLost(reason:)`).
    public typealias StopReason = HostStopReason

    /// The window served.
    public let window: WaylandWindow
    /// Draws each frame into the window.
    public let renderer: WaylandRenderer
    /// The seat's input.
    public let input: WaylandInputSource
    /// The time source for pacing.
    public let clock: TimeSource
    /// The highest frame rate while something animates (frame callbacks usually pace first).
    public var framesPerSecond: Double {
        get { pacer.pacer.framesPerSecond }
        set { pacer.pacer.framesPerSecond = newValue }
    }
    /// How long a frame callback is waited for before the controller steps anyway.
    public var hiddenFramePeriod: Double {
        get { pacer.hiddenFramePeriod }
        set { pacer.hiddenFramePeriod = newValue }
    }
    /// When frames are due: `FramePacer`'s rules in frame-callback mode (the host layer's).
    public private(set) var pacer = FrameCallbackPacer()
    /// What the loop waits on besides the Wayland connection (registered first on its
    /// `pollLoop`): the signal pipe, the auxiliary input (an accessibility bridge's
    /// `loopInput`, say) and the host's descriptors, set through `HostEventLoop`
    /// (`signalPipe`, `auxiliaryInput`, `hostDescriptors`), as on X11.
    public let sources: HostLoopSources
    /// How many times the loop woke from `poll`.
    public var wakeups: Int { sources.pollLoop.wakeups }
    private var started = false

    /// A loop for `window`, its renderer and input; `framesPerSecond` is clamped to 1…1000.
    public init(
        window: WaylandWindow, renderer: WaylandRenderer, input: WaylandInputSource,
        clock: TimeSource,
        framesPerSecond: Double = 60
    ) {
        // The connection is the first descriptor the loop's poll waits on.
        sources = HostLoopSources(connection: window.display.fileDescriptor)
        pacer = FrameCallbackPacer(framesPerSecond: framesPerSecond)
        (self.window, self.renderer, self.input, self.clock) = (window, renderer, input, clock)
    }

    /// The window's keyboard focus (the seat's) and scale now.
    public var windowState: HostWindowState {
        HostWindowState(hasKeyboardFocus: input.hasKeyboardFocus, scale: renderer.scale)
    }

    /// Runs until the window is closed, `stop()`, a signal of `signalPipe`, the compositor is
    /// lost, or `until` (checked every turn) holds.
    public func run(_ controller: some FrameDriver, until: (() -> Bool)? = nil) throws
        -> StopReason
    {
        try HostLoopSources.repeatTurns {
            try runOnce(controller, maximumWait: nil, until: until)
        }
    }

    /// One turn of the loop, waiting at most `maximumWait` seconds (nil: as long as needed).
    /// Returns a reason to stop, or nil to go on. Throws only what rendering throws.
    public func runOnce(
        _ controller: some FrameDriver, maximumWait: Double?, until: (() -> Bool)? = nil
    ) throws -> StopReason? {
        let display = window.display
        if !started {
            started = true
            controller.setNeedsDisplay()
        }
        do {
            try display.dispatchPending()
        } catch {
            return .connectionLost(reason: error.description)
        }
        sources.noteWindowState(windowState)
        if window.closeRequested { return .windowClosed }
        if let signal = sources.takeSignal() { return .interrupted(signal: signal) }
        if sources.takeStopRequest() { return .stopped }
        let scaleChanged = window.takeScaleChange()
        if window.takeResize() || scaleChanged { controller.viewportDidChange() }
        if scaleChanged || (renderer.needsFrame && !renderer.isFrameOutstanding) {
            controller.setNeedsDisplay()
        }

        var now = clock.now
        if pacer.frameIsDue(
            now: now, wake: controller.nextWakeTime,
            callbackOutstanding: renderer.isFrameOutstanding)
        {
            try controller.step()
            pacer.frameDrawn(at: now)
        }
        var writable = true
        do {
            writable = try display.flush()
        } catch {
            return .connectionLost(reason: error.description)
        }
        if let until, until() { return .stopped }

        // Wait: first make sure nothing read is still queued (prepare_read fails then).
        guard wl_display_prepare_read(display.pointer) == 0 else { return nil }
        now = clock.now
        var timeout = pacer.timeout(
            now: now, wake: controller.nextWakeTime,
            callbackOutstanding: renderer.isFrameOutstanding)
        if let maximumWait { timeout = min(timeout ?? maximumWait, max(0, maximumWait)) }
        // The table is rebuilt only when a descriptor changes: waiting allocates nothing.
        let ready = sources.wait(
            timeout: timeout, connectionInterest: writable ? .readable : [.readable, .writable])
        let seen = sources.connectionEvents
        if ready, !seen.intersection([.readable, .hangUp, .error]).isEmpty {
            if wl_display_read_events(display.pointer) < 0 {
                do { try display.check() } catch {
                    return .connectionLost(reason: error.description)
                }
                return .connectionLost(
                    reason: "reading events failed: \(String(cString: strerror(errno)))")
            }
        } else {
            wl_display_cancel_read(display.pointer)
        }
        // The others' callbacks run after the read is over, so that they may talk to the
        // compositor (or stop the loop) as any code on the loop's thread does.
        if ready { sources.dispatch() }
        return nil
    }
}

extension HostStopReason {
    /// A lost compositor, as `WaylandEventLoop` said before the host layer named it
    /// `.connectionLost(reason:)`.
    @available(*, deprecated, renamed: "connectionLost(reason:)")
    public static func compositorLost(_ message: String) -> HostStopReason {
        .connectionLost(reason: message)
    }
}
