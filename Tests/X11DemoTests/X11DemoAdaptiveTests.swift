import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// `x11-demo --adaptive` (DESIGN §4c): a live resize goes through the same path as a trace's
/// `viewport` event, so `xdotool windowsize` from 390×844 to 1024×768 floats the sheet, and
/// back puts it at its detent; the phase lines carry the mode.
final class X11DemoAdaptiveTests: XCTestCase {
    func testResizingTheWindowFloatsTheSheetAndBackPutsItAtMedium() throws {
        try requireXdotool()
        let demo = try startDemo(["--scene", "sheet", "--adaptive", "--events"])
        func lines() throws -> [[String: Any]] { try demo.child.stdoutLines.map(eventObject) }
        try xdotool(["windowsize", demo.id, "1024", "768"])
        XCTAssertTrue(
            eventually { (try? lines())?.last?["mode"] as? String == "floating" },
            demo.child.stdout)
        let floating = try XCTUnwrap(try lines().last)
        XCTAssertEqual(floating["detent"] as? String, "large")
        XCTAssertEqual(floating["offset"] as? Double, 0)
        XCTAssertEqual(floating["phase"] as? String, "presented")
        // The floating sheet is drawn 640 pt wide from x 192: white at its left edge, the
        // dim backdrop just outside it (grey 178 over the white band's row, y 10, is above
        // its top at 40; y 300 is inside).
        XCTAssertTrue(eventually { demo.grey(x: 200, y: 300) == 255 }, "inside the sheet")
        XCTAssertNotEqual(demo.grey(x: 150, y: 300), 255, "the backdrop beside the sheet")

        try xdotool(["windowsize", demo.id, "390", "844"])
        XCTAssertTrue(
            eventually { (try? lines())?.last?["mode"] as? String == "sheet" }, demo.child.stdout)
        let sheet = try XCTUnwrap(try lines().last)
        XCTAssertEqual(sheet["detent"] as? String, "medium")
        XCTAssertEqual(try XCTUnwrap(sheet["offset"] as? Double), 337.6, accuracy: 0.5)
        XCTAssertFalse(demo.phases.contains("dismissed"), demo.child.stdout)
    }
}
