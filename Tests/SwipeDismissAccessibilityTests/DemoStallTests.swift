import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// `x11-demo` with an accessibility bus that stops answering: it goes on answering keys and
/// drawing frames, says once on stderr that accessibility is off, and SIGTERM ends it at once
/// with its recording saved (it once froze in `dbus_connection_flush`, or for good inside a
/// connect made in the frame loop, ignoring SIGTERM).
final class DemoStallTests: DemoSessionTestCase {
    private var stoppedDaemon: pid_t?
    private var cleanups: [() -> Void] = []

    override func tearDown() {
        if let stoppedDaemon { kill(stoppedDaemon, SIGCONT) }
        stoppedDaemon = nil
        super.tearDown()
        for cleanup in cleanups.reversed() { cleanup() }
        cleanups = []
    }

    private func recordingPath() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swipedismiss-stall-\(getpid())-\(UUID().uuidString.prefix(8)).json"
        ).path
        cleanups.append { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// The phase of each `--events` line so far.
    private func phases(_ demo: DemoUnderSession) -> [String] {
        demo.stdoutLines.compactMap {
            ((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any])?["phase"]
                as? String
        }
    }

    /// Presses Escape then Space `pairs` times, waiting after each key until the demo has
    /// drawn the phase it leads to (so every key is seen answered, one by one).
    private func pressEscapeAndSpace(
        _ pairs: Int, in demo: DemoUnderSession, window: String, environment: [String: String]
    ) throws {
        for pair in 0..<pairs {
            for (key, phase) in [("Escape", "dismissed"), ("space", "presented")] {
                let before = phases(demo).count
                let result = try AccessibilitySession.run(
                    "/usr/bin/xdotool", ["key", "--window", window, key], environment,
                    timeout: 10)
                XCTAssertEqual(result.status, 0, result.output)
                XCTAssertTrue(
                    eventually(timeout: 5, every: 0.01) {
                        self.phases(demo).dropFirst(before).contains(phase)
                    },
                    "pair \(pair): \(key) was not answered with \(phase) (the loop froze?)")
            }
        }
    }

    /// SIGTERM, then: the demo ends within a second with 128 + SIGTERM (as for any signal),
    /// and its recording holds `keys` key events.
    private func terminateAndCheckRecording(
        _ demo: DemoUnderSession, path: String, keys: Int
    ) throws {
        let sent = Date()
        kill(demo.pid, SIGTERM)
        let status = demo.process.waitForExit(timeout: 5)
        XCTAssertNotNil(status, "x11-demo ignored SIGTERM")
        XCTAssertLessThan(Date().timeIntervalSince(sent), 1, "x11-demo took long to end")
        XCTAssertEqual(status, 128 + SIGTERM, demo.stderr)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let trace = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try XCTUnwrap(trace["events"] as? [[String: Any]])
        XCTAssertEqual(events.filter { $0["type"] as? String == "key" }.count, keys)
    }

    func testAnAccessibilityBusThatAcceptsAndNeverSpeaksNeverStopsTheDemo() throws {
        let session = try AccessibilitySession(launcher: false)
        self.session = session
        let mute = try MuteSocket(path: session.home.appendingPathComponent("mute").path)
        cleanups.append { mute.stop() }
        let service = try FakeAccessibilityBusService(
            sessionAddress: session.sessionAddress, accessibilityAddress: mute.address)
        cleanups.append { service.stop() }
        let recording = recordingPath()
        let demo = try DemoUnderSession(
            ["--scene", "sheet", "--events", "--record", recording],
            environment: session.environment)
        self.demo = demo
        let window = try demo.windowID(environment: session.environment)
        XCTAssertTrue(
            eventually(timeout: 10, every: 0.02) { mute.acceptedCount == 1 },
            "x11-demo never connected to the accessibility bus it was given")
        // While the connect hangs, and after it is given up, keys are answered.
        try pressEscapeAndSpace(3, in: demo, window: window, environment: session.environment)
        XCTAssertTrue(
            eventually(timeout: 8, every: 0.05) { demo.stderr.contains("accessibility is off") },
            "never said: \(demo.stderr)")
        XCTAssertEqual(
            demo.stderr,
            "x11-demo: accessibility: the accessibility bus did not answer in 3.0 s; "
                + "accessibility is off\n")
        try pressEscapeAndSpace(2, in: demo, window: window, environment: session.environment)
        try terminateAndCheckRecording(demo, path: recording, keys: 10)
    }

    func testAStoppedAccessibilityBusNeverStopsTheDemoNorItsSignals() throws {
        let session = try AccessibilitySession()
        self.session = session
        try session.setStatus("IsEnabled", true)
        let recording = recordingPath()
        // --reduce-motion: each present and dismiss is a 0.2 s cross-fade instead of a
        // spring. The bridge announces the same changes either way (shown, hidden, focus:
        // nothing per frame), so the 34 pairs put as much on the stopped bus as before.
        let demo = try DemoUnderSession(
            ["--scene", "sheet", "--events", "--reduce-motion", "--record", recording],
            environment: session.environment)
        self.demo = demo
        let window = try demo.windowID(environment: session.environment)
        let accessibilityBus = try session.accessibilityBusAddress()
        XCTAssertTrue(
            try eventually(timeout: 10, every: 0.05) {
                try session.processesOnBus(accessibilityBus).contains(demo.pid)
            }, "x11-demo never joined the accessibility bus")
        let daemon = try session.accessibilityBusDaemon()
        XCTAssertEqual(kill(daemon, SIGSTOP), 0)
        stoppedDaemon = daemon
        // The demo froze after 27 pairs once its socket to the stopped bus was full.
        try pressEscapeAndSpace(34, in: demo, window: window, environment: session.environment)
        XCTAssertFalse(demo.stderr.contains("error"), demo.stderr)
        // At most once said.
        XCTAssertLessThanOrEqual(
            demo.stderr.components(separatedBy: "accessibility is off").count, 2)
        try terminateAndCheckRecording(demo, path: recording, keys: 68)
    }
}
