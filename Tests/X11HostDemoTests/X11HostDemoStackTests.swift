import Foundation
import SwipeDismissTestSupport
import XCTest

/// `x11-host-demo` as DESIGN §4c "`x11-host-demo`, added" says: the app's Volume slider keeps
/// its presses, "Copy link" becomes "Link copied" in place, and "Mail" stacks a second sheet
/// in the app's own loop.
final class X11HostDemoStackTests: XCTestCase {
    /// Presents the share sheet with Space ("Share" has the focus) and waits for it to rest.
    private func present(_ demo: RunningHostDemo) throws {
        try xdotool(["key", "--window", demo.id, "space"])
        XCTAssertTrue(eventually { demo.phases.last == "presented" }, "\(demo.phases)")
        XCTAssertEqual(demo.pixel(), X11HostDemoTests.dimmed)
    }

    /// The `--events` Volume lines' values, in order.
    private func volumes(_ demo: RunningHostDemo) -> [Double] {
        demo.events.filter { $0["item"] as? String == "volume" }.compactMap {
            $0["value"] as? Double
        }
    }

    func testDraggingTheVolumeSliderSetsItsValueAndNeverMovesTheSheet() throws {
        let demo = try RunningHostDemo()
        try present(demo)
        let before = demo.phases.count
        // The Volume row's centre at medium is y = 632; the press at x = 195 is the value it
        // starts at (50: (195 − 16) / 358), so nothing is printed for it.
        try xdotool([
            "mousemove", "--window", demo.id, "195", "632", "mousedown", "1",
            "mousemove", "--window", demo.id, "106", "700", "sleep", "0.05",
            "mousemove", "--window", demo.id, "300", "800", "sleep", "0.05",
            "mousemove", "--window", demo.id, "389", "840", "sleep", "0.05", "mouseup", "1",
        ])
        XCTAssertTrue(eventually { self.volumes(demo).last == 100 }, "\(demo.events)")
        // clamp((x − 16) / 358) × 100: 106 → 25.139665, 300 → 79.329609, 389 → 100.
        XCTAssertEqual(volumes(demo).count, 3, "\(volumes(demo))")
        XCTAssertEqual(volumes(demo)[0], 25.139665, accuracy: 1e-6)
        XCTAssertEqual(volumes(demo)[1], 79.329609, accuracy: 1e-6)
        // Dragging 208 pt down would have dismissed the sheet; the slider kept the drag.
        XCTAssertEqual(demo.phases.count, before, "no phase change: \(demo.phases)")
        XCTAssertEqual(demo.pixel(), X11HostDemoTests.dimmed)
        // A drag on the header still moves (and dismisses) the sheet.
        var arguments = ["mousemove", "--window", demo.id, "195", "440", "mousedown", "1"]
        for _ in 0..<30 { arguments += ["mousemove_relative", "--", "0", "10", "sleep", "0.016"] }
        try xdotool(arguments + ["sleep", "0.2", "mouseup", "1"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, "\(demo.phases)")
        XCTAssertTrue(demo.phases.dropFirst(before).contains("dragging"))
        XCTAssertEqual(volumes(demo).count, 3, "the header drag is not the slider's")
    }

    func testCopyLinkIsRenamedLinkCopiedAndTheSheetStays() throws {
        let demo = try RunningHostDemo()
        try present(demo)
        // The first row's text, x 20…120 along its baseline band (y 485…505).
        let rowPixels = { (0..<100).compactMap { demo.pixel(x: 20 + $0, y: 495) } }
        let copyLink = rowPixels()
        let before = demo.phases.count
        try xdotool(["mousemove", "--window", demo.id, "100", "500", "click", "1"])
        XCTAssertTrue(eventually { rowPixels() != copyLink }, "the row is drawn anew")
        // A drag on the header after it, as a marker: input is handled in order, so once its
        // spring-back is printed the click was handled, and nothing dismissed.
        try xdotool([
            "mousemove", "--window", demo.id, "195", "440", "mousedown", "1",
            "mousemove_relative", "--", "0", "10", "mousemove_relative", "--", "0", "10",
            "sleep", "0.1", "mouseup", "1",
        ])
        XCTAssertTrue(
            eventually {
                let after = demo.phases.dropFirst(before)
                return after.contains("dragging") && after.last == "presented"
            }, "\(demo.phases.dropFirst(before))")
        XCTAssertEqual(demo.phases.dropFirst(before).first, "dragging")
        XCTAssertEqual(demo.pixel(), X11HostDemoTests.dimmed)
    }

    func testMailStacksASecondSheetWhoseCancelDismissesOnlyIt() throws {
        let demo = try RunningHostDemo()
        try present(demo)
        try xdotool(["mousemove", "--window", demo.id, "100", "544", "click", "1"])
        let mailShown: ([String: Any]) -> Bool = {
            $0["phase"] as? String == "presented" && $0["level"] as? Int == 1
                && $0["depth"] as? Int == 2
        }
        XCTAssertTrue(eventually { demo.events.contains(where: mailShown) }, "\(demo.events)")
        // One backdrop, still 0.3: the app's screen is dimmed once.
        XCTAssertEqual(demo.pixel(), X11HostDemoTests.dimmed)
        // "Cancel" is the Mail sheet's second row: y = 544.
        try xdotool(["mousemove", "--window", demo.id, "100", "544", "click", "1"])
        let mailGone: ([String: Any]) -> Bool = {
            $0["phase"] as? String == "dismissed" && $0["level"] as? Int == 1
                && $0["depth"] as? Int == 1
        }
        XCTAssertTrue(eventually { demo.events.contains(where: mailGone) }, "\(demo.events)")
        let levels = demo.events.compactMap { $0["level"] as? Int }
        XCTAssertFalse(
            demo.events.contains {
                $0["level"] as? Int == 0 && ($0["phase"] as? String)?.hasPrefix("dismiss") == true
            }, "the share sheet stays: \(levels)")
        XCTAssertEqual(demo.pixel(), X11HostDemoTests.dimmed)
        // Escape now dismisses the share sheet, and "Share" presents again.
        try xdotool(["key", "--window", demo.id, "Escape"])
        XCTAssertTrue(eventually { demo.pixel() == X11HostDemoTests.screen })
        // The keys are the app's again once no sheet is left (the backdrop can read clear a
        // frame before the dismissal ends, and until then Return is the sheet's).
        XCTAssertTrue(
            eventually {
                demo.events.last { $0["phase"] != nil }?["depth"] as? Int == 0
            }, "\(demo.events.suffix(3))")
        try xdotool(["key", "--window", demo.id, "Return"])
        XCTAssertTrue(
            eventually {
                demo.events.last?["phase"] as? String == "presented"
                    && demo.events.last?["level"] as? Int == 0
            }, "Enter on the focused Share presents: \(demo.events.suffix(3))")
    }

    func testTheAppsKeysAreNotTheSheets() throws {
        let demo = try RunningHostDemo()
        // With no sheet, letters and Escape are the app's: nothing presents.
        try xdotool(["key", "--window", demo.id, "a", "Escape", "Home"])
        try xdotool(["key", "--window", demo.id, "space"])
        XCTAssertTrue(eventually { demo.phases.last == "presented" })
        XCTAssertEqual(demo.phases, ["presenting", "presented"], "only Space presented")
        // While it shows, Space does not present another (the host's keys are the standard
        // ones): a marker Escape follows, and only it changes anything.
        try xdotool(["key", "--window", demo.id, "space", "Escape"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" })
        XCTAssertEqual(demo.phases, ["presenting", "presented", "dismissing", "dismissed"])
    }
}
