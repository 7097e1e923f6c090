import SwipeDismiss
import XCTest

final class ScrollGestureRecognizerTests: XCTestCase {
    /// 1/128 s: a binary fraction, so sums of event times and the tracker's fit are exact.
    let tick = 0.0078125

    private enum Scroll {
        case delta(dx: Double, dy: Double, source: ScrollSource)
        case stop
    }

    private struct Event {
        var time: Double
        var scroll: Scroll
    }

    /// `count` touchpad deltas of (dx, dy), one every `interval`, the first at `start + interval`.
    private func stream(
        dx: Double = 0, dy: Double, count: Int, start: Double = 1, interval: Double? = nil
    ) -> [Event] {
        let interval = interval ?? tick
        return (1...count).map {
            Event(
                time: start + Double($0) * interval,
                scroll: .delta(dx: dx, dy: dy, source: .touchpad))
        }
    }

    private func feed(
        _ events: [Event], into recognizer: inout ScrollGestureRecognizer
    ) -> [TimedPanGesture] {
        var gestures: [TimedPanGesture] = []
        for event in events {
            switch event.scroll {
            case .delta(let dx, let dy, let source):
                recognizer.scroll(
                    dx: dx, dy: dy, source: source, at: event.time, into: &gestures)
            case .stop:
                recognizer.stop(at: event.time, into: &gestures)
            }
        }
        return gestures
    }

    /// Feeds `events` as a driver ticking at `hz` would: each tick applies the events due by
    /// then and expires what has timed out.
    private func drive(_ events: [Event], hz: Double, until end: Double) -> [TimedPanGesture] {
        var recognizer = ScrollGestureRecognizer()
        var gestures: [TimedPanGesture] = []
        var next = 0
        var frame = 0
        while true {
            let now = Double(frame) / hz
            while next < events.count, events[next].time <= now {
                gestures += feed([events[next]], into: &recognizer)
                next += 1
            }
            recognizer.expire(at: now, into: &gestures)
            if now > end { break }
            frame += 1
        }
        return gestures
    }

    func testA250PointStreamWithAStopEndsAt250WithTheLeastSquaresVelocity() {
        var recognizer = ScrollGestureRecognizer()
        // 20 deltas of 12.5 pt, 1/128 s apart: exactly 1600 pt/s, and the fit is exact.
        var events = stream(dy: 12.5, count: 20)
        let last = events[19].time
        events.append(Event(time: last + tick, scroll: .stop))
        let gestures = feed(events, into: &recognizer)
        XCTAssertEqual(gestures.count, 21)
        XCTAssertEqual(
            gestures.first,
            TimedPanGesture(time: 1 + tick, gesture: .began(translation: Point(x: 0, y: 12.5))))
        XCTAssertEqual(
            gestures[10].gesture, .changed(translation: Point(x: 0, y: 137.5)))
        XCTAssertEqual(
            gestures.last,
            TimedPanGesture(
                time: last + tick,
                gesture: .ended(translation: Point(x: 0, y: 250), velocity: Point(x: 0, y: 1600))))
        XCTAssertNil(recognizer.deadline)
    }

    func testWithoutAStopTheStreamEndsExactly150MillisecondsAfterItsLastDelta() {
        var recognizer = ScrollGestureRecognizer()
        let events = stream(dy: 12.5, count: 20)
        let last = events[19].time
        var gestures = feed(events, into: &recognizer)
        XCTAssertEqual(recognizer.deadline, last + 0.150)
        // A tick just before the deadline ends nothing; one well after ends it at the deadline.
        recognizer.expire(at: last + 0.149, into: &gestures)
        XCTAssertEqual(gestures.count, 20)
        recognizer.expire(at: last + 0.5, into: &gestures)
        XCTAssertEqual(
            gestures.last,
            TimedPanGesture(
                time: last + 0.150,
                gesture: .ended(translation: Point(x: 0, y: 250), velocity: Point(x: 0, y: 1600))))
        XCTAssertNil(recognizer.deadline)
    }

    func testAStopAfterTheFingersRestedReleasesWithNoVelocity() {
        var recognizer = ScrollGestureRecognizer()
        var events = stream(dy: 12.5, count: 20)
        events.append(Event(time: events[19].time + 0.1, scroll: .stop))
        XCTAssertEqual(
            feed(events, into: &recognizer).last?.gesture,
            .ended(translation: Point(x: 0, y: 250), velocity: .zero))
    }

    func testTheTouchpadProjectionDecidesAReleaseTheMouseProjectionWouldDismiss() {
        var recognizer = ScrollGestureRecognizer()
        // 26 deltas of 125/32 pt, 1/64 s apart: 101.5625 pt at exactly 250 pt/s.
        var events = stream(dy: 3.90625, count: 26, interval: 0.015625)
        events.append(Event(time: events[25].time + 0.015625, scroll: .stop))
        guard
            case .ended(let translation, let velocity)? = feed(events, into: &recognizer).last?
                .gesture
        else { return XCTFail("expected the pan to end") }
        XCTAssertEqual(translation, Point(x: 0, y: 101.5625))
        XCTAssertEqual(velocity, Point(x: 0, y: 250))
        // 0.997 coasts 250 · 0.997/0.003 / 1000 = 83.08 pt: 184.6 < 200 springs back; the
        // mouse's 0.998 would coast 124.75 pt to 226.3 and dismiss.
        let touchpad = ReleaseDecision.projected(
            threshold: 200, decelerationRate: VelocityProjection.touchpadDecelerationRate)
        let mouse = ReleaseDecision.projected(
            threshold: 200, decelerationRate: VelocityProjection.touchDecelerationRate)
        XCTAssertFalse(touchpad.dismisses(offset: translation.y, velocity: velocity.y))
        XCTAssertTrue(mouse.dismisses(offset: translation.y, velocity: velocity.y))
        XCTAssertEqual(
            VelocityProjection.touchpad.project(position: 0, velocity: 1000), 332.333,
            accuracy: 1e-3)
    }

    func testADiagonalStreamLocksToTheDominantAxisAndDropsTheCrossAxis() {
        var vertical = ScrollGestureRecognizer()
        // 10 ≥ 1.2 × 7: vertical at once; the horizontal travel never shows.
        let down = feed(stream(dx: 7, dy: 10, count: 4), into: &vertical)
        XCTAssertEqual(vertical.lockedAxis, .vertical)
        XCTAssertEqual(
            down.map(\.gesture),
            [
                .began(translation: Point(x: 0, y: 10)), .changed(translation: Point(x: 0, y: 20)),
                .changed(translation: Point(x: 0, y: 30)),
                .changed(translation: Point(x: 0, y: 40)),
            ])
        var horizontal = ScrollGestureRecognizer()
        var events = stream(dx: -9, dy: 6, count: 4)
        events.append(Event(time: 2, scroll: .stop))
        let left = feed(events, into: &horizontal)
        XCTAssertEqual(left.first?.gesture, .began(translation: Point(x: -9, y: 0)))
        guard case .ended(let translation, let velocity)? = left.last?.gesture else {
            return XCTFail("expected the pan to end")
        }
        XCTAssertEqual(translation, Point(x: -36, y: 0))
        XCTAssertEqual(velocity.y, 0)
    }

    func testAnUndecidedStreamLocksWhenItsSumTipsWithNoTravelLost() {
        var recognizer = ScrollGestureRecognizer()
        var events = stream(dx: 3, dy: 3, count: 2)  // 6, 6: no axis yet
        events.append(Event(time: 1.1, scroll: .delta(dx: 0, dy: 4, source: .touchpad)))
        let gestures = feed(events, into: &recognizer)
        // The sum (6, 10) tips: 10 ≥ 1.2 × 6, vertical, reporting all 10 pt of travel.
        XCTAssertEqual(gestures.map(\.gesture), [.began(translation: Point(x: 0, y: 10))])
        XCTAssertEqual(gestures.first?.time, 1.1)
    }

    func testATrueDiagonalIsRejectedUntilItEnds() {
        var recognizer = ScrollGestureRecognizer()
        var events = stream(dx: 4, dy: 4, count: 4)  // 22.6 pt with no dominant axis
        events += stream(dy: 20, count: 3, start: 1.04)
        events.append(Event(time: 1.1, scroll: .stop))
        XCTAssertEqual(feed(events, into: &recognizer), [])
        XCTAssertNil(recognizer.deadline)
        // The next stream starts afresh.
        let next = feed(stream(dy: 5, count: 1, start: 1.2), into: &recognizer)
        XCTAssertEqual(next.map(\.gesture), [.began(translation: Point(x: 0, y: 5))])
    }

    func testWheelEventsProduceNothingAndLeaveATouchpadStreamAlone() {
        var recognizer = ScrollGestureRecognizer()
        let wheel = (1...10).map {
            Event(time: Double($0) * 0.05, scroll: .delta(dx: 0, dy: -48, source: .wheel))
        }
        XCTAssertEqual(feed(wheel, into: &recognizer), [])
        XCTAssertNil(recognizer.deadline)
        var events = stream(dy: 12.5, count: 4)
        events.insert(
            Event(time: events[1].time, scroll: .delta(dx: 0, dy: 500, source: .wheel)), at: 2)
        let gestures = feed(events, into: &recognizer)
        XCTAssertEqual(gestures.last?.gesture, .changed(translation: Point(x: 0, y: 50)))
        XCTAssertEqual(recognizer.deadline, events[4].time + 0.150)
    }

    func testADeltaPastTheDeadlineEndsTheOldStreamAtItsDeadlineFirst() {
        var recognizer = ScrollGestureRecognizer()
        var events = stream(dy: 10, count: 3)
        events.append(Event(time: 2, scroll: .delta(dx: 0, dy: -10, source: .touchpad)))
        let gestures = feed(events, into: &recognizer)
        XCTAssertEqual(
            Array(gestures.suffix(2)),
            [
                TimedPanGesture(
                    time: events[2].time + 0.150,
                    gesture: .ended(translation: Point(x: 0, y: 30), velocity: Point(x: 0, y: 1280))
                ),
                TimedPanGesture(time: 2, gesture: .began(translation: Point(x: 0, y: -10))),
            ])
    }

    func testCancelEndsALockedStreamAsCancelled() {
        var recognizer = ScrollGestureRecognizer()
        var gestures = feed(stream(dy: 10, count: 2), into: &recognizer)
        recognizer.cancel(at: 1.05, into: &gestures)
        XCTAssertEqual(
            gestures.last,
            TimedPanGesture(time: 1.05, gesture: .cancelled(translation: Point(x: 0, y: 20))))
        XCTAssertNil(recognizer.deadline)
        recognizer.stop(at: 1.06, into: &gestures)
        XCTAssertEqual(gestures.count, 3)
    }

    func testOutOfOrderAndNonFiniteEventsAreDropped() {
        var recognizer = ScrollGestureRecognizer()
        var gestures = feed(stream(dy: 10, count: 2), into: &recognizer)
        recognizer.scroll(dx: 0, dy: 10, source: .touchpad, at: 1.001, into: &gestures)
        recognizer.scroll(dx: 0, dy: .nan, source: .touchpad, at: 1.03, into: &gestures)
        recognizer.scroll(dx: 0, dy: 10, source: .touchpad, at: .infinity, into: &gestures)
        XCTAssertEqual(gestures.count, 2)
        XCTAssertEqual(recognizer.translation, Point(x: 0, y: 20))
    }

    func testDriverTicksAt30And240HzGiveIdenticalGestures() {
        // A flick with a stop, wheel clicks, a stream left to time out, then a diagonal one
        // whose first delta comes after that deadline: at 240 Hz a tick expires the old stream
        // first (0.6625), at 30 Hz the delta does (0.6640 < 0.6667). Times off any tick grid.
        var events = stream(dy: 11.3, count: 18, start: 0.0131, interval: 0.0083)
        events.append(Event(time: 0.1701, scroll: .stop))
        events += (1...3).map {
            Event(time: 0.2 + Double($0) * 0.037, scroll: .delta(dx: 0, dy: 48, source: .wheel))
        }
        events += stream(dy: -7.7, count: 9, start: 0.41, interval: 0.0111)
        events += stream(dx: 9.1, dy: 2.2, count: 12, start: 0.6547, interval: 0.0093)
        events.append(Event(time: 0.79, scroll: .stop))
        let at30 = drive(events, hz: 30, until: 1)
        let at240 = drive(events, hz: 240, until: 1)
        XCTAssertEqual(at30, at240)
        let ends = at30.filter {
            if case .ended = $0.gesture { return true }
            return false
        }
        XCTAssertEqual(ends.count, 3)
        XCTAssertEqual(ends[1].time, 0.41 + 9 * 0.0111 + 0.150, accuracy: 1e-12)
    }

    func testWithoutAnAxisLockAStreamPansInBothAxesAndIsNeverRejected() {
        var recognizer = ScrollGestureRecognizer()
        recognizer.locksAxis = false
        // A true diagonal, which a locking recognizer rejects after 16 pt.
        var events = stream(dx: 4, dy: 4, count: 8)
        events.append(Event(time: 1 + 9 * tick, scroll: .stop))
        let gestures = feed(events, into: &recognizer)
        XCTAssertEqual(gestures.count, 9)
        guard case .began(let first) = gestures.first?.gesture else {
            return XCTFail("\(gestures)")
        }
        XCTAssertEqual(first, Point(x: 4, y: 4), "the first delta begins the pan")
        guard case .ended(let translation, let velocity) = gestures.last?.gesture else {
            return XCTFail("\(gestures)")
        }
        XCTAssertEqual(translation, Point(x: 32, y: 32))
        // 4 pt per 1/128 s: 512 pt/s on each axis.
        XCTAssertEqual(velocity.x, 512, accuracy: 1e-9)
        XCTAssertEqual(velocity.y, 512, accuracy: 1e-9)
    }
}
