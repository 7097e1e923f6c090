import Foundation
import SwipeDismissTestSupport
import XCTest

/// `x11-host-demo`'s keyboard as DESIGN §4c "Keyboard in a sheet" says: focus starts on the
/// share sheet's first row, Tab cycles its rows (Volume included) and never leaves it, Ctrl+Up
/// moves one detent, Alt+Left dismisses with reason `back` and the focus returns to "Share".
final class X11HostDemoKeyboardTests: XCTestCase {
    /// The `--events` focus lines' titles, in order ("Share" once the focus is the app's).
    private func focus(_ demo: RunningHostDemo) -> [String] {
        demo.events.compactMap { $0["focus"] as? String }
    }

    func testTabCyclesTheSheetsRowsAndBackReturnsTheFocusToShare() throws {
        let demo = try RunningHostDemo()
        try xdotool(["key", "--window", demo.id, "space"])
        XCTAssertTrue(eventually { demo.phases.last == "presented" }, "\(demo.phases)")
        XCTAssertEqual(focus(demo), ["Copy link"])
        for _ in 0..<4 { try xdotool(["key", "--window", demo.id, "Tab"]) }
        XCTAssertTrue(eventually { self.focus(demo).count == 5 }, "\(focus(demo))")
        // Four rows, and the fourth Tab wraps to the first: never out to the app.
        XCTAssertEqual(focus(demo), ["Copy link", "Mail", "Cancel", "Volume", "Copy link"])
        try xdotool(["key", "--window", demo.id, "shift+Tab"])
        XCTAssertTrue(eventually { self.focus(demo).last == "Volume" }, "\(focus(demo))")
        let before = demo.phases.count
        try xdotool(["key", "--window", demo.id, "ctrl+Up"])
        XCTAssertTrue(
            eventually { demo.phases.count > before && demo.phases.last == "presented" },
            "\(demo.phases)")
        XCTAssertEqual(demo.events.last { $0["phase"] != nil }?["detent"] as? String, "large")
        try xdotool(["key", "--window", demo.id, "alt+Left"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, "\(demo.phases)")
        XCTAssertEqual(focus(demo).last, "Share")
    }
}

/// `x11-host-demo --adaptive` as DESIGN §4c "Adaptive presentation" says: resized to
/// 1024×768 while presented, the share sheet floats (640 pt wide from x = 192, its top 40 pt
/// down) and its Volume slider follows it; back at 390×844 it is a bottom sheet at `medium`.
final class X11HostDemoAdaptiveTests: XCTestCase {
    func testAResizeFloatsTheSheetAndTheSliderFollowsIt() throws {
        let demo = try RunningHostDemo(["--adaptive"])
        try xdotool(["key", "--window", demo.id, "space"])
        XCTAssertTrue(eventually { demo.phases.last == "presented" }, "\(demo.phases)")
        let modes = { demo.events.compactMap { $0["mode"] as? String } }
        XCTAssertEqual(modes().last, "sheet")
        try xdotool(["windowsize", demo.id, "1024", "768"])
        XCTAssertTrue(eventually { modes().last == "floating" }, "\(demo.events)")
        XCTAssertEqual(demo.events.last { $0["mode"] != nil }?["detent"] as? String, "large")
        XCTAssertFalse(demo.phases.contains("dismissed"))
        // The Volume row's centre in the floating sheet: 40 + 56 + 3 × 44 + 22 = 250; its
        // track runs from 192 + 16 to 832 − 16, so x = 600 is (600 − 208) / 608 × 100.
        try xdotool([
            "mousemove", "--window", demo.id, "512", "250", "mousedown", "1",
            "mousemove", "--window", demo.id, "600", "250", "sleep", "0.05", "mouseup", "1",
        ])
        let volume = { demo.events.last { $0["item"] as? String == "volume" }?["value"] as? Double }
        XCTAssertTrue(eventually { volume() != nil }, "\(demo.events)")
        XCTAssertEqual(try XCTUnwrap(volume()), 392.0 / 608 * 100, accuracy: 1e-4)
        try xdotool(["windowsize", demo.id, "390", "844"])
        XCTAssertTrue(eventually { modes().last == "sheet" }, "\(demo.events)")
        let back = demo.events.last { $0["mode"] != nil }
        XCTAssertEqual(back?["detent"] as? String, "medium")
        XCTAssertEqual(try XCTUnwrap(back?["offset"] as? Double), 337.6, accuracy: 0.5)
        XCTAssertFalse(demo.phases.contains("dismissed"))
    }
}
