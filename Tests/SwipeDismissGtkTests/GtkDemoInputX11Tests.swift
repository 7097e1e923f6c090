import Foundation
import SwipeDismissTestSupport
import XCTest

/// gtk-demo shares input with the app it lives in (DESIGN §4c "gtk-demo, added"), driven by
/// xdotool on `$DISPLAY`: the app's keys and widgets keep their input, a drag from where no
/// widget takes presses still moves the sheet.
///
/// At `medium` the sheet's top is at y 422: its 56 pt header (the title "Sheet" from x 16,
/// the "Note" entry, Close) spans y 422…478, the first row (the Volume scale, x 16…374)
/// y 478…522, "Row 2" y 522…566.
final class GtkDemoInputX11Tests: XCTestCase {
    /// The `--events` lines that name `key` (`"entry"`, `"scale"`).
    func lines(_ demo: RunningGtkDemo, naming key: String) -> [String] {
        demo.child.stdoutLines.filter { field(key, of: $0) != nil }
    }

    /// The texts of the entry `name`'s `--events` lines, in order.
    func texts(_ demo: RunningGtkDemo, entry name: String) -> [String] {
        lines(demo, naming: "entry").filter { field("entry", of: $0) as? String == name }
            .compactMap { field("text", of: $0) as? String }
    }

    func testTypingAndReturnInTheAppsSearchEntryNeverPresent() throws {
        let demo = try startGtkDemo(["--events"])
        defer { demo.child.terminate() }
        try xdotool(["key", "--window", String(demo.window), "Escape"])
        XCTAssertTrue(eventually(timeout: 5) { demo.phases.last == "dismissed" })
        XCTAssertTrue(eventually(timeout: 3) { demo.bandGrey == 255 })
        // "Search" spans the screen's width under "Inbox" (about y 76…108).
        try xdotool(["mousemove", "100", "92", "sleep", "0.15", "click", "1"])
        try xdotool(["type", "--delay", "20", "oat milk"])
        try xdotool(["key", "Return"])
        // A key after Return: once its text is in, Return has been handled before it.
        try xdotool(["type", "!"])
        XCTAssertTrue(
            eventually(timeout: 5) { texts(demo, entry: "Search").last == "oat milk!" },
            "\(demo.child.stdoutLines)")
        XCTAssertEqual(texts(demo, entry: "Search").first, "o")
        XCTAssertEqual(demo.phases, ["dismissing", "dismissed"], "nothing presented")
        XCTAssertEqual(demo.bandGrey, 255)
    }

    func testTheNoteEntryTakesAClickTextAndHomeWithoutMovingTheSheet() throws {
        let demo = try startGtkDemo(["--events"])
        defer { demo.child.terminate() }
        // The middle of "Note" in the header (x 132…300).
        try xdotool(["mousemove", "215", "448", "sleep", "0.15", "click", "1"])
        try xdotool(["type", "--delay", "20", "yes no"])
        try xdotool(["key", "Home", "End", "Home"])
        try xdotool(["type", "--delay", "20", "AB"])
        XCTAssertTrue(
            eventually(timeout: 5) { texts(demo, entry: "Note").last == "AByes no" },
            "\(demo.child.stdoutLines)")
        // Space went into the entry: it neither presented nor moved anything.
        XCTAssertTrue(texts(demo, entry: "Note").contains("yes "))
        XCTAssertEqual(demo.phases, [], "the sheet never moved")
        XCTAssertTrue((178...179).contains(demo.bandGrey ?? -1))
    }

    func testTheVolumeScaleMovesWithoutMovingTheSheet() throws {
        let demo = try startGtkDemo(["--events"])
        defer { demo.child.terminate() }
        // A press on the scale's knob (at 50: the middle) dragged right and down, as far as
        // a dismissing drag would go.
        var arguments = ["mousemove", "195", "500", "sleep", "0.15", "mousedown", "1"]
        for step in 1...15 {
            arguments += [
                "sleep", "0.016", "mousemove", "\(195 + 10 * step)", "\(500 + 20 * step)",
            ]
        }
        arguments += ["mouseup", "1"]
        try xdotool(arguments)
        XCTAssertTrue(
            eventually(timeout: 5) {
                (self.lines(demo, naming: "scale").last.flatMap { field("value", of: $0) }
                    as? Double ?? 0) > 80
            }, "\(demo.child.stdoutLines)")
        let values = lines(demo, naming: "scale").compactMap { field("value", of: $0) as? Double }
        XCTAssertTrue(
            lines(demo, naming: "scale").allSatisfy {
                field("scale", of: $0) as? String == "Volume"
            })
        // Whole steps, rising with the pointer, within 0…100.
        XCTAssertEqual(values, values.sorted())
        XCTAssertTrue(
            values.allSatisfy { $0 == $0.rounded() && (0...100).contains($0) }, "\(values)")
        // The sheet's offset never changed: no phase line, the dim still 0.3.
        XCTAssertEqual(demo.phases, [], "\(demo.child.stdoutLines)")
        XCTAssertTrue((178...179).contains(demo.bandGrey ?? -1))
    }

    func testADragFromTheHeaderBackgroundStillDismisses() throws {
        let demo = try startGtkDemo(["--events"])
        defer { demo.child.terminate() }
        // On the title "Sheet" (a label: it takes no presses), 300 pt down.
        var arguments = ["mousemove", "40", "448", "sleep", "0.15", "mousedown", "1"]
        for step in 1...15 {
            arguments += ["sleep", "0.016", "mousemove", "40", "\(448 + 20 * step)"]
        }
        arguments += ["mouseup", "1"]
        try xdotool(arguments)
        XCTAssertTrue(
            eventually(timeout: 5) { demo.phases.last == "dismissed" }, "\(demo.child.stdoutLines)")
        XCTAssertEqual(demo.phases, ["dragging", "dismissing", "dismissed"])
        XCTAssertTrue(eventually(timeout: 3) { demo.bandGrey == 255 })
    }

    func testSpaceAndReturnPresentOnlyThroughTheFocusedOpenButton() throws {
        let demo = try startGtkDemo(["--events"])
        defer { demo.child.terminate() }
        let window = String(demo.window)
        try xdotool(["key", "--window", window, "Escape"])
        XCTAssertTrue(eventually(timeout: 5) { demo.phases.last == "dismissed" })
        // The focus came back to "Open": Return presses it.
        try xdotool(["key", "--window", window, "Return"])
        XCTAssertTrue(eventually(timeout: 5) { demo.phases.last == "presented" })
        // Shown, Return and Space press the focused Close (the sheet's first focus): they
        // dismiss through the button, never present a second time.
        try xdotool(["key", "--window", window, "space"])
        XCTAssertTrue(eventually(timeout: 5) { demo.phases.last == "dismissed" })
        XCTAssertEqual(
            demo.phases,
            [
                "dismissing", "dismissed", "presenting", "presented", "dismissing",
                "dismissed",
            ])
    }
}
