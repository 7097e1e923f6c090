import Foundation
import SwipeDismissTestSupport
import XCTest

/// `x11-host-demo` under X: its own screen, dimmed by the sheet's backdrop, and the sheet
/// driven by its own buttons, keys and drags (DESIGN.md §4b "App-owned content, X11").
final class X11HostDemoTests: XCTestCase {
    /// #336699 × 0.7, as cairo rounds it.
    static let dimmed: UInt32 = 0x24_486B
    static let screen: UInt32 = 0x33_6699

    /// How long the demo is left idle before a call that animates: longer than any of its
    /// springs, so a call that started at the last frame's time instead of the clock's now
    /// would land at once. The gap is what is tested, not a wait for something to happen.
    static let idleGap = 1.0

    /// Clicks "Share" after an idle gap and checks the sheet comes in over many frames.
    private func presentWithShare(_ demo: RunningHostDemo) throws {
        Thread.sleep(forTimeInterval: Self.idleGap)  // idle first: the animation must still run
        try xdotool(["mousemove", "--window", demo.id, "195", "800", "click", "1"])
        let seen = demo.samplePixels(until: Self.dimmed)
        XCTAssertEqual(seen.last, Self.dimmed, "#336699 × 0.7 behind the sheet")
        XCTAssertGreaterThanOrEqual(seen.count, 4, "presenting is animated: \(seen)")
        XCTAssertTrue(eventually { demo.phases.last == "presented" })
    }

    func testTheAppsScreenIsDimmedBehindTheSheetAndClearAfterEscape() throws {
        let demo = try RunningHostDemo()
        XCTAssertEqual(demo.pixel(), Self.screen, "no sheet at the start")
        XCTAssertEqual(demo.pixel(x: 10, y: 10), 0xFF_FFFF, "the white band")
        try presentWithShare(demo)
        let events = demo.events
        let presenting = events.first { $0["phase"] as? String == "presenting" }
        let presented = events.first { $0["phase"] as? String == "presented" }
        let start = presenting?["t"] as? Double ?? 0
        let end = presented?["t"] as? Double ?? 0
        XCTAssertGreaterThan(end - start, 0.3, "presenting lasts its spring")
        XCTAssertEqual(presented?["detent"] as? String, "medium")
        XCTAssertEqual(presented?["alpha"] as? Double, 0.3)

        Thread.sleep(forTimeInterval: Self.idleGap)
        try xdotool(["key", "--window", demo.id, "Escape"])
        let seen = demo.samplePixels(until: Self.screen)
        XCTAssertEqual(seen.last, Self.screen, "#336699 again after dismissal")
        XCTAssertGreaterThanOrEqual(seen.count, 3, "dismissing is animated: \(seen)")
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" })
        XCTAssertEqual(Array(demo.phases.suffix(2)), ["dismissing", "dismissed"])
    }

    func testSpacePresentsAndCancelDismissesThroughContentTapped() throws {
        let demo = try RunningHostDemo()
        try xdotool(["key", "--window", demo.id, "space"])
        XCTAssertTrue(eventually { demo.phases.last == "presented" })
        XCTAssertEqual(demo.pixel(), Self.dimmed)
        // The sheet's top at medium is 422; header 56; "Cancel" is the third 44 pt row.
        try xdotool(["mousemove", "--window", demo.id, "100", "588", "click", "1"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, "\(demo.phases)")
        XCTAssertTrue(eventually { demo.pixel() == Self.screen })
        // "Copy link" does not dismiss. The demo prints nothing for it, so a short, slow drag
        // of the sheet follows as a marker: input is handled in order, so once the drag's
        // spring-back is printed the click was handled, and nothing may have dismissed.
        try presentWithShare(demo)
        let before = demo.phases.count
        try xdotool(["mousemove", "--window", demo.id, "100", "500", "click", "1"])
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
        let after = Array(demo.phases.dropFirst(before))
        XCTAssertFalse(after.contains("dismissing") || after.contains("dismissed"), "\(after)")
        XCTAssertEqual(after.first, "dragging", "the drag is the first phase after Copy link")
        XCTAssertEqual(demo.pixel(), Self.dimmed)
    }

    func testA300PixelDragOfTheSheetDismissesIt() throws {
        let demo = try RunningHostDemo()
        try presentWithShare(demo)
        var arguments = ["mousemove", "--window", demo.id, "195", "440", "mousedown", "1"]
        for _ in 0..<30 { arguments += ["mousemove_relative", "--", "0", "10", "sleep", "0.016"] }
        try xdotool(arguments + ["sleep", "0.2", "mouseup", "1"])
        XCTAssertTrue(eventually { demo.phases.last == "dismissed" }, "\(demo.phases)")
        XCTAssertTrue(demo.phases.contains("dragging"))
        XCTAssertTrue(eventually { demo.pixel() == Self.screen })
    }
}
