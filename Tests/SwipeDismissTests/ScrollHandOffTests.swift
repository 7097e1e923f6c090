import SwipeDismiss
import SwipeDismissNull
import XCTest

/// The sheet's list and the sheet share one gesture (issue 10, item 3) and a wheel scrolls
/// the list without ever dismissing (item 4), through the controller, the null renderer and
/// a manual clock. In the 390 × 844 viewport the sheet at `large` starts at 84.4, its list at
/// 140.4, and the list shows 703.6 of its 2640 pt (at most 1936.4 scrolled).
final class ScrollHandOffTests: XCTestCase {
    /// Queues a press at `start`, moves through `path` (cumulative finger positions, one
    /// every `interval` seconds), and returns the time of the last move.
    private func press(
        _ harness: SheetHarness, at start: Point, path: [Point], from time: Double = 0,
        interval: Double = 0.01
    ) -> Double {
        harness.at(time, .down(start))
        for (index, point) in path.enumerated() {
            harness.at(time + Double(index + 1) * interval, .move(point))
        }
        return time + Double(path.count) * interval
    }

    /// `count` points from `from` (excluded) to `to` (included), evenly spaced in y.
    private func line(from: Point, to: Point, count: Int) -> [Point] {
        (1...count).map { from + (to - from) * (Double($0) / Double(count)) }
    }

    func testDownFiveHundredScrollsTheListTwoHundredThenMovesTheSheetThreeHundred() {
        let harness = SheetHarness.atLarge(scroll: 200)
        XCTAssertEqual(harness.state.scroll, 200)
        let start = SheetHarness.onList
        // 50 moves of 10 pt: 0.01 s apart, rendered in between.
        _ = press(
            harness, at: start, path: line(from: start, to: start + Point(x: 0, y: 500), count: 50))
        var seen: [(finger: Double, scroll: Double, offset: Double)] = []
        for step in 1...50 {
            harness.run(to: Double(step) * 0.01)
            seen.append((Double(step) * 10, harness.state.scroll, harness.state.offset))
            XCTAssertEqual(
                harness.renderer.lastFrame?.listOffset, Point(x: 0, y: harness.state.scroll),
                "the frame draws the state's scroll")
        }
        for sample in seen {
            if sample.finger <= 200 {
                XCTAssertEqual(sample.scroll, 200 - sample.finger, "finger \(sample.finger)")
                XCTAssertEqual(sample.offset, 0, "finger \(sample.finger)")
            } else {
                XCTAssertEqual(sample.scroll, 0, "finger \(sample.finger)")
                XCTAssertEqual(sample.offset, sample.finger - 200, "finger \(sample.finger)")
            }
        }
        XCTAssertEqual(harness.state.offset, 300)
        XCTAssertEqual(harness.state.phase, .dragging)
        XCTAssertEqual(harness.renderer.lastFrame?.listOffset, .zero)
        // The sheet only started to move once the list had reached its top.
        XCTAssertEqual(harness.phases, [.dragging])
    }

    func testUpAgainInTheSameGestureRaisesTheSheetToLargeFirstThenScrollsTheList() {
        let harness = SheetHarness.atLarge(scroll: 200)
        let start = SheetHarness.onList
        let low = start + Point(x: 0, y: 500)
        var path = line(from: start, to: low, count: 50)
        // Back up 400 pt: 300 raise the sheet to large, then 100 scroll the list.
        path += line(from: low, to: low - Point(x: 0, y: 400), count: 40)
        let last = press(harness, at: start, path: path)
        harness.run(to: 0.5)
        XCTAssertEqual(harness.state.offset, 300)
        for step in 1...40 {
            harness.run(to: Double(50 + step) * 0.01)
            let up = Double(step) * 10
            if up <= 300 {
                XCTAssertEqual(harness.state.offset, 300 - up, "up \(up)")
                XCTAssertEqual(harness.state.scroll, 0, "up \(up)")
            } else {
                XCTAssertEqual(harness.state.offset, 0, "up \(up)")
                XCTAssertEqual(harness.state.scroll, up - 300, "up \(up)")
            }
        }
        // Held still, then lifted: no velocity; the list owns the motion and keeps 100.
        harness.at(last + 0.2, .up(path[path.count - 1]))
        harness.settle()
        XCTAssertEqual(harness.state.scroll, 100)
        XCTAssertEqual(harness.state.offset, 0)
        XCTAssertEqual(harness.state.phase, .presented)
        XCTAssertEqual(harness.state.detent, "large")
        XCTAssertEqual(harness.dismissCount, 0)
    }

    func testAFlingDownPastTheHandOffGivesTheSheetTheVelocityAndItLeaves() {
        let harness = SheetHarness.atLarge(scroll: 200)
        let start = SheetHarness.onList
        // 500 pt in 0.1 s (5000 pt/s down): the sheet has moved 300 pt when the finger lifts.
        let last = press(
            harness, at: start, path: line(from: start, to: start + Point(x: 0, y: 500), count: 10))
        harness.at(last, .up(start + Point(x: 0, y: 500)))
        harness.run(to: last)
        XCTAssertEqual(harness.state.phase, .dismissing)
        harness.settle()
        XCTAssertEqual(harness.state.phase, .dismissed)
        XCTAssertEqual(harness.dismissCount, 1)
        XCTAssertEqual(harness.state.scroll, 0, "the list stays at its top")
    }

    func testAFlingUpInTheListGlidesTheListAndLeavesTheSheetAtLarge() {
        let harness = SheetHarness.atLarge(scroll: 1000)
        let start = SheetHarness.onList
        // 100 pt up in 0.1 s: 1000 pt/s up; the list glides 1000/1000 · 0.998/0.002 = 499 pt.
        let last = press(
            harness, at: start, path: line(from: start, to: start - Point(x: 0, y: 100), count: 10))
        harness.at(last, .up(start - Point(x: 0, y: 100)))
        harness.run(to: last)
        XCTAssertEqual(harness.state.scroll, 1100, accuracy: 1e-9)
        XCTAssertTrue(harness.controller.isAnimating, "the list glides")
        harness.settle()
        XCTAssertEqual(harness.state.scroll, 1599, accuracy: 1e-6)
        XCTAssertEqual(harness.state.offset, 0)
        XCTAssertEqual(harness.phases, [], "the sheet never moved")
    }

    func testAFlingThatReachesTheListsTopDoesNotMoveTheSheet() {
        let harness = SheetHarness.atLarge(scroll: 100)
        let start = SheetHarness.onList
        // 50 pt down in 0.025 s: 2000 pt/s; the glide would carry 998 pt, past the top.
        let last = press(
            harness, at: start, path: line(from: start, to: start + Point(x: 0, y: 50), count: 5),
            interval: 0.005)
        harness.at(last, .up(start + Point(x: 0, y: 50)))
        harness.run(to: last)
        XCTAssertEqual(harness.state.scroll, 50, accuracy: 1e-9)
        var lowest = Double.infinity
        while harness.controller.isAnimating || harness.input.nextEventTime != nil {
            harness.run(to: harness.clock.now + 1 / 240.0)
            XCTAssertEqual(harness.state.offset, 0)
            XCTAssertEqual(harness.state.phase, .presented)
            lowest = min(lowest, harness.state.scroll)
        }
        XCTAssertLessThan(lowest, 0, "the list bounced past its top")
        XCTAssertEqual(harness.state.scroll, 0)
        XCTAssertEqual(harness.phases, [])
    }

    func testAHeaderDragMovesTheSheetAndLeavesTheList() {
        let harness = SheetHarness.atLarge(scroll: 200)
        let start = SheetHarness.onHeader
        _ = press(
            harness, at: start, path: line(from: start, to: start + Point(x: 0, y: 100), count: 10))
        harness.run(to: 0.1)
        XCTAssertEqual(harness.state.offset, 100)
        XCTAssertEqual(harness.state.scroll, 200)
    }

    func testBelowLargeADragOnTheListMovesTheSheet() {
        let harness = SheetHarness()
        let medium = harness.offset("medium")
        // At medium the list starts at 478: (195, 600) is on it.
        let start = SheetHarness.onSheet
        _ = press(
            harness, at: start, path: line(from: start, to: start - Point(x: 0, y: 100), count: 10))
        harness.run(to: 0.1)
        XCTAssertEqual(harness.state.offset, medium - 100)
        XCTAssertEqual(harness.state.scroll, 0)
    }

    func testAHorizontalDragNeverMovesTheSheet() {
        for scroll in [0.0, 200] {
            let harness = SheetHarness.atLarge(scroll: scroll)
            let start = SheetHarness.onList
            // 40 right for 30 down at the slop (40 > 1.2 · 30), then straight down.
            var path = [start + Point(x: 40, y: 30)]
            path += line(from: path[0], to: path[0] + Point(x: 0, y: 400), count: 10)
            let last = press(harness, at: start, path: path)
            harness.at(last, .up(path[path.count - 1]))
            harness.settle()
            XCTAssertEqual(harness.state.offset, 0, "scroll \(scroll)")
            XCTAssertEqual(harness.state.scroll, scroll, "scroll \(scroll)")
            XCTAssertEqual(harness.phases, [], "scroll \(scroll)")
        }
        let harness = SheetHarness()
        let start = SheetHarness.onSheet
        let last = press(harness, at: start, path: [start + Point(x: 200, y: 100)])
        harness.at(last, .up(start + Point(x: 200, y: 100)))
        harness.settle()
        XCTAssertEqual(harness.state.offset, harness.offset("medium"))
        XCTAssertEqual(harness.phases, [])
    }

    func testAWheelScrollsTheListAtLargeAndNeverDismisses() {
        let harness = SheetHarness.atLarge(scroll: 200)
        harness.at(0.1, .scroll(dx: 0, dy: -120, source: .wheel))
        harness.run(to: 0.1)
        XCTAssertEqual(harness.state.scroll, 320, "a wheel toward the end scrolls into the list")
        XCTAssertFalse(harness.controller.isAnimating)
        for i in 0..<20 {
            harness.at(0.2 + Double(i) * 0.01, .scroll(dx: 0, dy: 1000, source: .wheel))
        }
        harness.settle()
        XCTAssertEqual(harness.state.scroll, 0, "clamped at the list's top")
        XCTAssertEqual(harness.state.offset, 0)
        XCTAssertEqual(harness.state.phase, .presented)
        XCTAssertEqual(harness.dismissCount, 0)
        XCTAssertEqual(harness.asked, [])
        // Over the header (the pointer's last known place) the wheel does nothing.
        harness.tap(SheetHarness.onHeader, at: 1)
        harness.at(1.2, .scroll(dx: 0, dy: -300, source: .wheel))
        harness.settle()
        XCTAssertEqual(harness.state.scroll, 0)
    }

    func testAWheelAtMediumDoesNothing() {
        let harness = SheetHarness()
        for i in 0..<30 {
            let dy = i % 2 == 0 ? 800.0 : -800
            harness.at(Double(i) * 0.01, .scroll(dx: 0, dy: dy, source: .wheel))
        }
        harness.settle()
        XCTAssertEqual(harness.state.offset, harness.offset("medium"))
        XCTAssertEqual(harness.state.scroll, 0)
        XCTAssertEqual(harness.phases, [])
        XCTAssertEqual(harness.dismissCount, 0)
    }

    func testThirtyAndTwoFortyHertzAgree() {
        func run(fps: Double) -> [DismissState] {
            let harness = SheetHarness.atLarge(scroll: 300)
            let start = SheetHarness.onList
            let low = start + Point(x: 0, y: 450)
            var path = line(from: start, to: low, count: 45)
            path += line(from: low, to: low - Point(x: 0, y: 400), count: 20)
            var last = press(harness, at: start, path: path)
            harness.at(last, .up(path[path.count - 1]))
            // Then a fling up in the list and a wheel while it glides.
            last = press(
                harness, at: start,
                path: line(from: start, to: start - Point(x: 0, y: 150), count: 10),
                from: last + 0.3)
            harness.at(last, .up(start - Point(x: 0, y: 150)))
            harness.at(last + 0.4, .scroll(dx: 0, dy: 60, source: .wheel))
            var states: [DismissState] = []
            for tick in 1...12 {
                harness.run(to: Double(tick) * 0.25, fps: fps)
                states.append(harness.state)
            }
            return states
        }
        let slow = run(fps: 30)
        let fast = run(fps: 240)
        for (a, b) in zip(slow, fast) {
            XCTAssertEqual(a.time, b.time, accuracy: 1e-9)
            XCTAssertEqual(a.offset, b.offset, accuracy: 1e-9, "t \(a.time)")
            XCTAssertEqual(a.scroll, b.scroll, accuracy: 1e-9, "t \(a.time)")
            XCTAssertEqual(a.phase, b.phase, "t \(a.time)")
        }
        XCTAssertGreaterThan(fast[fast.count - 1].scroll, 150, "the fling glided the list")
    }
}

extension ScrollHandOffTests {
    func testALiftSlowerThanTheRestSpeedLeavesTheListHeld() throws {
        // Found by the controller fuzzer: a glide from below the rest speed never ended.
        var list = try ScrollMotion(contentLength: 2640, viewportLength: 703.6, offset: 89)
        list.release(fingerVelocity: -0.5, at: 1)
        XCTAssertTrue(list.isSettled(at: 1))
        XCTAssertEqual(list.value(at: 100), 89)
        list.release(fingerVelocity: -1.5, at: 1)
        XCTAssertFalse(list.isSettled(at: 1))
        XCTAssertTrue(list.isSettled(at: 2))
        XCTAssertEqual(list.value(at: 2), 89 + 1.5 * 0.499, accuracy: 1e-9)
    }
}

extension ScrollHandOffTests {
    func testAPressOnACoastingListStopsItWhereItIs() {
        let harness = SheetHarness.atLarge(scroll: 1000)
        let start = Point(x: 195, y: 400)
        harness.at(0, .down(start))
        for i in 1...10 {
            harness.at(Double(i) * 0.01, .move(start - Point(x: 0, y: Double(i) * 10)))
        }
        harness.at(0.1, .up(start - Point(x: 0, y: 100)))
        // 0.2 s into the glide from 1100 at 1000 pt/s (k = 2/0.998 per second).
        harness.at(0.3, .down(start))
        harness.run(to: 0.3)
        let k = 1000 * (1 - 0.998) / 0.998
        let caught = 1100 + 499 * -expm1(-k * 0.2)
        XCTAssertEqual(harness.state.scroll, caught, accuracy: 1e-9)
        harness.at(0.35, .up(start))
        harness.settle()
        XCTAssertEqual(harness.state.scroll, caught, accuracy: 1e-9, "a tap leaves it there")
        XCTAssertFalse(harness.controller.isAnimating)
    }

    func testAViewportChangeKeepsTheScrollAndAReleaseBringsItBackInRange() {
        let harness = SheetHarness.atLarge(scroll: 1936.4)
        harness.run(to: 0.01)
        // Taller: the list starts at 114.4 + 56 and shows 1144 − 170.4 = 973.6 pt of its
        // 2640, so it ends at 1666.4.
        harness.renderer.viewport = Size(width: 390, height: 1144)
        harness.controller.viewportDidChange()
        harness.run(to: 0.02)
        XCTAssertEqual(harness.state.scroll, 1936.4, accuracy: 1e-9)
        harness.tap(Point(x: 195, y: 600), at: 0.1)
        harness.settle()
        XCTAssertEqual(harness.state.scroll, 1666.4, accuracy: 1e-6)
    }
}
