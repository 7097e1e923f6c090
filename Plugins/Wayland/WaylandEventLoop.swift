internal import CWayland
import Glibc
import SwipeDismiss

/// Runs a `DismissController` in a Wayland window.
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
/// not lost). A lost compositor is `StopReason.compositorLost`, never an exit.
public final class WaylandEventLoop {
    /// Why `run` returned.
    public enum StopReason: Equatable, Sendable {
        /// The compositor asked the window to close (`xdg_toplevel.close`).
        case windowClosed
        /// A signal given to `stopOnSignals` arrived.
        case interrupted(signal: Int32)
        /// `stop()` was called or the `until` condition held.
        case stopped
        /// The connection broke; the message says how.
        case compositorLost(String)
    }

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
        didSet { framesPerSecond = max(1, min(framesPerSecond, 1000)) }
    }
    /// How long a frame callback is waited for before the controller steps anyway.
    public var hiddenFramePeriod = 0.1
    /// How many times the loop woke from `poll`.
    public private(set) var wakeups = 0
    private var lastStepTime = -Double.infinity
    private var stopRequested = false
    private var descriptors: [pollfd] = []
    private var started = false

    /// A loop for `window`, its renderer and input; `framesPerSecond` is clamped to 1…1000.
    public init(
        window: WaylandWindow, renderer: WaylandRenderer, input: WaylandInputSource,
        clock: TimeSource,
        framesPerSecond: Double = 60
    ) {
        self.window = window
        self.renderer = renderer
        self.input = input
        self.clock = clock
        self.framesPerSecond = max(1, min(framesPerSecond, 1000))
    }

    /// Makes `run` return `.stopped` after the current turn.
    public func stop() { stopRequested = true }

    /// Runs until the window is closed, `stop()`, a signal from `stopOnSignals`, the
    /// compositor is lost, or `until` (checked every turn) holds.
    public func run(_ controller: DismissController, until: (() -> Bool)? = nil) throws
        -> StopReason
    {
        while true {
            if let reason = try runOnce(controller, maximumWait: nil, until: until) {
                return reason
            }
        }
    }

    /// One turn of the loop, waiting at most `maximumWait` seconds (nil: as long as needed).
    /// Returns a reason to stop, or nil to go on. Throws only what rendering throws.
    public func runOnce(
        _ controller: DismissController, maximumWait: Double?, until: (() -> Bool)? = nil
    ) throws -> StopReason? {
        let display = window.display
        if !started {
            started = true
            controller.setNeedsDisplay()
        }
        do {
            try display.dispatchPending()
        } catch {
            return .compositorLost(error.description)
        }
        if window.closeRequested { return .windowClosed }
        if let signal = WaylandSignals.take() { return .interrupted(signal: signal) }
        if stopRequested {
            stopRequested = false
            return .stopped
        }
        let scaleChanged = window.takeScaleChange()
        if window.takeResize() || scaleChanged { controller.viewportDidChange() }
        if scaleChanged || (renderer.needsFrame && !renderer.isFrameOutstanding) {
            controller.setNeedsDisplay()
        }

        let period = 1 / framesPerSecond
        var now = clock.now
        if let wake = controller.nextWakeTime, wake <= now, now >= lastStepTime + period * 0.75,
            !renderer.isFrameOutstanding || now >= lastStepTime + hiddenFramePeriod
        {
            try controller.step()
            lastStepTime = now
        }
        var writable = true
        do {
            writable = try display.flush()
        } catch {
            return .compositorLost(error.description)
        }
        if let until, until() { return .stopped }

        // Wait: first make sure nothing read is still queued (prepare_read fails then).
        guard wl_display_prepare_read(display.pointer) == 0 else { return nil }
        var timeout: Double?
        if let wake = controller.nextWakeTime {
            now = clock.now
            let slot =
                renderer.isFrameOutstanding
                ? lastStepTime + hiddenFramePeriod : lastStepTime + period * 0.75
            timeout = max(0, max(wake, slot) - now)
        }
        if let maximumWait { timeout = min(timeout ?? maximumWait, max(0, maximumWait)) }
        let signalPipe = WaylandSignals.readDescriptor
        let wanted = signalPipe >= 0 ? 2 : 1
        if descriptors.count != wanted {
            descriptors = [pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            if wanted == 2 {
                descriptors.append(pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0))
            }
        }
        descriptors[0].events = Int16(POLLIN) | (writable ? 0 : Int16(POLLOUT))
        let milliseconds = timeout.map { Int32(min(($0 * 1000).rounded(.up), 1e9)) } ?? -1
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        wakeups += 1
        if ready > 0, descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            if wl_display_read_events(display.pointer) < 0 {
                do { try display.check() } catch { return .compositorLost(error.description) }
                return .compositorLost("reading events failed: \(String(cString: strerror(errno)))")
            }
        } else {
            wl_display_cancel_read(display.pointer)
        }
        return nil
    }

    /// Makes `run` return `.interrupted` when one of `signals` arrives (SIGINT, SIGTERM,
    /// SIGHUP), so the caller can save its work. Process-wide, so only when asked: the
    /// handler writes one byte to a pipe the loop polls (async-signal-safe).
    public static func stopOnSignals(_ signals: [Int32]) {
        WaylandSignals.install(signals)
    }
}

/// The self-pipe behind `WaylandEventLoop.stopOnSignals`.
enum WaylandSignals {
    nonisolated(unsafe) private static var pipeEnds: (read: Int32, write: Int32) = (-1, -1)

    static var readDescriptor: Int32 { pipeEnds.read }

    static func install(_ signals: [Int32]) {
        if pipeEnds.read < 0 {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { return }
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            pipeEnds = (fds[0], fds[1])
        }
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(WaylandSignals.pipeEnds.write, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }

    static func take() -> Int32? {
        guard pipeEnds.read >= 0 else { return nil }
        var byte: UInt8 = 0
        var received: Int32?
        while read(pipeEnds.read, &byte, 1) == 1 { received = Int32(byte) }
        return received
    }
}
