import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// `x11-demo --scene sheet`: the list scrolls at `large` (a wheel, Page Down/End/Home) and
/// one drag down hands off from the list to the sheet (issue 10), driven through XTest with
/// `xdotool` and read back from the window's pixels and `--events`.
///
/// At `large` the sheet's top is at 84.4 and its header's 1 pt line at 139.4; the list starts
/// at 140.4 and each row's 1 pt separator (#E5E5EA, red 229, from x 20) sits at the foot of
/// its 44 pt row: row 1's at 183.4 − scroll. A line at a fractional y covers two pixel rows,
/// so at x 300 the pair (183, 184) reads (239, 245) at 183.4 and (229, 255) at 183.
final class X11DemoHandOffTests: XCTestCase {
    /// The red channel of the window's pixels at x 300 for `rows`.
    private func reds(_ demo: RunningDemo, _ rows: [Int]) -> [Int] {
        rows.map { demo.grey(x: 300, y: $0) ?? -1 }
    }

    /// Whether `rows` read `expected` (within 1 for rounding), before a deadline.
    private func shows(_ demo: RunningDemo, _ rows: [Int], _ expected: [Int]) -> Bool {
        eventually {
            zip(reds(demo, rows), expected).allSatisfy { abs($0 - $1) <= 1 }
        }
    }

    /// xdotool arguments: press at (195, y0), move in 20 px steps to y1, optionally release.
    private func drag(_ demo: RunningDemo, from y0: Int, to y1: Int, release: Bool) -> [String] {
        var arguments = ["mousemove", "--window", demo.id, "195", "\(y0)", "mousedown", "1"]
        let step = y1 > y0 ? 20 : -20
        for y in stride(from: y0 + step, through: y1, by: step) {
            arguments += ["mousemove", "--window", demo.id, "195", "\(y)"]
        }
        return release ? arguments + ["mouseup", "1"] : arguments
    }

    private func events(_ demo: RunningDemo) throws -> [[String: Any]] {
        try demo.child.stdoutLines.map(eventObject)
    }

    /// Starts the sheet scene and raises it to `large` (a drag up 300 pt from the list).
    private func sheetAtLarge() throws -> RunningDemo {
        try requireXdotool()
        let demo = try startDemo(["--scene", "sheet", "--events"])
        try xdotool(drag(demo, from: 600, to: 300, release: true))
        XCTAssertTrue(
            eventually {
                let last = try? events(demo).last
                return last?["phase"] as? String == "presented"
                    && last?["detent"] as? String == "large"
            }, demo.child.stdout)
        // The header line and row 1's separator, the list at its top.
        XCTAssertTrue(
            shows(demo, [139, 140, 183, 184], [239, 245, 239, 245]),
            "\(reds(demo, [139, 140, 183, 184]))")
        XCTAssertTrue((178...179).contains(demo.grey() ?? 0), "the band at large")
        return demo
    }

    func testAWheelScrollsTheListThenOneDragDownHandsOffToTheSheetAndBack() throws {
        let demo = try sheetAtLarge()
        let phasesAtLarge = demo.phases

        // Four wheel clicks down (53 pt each) scroll the list 212 pt: row 5's separator,
        // at 183.4 + 4·44 − 212 = 147.4, is the first below the header.
        try xdotool(["mousemove", "--window", demo.id, "195", "400", "click", "--repeat", "4", "5"])
        XCTAssertTrue(
            shows(demo, [147, 148, 183, 184], [239, 245, 255, 255]),
            "after the wheel: \(reds(demo, [147, 148, 183, 184]))")
        XCTAssertEqual(demo.phases, phasesAtLarge, "a wheel never moves the sheet")
        XCTAssertTrue((178...179).contains(demo.grey() ?? 0), "the band")

        // One drag down 300 pt from the list, held: 212 scroll the list to its top, the
        // other 88 move the sheet (its header line to 227.4, row 1's separator to 271.4).
        try xdotool(drag(demo, from: 250, to: 550, release: false))
        XCTAssertTrue(
            shows(demo, [227, 228, 271, 272, 235, 236], [239, 245, 239, 245, 255, 255]),
            "mid hand-off: \(reds(demo, [227, 228, 271, 272, 235, 236]))")
        // Above the moved sheet the backdrop keeps the rest grey (alpha 0.3 down to medium).
        XCTAssertTrue((178...179).contains(demo.grey(x: 100, y: 150) ?? 0))
        XCTAssertTrue((178...179).contains(demo.grey() ?? 0))
        let dragging = try XCTUnwrap(events(demo).last)
        XCTAssertEqual(dragging["phase"] as? String, "dragging", demo.child.stdout)
        // The sheet left large only once the list was at its top: the finger had moved a
        // whole number of 20 px steps, 212 of them into the list, when the sheet first moved.
        let first = try XCTUnwrap(dragging["offset"] as? Double)
        XCTAssertTrue(first > 0 && first <= 88, "\(first)")
        XCTAssertEqual((first - 8).truncatingRemainder(dividingBy: 20), 0, "\(first)")

        // Let go still (the finger rests 0.3 s first, part of the gesture as a trace's hold
        // is, so the release has no velocity): the sheet springs back to large, the list
        // at its top.
        try xdotool(["sleep", "0.3", "mouseup", "1"])
        XCTAssertTrue(
            eventually {
                let last = try? events(demo).last
                return last?["phase"] as? String == "presented"
                    && last?["detent"] as? String == "large"
            }, demo.child.stdout)
        let steps = Array(demo.phases.dropFirst(phasesAtLarge.count))
        XCTAssertEqual(steps, ["dragging", "settling", "presented"], demo.child.stdout)
        XCTAssertEqual(try events(demo).dropLast().last?["offset"] as? Double, 88)
        XCTAssertTrue(shows(demo, [139, 140, 183, 184], [239, 245, 239, 245]))
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
    }

    func testPageDownEndAndHomeScrollTheListAtLarge() throws {
        let demo = try sheetAtLarge()
        let phasesAtLarge = demo.phases
        // Page Down: 703.6 − 44 = 659.6 pt; row 1's line would be at 183.4 − 659.6, and
        // the one at 183.8 (0.2 on pixel 183, 0.8 on 184) takes its place.
        try xdotool(["key", "Page_Down"])
        XCTAssertTrue(
            shows(demo, [183, 184], [250, 234]), "Page Down: \(reds(demo, [183, 184]))")
        // End: 1936.4 pt, a line exactly on pixel 183.
        try xdotool(["key", "End"])
        XCTAssertTrue(shows(demo, [183, 184], [229, 255]), "End: \(reds(demo, [183, 184]))")
        // Home: back to the top.
        try xdotool(["key", "Home"])
        XCTAssertTrue(shows(demo, [183, 184], [239, 245]), "Home: \(reds(demo, [183, 184]))")
        XCTAssertEqual(demo.phases, phasesAtLarge, "keys never move the sheet")
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
    }
}
