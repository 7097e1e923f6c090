import CX11
import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissTrace
import SwipeDismissX11
import XCTest

/// A demo started on a display whose window is up and showing its first frame.
struct RunningDemo {
    let child: ChildProcess
    let display: X11Display
    let displayName: String
    let window: UInt
    /// When this process first saw the demo's first frame.
    let firstFrameSeen: Date
    var id: String { String(window) }

    /// The red channel (the greys here are neutral) of the window pixel at (x, y).
    func grey(x: Int = 100, y: Int = 10) -> Int? {
        display.readPixels(window: window, x: x, y: y, width: 1, height: 1).map {
            Int(($0[0] >> 16) & 0xFF)
        }
    }

    var phases: [String] { child.stdoutLines.compactMap(phase(of:)) }
    /// The `--events` lines but the keyboard focus changes (`{"t":…,"focus":…}`).
    var lines: [String] { child.stdoutLines.filter { !isFocusLine($0) } }

    /// The window's size in pixels, as the server has it (`XGetWindowAttributes`).
    var pixelSize: (width: Int, height: Int)? {
        guard let connection = XOpenDisplay(displayName) else { return nil }
        defer { XCloseDisplay(connection) }
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(connection, Window(window), &attributes) != 0 else {
            return nil
        }
        return (Int(attributes.width), Int(attributes.height))
    }
}

extension XCTestCase {
    /// Starts `x11-demo arguments` on `name` (default `$DISPLAY`) and waits for its window to
    /// show the rest grey (`restGrey`: the card's alpha 0.3 unless given) in the band at
    /// (`probe.x`, `probe.y`) pixels.
    func startDemo(
        _ arguments: [String], display name: String? = nil, probe: (x: Int, y: Int) = (100, 10),
        restGrey: ClosedRange<Int> = 178...179
    ) throws -> RunningDemo {
        let name = name ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        let display = try openDisplay(name)
        let child = try ChildProcess(
            try demoExecutable(), arguments, environment: environment(display: name))
        var window: UInt?
        let up = eventually(timeout: 10) {
            window = display.windows(ofProcess: child.pid).first
            guard let window else { return false }
            // The first frame is there once the band shows the rest grey.
            let pixel = display.readPixels(
                window: window, x: probe.x, y: probe.y, width: 1, height: 1)
            return pixel.map { restGrey.contains(Int(($0[0] >> 16) & 0xFF)) } ?? false
        }
        guard up, let window else {
            throw TestFailure(
                description: "the demo window did not come up; stderr: \(child.stderr)")
        }
        return RunningDemo(
            child: child, display: display, displayName: name, window: window,
            firstFrameSeen: Date())
    }

    /// Opens `name` for this process; without it, fails or skips (see `unavailable`).
    func openDisplay(_ name: String) throws -> X11Display {
        guard !name.isEmpty else {
            throw unavailable("no X display: DISPLAY is not set (run under Xvfb, e.g. `make test`)")
        }
        // Retried until a deadline: a server started without -noreset refuses connections
        // for a moment while it resets.
        var probe: X11Display?
        eventually(timeout: 2) {
            // Opted in: reading a window not yet viewable is a logged error, not a fatal one.
            probe = try? X11Display(name: name, installsErrorHandlers: true)
            return probe != nil
        }
        guard let display = probe else { throw unavailable("no X display: cannot open \(name)") }
        return display
    }

    func requireXdotool() throws { try requireTool("xdotool") }
}

/// Whether `line` is an `--events` line of a keyboard focus change.
func isFocusLine(_ line: String) -> Bool { line.contains("\"focus\":") }

/// One `--events` line as a JSON object; throws (naming the line) if it is not one.
func eventObject(_ line: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { throw TestFailure(description: "not a JSON object: \(line)") }
    return object
}

/// The `phase` of one `--events` line.
func phase(of line: String) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { return nil }
    return object["phase"] as? String
}

/// The trace through a `DismissController` (with the tools' keys) on a fixed-step clock:
/// every frame's state and each phase change's state (the card and fluid preset unless told
/// otherwise; `confirm` vetoes every dismissal as `x11-demo --confirm` does).
func replay(
    _ trace: GestureTrace, fps: Double, presenter: Presenter = CardPresenter(),
    configuration: DismissConfiguration = .fluid, confirm: Bool = false
) throws -> [DismissState] {
    let clock = FixedStepClock(framesPerSecond: fps)
    let renderer = StateRecorder(viewport: trace.viewport)
    let controller = DismissController(
        input: TraceInputSource(trace: trace), presenter: presenter, renderer: renderer,
        clock: clock, configuration: configuration)
    // As x11-demo, a tool: Space and Enter present.
    controller.keyBindings = .tools
    if confirm { controller.shouldDismiss = { _ in false } }
    var phases: [DismissState] = []
    controller.addObserver { event in
        if case .phaseChanged(_, _, let state) = event { phases.append(state) }
    }
    let end = trace.duration + 3
    while clock.now <= end {
        try controller.step()
        clock.tick()
    }
    return renderer.states + phases
}

/// The phase names the states go through, in time order.
func phaseChanges(_ states: [DismissState]) -> [String] {
    var names: [String] = []
    var last = DismissPhase.presented
    for state in states.sorted(by: { $0.time < $1.time }) where state.phase != last {
        names.append(state.phase.rawValue)
        last = state.phase
    }
    return names
}
