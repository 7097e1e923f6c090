import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// weston's X11 backend nested in the Xvfb `make test` provides, with the kiosk shell (the
/// window fills weston's 390x844 output), so xdotool's pointer and keys reach the client as
/// real `wl_pointer` and `wl_keyboard` events: a 300 pt drag dismisses, an 80 pt one springs
/// back, and 100 wheel notches never dismiss.
final class WaylandNestedWestonTests: XCTestCase {
    /// weston in a window on `DISPLAY`, and where that window is on the X screen.
    private func nestedWeston() throws -> (
        weston: Weston, origin: (x: Int, y: Int), xdotool: String
    ) {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw unavailable(
                "no X display for a nested weston (make test runs the tests under Xvfb)")
        }
        guard let xdotool = findExecutable("xdotool") else {
            throw unavailable("xdotool is not installed")
        }
        let weston = try Weston(
            backend: "x11-backend.so",
            arguments: [
                "--shell=kiosk-shell.so", "--width=390", "--height=844", "--output-count=1",
            ])
        // weston's output window: found by its name, its position read back (0,0 without a
        // window manager, but not assumed).
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            let windows = try runProcess(xdotool, ["search", "--name", ".*"], timeout: 10)
            for id in windows.output.split(separator: "\n") {
                let name = try runProcess(xdotool, ["getwindowname", String(id)], timeout: 10)
                guard name.output.hasPrefix("Weston Compositor") else { continue }
                let geometry = try runProcess(
                    xdotool, ["getwindowgeometry", "--shell", String(id)], timeout: 10)
                var values: [String: Int] = [:]
                for line in geometry.output.split(separator: "\n") {
                    let parts = line.split(separator: "=")
                    if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
                }
                if let x = values["X"], let y = values["Y"] { return (weston, (x, y), xdotool) }
            }
            usleep(100_000)
        }
        throw TestFailure(description: "weston's X11 output window did not appear")
    }

    /// Starts `wayland-demo --events --verbose` on `weston` and waits for its first frame.
    private func startDemo(on weston: Weston) throws -> ChildProcess {
        let demo = try startWaylandDemo(["--events", "--verbose"], on: weston)
        guard demo.waitForFirstFrame() else {
            throw TestFailure(description: "wayland-demo showed no frame: \(demo.stderr)")
        }
        return demo
    }

    /// The phases `--events` printed so far.
    private func phases(in demo: ChildProcess) -> [String] {
        demo.stdout.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "\"phase\":\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// Presses at (195, 400) pt, moves down by `distance` in `steps` moves `delay` ms apart,
    /// rests `rest` ms, releases: xdotool on weston's window.
    private func drag(
        _ xdotool: String, origin: (x: Int, y: Int), distance: Int, steps: Int, delay: Int,
        rest: Int
    ) throws {
        var arguments = [
            "mousemove", "\(origin.x + 195)", "\(origin.y + 400)", "sleep", "0.2", "mousedown", "1",
        ]
        for step in 1...steps {
            let y = origin.y + 400 + distance * step / steps
            arguments += [
                "sleep", "\(Double(delay) / 1000)", "mousemove", "\(origin.x + 195)", "\(y)",
            ]
        }
        arguments += ["sleep", "\(Double(rest) / 1000)", "mouseup", "1"]
        let result = try runProcess(xdotool, arguments, timeout: 30)
        XCTAssertEqual(result.status, 0, result.error)
    }

    private func waitForPhase(_ phase: String, in demo: ChildProcess, timeout: Double) -> Bool {
        demo.waitForOutput(timeout: timeout) { _, _ in phases(in: demo).contains(phase) }
    }

    func testA300PointDragDismisses() throws {
        let (weston, origin, xdotool) = try nestedWeston()
        let demo = try startDemo(on: weston)
        try drag(xdotool, origin: origin, distance: 300, steps: 30, delay: 16, rest: 100)
        XCTAssertTrue(
            waitForPhase("dismissed", in: demo, timeout: 5),
            "phases: \(phases(in: demo))")
        XCTAssertEqual(phases(in: demo).first, "dragging")
    }

    func testAn80PointDragSpringsBack() throws {
        let (weston, origin, xdotool) = try nestedWeston()
        let demo = try startDemo(on: weston)
        // Slowly, and held still before the release: no flick to project past the threshold.
        try drag(xdotool, origin: origin, distance: 80, steps: 16, delay: 30, rest: 300)
        XCTAssertTrue(
            waitForPhase("presented", in: demo, timeout: 5),
            "phases: \(phases(in: demo))")
        let seen = phases(in: demo)
        XCTAssertEqual(seen.first, "dragging")
        XCTAssertFalse(seen.contains("dismissing") || seen.contains("dismissed"), "phases: \(seen)")
    }

    func testAHundredWheelNotchesNeverDismiss() throws {
        let (weston, origin, xdotool) = try nestedWeston()
        let harness = try WaylandHarness(weston: weston, liveInput: true)
        try harness.settle()
        // xdotool runs beside the loop, which must keep reading for the events to arrive.
        let process = try ChildProcess(
            xdotool,
            [
                "mousemove", "\(origin.x + 195)", "\(origin.y + 400)", "sleep", "0.2",
                "click", "--repeat", "50", "--delay", "8", "5",
                "click", "--repeat", "50", "--delay", "8", "4",
            ])
        try harness.run(timeout: 20, until: { !process.isRunning })
        XCTAssertEqual(process.ended, .exited(0), process.stderr)
        try harness.run(timeout: 1, until: { false })
        let wheels = harness.counted.events.compactMap { event -> Double? in
            if case .scroll(_, let dy, .wheel) = event.kind { return dy }
            return nil
        }
        XCTAssertEqual(wheels.count, 100, "wheel events: \(wheels.count)")
        XCTAssertEqual(wheels.filter { $0 == -WaylandPointerMapping.wheelPointsPerNotch }.count, 50)
        XCTAssertEqual(wheels.filter { $0 == WaylandPointerMapping.wheelPointsPerNotch }.count, 50)
        XCTAssertFalse(harness.phases.contains(.dismissing) || harness.phases.contains(.dismissed))
        XCTAssertEqual(harness.controller.state.phase, .presented)
    }

    func testEscapeFromTheKeyboardDismisses() throws {
        let (weston, origin, xdotool) = try nestedWeston()
        let harness = try WaylandHarness(weston: weston, liveInput: true)
        try harness.settle()
        let process = try ChildProcess(
            xdotool,
            [
                "mousemove", "\(origin.x + 195)", "\(origin.y + 400)", "sleep", "0.2", "key",
                "Escape",
            ])
        let dismissed = try harness.run(timeout: 5) { harness.controller.state.phase == .dismissed }
        XCTAssertTrue(dismissed, "phases: \(harness.phases)")
        XCTAssertTrue(harness.counted.events.contains { $0.kind == .key(.escape) })
        XCTAssertEqual(process.waitForTermination(timeout: 10), .exited(0), process.stderr)
    }
}
