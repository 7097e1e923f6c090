import CX11
import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissTrace
import SwipeDismissX11
import XCTest

/// `x11-demo --scene sheet` (the backdrop at each stage, the `--confirm` prompt and its
/// answers, recorded and replayed) and `--scale` / `Xft.dpi` (a HiDPI window whose
/// geometry, events and traces stay in points), driven through XTest with `xdotool`.
final class X11DemoSheetAndScaleTests: XCTestCase {
    /// xdotool arguments: press at (x, y0), move in `step` px steps to y1, optionally release.
    private func drag(
        _ demo: RunningDemo, x: Int = 195, from y0: Int, to y1: Int, step: Int = 20,
        release: Bool = true
    ) -> [String] {
        var arguments = ["mousemove", "--window", demo.id, "\(x)", "\(y0)", "mousedown", "1"]
        for y in stride(from: y0 + step, through: y1, by: step) {
            arguments += ["mousemove", "--window", demo.id, "\(x)", "\(y)"]
        }
        return release ? arguments + ["mouseup", "1"] : arguments
    }

    /// The phase or attempt each `--events` line names, in order: "dragging", "attempt:drag".
    private func steps(_ demo: RunningDemo) throws -> [String] {
        try steps(demo.lines)
    }

    private func steps(_ lines: [String]) throws -> [String] {
        try lines.map(eventObject).map {
            ($0["phase"] as? String) ?? "attempt:" + (($0["attempt"] as? String) ?? "?")
        }
    }

    // MARK: Sheet

    func testTheSheetRestsAtMediumUnderTheRestGreyDimsAsItIsDraggedAndADragDismissesIt() throws {
        try requireXdotool()
        // The rest grey (alpha 0.3: 178.5) in the band is what startDemo waits for.
        let demo = try startDemo(["--scene", "sheet", "--events"])
        // At rest the sheet's top is at medium (50 %): white sheet below 422, dim above.
        XCTAssertEqual(demo.grey(x: 100, y: 440), 255, "the sheet's header")
        XCTAssertNotEqual(demo.grey(x: 100, y: 400), 255, "the backdrop above the sheet")

        // Held 211 pt below medium: alpha 0.3 · (1 − 211/422) = 0.15, grey 216.75.
        try xdotool(drag(demo, from: 450, to: 661, step: 211 / 4, release: false))
        try xdotool(["mousemove", "--window", demo.id, "195", "661"])
        XCTAssertTrue(
            eventually { (216...217).contains(demo.grey() ?? 0) },
            "band mid-drag: \(demo.grey() ?? -1)")

        // On to near the bottom and let go: the nearest detent is off screen.
        try xdotool(drag(demo, from: 661, to: 841, step: 20))
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, demo.child.stdout)
        XCTAssertTrue(eventually { demo.grey() == 255 }, "band after dismiss: \(demo.grey() ?? -1)")
        let lines = try demo.child.stdoutLines.map(eventObject)
        XCTAssertEqual(lines.first?["detent"] as? String, "medium", demo.child.stdout)
        XCTAssertEqual(lines.last?["detent"] as? String, "dismissed", demo.child.stdout)
        XCTAssertEqual(lines.last?["alpha"] as? Double, 0)
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
    }

    func testConfirmShowsThePromptNKeepsEscapeAsksAgainYDismissesAndAReplayAnswersTheSame()
        throws
    {
        try requireXdotool()
        let recording = temporaryPath("confirm.json")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let demo = try startDemo([
            "--scene", "sheet", "--confirm", "--events", "--record", recording,
        ])
        // Inside the prompt box (x 16...374, y 490...586 with the sheet at medium), off its
        // text: the sheet's white until a dismissal is vetoed, then the box's #2C2C2E.
        let prompt = (x: 40, y: 500)
        XCTAssertEqual(demo.grey(x: prompt.x, y: prompt.y), 255)

        // 230 pt below medium and let go: nearer off screen than medium, so an attempt.
        try xdotool(drag(demo, from: 600, to: 830, step: 23))
        XCTAssertTrue(
            eventually { (try? steps(demo).last) == "presented" }, demo.child.stdout)
        XCTAssertTrue(try steps(demo).contains("attempt:drag"), demo.child.stdout)
        XCTAssertTrue(
            eventually { demo.grey(x: prompt.x, y: prompt.y) == 0x2C },
            "the prompt: \(demo.grey(x: prompt.x, y: prompt.y) ?? -1)")

        // n keeps the sheet: the prompt goes, nothing is dismissed.
        try xdotool(["key", "n"])
        XCTAssertTrue(eventually { demo.grey(x: prompt.x, y: prompt.y) == 255 })
        XCTAssertTrue((178...179).contains(demo.grey() ?? 0), "still dimmed at medium")
        XCTAssertFalse(demo.phases.contains("dismissing"), demo.child.stdout)

        // Escape is another attempt (the prompt again); y confirms it.
        try xdotool(["key", "Escape"])
        XCTAssertTrue(eventually { (try? steps(demo).last) == "attempt:escape" }, demo.child.stdout)
        XCTAssertTrue(eventually { demo.grey(x: prompt.x, y: prompt.y) == 0x2C })
        try xdotool(["key", "y"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, demo.child.stdout)
        XCTAssertTrue(eventually { demo.grey() == 255 })
        let live = try steps(demo)
        XCTAssertEqual(
            live.filter { $0.hasPrefix("attempt:") }, ["attempt:drag", "attempt:escape"])
        XCTAssertEqual(Array(live.suffix(2)), ["dismissing", "dismissed"])

        // The recording keeps the answers by their trace names.
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
        let trace = try GestureTrace.load(path: recording)
        let keys = trace.events.compactMap { event -> String? in
            if case .key(let key) = event.kind { return key.name }
            return nil
        }
        XCTAssertEqual(keys, ["n", "Escape", "y"])

        // Replayed in the window with --confirm: the same attempts, answers and phases.
        let replayed = try ChildProcess.run(
            try demoExecutable(),
            [
                "--scene", "sheet", "--confirm", "--events", "--replay", recording,
                "--exit-after-replay",
            ], environment: environment(display: demo.displayName))
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        XCTAssertEqual(
            try steps(
                replayed.stdout.split(separator: "\n").map(String.init).filter { !isFocusLine($0) }),
            live)
        // And through the core at a fixed step.
        let states = try replay(
            trace, fps: 60, presenter: SheetPresenter(), configuration: .sheet(.fluid),
            confirm: true)
        XCTAssertEqual(phaseChanges(states), demo.phases)
    }

    // MARK: Scale

    func testScale2OpensA780x1688WindowWithTheBandGreyAcrossItsFirst48Pixels() throws {
        let demo = try startDemo(["--scale", "2", "--verbose"], probe: (200, 46))
        let size = try XCTUnwrap(demo.pixelSize)
        XCTAssertEqual([size.width, size.height], [780, 1688])
        for (x, y) in [(2, 2), (700, 20), (400, 47)] {
            XCTAssertTrue((178...179).contains(demo.grey(x: x, y: y) ?? 0), "band at (\(x), \(y))")
        }
        XCTAssertTrue(
            demo.child.stderr.contains("scale 2 (--scale): a 390x844 pt window of 780x1688 px"),
            demo.child.stderr)
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
    }

    func testXftDpi192InTheServersResourceDatabaseGivesScale2AndNoneGivesScale1() throws {
        let server = try PrivateXvfb(screen: "1024x1800x24")
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
        defer { server.kill() }
        do {
            let plain = try startDemo(["--verbose"], display: server.display)
            XCTAssertTrue(
                plain.child.stderr.contains("scale 1 (no Xft.dpi): a 390x844 pt window of 390x844"),
                plain.child.stderr)
            plain.display.sendCloseRequest(to: plain.window)
            XCTAssertEqual(plain.child.waitForExit(timeout: 5), 0, plain.child.stderr)
        }
        // What `xrdb -merge` does: the root window's RESOURCE_MANAGER property.
        try setResourceDatabase(on: server.display, "Xft.antialias:\t1\nXft.dpi:\t192\n")
        let demo = try startDemo(["--verbose"], display: server.display, probe: (200, 46))
        XCTAssertTrue(
            demo.child.stderr.contains("scale 2 (Xft.dpi 192): a 390x844 pt window of 780x1688"),
            demo.child.stderr)
        let size = try XCTUnwrap(demo.pixelSize)
        XCTAssertEqual([size.width, size.height], [780, 1688])
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
    }

    func testATraceRecordedAtScale2IsInPointsAndReplaysToTheSameStatesAtScale1() throws {
        try requireXdotool()
        // A screen tall enough for the whole 1688 px window, so the drag can go far.
        let server = try PrivateXvfb(screen: "1024x1800x24")
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
        defer { server.kill() }
        let recording = temporaryPath("scale2.json")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let demo = try startDemo(
            ["--scale", "2", "--events", "--record", recording], display: server.display,
            probe: (200, 46))
        // 300 pt down in pixels (600 px) and let go: dismissed; Space presents again.
        try xdotool(drag(demo, x: 390, from: 900, to: 1500, step: 40), display: server.display)
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, demo.child.stdout)
        XCTAssertTrue(eventually { demo.grey(x: 200, y: 46) == 255 })
        try xdotool(["key", "space"], display: server.display)
        XCTAssertTrue(eventually { demo.phases.last == "presented" }, demo.child.stdout)
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)

        let trace = try GestureTrace.load(path: recording)
        XCTAssertEqual(trace.viewport, Size(width: 390, height: 844))
        XCTAssertEqual(trace.events.first?.kind, .down(Point(x: 195, y: 450)))
        XCTAssertEqual(
            trace.events.last { if case .up = $0.kind { true } else { false } }?.kind,
            .up(Point(x: 195, y: 750)))

        // Replayed at scale 1: the same phase changes with the same offsets and alphas.
        let replayed = try ChildProcess.run(
            try demoExecutable(),
            ["--scale", "1", "--events", "--replay", recording, "--exit-after-replay"],
            environment: environment(display: server.display))
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        let live = try demo.child.stdoutLines.map(eventObject)
        let again = try replayed.stdout.split(separator: "\n").map { try eventObject(String($0)) }
        XCTAssertEqual(again.map { $0["phase"] as? String }, live.map { $0["phase"] as? String })
        for (a, b) in zip(live, again) {
            let offsets = try [a, b].map { try XCTUnwrap($0["offset"] as? Double) }
            let alphas = try [a, b].map { try XCTUnwrap($0["alpha"] as? Double) }
            XCTAssertEqual(offsets[0], offsets[1], accuracy: 1e-5, "\(a) vs \(b)")
            XCTAssertEqual(alphas[0], alphas[1], accuracy: 1e-5, "\(a) vs \(b)")
        }
        XCTAssertEqual(phaseChanges(try replay(trace, fps: 60)), demo.phases)
    }

    /// Replaces the root window's RESOURCE_MANAGER on `name`, as `xrdb` would, and waits.
    private func setResourceDatabase(on name: String, _ text: String) throws {
        guard let connection = XOpenDisplay(name) else {
            throw TestFailure(description: "cannot open \(name) to set its resources")
        }
        defer { XCloseDisplay(connection) }
        let property = XInternAtom(connection, "RESOURCE_MANAGER", 0)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(
                connection, XDefaultRootWindow(connection), property, XA_STRING, 8,
                PropModeReplace, buffer.baseAddress, Int32(buffer.count))
        }
        XSync(connection, 0)
    }
}
