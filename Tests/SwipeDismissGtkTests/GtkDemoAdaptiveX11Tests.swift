import Foundation
import SwipeDismissTestSupport
import XCTest

/// `gtk-demo --adaptive` as DESIGN §4c "Adaptive presentation" says: resized to 1024 pt wide
/// while presented, its sheet of real widgets floats, centred and 640 pt wide; back at
/// 390×844 it is a bottom sheet at `medium` again, nothing dismissed.
final class GtkDemoAdaptiveX11Tests: XCTestCase {
    func testAResizeFloatsTheSheetAndBackItRestsAtMedium() throws {
        let demo = try startGtkDemo(["--events", "--adaptive"])
        defer { demo.child.terminate() }
        let modes = { demo.child.stdoutLines.compactMap { field("mode", of: $0) as? String } }
        try xdotool(["windowsize", String(demo.window), "1024", "768"])
        XCTAssertTrue(eventually(timeout: 5) { modes().last == "floating" }, "\(modes())")
        let floating = try XCTUnwrap(demo.child.stdoutLines.last)
        XCTAssertEqual(field("detent", of: floating) as? String, "large")
        // The sheet's white is drawn from x = 192 to 832 (its header at y = 60), the app's
        // blue screen either side.
        XCTAssertTrue(
            eventually(timeout: 5) {
                demo.pixel(x: 200, y: 120).map { [$0.r, $0.g, $0.b] } == [255, 255, 255]
                    && demo.pixel(x: 180, y: 300).map { $0.b > $0.r } == true
                    && demo.pixel(x: 845, y: 300).map { $0.b > $0.r } == true
            }, "a centred 640 pt sheet")
        try xdotool(["windowsize", String(demo.window), "390", "844"])
        XCTAssertTrue(eventually(timeout: 5) { modes().last == "sheet" }, "\(modes())")
        let back = try XCTUnwrap(demo.child.stdoutLines.last)
        XCTAssertEqual(field("detent", of: back) as? String, "medium")
        XCTAssertEqual(try XCTUnwrap(field("offset", of: back) as? Double), 337.6, accuracy: 0.5)
        XCTAssertFalse(demo.phases.contains("dismissed"))
    }
}
