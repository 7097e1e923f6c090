import Glibc
import SwipeDismiss
import SwipeDismissHost

/// A whole program's X11 side in one value: the connection, a window at the scale the desktop
/// asks for, the desktop's reduced-motion wish, signals that end the loop cleanly, and a hook
/// to save the app's work however the run ends.
///
/// It does what a program that leaves X11 to the plugin does by hand (`x11-demo` is one):
/// - opens the display, installing Xlib's I/O error handler (which notes a lost connection
///   and returns, printing nothing) so a lost server comes back from `run` as
///   `.connectionLost` instead of ending the process; Xlib's protocol error handler (log and
///   go on) only when `logsProtocolErrors` asks for it;
/// - takes the scale from `Xft.dpi` unless one is given, and opens a window of `size` points
///   at that scale;
/// - reads the desktop's XSETTINGS once (`applyDesktopMotion(to:)` turns reduced motion on
///   when they turn animations off);
/// - when `stopsOnSignals` names signals, makes an `SignalPipe` it owns: those signals end
///   `run` with `.interrupted`, so the app can save (the default action would lose its work);
/// - calls `onStop` once before `run` returns or throws, whatever the reason.
///
/// It never calls `exit`: `run` returns why it stopped, and
/// `HostStopReason.exitStatus` suggests a status.
public final class X11Host {
    /// Where the scale came from.
    public enum ScaleSource: Equatable, Sendable {
        /// Given to `init`.
        case requested
        /// The desktop's `Xft.dpi` resource, with its value.
        case xftDPI(Double)
        /// No usable `Xft.dpi`: scale 1.
        case noXftDPI
    }

    /// Why motion is full or reduced (see `applyDesktopMotion(to:)`).
    public enum MotionSource: Equatable, Sendable {
        /// Neither the app nor the desktop asked for reduced motion.
        case full
        /// The app's configuration asked for it.
        case reducedByApp
        /// The desktop's XSETTINGS turn animations off.
        case reducedByDesktop
    }

    /// Why `init` failed; each case says what and where.
    public enum Failure: Error, CustomStringConvertible, Equatable, Sendable {
        /// No display could be opened (a usage problem: `x11-demo` exits 2).
        case cannotOpenDisplay(X11Error)
        /// `size` points at `scale` makes a window that cannot be drawn (`PixelLimit`: a side
        /// longer than X's 32767 px, more than 2³¹ − 1 bytes of pixels, or a scale that is not a
        /// positive finite number).
        case windowTooLarge(width: Int, height: Int, scale: Double, source: ScaleSource)
        /// The signal pipe, the window or the renderer could not be made.
        case cannotCreate(X11Error)

        /// One line for stderr.
        public var description: String {
            switch self {
            case .cannotOpenDisplay(let error), .cannotCreate(let error):
                return error.description
            case .windowTooLarge(let width, let height, let scale, _):
                let problem =
                    PixelLimit.problem(
                        width: Double(width), height: Double(height), scale: scale)
                    ?? "it cannot be drawn"
                return "scale \(scale) makes the \(width)x\(height) pt window too large to "
                    + "draw (\(problem))"
            }
        }
    }

    /// The connection, opened by the host.
    public let display: X11Display
    /// Device pixels per point.
    public let scale: Double
    /// Where `scale` came from.
    public let scaleSource: ScaleSource
    /// The desktop's settings (nil: no XSETTINGS manager runs), read when the host opened.
    public let desktopSettings: XSettings?
    /// Why the desktop's settings could not be read, if they could not (they count as none).
    public let desktopSettingsError: XSettingsError?
    /// The window: `size` points at `scale`.
    public let window: X11Window
    /// Draws the frames into the window.
    public let renderer: X11Renderer
    /// The window's input (XInput2 when the server has it; `input.path` says which).
    public let input: X11InputSource
    /// The clock the loop and the input read (give the controller the same one).
    public let clock: TimeSource
    /// The loop `run` drives; add descriptors to it (`auxiliaryInput`, `hostDescriptors`).
    public let loop: X11EventLoop
    /// The signals that end `run`, when `init` was asked for any (the host owns the pipe).
    public let signalPipe: SignalPipe?
    /// Called once when `run` ends, before it returns or throws: the place to save the
    /// app's work. Its argument is why the loop stopped, or the error that ended it.
    public var onStop: ((Result<X11EventLoop.StopReason, any Error>) -> Void)?

    /// Opens display `displayName` (nil: `$DISPLAY`) and a window titled `title` of `size`
    /// points at `scale` (nil: what `Xft.dpi` asks for, see `X11DisplayScale`), presented with
    /// `presentation`, animating at `framesPerSecond`. `stopsOnSignals` (empty by default:
    /// nothing installed) are the signals that end `run` as `.interrupted`.
    /// `logsProtocolErrors` installs Xlib's process-wide protocol error handler, which logs
    /// an error under `X11Display.messagePrefix` instead of ending the process.
    public init(
        displayName: String? = nil, title: String, size: (width: Int, height: Int),
        scale requestedScale: Double? = nil, presentation: X11Presentation = .sharedMemory,
        framesPerSecond: Double = 60, stopsOnSignals signals: [Int32] = [],
        logsProtocolErrors: Bool = false, clock: TimeSource = MonotonicClock()
    ) throws(Failure) {
        if logsProtocolErrors { X11Display.installErrorHandlers() }
        // Needed for `.connectionLost`: Xlib's default I/O error handler ends the process.
        X11Display.installConnectionLossHandler()
        do {
            display = try X11Display(name: displayName)
        } catch {
            throw Failure.cannotOpenDisplay(error)
        }
        // From here on there is something to save: the signals end the loop, not the process.
        do {
            signalPipe = signals.isEmpty ? nil : try SignalPipe(signals: signals)
        } catch {
            throw Failure.cannotCreate(.cannotCreate("signal pipe: \(error.reason)"))
        }

        if let requestedScale {
            (scale, scaleSource) = (requestedScale, .requested)
        } else {
            let resources = display.resourceManagerString
            scale = X11DisplayScale.scale(resourceManager: resources)
            scaleSource =
                X11DisplayScale.dpi(resourceManager: resources).map { .xftDPI($0) }
                ?? .noXftDPI
        }
        guard let pixels = Self.pixelSize(of: size, scale: scale) else {
            throw Failure.windowTooLarge(
                width: size.width, height: size.height, scale: scale, source: scaleSource)
        }
        // No settings manager: nil; unreadable settings count as none, and say why.
        do {
            desktopSettings = try XSettings.read(from: display)
            desktopSettingsError = nil
        } catch {
            desktopSettings = nil
            desktopSettingsError = error
        }

        self.clock = clock
        do {
            window = try X11Window(
                display: display, title: title, width: pixels.width, height: pixels.height)
            renderer = try X11Renderer(window: window, scale: scale, presentation: presentation)
        } catch {
            throw Failure.cannotCreate(error)
        }
        input = X11InputSource(clock: clock, scale: renderer.scale, window: window)
        loop = X11EventLoop(
            window: window, renderer: renderer, input: input, clock: clock,
            framesPerSecond: framesPerSecond)
        loop.signalPipe = signalPipe
    }

    /// Whether the desktop asks for reduced motion (its XSETTINGS turn animations off).
    public var desktopPrefersReducedMotion: Bool {
        desktopSettings?.prefersReducedMotion ?? false
    }

    /// Turns `configuration.reduceMotion` on when the desktop asks for reduced motion, and
    /// says why motion is as it is: an app's own `reduceMotion` wins and is kept.
    @discardableResult
    public func applyDesktopMotion(to configuration: inout DismissConfiguration) -> MotionSource {
        if configuration.reduceMotion { return .reducedByApp }
        guard desktopPrefersReducedMotion else { return .full }
        configuration.reduceMotion = true
        return .reducedByDesktop
    }

    /// Maps the window and runs `controller` until the window is closed, a signal of
    /// `signalPipe` arrives, the server is lost, `loop.stop()` is called or `until` holds;
    /// calls `onStop` first, then returns why (or throws what failed while drawing).
    public func run(_ controller: some FrameDriver, until: (() -> Bool)? = nil) throws
        -> X11EventLoop.StopReason
    {
        try HostStopReason.reporting(to: onStop) { try loop.run(controller, until: until) }
    }

    /// The window's size in pixels for `size` points at `scale`, or nil when it cannot be
    /// drawn (`PixelLimit`: a side past X's 32767, more than 2³¹ − 1 bytes of pixels, or a
    /// scale that is not a positive finite number).
    public static func pixelSize(of size: (width: Int, height: Int), scale: Double) -> (
        width: Int, height: Int
    )? {
        guard scale.isFinite, scale > 0,
            let width = PixelLimit.pixels(Double(size.width), scale: scale),
            let height = PixelLimit.pixels(Double(size.height), scale: scale),
            PixelLimit.fits(width: width, height: height)
        else { return nil }
        return (width, height)
    }
}
