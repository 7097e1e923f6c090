import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// `x11-demo --scene sheet --layout resize --footer --content-interaction scrolls` in a real
/// window under Xvfb (DESIGN §4c "Detent-sized layout"), driven with `xdotool` and read back
/// from the window's pixels and `--events`.
///
/// At `medium` the sheet's top is at 422, its list runs from 478 to the footer's top at 788,
/// and the footer's "Done" button (#007AFF) spans 115…275 × 796…836. Each row's 1 pt
/// separator (#E5E5EA, red 229, from x 20) sits at the foot of its 44 pt row: with the list
/// at its end (2330) the last row's is at 787, right above the footer (the window's
/// compositor places the sheet, 337.6 pt down, at a whole pixel, 338: the line covers 787 by
/// 0.6 and reads 239 there, as the hand-off tests read a line at 183.4).
final class X11DemoLayoutTests: XCTestCase {
    private func pixel(_ demo: RunningDemo, _ x: Int, _ y: Int) -> UInt32? {
        demo.display.readPixels(window: demo.window, x: x, y: y, width: 1, height: 1)?.first
            .map { $0 & 0xFF_FFFF }
    }

    func testTheLastRowIsReachableAtMediumAndDoneDismisses() throws {
        try requireXdotool()
        let demo = try startDemo([
            "--scene", "sheet", "--layout", "resize", "--footer", "--content-interaction",
            "scrolls", "--events",
        ])
        defer { demo.display.sendCloseRequest(to: demo.window) }
        // The footer: a white bar with the blue button in its middle.
        XCTAssertTrue(eventually { pixel(demo, 195, 800) == 0x007AFF }, "Done button")
        XCTAssertEqual(pixel(demo, 40, 816), 0xFFFFFF, "the bar beside the button")
        func red(_ y: Int) -> Int { Int(((pixel(demo, 300, y) ?? 0xFFFFFF) >> 16) & 0xFF) }
        // At scroll 0 the row ending at 787 is row 8, cut by the footer: white there.
        XCTAssertEqual(red(787), 255)
        // End scrolls the list to its end at `medium`: the last row's line is at 787.
        try xdotool(["key", "--window", demo.id, "End"])
        XCTAssertTrue(
            eventually { red(787) < 245 },
            "the last row's line: \([red(785), red(786), red(787)])")
        XCTAssertEqual(pixel(demo, 195, 800), 0x007AFF, "the footer is drawn over nothing")
        XCTAssertEqual(demo.phases, [], "the sheet did not move")
        // A click on "Done" dismisses (no veto here).
        try xdotool(["mousemove", "--window", demo.id, "195", "816", "click", "1"])
        XCTAssertTrue(
            eventually(timeout: 10) { demo.phases.last == "dismissed" },
            demo.child.stdout + "\nstderr: " + demo.child.stderr)
        XCTAssertEqual(demo.phases, ["dismissing", "dismissed"])
    }
}
