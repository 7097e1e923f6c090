import SwipeDismiss

/// A whole program's Wayland side in one value, as `X11Host` is on X11: the connection, a
/// window at the scale asked for (or the outputs'), the app's reduced-motion wish, signals
/// that end the loop cleanly, and a hook to save the app's work however the run ends.
///
/// It does what `wayland-demo` did by hand:
/// - connects to the compositor at `displayName` (nil: `WAYLAND_DISPLAY`);
/// - when `stopsOnSignals` names signals, makes a `SignalPipe` it owns: those signals end
///   `run` with `.interrupted`, so the app can save (the default action would lose its work);
/// - opens an xdg-shell window of `size` points at `scale` (nil: the outputs' scale, which
///   the compositor may change while running);
/// - calls `onStop` once before `run` returns or throws, whatever the reason.
///
/// It never calls `exit`: `run` returns why it stopped, and `HostStopReason.exitStatus`
/// suggests a status. Wayland has no desktop setting for reduced motion that a client reads
/// without a D-Bus portal, so `applyDesktopMotion(to:)` reports the app's own wish only.
public final class WaylandHost {
    /// Why `init` failed; each case says what and where.
    public enum Failure: Error, CustomStringConvertible, Equatable, Sendable {
        /// No compositor answered, or it lacks a global the plugin needs (a usage problem:
        /// `wayland-demo` exits 2).
        case cannotConnect(WaylandError)
        /// The signal pipe could not be made.
        case cannotStopOnSignals(SignalPipe.Failure)
        /// The window could not be made (a scale that is not whole needs `wp_viewporter`:
        /// `.missingGlobal`).
        case cannotCreateWindow(WaylandError)

        /// One line for stderr.
        public var description: String {
            switch self {
            case .cannotConnect(let error), .cannotCreateWindow(let error):
                return error.description
            case .cannotStopOnSignals(let failure):
                return failure.description
            }
        }
    }

    /// Why motion is full or reduced (see `applyDesktopMotion(to:)`).
    public enum MotionSource: Equatable, Sendable {
        /// The app did not ask for reduced motion.
        case full
        /// The app's configuration asked for it.
        case reducedByApp
    }

    /// The connection, opened by the host.
    public let display: WaylandDisplay
    /// The window: `size` points (smaller when that cannot be drawn; see `window.width`).
    public let window: WaylandWindow
    /// Draws the frames into the window.
    public let renderer: WaylandRenderer
    /// The seat's input.
    public let input: WaylandInputSource
    /// The clock the loop and the input read (give the controller the same one).
    public let clock: TimeSource
    /// The loop `run` drives; register descriptors on its `pollLoop`.
    public let loop: WaylandEventLoop
    /// The signals that end `run`, when `init` was asked for any (the host owns the pipe).
    public let signalPipe: SignalPipe?
    /// Called once when `run` ends, before it returns or throws: the place to save the
    /// app's work. Its argument is why the loop stopped, or the error that ended it.
    public var onStop: ((Result<HostStopReason, any Error>) -> Void)?

    /// Connects to `displayName` (nil: `$WAYLAND_DISPLAY`) and opens a window titled `title`
    /// of `size` points at `scale` (nil: the outputs'), animating at most at
    /// `framesPerSecond`. `stopsOnSignals` (empty by default: nothing installed) are the
    /// signals that end `run` as `.interrupted`.
    public init(
        displayName: String? = nil, title: String, size: (width: Int, height: Int),
        scale: Double? = nil, framesPerSecond: Double = 60, stopsOnSignals signals: [Int32] = [],
        clock: TimeSource = MonotonicClock()
    ) throws(Failure) {
        do {
            display = try WaylandDisplay(name: displayName)
        } catch {
            throw .cannotConnect(error)
        }
        // From here on there is something to save: the signals end the loop, not the process.
        do {
            signalPipe = signals.isEmpty ? nil : try SignalPipe(signals: signals)
        } catch {
            throw .cannotStopOnSignals(error)
        }
        do {
            window = try WaylandWindow(
                display: display, title: title, width: size.width, height: size.height,
                scale: scale)
        } catch {
            throw .cannotCreateWindow(error)
        }
        self.clock = clock
        renderer = WaylandRenderer(window: window)
        input = WaylandInputSource(display: display, clock: clock)
        loop = WaylandEventLoop(
            window: window, renderer: renderer, input: input, clock: clock,
            framesPerSecond: framesPerSecond)
        loop.signalPipe = signalPipe
    }

    /// Says why motion is as it is: an app's own `reduceMotion` is kept; Wayland gives the
    /// desktop's wish to no client without a portal, so nothing is turned on here.
    @discardableResult
    public func applyDesktopMotion(to configuration: inout DismissConfiguration) -> MotionSource {
        configuration.reduceMotion ? .reducedByApp : .full
    }

    /// Runs `controller` until the window is closed, a signal of `signalPipe` arrives, the
    /// compositor is lost, `loop.stop()` is called or `until` holds; calls `onStop` first,
    /// then returns why (or throws what failed while drawing).
    public func run(_ controller: some FrameDriver, until: (() -> Bool)? = nil) throws
        -> HostStopReason
    {
        try HostStopReason.reporting(to: onStop) { try loop.run(controller, until: until) }
    }
}
