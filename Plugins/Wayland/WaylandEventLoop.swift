internal import CWayland
import Glibc
import SwipeDismiss

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
/// not lost). A lost compositor is `StopReason.compositorLost`, never an exit.
public final class WaylandEventLoop {
    /// Why `run` returned.
    public enum StopReason: Equatable, Sendable {
        /// The compositor asked the window to close (`xdg_toplevel.close`).
        case windowClosed
        /// A signal of the loop's `signalPipe` arrived.
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
    /// Signals that end `run` as `.interrupted` (the loop waits on the pipe's read end); nil
    /// (the default) leaves signals alone. The pipe is the caller's, made when it asks.
    public var signalPipe: WaylandSignalPipe? {
        didSet {
            descriptors = []
            signalPipeReadable = signalPipe != nil
        }
    }
    /// Another descriptor the loop waits on (an accessibility bridge's `loopInput`, say),
    /// read each turn (-1: none), and what to do when it is readable, on the loop's thread
    /// before the next frame; nil (the default) adds nothing. The same slot as
    /// `X11EventLoop.auxiliaryInput`.
    public var auxiliaryInput: (descriptor: () -> Int32, onReadable: () -> Void)?
    /// The host's own descriptors the loop also waits on (a pipe, a socket, a timerfd): when
    /// one is readable (or hung up), `onHostDescriptorReadable` is called with it on the
    /// loop's thread, and `run`'s `until` is checked on the next turn, so an app's command
    /// needs no polling and no Wayland event to be seen. Empty by default; negative entries
    /// are ignored, and one the kernel says is not open (`POLLNVAL`) is dropped from the list.
    /// The callback must read what woke it, or the loop spins.
    public var hostDescriptors: [Int32] = [] {
        didSet { descriptors = [] }
    }
    /// Called with each host descriptor `poll` found readable.
    public var onHostDescriptorReadable: ((Int32) -> Void)?
    /// How many times the loop woke from `poll`.
    public private(set) var wakeups = 0
    private var lastStepTime = -Double.infinity
    private var stopRequested = false
    private var descriptors: [pollfd] = []
    /// The auxiliary input's descriptor when `descriptors` was built (-1: none).
    private var auxiliaryDescriptor: Int32 = -1
    private var started = false
    /// Whether the last poll saw a byte in the signal pipe (true before the first poll).
    private var signalPipeReadable = false

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

    /// Runs until the window is closed, `stop()`, a signal of `signalPipe`, the compositor is
    /// lost, or `until` (checked every turn) holds.
    public func run(_ controller: some FrameDriver, until: (() -> Bool)? = nil) throws
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
            return .compositorLost(error.description)
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
        // Built once (and again only when a descriptor changes): waiting allocates nothing.
        // Order: the connection, the signal pipe, the auxiliary input, the host's.
        let auxiliary = auxiliaryInput?.descriptor() ?? -1
        let signalSlot = signalPipe != nil ? 1 : 0
        let auxiliarySlot = auxiliary >= 0 ? 1 + signalSlot : 0
        let hostStart = 1 + signalSlot + (auxiliary >= 0 ? 1 : 0)
        if descriptors.isEmpty || (auxiliary >= 0) != (auxiliaryDescriptor >= 0)
            || (auxiliary >= 0 && descriptors[auxiliarySlot].fd != auxiliary)
        {
            rebuildDescriptors(auxiliary: auxiliary)
        }
        descriptors[0].events = Int16(POLLIN) | (writable ? 0 : Int16(POLLOUT))
        let milliseconds = timeout.map { Int32(min(($0 * 1000).rounded(.up), 1e9)) } ?? -1
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        wakeups += 1
        signalPipeReadable = signalSlot == 1 && descriptors[1].revents != 0
        if ready > 0, descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            if wl_display_read_events(display.pointer) < 0 {
                do { try display.check() } catch { return .compositorLost(error.description) }
                return .compositorLost("reading events failed: \(String(cString: strerror(errno)))")
            }
        } else {
            wl_display_cancel_read(display.pointer)
        }
        // The others' callbacks run after the read is over, so that they may talk to the
        // compositor (or stop the loop) as any code on the loop's thread does.
        guard ready > 0 else { return nil }
        if auxiliarySlot > 0, descriptors[auxiliarySlot].revents != 0 {
            auxiliaryInput?.onReadable()
        }
        // A callback may change `hostDescriptors` (which empties `descriptors`): checked
        // each time round.
        var index = hostStart
        var closed: [Int32] = []
        while index < descriptors.count {
            let entry = descriptors[index]
            index += 1
            guard entry.revents != 0 else { continue }
            if entry.revents & Int16(POLLNVAL) != 0 {
                closed.append(entry.fd)
            } else {
                onHostDescriptorReadable?(entry.fd)
            }
        }
        // A descriptor closed under the loop would wake every poll at once: it is dropped.
        if !closed.isEmpty { hostDescriptors.removeAll { closed.contains($0) } }
        return nil
    }

    /// The descriptors `poll` waits on: the connection, the signal pipe's read end, the
    /// auxiliary input's `auxiliary` (if not -1) and the host's (those not negative).
    private func rebuildDescriptors(auxiliary: Int32) {
        descriptors = [pollfd(fd: window.display.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        if let signalPipe {
            descriptors.append(
                pollfd(fd: signalPipe.readDescriptor, events: Int16(POLLIN), revents: 0))
        }
        if auxiliary >= 0 {
            descriptors.append(pollfd(fd: auxiliary, events: Int16(POLLIN), revents: 0))
        }
        auxiliaryDescriptor = auxiliary
        for fd in hostDescriptors where fd >= 0 {
            descriptors.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
        }
    }
}
