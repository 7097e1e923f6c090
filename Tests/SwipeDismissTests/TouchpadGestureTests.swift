import SwipeDismiss
import SwipeDismissNull
import XCTest

/// Touchpad streams and wheel clicks through the controller (null renderer, manual clock).
final class TouchpadGestureTests: XCTestCase {
    /// Queues `count` touchpad deltas of (`dx`, `dy`) every `interval` seconds from
    /// `interval`; returns the time of the last.
    @discardableResult
    private func stream(
        _ harness: Harness, count: Int, dx: Double = 0, dy: Double, interval: Double,
        from start: Double = 0, source: ScrollSource = .touchpad
    ) -> Double {
        for k in 1...count {
            harness.at(start + Double(k) * interval, .scroll(dx: dx, dy: dy, source: source))
        }
        return start + Double(count) * interval
    }

    /// Steps once with the clock set to `time` (any frame rate gives the same state).
    private func step(_ harness: Harness, to time: Double) {
        harness.clock.set(to: time)
        try! harness.controller.step()
    }

    private func phaseChangeTime(_ harness: Harness, to phase: DismissPhase) -> Double? {
        for event in harness.events {
            if case .phaseChanged(_, let to, let state) = event, to == phase { return state.time }
        }
        return nil
    }

    /// 20 deltas of 12.5 pt at 64 Hz: 250 pt, past the 200 pt line, at 800 pt/s.
    func testA250PointTouchpadStreamWithAStopDismissesTheCard() {
        let h = Harness()
        let last = stream(h, count: 20, dy: 12.5, interval: 1 / 64)
        h.at(last + 1 / 64, .scrollStop)
        step(h, to: 1 / 64)
        XCTAssertEqual(h.state.phase, .dragging)
        XCTAssertEqual(h.state.offset, 12.5)  // no slop: the first delta moves the card
        step(h, to: last)
        XCTAssertEqual(h.state.offset, 250)
        XCTAssertEqual(h.state.phase, .dragging)
        h.settle()
        XCTAssertEqual(h.phases, [.dragging, .dismissing, .dismissed])
        XCTAssertEqual(phaseChangeTime(h, to: .dismissing), last + 1 / 64)
        XCTAssertEqual(h.dismissCount, 1)
    }

    /// 100 pt at 250 pt/s: the touchpad's 0.997 coasts 83.08 pt (183.08 < 200: back), where a
    /// pointer's 0.998 coasts 124.75 pt (224.75: a flick that dismisses).
    func testA100PointStreamSpringsBackWhereThePointerRateWouldDismiss() {
        let h = Harness()
        let last = stream(h, count: 32, dy: 3.125, interval: 1 / 80)
        h.at(last + 1 / 80, .scrollStop)
        step(h, to: last)
        XCTAssertEqual(h.state.offset, 100)
        h.settle()
        XCTAssertEqual(h.phases, [.dragging, .settling, .presented])
        XCTAssertEqual(h.state.offset, 0)
        XCTAssertEqual(h.dismissCount, 0)

        let pointer = Harness()
        pointer.drag(by: Point(x: 0, y: 100), duration: last, samples: 32)
        pointer.settle()
        XCTAssertEqual(pointer.phases, [.dragging, .dismissing, .dismissed])
    }

    func testAStreamWithoutAStopEnds150MillisecondsAfterItsLastDeltaTheSameWay() {
        for (dy, dismisses) in [(12.5, true), (3.125, false)] {
            let count = dismisses ? 20 : 32
            let interval = dismisses ? 1 / 64.0 : 1 / 80.0
            let stopped = Harness()
            let last = stream(stopped, count: count, dy: dy, interval: interval)
            stopped.at(last + 0.01, .scrollStop)
            let quiet = Harness()
            stream(quiet, count: count, dy: dy, interval: interval)
            let deadline = last + 0.150
            step(quiet, to: last)
            // A live loop sleeps until the deadline, and wakes on it.
            XCTAssertEqual(quiet.controller.nextWakeTime, deadline)
            step(quiet, to: deadline - 0.001)
            XCTAssertEqual(quiet.state.phase, .dragging)
            step(quiet, to: deadline + 0.05)
            let phase: DismissPhase = dismisses ? .dismissing : .settling
            XCTAssertEqual(phaseChangeTime(quiet, to: phase), deadline)
            // The same release, 140 ms later: the same motion after it.
            step(stopped, to: last + 0.01 + 0.05)
            XCTAssertEqual(phaseChangeTime(stopped, to: phase), last + 0.01)
            XCTAssertEqual(quiet.state.offset, stopped.state.offset, accuracy: 1e-9)
            quiet.settle()
            stopped.settle()
            XCTAssertEqual(quiet.phases, stopped.phases)
            XCTAssertEqual(quiet.dismissCount, dismisses ? 1 : 0)
        }
    }

    func testADiagonalStreamLocksToItsDominantAxis() {
        let h = Harness()
        // 10 down for every 4 across: vertical (10 ≥ 1.2 × 4); the across part is dropped.
        let last = stream(h, count: 25, dx: 4, dy: 10, interval: 1 / 64)
        h.at(last + 1 / 64, .scrollStop)
        step(h, to: last)
        XCTAssertEqual(h.state.offset, 250)
        h.settle()
        XCTAssertEqual(h.dismissCount, 1)
    }

    func testAHorizontalStreamDoesNotMoveADownCardButDismissesARightOne() {
        let down = Harness()
        let last = stream(down, count: 20, dx: 12.5, dy: 2, interval: 1 / 64)
        down.at(last + 1 / 64, .scrollStop)
        for k in 1...40 {
            step(down, to: Double(k) / 64)
            XCTAssertEqual(down.state.offset, 0)
        }
        XCTAssertEqual(down.phases, [])

        var configuration = DismissConfiguration.fluid
        configuration.direction = .right
        let right = Harness(configuration)
        stream(right, count: 20, dx: 12.5, dy: 2, interval: 1 / 64)
        right.at(last + 1 / 64, .scrollStop)
        step(right, to: last)
        XCTAssertEqual(right.state.offset, 250)
        right.settle()
        XCTAssertEqual(right.dismissCount, 1)
    }

    func testWheelClicksNeverDragOrDismiss() {
        for configuration in [DismissConfiguration.fluid, .seed] {
            let h = Harness(configuration)
            let rest = h.state.offset
            let last = stream(h, count: 30, dy: 53, interval: 1 / 64, source: .wheel)
            h.at(last + 0.01, .scrollStop)
            for k in 1...40 {
                step(h, to: Double(k) / 64)
                XCTAssertEqual(h.state.offset, rest, configuration.name)
            }
            h.settle()
            XCTAssertEqual(h.phases, [], configuration.name)
            XCTAssertNil(h.controller.nextWakeTime, configuration.name)
        }
    }

    func testAPointerPressCancelsATouchpadPanAndCatchesTheCard() {
        let h = Harness()
        stream(h, count: 10, dy: 12.5, interval: 1 / 64)
        h.at(11 / 64, .down(Harness.cardPoint))
        // The rest of the fingers' travel is ignored while the pointer holds the card.
        stream(h, count: 4, dy: 12.5, interval: 1 / 64, from: 11 / 64)
        for k in 1...15 {
            step(h, to: Double(k) / 64)
            XCTAssertEqual(h.state.offset, min(12.5 * Double(k), 125), "frame \(k)")
        }
        // Cancelled (snap back), then caught where it was by the press.
        XCTAssertEqual(h.phases, [.dragging, .settling, .dragging])
        h.at(16 / 64, .move(Harness.cardPoint + Point(x: 0, y: 100)))
        h.at(17 / 64, .up(Harness.cardPoint + Point(x: 0, y: 100)))
        h.settle()
        XCTAssertEqual(h.dismissCount, 1)
    }

    func testATouchpadStreamDuringAPointerDragIsIgnored() {
        let h = Harness()
        h.drag(by: Point(x: 0, y: 80), duration: 0.2, samples: 10, release: false)
        stream(h, count: 10, dy: 50, interval: 0.02, from: 0.001)
        step(h, to: 0.1)
        XCTAssertEqual(h.state.offset, 40, accuracy: 1e-12)
        step(h, to: 0.25)
        XCTAssertEqual(h.state.offset, 80)
        h.at(0.6, .up(Harness.cardPoint + Point(x: 0, y: 80)))
        h.settle()
        XCTAssertEqual(h.phases, [.dragging, .settling, .presented])
    }

    func testEveryDragRuleAppliesToATouchpadPan() {
        // The rubber band: 100 pt up shows as the banded offset, and springs back.
        let up = Harness()
        stream(up, count: 8, dy: -12.5, interval: 1 / 64)
        step(up, to: 8 / 64)
        let band = RubberBand(coefficient: 0.55, dimension: up.controller.layout.distance)
        XCTAssertEqual(up.state.offset, band.banded(-100), accuracy: 1e-9)
        XCTAssertLessThan(up.state.offset, 0)
        // The veto: a 250 pt stream comes back, and the attempt is reported once.
        let vetoed = Harness()
        vetoed.controller.shouldDismiss = { _ in false }
        let last = stream(vetoed, count: 20, dy: 12.5, interval: 1 / 64)
        vetoed.at(last + 1 / 64, .scrollStop)
        vetoed.settle()
        XCTAssertEqual(vetoed.dismissCount, 0)
        XCTAssertEqual(vetoed.state.offset, 0, accuracy: 0.5)
        XCTAssertTrue(vetoed.state.isDismissAttemptPending)
        // Reduced motion: the dismissal is a cross-fade where the card was let go.
        var reduced = DismissConfiguration.fluid
        reduced.reduceMotion = true
        let calm = Harness(reduced)
        stream(calm, count: 20, dy: 12.5, interval: 1 / 64)
        calm.at(last + 1 / 64, .scrollStop)
        step(calm, to: last + 0.05)
        XCTAssertEqual(calm.state.phase, .dismissing)
        XCTAssertEqual(calm.state.offset, 250)
        calm.settle()
        XCTAssertEqual(calm.dismissCount, 1)
    }

    func testASheetTouchpadPanGoesToTheNearestDetentAndAWheelLeavesItAlone() {
        let h = SheetHarness()
        let medium = h.offset("medium")
        // Wheel clicks both ways: nothing moves.
        for k in 1...10 {
            h.at(Double(k) / 64, .scroll(dx: 0, dy: k % 2 == 0 ? 53 : -53, source: .wheel))
        }
        h.run(to: 0.2)
        XCTAssertEqual(h.state.offset, medium)
        // 40 pt up at 100 pt/s: projected 73 pt up, nearer medium than large.
        for k in 1...16 {
            h.at(0.2 + Double(k) / 40, .scroll(dx: 0, dy: -2.5, source: .touchpad))
        }
        h.at(0.2 + 17 / 40.0, .scrollStop)
        h.run(to: 0.2 + 16 / 40.0)
        XCTAssertEqual(h.state.offset, medium - 40, accuracy: 1e-9)
        h.settle()
        XCTAssertEqual(h.state.detent, "medium")
        XCTAssertEqual(h.state.offset, medium, accuracy: 0.5)
        // 375 pt up at 800 pt/s: large.
        let start = h.clock.now
        for k in 1...30 {
            h.at(start + Double(k) / 64, .scroll(dx: 0, dy: -12.5, source: .touchpad))
        }
        h.at(start + 31 / 64.0, .scrollStop)
        h.settle()
        XCTAssertEqual(h.state.detent, "large")
        XCTAssertEqual(h.state.offset, h.offset("large"), accuracy: 0.5)
        XCTAssertEqual(h.dismissCount, 0)
    }
}
