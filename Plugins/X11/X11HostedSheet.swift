internal import CX11
import Glibc
import SwipeDismiss
import SwipeDismissCairo

/// SwipeDismiss inside an application that owns its X connection, its window and its loop.
///
/// The host opens the connection and the window, reads every event itself (its own
/// `poll()` loop and `XNextEvent`), forwards the ones meant for the sheet to
/// `handle(event:)`, and calls `update(_:)` once per turn of its loop; `timeout(for:)` says
/// how long its `poll()` may sleep. The plugin draws into the host's window and installs
/// nothing process-wide. A lost server comes back from `update(_:)` as a value once Xlib's
/// I/O error handler returns: opt in with `X11Display.installConnectionLossHandler()` (or a
/// returning handler of your own); Xlib's default one ends the process.
///
/// Drop the sheet (and the controller that holds its renderer) before closing the
/// connection: it frees its shared memory and graphics context on it.
/// Frames are paced by the same `FramePacer` rules as `X11EventLoop`, so a drag and its
/// release draw the same frames in either loop.
///
/// The screen behind the sheet is the app's: register its drawing on `painter` with
/// `setDrawing(for: .presenting)` and build the presenter with `drawsScreenBehind: false`.
/// It hosts any `FrameDriver`: one sheet (`DismissController`) or a stack of sheets
/// (`SheetStackController`), built on `input`, `renderer` and `clock`.
/// Input is read as core X events (XInput2 would take the host's own pointer events away).
public final class X11HostedSheet {
    /// The host's connection, adopted.
    public let display: X11Display
    /// The host's window, adopted.
    public let window: X11Window
    /// Draws the frames into the host's window.
    public let renderer: X11Renderer
    /// Turns the events the host forwards into controller input.
    public let input: X11InputSource
    /// The time source for pacing and event times (the controller's).
    public let clock: TimeSource
    /// When frames are due.
    public private(set) var pacer: FramePacer
    /// Whether input was forwarded since the last `update(_:)`.
    private var inputSinceUpdate = false

    /// Adopts the host's `Display *` and window `windowID`, drawing at `scale` pixels per
    /// point, `framesPerSecond` while something moves. `reportsConnectionLoss`: see
    /// `X11Display.init(adopting:reportsConnectionLoss:)`.
    public init(
        display: OpaquePointer, window windowID: UInt, clock: TimeSource, scale: Double = 1,
        presentation: X11Presentation = .sharedMemory, framesPerSecond: Double = 60,
        reportsConnectionLoss: Bool = true
    ) throws(X11Error) {
        self.display = try X11Display(
            adopting: display, reportsConnectionLoss: reportsConnectionLoss)
        window = try X11Window(adopting: windowID, display: self.display)
        renderer = try X11Renderer(window: window, scale: scale, presentation: presentation)
        input = X11InputSource(clock: clock, scale: scale)
        self.clock = clock
        pacer = FramePacer(framesPerSecond: framesPerSecond)
    }

    /// The painter, to register the app's own drawings on.
    public var painter: CairoPainter { renderer.painter }

    /// Whether Xlib holds events it already read: handle them before sleeping in `poll()`.
    public var hasPendingEvents: Bool { display.hasPendingEvents }

    /// Takes one event the host read with `XNextEvent` (`event` points to the `XEvent`):
    /// pointer, key, expose and size events of the window. Returns whether it was used.
    @discardableResult
    public func handle(event: UnsafeMutableRawPointer) -> Bool {
        let isInput = input.handle(event: event)
        if isInput { inputSinceUpdate = true }
        return window.handle(event: event) || isInput
    }

    /// One turn: applies a resize or expose, draws a frame if one is due, and flushes.
    /// Returns `.connectionLost` once the server is gone (nothing is drawn then), else nil.
    /// `controller` is the sheet's or the stack's driver; a call the app made on it since
    /// (`present()`, a new title) is drawn here.
    public func update(_ controller: some FrameDriver) throws -> X11EventLoop.StopReason? {
        if let reason = display.connectionLostReason { return .connectionLost(reason: reason) }
        if window.takeResize() {
            controller.viewportDidChange()
            controller.setNeedsDisplay()
        }
        if window.takeExposure(), !renderer.redisplayLastFrame() {
            controller.setNeedsDisplay()
        }
        let now = clock.now
        let readInput = inputSinceUpdate
        inputSinceUpdate = false
        if pacer.frameIsDue(
            now: now, wake: controller.nextWakeTime,
            readInputWhilePressed: readInput && input.isPressed)
        {
            renderer.confirmsFrames = !input.isPressed
            try controller.step()
            pacer.frameDrawn(at: now)
        }
        display.flush()
        if let reason = display.connectionLostReason { return .connectionLost(reason: reason) }
        return nil
    }

    /// How long the host's `poll()` may sleep before the next `update(_:)`: 0 when Xlib
    /// holds events already, nil (until an event) when nothing moves, else the next frame's
    /// time. Going idle gives the layer rasters back, as `X11EventLoop` does.
    public func timeout(for controller: some FrameDriver) -> Double? {
        if display.hasPendingEvents { return 0 }
        guard let wake = controller.nextWakeTime else {
            if !input.isPressed { renderer.windowWentIdle() }
            return nil
        }
        return pacer.timeout(now: clock.now, wake: wake)
    }
}
