import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissX11
import XCTest

/// Runs the `x11-demo` executable as a user would: flags, a display, real pointer and key
/// events (XTest through `xdotool`), the close button, a dying X server.
final class X11DemoTests: XCTestCase {
    // MARK: Without a display

    func testHelpDescribesTheFlagsAndExitsZero() throws {
        let result = try ChildProcess.run(try demoExecutable(), ["--help"])
        XCTAssertEqual(result.status, 0)
        for flag in ["--preset", "--size", "--record", "--replay", "--events"] {
            XCTAssertTrue(result.stdout.contains(flag), "help mentions \(flag)")
        }
    }

    func testAnUnknownFlagIsNamedOnStderrWithStatus2() throws {
        let result = try ChildProcess.run(try demoExecutable(), ["--wobble"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--wobble"), result.stderr)
    }

    func testABadSizeIsNamedOnStderrWithStatus2() throws {
        let result = try ChildProcess.run(try demoExecutable(), ["--size", "wide"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--size"), result.stderr)
    }

    func testARecordPathOutsideAWritableFolderIsRefusedBeforeTheWindowOpens() throws {
        let result = try ChildProcess.run(
            try demoExecutable(), ["--record", "/nonexistent-folder/trace.json"],
            environment: environment(display: nil))
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--record"), result.stderr)
        XCTAssertTrue(result.stderr.contains("/nonexistent-folder"), result.stderr)
        XCTAssertFalse(result.stderr.contains("DISPLAY"), "checked before the display")
    }

    func testNoDisplayExitsWithStatus2AndSaysSo() throws {
        let unset = try ChildProcess.run(
            try demoExecutable(), [], environment: environment(display: nil))
        XCTAssertEqual(unset.status, 2)
        XCTAssertTrue(unset.stderr.contains("DISPLAY"), unset.stderr)

        let absent = try ChildProcess.run(
            try demoExecutable(), [], environment: environment(display: ":4242"))
        XCTAssertEqual(absent.status, 2)
        XCTAssertTrue(absent.stderr.contains(":4242"), absent.stderr)
    }

    // MARK: In a window

    /// A demo started on `display` whose window is up and showing its first frame.
    private struct RunningDemo {
        let child: ChildProcess
        let display: X11Display
        let window: UInt
        var id: String { String(window) }

        func grey(x: Int = 100, y: Int = 10) -> Int? {
            display.readPixels(window: window, x: x, y: y, width: 1, height: 1).map {
                Int(($0[0] >> 16) & 0xFF)
            }
        }

        var phases: [String] { child.stdoutLines.compactMap(phase(of:)) }
    }

    private func startDemo(_ arguments: [String], display name: String? = nil) throws
        -> RunningDemo
    {
        let name = name ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        guard !name.isEmpty else {
            throw XCTSkip("no X display: DISPLAY is not set (run under Xvfb, e.g. `make test`)")
        }
        // Retried: a server started without -noreset refuses connections while it resets.
        var probe: X11Display?
        for attempt in 0..<5 where probe == nil {
            probe = try? X11Display(name: name)
            if probe == nil { Thread.sleep(forTimeInterval: 0.1 * Double(attempt + 1)) }
        }
        guard let display = probe else { throw XCTSkip("no X display: cannot open \(name)") }
        let child = try ChildProcess(
            try demoExecutable(), arguments, environment: environment(display: name))
        var window: UInt?
        let up = eventually(timeout: 10) {
            window = display.windows(ofProcess: child.pid).first
            guard let window else { return false }
            // The first frame is there once the band shows the rest grey.
            let pixel = display.readPixels(window: window, x: 100, y: 10, width: 1, height: 1)
            return pixel.map { (178...179).contains(Int(($0[0] >> 16) & 0xFF)) } ?? false
        }
        guard up, let window else {
            XCTFail("the demo window did not come up; stderr: \(child.stderr)")
            throw XCTSkip("no window")
        }
        return RunningDemo(child: child, display: display, window: window)
    }

    private func requireXdotool() throws {
        guard hasTool("xdotool") else { throw XCTSkip("xdotool is not installed") }
    }

    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "x11-demo-tests-\(getpid())-\(name)"
        ).path
    }

    func testDragDismissSpacePresentsCloseQuitsAndTheRecordingReplaysTheSame() throws {
        try requireXdotool()
        let recording = temporaryPath("recorded.json")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let demo = try startDemo(["--events", "--record", recording])

        // Drag 300 px down and let go: dismissed, the band clears to white.
        var drag = ["mousemove", "--window", demo.id, "195", "450", "mousedown", "1"]
        for y in stride(from: 470, through: 750, by: 20) {
            drag += ["mousemove", "--window", demo.id, "195", "\(y)"]
        }
        try xdotool(drag + ["mouseup", "1"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, demo.child.stdout)
        XCTAssertTrue(eventually { demo.grey() == 255 }, "band after dismiss: \(demo.grey() ?? -1)")

        // Space presents again: back to the rest grey.
        try xdotool(["key", "space"])
        XCTAssertTrue(eventually { demo.phases.last == "presented" }, demo.child.stdout)
        XCTAssertTrue(eventually { (178...179).contains(demo.grey() ?? 0) })
        XCTAssertEqual(
            demo.phases, ["dragging", "dismissing", "dismissed", "presenting", "presented"])
        for line in demo.child.stdoutLines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            XCTAssertEqual(object?.keys.sorted(), ["alpha", "offset", "phase", "t"], line)
        }

        // The close button quits with status 0 and leaves the recording.
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
        let trace = try GestureTrace.load(path: recording)
        XCTAssertEqual(trace.viewport, Size(width: 390, height: 844))
        XCTAssertEqual(trace.events.first?.kind, .down(Point(x: 195, y: 450)))
        XCTAssertEqual(trace.events.filter { $0.kind == .key(.space) }.count, 1)
        XCTAssertEqual(
            trace.events.filter { if case .move = $0.kind { true } else { false } }.count, 15)

        // Replayed through the same controller at a fixed step, twice: the same samples,
        // and the phases the live window went through.
        let first = replay(trace, fps: 60)
        let second = replay(trace, fps: 60)
        XCTAssertEqual(first, second)
        XCTAssertEqual(phaseChanges(first), demo.phases)
    }

    func testReplayInTheWindowShowsTheTracesPhasesAndExitsWhenSettled() throws {
        let path = temporaryPath("replay.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var events = [InputEvent(time: 0.5, kind: .down(Point(x: 195, y: 450)))]
        for step in 1...15 {
            events.append(
                InputEvent(
                    time: 0.5 + Double(step) / 60,
                    kind: .move(Point(x: 195, y: 450 + Double(step) * 20))))
        }
        events.append(InputEvent(time: 0.8, kind: .up(Point(x: 195, y: 750))))
        events.append(InputEvent(time: 2.0, kind: .key(.space)))
        let trace = GestureTrace(viewport: Size(width: 390, height: 844), events: events)
        try trace.write(path: path)

        let demo = try startDemo(["--replay", path, "--events", "--exit-after-replay"])
        XCTAssertEqual(demo.child.waitForExit(timeout: 15), 0, demo.child.stderr)
        XCTAssertEqual(
            demo.phases, ["dragging", "dismissing", "dismissed", "presenting", "presented"])
        XCTAssertEqual(phaseChanges(replay(trace, fps: 60)), demo.phases)
    }

    func testSIGTERMSavesTheRecordingAndExits() throws {
        try requireXdotool()
        let recording = temporaryPath("sigterm.json")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let demo = try startDemo(["--record", recording])
        try xdotool(["mousemove", "--window", demo.id, "195", "500", "click", "1"])
        // The click lands as a down and an up before the signal.
        Thread.sleep(forTimeInterval: 0.2)
        kill(demo.child.pid, SIGTERM)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 128 + SIGTERM, demo.child.stderr)
        let trace = try GestureTrace.load(path: recording)
        XCTAssertEqual(
            trace.events.map(\.kind),
            [
                .down(Point(x: 195, y: 500)), .up(Point(x: 195, y: 500)),
            ])
    }

    func testLosingTheXServerEndsTheDemoWithAMessageAndANonzeroStatus() throws {
        let server = try PrivateXvfb()
        let child: ChildProcess
        do {
            // This process's own connection must be gone before the server dies: a lost
            // connection ends the process that had it, and that would be the test runner.
            let demo = try startDemo([], display: server.display)
            child = demo.child
        }
        server.kill()
        let start = Date()
        let status = child.waitForExit(timeout: 5)
        XCTAssertNotNil(status, "the demo hangs after the server died")
        XCTAssertNotEqual(status, 0)
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        XCTAssertTrue(child.stderr.contains("lost the connection"), child.stderr)
    }

    // MARK: Replay through the core

    /// The trace through a `DismissController` on a fixed-step clock: every frame's state.
    private func replay(_ trace: GestureTrace, fps: Double) -> [DismissState] {
        let clock = FixedStepClock(framesPerSecond: fps)
        let renderer = StateRecorder(viewport: trace.viewport)
        let controller = DismissController(
            input: TraceInputSource(trace: trace), presenter: CardPresenter(),
            renderer: renderer, clock: clock, configuration: .fluid)
        var phases: [DismissState] = []
        controller.addObserver { event in
            if case .phaseChanged(_, _, let state) = event { phases.append(state) }
        }
        let end = trace.duration + 3
        while clock.now <= end {
            try? controller.step()
            clock.tick()
        }
        return renderer.states + phases
    }

    private func phaseChanges(_ states: [DismissState]) -> [String] {
        var names: [String] = []
        var last = DismissPhase.presented
        for state in states.sorted(by: { $0.time < $1.time }) where state.phase != last {
            names.append(state.phase.rawValue)
            last = state.phase
        }
        return names
    }
}

/// The `phase` of one `--events` line.
private func phase(of line: String) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { return nil }
    return object["phase"] as? String
}

/// A renderer that keeps each frame's state (the X11 demo tests do not link the null plugin).
private final class StateRecorder: Renderer {
    let viewport: Size
    let scale = 1.0
    var states: [DismissState] = []

    init(viewport: Size) { self.viewport = viewport }

    func render(_ scene: Scene, state: DismissState) throws { states.append(state) }
}
