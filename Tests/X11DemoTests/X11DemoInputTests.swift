import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissTrace
import XCTest

/// x11-demo's input path: XInput2 when the server has it, core events (said once) when not.
final class X11DemoInputTests: XCTestCase {
    func testWheelClicksThroughXInput2MoveNothingAndAreRecorded() throws {
        try requireXdotool()
        let recording = temporaryPath("wheel.json")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let demo = try startDemo(["--events", "--verbose", "--record", recording])
        XCTAssertTrue(
            eventually { demo.child.stderr.contains("x11-demo: input: XInput 2.") },
            demo.child.stderr)
        try xdotool(["mousemove", "--window", demo.id, "195", "500", "click", "5", "click", "4"])
        // Escape comes after the clicks: once it has dismissed, the clicks were handled.
        try xdotool(["key", "Escape"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, demo.child.stdout)
        XCTAssertEqual(demo.phases, ["dismissing", "dismissed"])
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
        let trace = try GestureTrace.load(path: recording)
        XCTAssertEqual(
            trace.events.map(\.kind),
            [
                .scroll(dx: 0, dy: -53, source: .wheel), .scroll(dx: 0, dy: 53, source: .wheel),
                .key(.escape),
            ])
    }

    func testWithoutXInput2TheDemoSaysSoOnceAndADragStillDismisses() throws {
        try requireXdotool()
        setenv("SWIPEDISMISS_NO_XI2", "1", 1)
        defer { unsetenv("SWIPEDISMISS_NO_XI2") }
        let demo = try startDemo(["--events"])
        let note = "x11-demo: input: core X events (XInput2 turned off)\n"
        XCTAssertTrue(eventually { demo.child.stderr.contains(note) }, demo.child.stderr)
        var drag = ["mousemove", "--window", demo.id, "195", "450", "mousedown", "1"]
        for y in stride(from: 470, through: 750, by: 20) {
            drag += ["mousemove", "--window", demo.id, "195", "\(y)"]
        }
        try xdotool(drag + ["mouseup", "1"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, demo.child.stdout)
        XCTAssertEqual(demo.phases, ["dragging", "dismissing", "dismissed"])
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
        XCTAssertEqual(demo.child.stderr, note)
    }
}
