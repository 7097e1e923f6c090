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
