import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissTrace
import SwipeDismissX11
import XCTest

/// Runs the `x11-demo` executable as a user would: flags, a display, real pointer and key
/// events (XTest through `xdotool`), the close button, a dying X server.
final class X11DemoTests: XCTestCase {
    // MARK: In a window

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
        let first = try replay(trace, fps: 60)
        let second = try replay(trace, fps: 60)
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
        XCTAssertEqual(phaseChanges(try replay(trace, fps: 60)), demo.phases)
    }

    func testSIGINTSIGTERMAndSIGHUPEachSaveTheRecordingWholeAndExit() throws {
        try requireXdotool()
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            let folder = temporaryPath("signal-\(signal)")
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let recording = folder + "/trace.json"
            // An older recording is replaced whole.
            try Data("old".utf8).write(to: URL(fileURLWithPath: recording))
            let demo = try startDemo(["--record", recording, "--events", "--preset", "seed"])
            // A 60 pt drag springs back under the seed preset; waiting for the printed phases
            // proves the release reached the demo before the signal.
            try xdotool([
                "mousemove", "--window", demo.id, "195", "500", "mousedown", "1",
                "mousemove", "--window", demo.id, "195", "530",
                "mousemove", "--window", demo.id, "195", "560", "mouseup", "1",
            ])
            XCTAssertTrue(
                eventually { demo.phases == ["dragging", "settling", "presented"] },
                "signal \(signal): \(demo.child.stdout)")
            kill(demo.child.pid, signal)
            XCTAssertEqual(demo.child.waitForExit(timeout: 5), 128 + signal, demo.child.stderr)
            let trace = try GestureTrace.load(path: recording)
            XCTAssertEqual(
                trace.events.map(\.kind),
                [
                    .down(Point(x: 195, y: 500)), .move(Point(x: 195, y: 530)),
                    .move(Point(x: 195, y: 560)), .up(Point(x: 195, y: 560)),
                ], "signal \(signal)")
            // Written through a temporary file that was renamed: nothing else is left.
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: folder), ["trace.json"])
        }
    }

    func testASyntheticEscapeAnimatesTheDismissalAndIsRecordedWhenItWasSent() throws {
        try requireXdotool()
        let recording = temporaryPath("synthetic.json")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let demo = try startDemo(["--events", "--record", recording])
        // A real (XTest) hover first sets the server-time offset; the synthetic Escape that
        // follows carries CurrentTime, which that offset used to map seconds into the past.
        try xdotool(["mousemove", "--window", demo.id, "100", "300"])
        // Not synchronisation but the scenario: the window idles (no frames) for a while
        // before the key, so a stamp back-dated to the last frame would be 0.5 s old and the
        // 0.22 s dismissal would be over before its first frame.
        Thread.sleep(forTimeInterval: 0.5)
        // The demo's clock started before its first frame, so it reads at least this now.
        let sent = Date().timeIntervalSince(demo.firstFrameSeen)
        try xdotool(["key", "--window", demo.id, "Escape"])  // XSendEvent, send_event set
        let keySent = Date()  // the key was sent before xdotool returned
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, demo.child.stdout)
        // Seen on screen: the card takes most of its 0.22 s to leave, not one frame.
        XCTAssertGreaterThan(Date().timeIntervalSince(keySent), 0.1, "the dismissal animates")
        let lines = try demo.child.stdoutLines.map(eventObject)
        XCTAssertEqual(lines.map { $0["phase"] as? String }, ["dismissing", "dismissed"])
        let start = try XCTUnwrap(lines[0]["t"] as? Double)
        let end = try XCTUnwrap(lines[1]["t"] as? Double)
        // The fluid dismissal takes about 0.22 s; a back-dated Escape ended it at once.
        XCTAssertGreaterThan(end - start, 0.15, demo.child.stdout)
        XCTAssertGreaterThanOrEqual(start, sent, "the Escape is not back-dated")

        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
        let trace = try GestureTrace.load(path: recording)
        XCTAssertEqual(trace.events.map(\.kind), [.key(.escape)])
        // The recording's clock starts with the demo's: the key is stamped when it came.
        XCTAssertEqual(trace.events[0].time, start, accuracy: 0.05)
    }

    func testAReplayWithHugeCoordinatesNeitherTrapsNorPrintsANonJSONNumber() throws {
        let path = temporaryPath("huge-coordinates.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(
            """
            { "viewport": { "width": 390, "height": 844 }, "events": [
              { "t": 0, "type": "down", "x": 195, "y": 500 },
              { "t": 0.1, "type": "move", "x": 1e19, "y": 1e308 },
              { "t": 0.2, "type": "up", "x": 1e19, "y": 1e308 } ] }
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        let name = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        _ = try openDisplay(name)
        let result = try ChildProcess.run(
            try demoExecutable(), ["--replay", path, "--events", "--exit-after-replay"],
            environment: environment(display: name))
        if result.status == 2 {
            // Refused up front (a bounded trace format): with a message, and no output.
            XCTAssertTrue(result.stderr.contains(path), result.stderr)
            XCTAssertEqual(result.stdout, "")
            return
        }
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(try lines.map { try eventObject($0)["phase"] as? String }.last, "dismissed")
        for line in lines {
            XCTAssertFalse(line.contains("inf") || line.contains("nan"), line)
        }
    }

    func testLosingTheXServerEndsTheDemoWithAMessageAndANonzeroStatus() throws {
        let server = try PrivateXvfb()
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
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
}
