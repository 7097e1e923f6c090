import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import X11DemoCore

/// `x11-demo --scene sheet` and `--scene stack` driven from the keyboard and button 8 with
/// xdotool (XTest, so the modifiers are real): DESIGN §4c "Keyboard in a sheet" and its
/// `{"t":…,"focus":"<title>"}` lines.
final class X11DemoKeyboardTests: XCTestCase {
    /// The titles (nil: focus back to the app) of the demo's focus lines, in order.
    private func focusTitles(_ demo: RunningDemo) -> [String?] {
        demo.child.stdoutLines.filter(isFocusLine).compactMap { line in
            guard let object = try? eventObject(line) else { return nil }
            return .some(object["focus"] as? String)
        }
    }

    /// Starts the demo with `arguments`, gives its window the keyboard focus and puts the
    /// pointer over it.
    private func startFocused(_ arguments: [String]) throws -> RunningDemo {
        try requireXdotool()
        let demo = try startDemo(arguments)
        try xdotool(["windowfocus", "--sync", demo.id])
        try xdotool(["mousemove", "--window", demo.id, "195", "300"])
        return demo
    }

    private func close(_ demo: RunningDemo) {
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
    }

    func testAFocusLineNamesTheTitleOrNull() throws {
        let state = DismissState(time: 1.5, offset: 0, alpha: 0.3, progress: 0, phase: .presented)
        XCTAssertEqual(focusLine("Row \"2\"", state: state), #"{"t":1.5,"focus":"Row \"2\""}"#)
        XCTAssertEqual(focusLine(nil, state: state), #"{"t":1.5,"focus":null}"#)
    }

    func testTabAndShiftTabCycleTheRowsWrappingAtBothEnds() throws {
        let demo = try startFocused(["--scene", "sheet", "--events"])
        try xdotool(["key", "Tab", "Tab", "shift+Tab", "shift+Tab", "ISO_Left_Tab", "Tab"])
        XCTAssertTrue(eventually { self.focusTitles(demo).count == 6 }, demo.child.stdout)
        XCTAssertEqual(
            focusTitles(demo), ["Row 2", "Row 3", "Row 2", "Row 1", "Row 60", "Row 1"])
        XCTAssertEqual(demo.phases, [], "focus keys move nothing")
        close(demo)
    }

    func testControlDownAtMediumNeverDismissesAndControlUpGoesToLarge() throws {
        let demo = try startFocused(["--scene", "sheet", "--events"])
        // Keys are read in order: if Ctrl+Down did anything, its phase line comes first.
        try xdotool(["key", "ctrl+Down", "ctrl+Up"])
        XCTAssertTrue(eventually { demo.phases.count >= 2 }, demo.child.stdout)
        let lines = try demo.lines.map(eventObject)
        XCTAssertEqual(lines.first?["phase"] as? String, "settling")
        XCTAssertEqual(lines.first?["detent"] as? String, "large")
        XCTAssertEqual(lines[1]["phase"] as? String, "presented")
        XCTAssertEqual(lines[1]["offset"] as? Double, 0)
        try xdotool(["key", "ctrl+Down"])
        XCTAssertTrue(eventually { demo.phases.count >= 4 }, demo.child.stdout)
        let back = try demo.lines.map(eventObject)
        XCTAssertEqual(back.last?["detent"] as? String, "medium")
        XCTAssertEqual(back.last?["offset"] as? Double, 337.6)
        XCTAssertFalse(demo.phases.contains("dismissing"), demo.child.stdout)
        close(demo)
    }

    func testButtonEightAndAltLeftDismissAndFocusComesBackWithTheNextPresentation() throws {
        let demo = try startFocused(["--scene", "sheet", "--events"])
        try xdotool(["click", "8"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, demo.child.stdout)
        XCTAssertEqual(focusTitles(demo), [nil], "focus goes back to the app")
        // Enter with no item focused presents (the tools' rule).
        try xdotool(["key", "Return"])
        XCTAssertTrue(eventually { demo.phases.last == "presented" }, demo.child.stdout)
        XCTAssertEqual(focusTitles(demo), [nil, "Row 1"])
        try xdotool(["key", "alt+Left"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, demo.child.stdout)
        XCTAssertEqual(
            demo.phases,
            ["dismissing", "dismissed", "presenting", "presented", "dismissing", "dismissed"])
        close(demo)
    }

    func testABackKeyAsksThePolicyWithReasonBack() throws {
        let demo = try startFocused(["--scene", "sheet", "--events", "--confirm"])
        try xdotool(["click", "8"])
        XCTAssertTrue(
            eventually { demo.lines.contains { $0.contains(#""attempt":"back""#) } },
            demo.child.stdout)
        try xdotool(["key", "n", "alt+Left"])
        XCTAssertTrue(
            eventually { demo.lines.filter { $0.contains(#""attempt":"back""#) }.count == 2 },
            demo.child.stdout)
        XCTAssertFalse(demo.phases.contains("dismissing"), demo.child.stdout)
        close(demo)
    }

    func testInAStackFocusMovesToTheNewSheetAndComesBackToTheParentsRow() throws {
        let demo = try startFocused(["--scene", "stack", "--events"])
        try xdotool(["key", "Tab", "Tab", "space"])
        XCTAssertTrue(eventually { demo.phases.last == "presented" }, demo.child.stdout)
        try xdotool(["key", "Escape"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, demo.child.stdout)
        XCTAssertTrue(eventually { self.focusTitles(demo).count == 4 }, demo.child.stdout)
        XCTAssertEqual(focusTitles(demo), ["Row 2", "Row 3", "Row 1", "Row 3"])
        close(demo)
    }

    func testTheRingShowsOnTheFocusedRowAfterTabAndGoesOnAPress() throws {
        let demo = try startFocused(["--scene", "sheet", "--events"])
        // Row 2 at `medium` spans y 522…566; the ring's left bar is x 4…6 inside it.
        func ring() -> UInt32? {
            demo.display.readPixels(window: demo.window, x: 5, y: 540, width: 1, height: 1)
                .map { $0[0] & 0xFF_FFFF }
        }
        XCTAssertEqual(ring(), 0xFF_FFFF, "no ring before a key")
        try xdotool(["key", "Tab"])
        XCTAssertTrue(eventually { ring() == 0x00_7AFF }, "\(String(ring() ?? 0, radix: 16))")
        try xdotool(["mousemove", "--window", demo.id, "195", "700", "click", "1"])
        XCTAssertTrue(eventually { ring() == 0xFF_FFFF }, "\(String(ring() ?? 0, radix: 16))")
        XCTAssertFalse(demo.phases.contains("dismissing"), demo.child.stdout)
        close(demo)
    }
}
