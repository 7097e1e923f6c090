import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissTrace
import SwipeDismissX11
import XCTest

/// Opens `$DISPLAY`; without one, fails or skips (see `unavailable`).
func openTestDisplay() throws -> X11Display {
    guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
        throw unavailable("no X display: DISPLAY is not set (run under Xvfb, e.g. `make test`)")
    }
    // A server started without -noreset refuses connections for a moment while it resets
    // after its last client left: retry until a deadline rather than give up at once.
    let deadline = Date().addingTimeInterval(2)
    while true {
        do {
            // Opted in: a test's deliberate protocol error is logged and counted, not fatal.
            return try X11Display(name: name, installsErrorHandlers: true)
        } catch {
            guard Date() < deadline else { throw unavailable("no X display: \(error)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}

/// Fails or skips (see `unavailable`) unless `xdotool` is on the PATH.
func requireXdotool() throws { try requireTool("xdotool") }

/// The grey (red channel) of a 0xRRGGBB pixel.
func grey(_ pixel: UInt32) -> Int { Int((pixel >> 16) & 0xFF) }

/// The grey a backdrop of `alpha` over white shows, as cairo rounds it: 0.3 → 178 or 179.
func expectedGrey(alpha: Double) -> ClosedRange<Int> {
    let exact = (1 - alpha) * 255
    return Int(exact.rounded(.down))...Int(exact.rounded(.up))
}

/// A real window, renderer, input source, loop and controller on the test display.
final class WindowHarness {
    let display: X11Display
    let clock = MonotonicClock()
    let window: X11Window
    let renderer: X11Renderer
    let input: X11InputSource
    let recorder: RecordingInputSource
    let loop: X11EventLoop
    let controller: DismissController
    var phases: [DismissPhase] = []

    init(
        display: X11Display, width: Int = 390, height: Int = 844,
        configuration: DismissConfiguration = .fluid, useXInput2: Bool? = nil
    ) throws {
        self.display = display
        window = try X11Window(
            display: display, title: "SwipeDismiss test", width: width, height: height)
        renderer = try X11Renderer(window: window)
        // nil: core events only, as the event loop hands them over; true or false: the
        // input source chooses its path for the window as x11-demo's does.
        if let useXInput2 {
            input = X11InputSource(clock: clock, window: window, useXInput2: useXInput2)
        } else {
            input = X11InputSource(clock: clock)
        }
        recorder = RecordingInputSource(recording: input, viewport: renderer.viewport, startTime: 0)
        loop = X11EventLoop(window: window, renderer: renderer, input: input, clock: clock)
        controller = DismissController(
            input: recorder, presenter: CardPresenter(), renderer: renderer, clock: clock,
            configuration: configuration)
        // As x11-demo: Space and Enter present.
        controller.keyBindings = .tools
        controller.addObserver { [unowned self] event in
            if case .phaseChanged(_, let to, _) = event { self.phases.append(to) }
        }
        window.map()
        controller.setNeedsDisplay()
        try pump(until: "the first frame is on screen", timeout: 5) {
            window.isMapped && renderer.framesRendered > 0
        }
    }

    var id: String { String(window.windowID) }

    /// Runs the loop until `condition` holds; fails (throws) after `timeout` seconds.
    @discardableResult
    func pump(
        until what: String, timeout: Double = 5, file: StaticString = #filePath,
        line: UInt = #line, _ condition: () -> Bool
    ) throws -> X11EventLoop.StopReason? {
        let deadline = clock.now + timeout
        while !condition() {
            guard clock.now < deadline else {
                // Thrown, not XCTFail + XCTSkip: one failure, and the test stops here.
                throw TestFailure(
                    description: "timed out after \(timeout) s waiting until \(what) "
                        + "(\(file):\(line))")
            }
            if let reason = try loop.runOnce(controller, maximumWait: 0.02) { return reason }
        }
        // One more turn so the frame for the new state is painted and flushed.
        _ = try loop.runOnce(controller, maximumWait: 0)
        display.sync()
        return nil
    }

    /// The grey at (x, y) read back from the window.
    func windowGrey(x: Int = 100, y: Int = 10) -> Int? {
        window.readPixels(x: x, y: y, width: 1, height: 1).map { grey($0[0]) }
    }

    /// Presses at (195, fromY) and moves down in `step`-pixel moves to `toY` (no release).
    func drag(fromY: Int, toY: Int, step: Int = 10) throws {
        var arguments = ["mousemove", "--window", id, "195", "\(fromY)", "mousedown", "1"]
        for y in stride(from: fromY + step, through: toY, by: step) {
            arguments += ["mousemove", "--window", id, "195", "\(y)"]
        }
        try xdotool(arguments)
    }
}
