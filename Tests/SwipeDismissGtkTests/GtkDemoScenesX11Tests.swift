import Foundation
import SwipeDismissTestSupport
import XCTest

/// gtk-demo's photo and stack scenes on the X server `make test` provides, driven by xdotool:
/// the photo leaves in 2-D, sheets stack up to three deep and leave one at a time.
final class GtkDemoScenesX11Tests: XCTestCase {
    /// A press at (`x`, `y`), moved by (`dx`, `dy`) in `steps` steps 16 ms apart, released.
    func drag(x: Int, y: Int, dx: Int, dy: Int, steps: Int) throws {
        var arguments = ["mousemove", "\(x)", "\(y)", "sleep", "0.15", "mousedown", "1"]
        for step in 1...steps {
            arguments += [
                "sleep", "0.016", "mousemove", "\(x + dx * step / steps)",
                "\(y + dy * step / steps)",
            ]
        }
        arguments += ["mouseup", "1"]
        try xdotool(arguments)
    }

    func testAPhotoFlungDiagonallyLeavesIn2DAndUncoversTheBand() throws {
        // The photo's backdrop is black at rest (alpha 1): the band reads 0.
        let demo = try startGtkDemo(["--scene", "photo", "--events"], restGrey: 0...1)
        defer { demo.child.terminate() }
        // From the photo's centre (195, 422) down and to the right, 240 pt each way.
        try drag(x: 195, y: 422, dx: 240, dy: 240, steps: 12)
        XCTAssertTrue(
            eventually(timeout: 5) { demo.phases.last == "dismissed" },
            "phases: \(demo.phases); stderr: \(demo.child.stderr)")
        XCTAssertEqual(demo.phases, ["dragging", "dismissing", "dismissed"])
        // Lines name the 2-D translation (as x11-demo's photo scene): it left down-right.
        let last = try XCTUnwrap(demo.child.stdoutLines.last)
        let x = try XCTUnwrap(field("x", of: last) as? Double, last)
        let y = try XCTUnwrap(field("y", of: last) as? Double, last)
        XCTAssertGreaterThan(x, 0, last)
        XCTAssertGreaterThan(y, 0, last)
        XCTAssertEqual(field("alpha", of: last) as? Double, 0)
        XCTAssertTrue(
            eventually(timeout: 3) { demo.bandGrey == 255 }, "band: \(demo.bandGrey ?? -1)")
    }

    func testAShortPhotoDragSpringsBackToRest() throws {
        let demo = try startGtkDemo(["--scene", "photo", "--events"], restGrey: 0...1)
        defer { demo.child.terminate() }
        // 40 pt diagonally, held still past the velocity window: under the 150 pt threshold.
        var arguments = ["mousemove", "195", "422", "sleep", "0.15", "mousedown", "1"]
        for step in 1...4 {
            arguments += [
                "sleep", "0.016", "mousemove", "\(195 + 10 * step)", "\(422 + 10 * step)",
            ]
        }
        arguments += ["sleep", "0.25", "mouseup", "1"]
        try xdotool(arguments)
        XCTAssertTrue(
            eventually(timeout: 5) { demo.phases.last == "presented" }, "\(demo.child.stdoutLines)")
        let last = try XCTUnwrap(demo.child.stdoutLines.last)
        XCTAssertEqual(field("x", of: last) as? Double, 0, last)
        XCTAssertEqual(field("y", of: last) as? Double, 0, last)
        XCTAssertTrue(eventually(timeout: 2) { (0...1).contains(demo.bandGrey ?? -1) })
    }

    func testAnUnreadablePhotoIsNamedAndExits2() throws {
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
            throw unavailable("no X display: DISPLAY is not set (run under Xvfb, e.g. `make test`)")
        }
        let missing = temporaryFolder().appendingPathComponent("no-such-photo.png").path
        let result = try ChildProcess.run(
            try builtProduct("gtk-demo").path, ["--scene", "photo"],
            environment: environment([
                "GDK_BACKEND": "x11", "DISPLAY": name, "SWIPEDISMISS_PHOTO": missing,
            ]), timeout: 20)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "gtk-demo: --scene photo: cannot read the PNG \(missing)\n")
    }

    /// The `--events` lines of `level`.
    func lines(_ demo: RunningGtkDemo, level: Int) -> [String] {
        demo.child.stdoutLines.filter { field("level", of: $0) as? Int == level }
    }

    /// A click on the top sheet's "Open another" (the header's first button, about x 61…182
    /// beside the title "Sheet", 73…194 beside "Sheet 3", at y 448 at medium).
    func clickOpenAnother() throws {
        try xdotool(["mousemove", "125", "448", "sleep", "0.15", "click", "1"])
    }

    func testOpenAnotherStacksSheetsThreeDeepAndEachLeavesOnItsOwn() throws {
        let demo = try startGtkDemo(["--scene", "stack", "--events"])
        defer { demo.child.terminate() }
        let window = String(demo.window)
        // "Open another" presents a second sheet over the first, at medium; the backdrop
        // stays 0.3.
        try clickOpenAnother()
        XCTAssertTrue(
            eventually(timeout: 5) {
                lines(demo, level: 1).last.map { field("phase", of: $0) as? String }
                    == "presented"
            }, "\(demo.child.stdoutLines)")
        let second = try XCTUnwrap(lines(demo, level: 1).last)
        XCTAssertEqual(field("depth", of: second) as? Int, 2, second)
        XCTAssertEqual(field("detent", of: second) as? String, "medium", second)
        XCTAssertEqual(field("alpha", of: second) as? Double ?? .nan, 0.3, accuracy: 1e-9)
        XCTAssertTrue(eventually(timeout: 2) { (178...179).contains(demo.bandGrey ?? -1) })
        // A third; then the third's "Open another" is insensitive: nothing more (three is the
        // limit).
        try clickOpenAnother()
        XCTAssertTrue(
            eventually(timeout: 5) {
                lines(demo, level: 2).last.map { field("phase", of: $0) as? String }
                    == "presented"
            }, "\(demo.child.stdoutLines)")
        XCTAssertEqual(lines(demo, level: 2).last.flatMap { field("depth", of: $0) as? Int }, 3)
        try clickOpenAnother()
        // Text typed into the third's "Note" (x 203…300 beside "Sheet 3") after the click:
        // once its line is out, the click was handled before it.
        try xdotool(["mousemove", "250", "448", "sleep", "0.15", "click", "1", "type", "x"])
        XCTAssertTrue(
            eventually(timeout: 5) {
                demo.child.stdoutLines.contains { field("text", of: $0) as? String == "x" }
            }, "\(demo.child.stdoutLines)")
        XCTAssertEqual(lines(demo, level: 3), [])
        XCTAssertEqual(
            lines(demo, level: 2).last.flatMap { field("phase", of: $0) as? String }, "presented")
        // Escape (from the focused entry, which has no use for it) dismisses the top sheet
        // only.
        try xdotool(["key", "--window", window, "Escape"])
        XCTAssertTrue(
            eventually(timeout: 5) {
                lines(demo, level: 2).last.map { field("phase", of: $0) as? String }
                    == "dismissed"
            }, "\(demo.child.stdoutLines)")
        // Keys are handled in order: the Space before that Escape presented no fourth sheet.
        XCTAssertEqual(lines(demo, level: 3), [])
        XCTAssertEqual(lines(demo, level: 2).last.flatMap { field("depth", of: $0) as? Int }, 2)
        XCTAssertEqual(
            lines(demo, level: 1).last.flatMap { field("phase", of: $0) as? String }, "presented")
        // A drag past the threshold (from "Row 2": the Volume scale above keeps its presses)
        // dismisses the second; the first stays, dimmed at 0.3.
        var arguments = ["mousemove", "195", "540", "sleep", "0.15", "mousedown", "1"]
        for step in 1...15 {
            arguments += ["sleep", "0.016", "mousemove", "195", "\(540 + 20 * step)"]
        }
        arguments += ["mouseup", "1"]
        try xdotool(arguments)
        XCTAssertTrue(
            eventually(timeout: 5) {
                lines(demo, level: 1).last.map { field("phase", of: $0) as? String }
                    == "dismissed"
            }, "\(demo.child.stdoutLines)")
        XCTAssertEqual(lines(demo, level: 1).last.flatMap { field("depth", of: $0) as? Int }, 1)
        XCTAssertEqual(
            lines(demo, level: 0).last.flatMap { field("phase", of: $0) as? String }, nil,
            "the root never moved: \(demo.child.stdoutLines)")
        XCTAssertTrue(eventually(timeout: 2) { (178...179).contains(demo.bandGrey ?? -1) })
        // Escape again: the root leaves, the band is clear.
        try xdotool(["key", "--window", window, "Escape"])
        XCTAssertTrue(
            eventually(timeout: 5) {
                lines(demo, level: 0).last.map { field("phase", of: $0) as? String }
                    == "dismissed"
            }, "\(demo.child.stdoutLines)")
        XCTAssertEqual(lines(demo, level: 0).last.flatMap { field("depth", of: $0) as? Int }, 0)
        XCTAssertTrue(eventually(timeout: 3) { demo.bandGrey == 255 })
    }
}
