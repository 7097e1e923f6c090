import SwipeDismiss
import SwipeDismissNull
import XCTest

/// A touchpad pan over the sheet's list hands off between the list and the sheet exactly as
/// a pointer drag does (`ScrollHandOffTests`): down scrolls the list to its top, then moves
/// the sheet; back up raises the sheet to `large`, then scrolls the list. In the 390 × 844
/// viewport the sheet at `large` starts at 84.4 and its list at 140.4.
final class TouchpadHandOffTests: XCTestCase {
    /// Queues `count` touchpad deltas of `dy` every 0.01 s after `start`; returns the time
    /// of the last.
    private func stream(
        _ harness: SheetHarness, dy: Double, count: Int, after start: Double
    ) -> Double {
        for k in 1...count {
            harness.at(start + Double(k) * 0.01, .scroll(dx: 0, dy: dy, source: .touchpad))
        }
        return start + Double(count) * 0.01
    }

    func testATouchpadPanOverTheListScrollsItToTheTopThenMovesTheSheetAndBack() {
        let harness = SheetHarness.atLarge(scroll: 200)
        // The pointer rests over the list (a hover move: no press).
        harness.at(0, .move(SheetHarness.onList))
        // 50 deltas of 10 pt down: 200 scroll the list to its top, 300 move the sheet.
        var last = stream(harness, dy: 10, count: 50, after: 0)
        for step in 1...50 {
            harness.run(to: Double(step) * 0.01)
            let finger = Double(step) * 10
            XCTAssertEqual(harness.state.scroll, max(0, 200 - finger), "finger \(finger)")
            XCTAssertEqual(harness.state.offset, max(0, finger - 200), "finger \(finger)")
        }
        XCTAssertEqual(harness.state.offset, 300)
        XCTAssertEqual(harness.state.phase, .dragging)
        // 40 deltas of 10 pt up in the same stream: 300 raise the sheet to large, 100 scroll.
        last = stream(harness, dy: -10, count: 40, after: last)
        for step in 1...40 {
            harness.run(to: 0.5 + Double(step) * 0.01)
            let up = Double(step) * 10
            XCTAssertEqual(harness.state.offset, max(0, 300 - up), "up \(up)")
            XCTAssertEqual(harness.state.scroll, max(0, up - 300), "up \(up)")
        }
        // Fingers rested 0.1 s (past the tracker's 40 ms gap, inside the stream's 150 ms
        // timeout), then lifted: no velocity; the list keeps 100.
        harness.at(last + 0.1, .scrollStop)
        harness.settle()
        XCTAssertEqual(harness.state.scroll, 100)
        XCTAssertEqual(harness.state.offset, 0)
        XCTAssertEqual(harness.state.phase, .presented)
        XCTAssertEqual(harness.state.detent, "large")
        XCTAssertEqual(harness.phases, [.dragging, .presented])
        XCTAssertEqual(harness.dismissCount, 0)
    }

    func testBeforeAnyPointerATouchpadPanCountsAsOverTheList() {
        let harness = SheetHarness.atLarge(scroll: 200)
        let last = stream(harness, dy: 10, count: 15, after: 0)
        harness.run(to: last)
        XCTAssertEqual(harness.state.scroll, 50)
        XCTAssertEqual(harness.state.offset, 0)
        XCTAssertEqual(harness.phases, [], "the sheet has not moved")
    }

    func testATouchpadPanOverTheHeaderMovesTheSheetAndLeavesTheList() {
        let harness = SheetHarness.atLarge(scroll: 200)
        harness.at(0, .move(SheetHarness.onHeader))
        let last = stream(harness, dy: 10, count: 15, after: 0)
        harness.run(to: last)
        XCTAssertEqual(harness.state.scroll, 200)
        XCTAssertEqual(harness.state.offset, 150)
        XCTAssertEqual(harness.state.phase, .dragging)
    }

    func testATouchpadFlingUpInTheListGlidesTheListAndLeavesTheSheetAtLarge() {
        let harness = SheetHarness.atLarge(scroll: 1000)
        harness.at(0, .move(SheetHarness.onList))
        // 100 pt up in 0.1 s: 1000 pt/s up; the list glides 1000/1000 · 0.998/0.002 = 499 pt.
        let last = stream(harness, dy: -10, count: 10, after: 0)
        harness.at(last, .scrollStop)
        harness.run(to: last)
        XCTAssertEqual(harness.state.scroll, 1100, accuracy: 1e-9)
        XCTAssertTrue(harness.controller.isAnimating, "the list glides")
        harness.settle()
        XCTAssertEqual(harness.state.scroll, 1599, accuracy: 1e-6)
        XCTAssertEqual(harness.state.offset, 0)
        XCTAssertEqual(harness.phases, [], "the sheet never moved")
    }
}
