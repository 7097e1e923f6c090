import SwipeDismiss
import SwipeDismissGtk
import XCTest

/// GDK's millisecond times become times on the controller's clock.
final class GtkInputSourceTests: XCTestCase {
    func testTheFirstEventAnchorsAndLaterOnesKeepGdksSpacing() {
        let clock = ManualClock(now: 10)
        let input = GtkInputSource(clock: clock)
        XCTAssertEqual(input.time(ofEventMilliseconds: 5000), 10)
        clock.advance(by: 0.1)
        // Delivered 84 ms late: the event keeps its own time, 16 ms after the first.
        XCTAssertEqual(input.time(ofEventMilliseconds: 5016), 10.016, accuracy: 1e-9)
    }

    func testAnEventIsNeverPlacedInTheFutureAndTimeNeverRunsBackwards() {
        let clock = ManualClock(now: 1)
        let input = GtkInputSource(clock: clock)
        _ = input.time(ofEventMilliseconds: 1000)
        // 500 ms on GDK's clock but only 100 ms on ours: clamped to now, re-anchored.
        clock.advance(by: 0.1)
        XCTAssertEqual(input.time(ofEventMilliseconds: 1500), 1.1, accuracy: 1e-9)
        clock.advance(by: 0.05)
        XCTAssertEqual(input.time(ofEventMilliseconds: 1540), 1.14, accuracy: 1e-9)
        // An older GDK time than the last event does not go back.
        XCTAssertEqual(input.time(ofEventMilliseconds: 1400), 1.14, accuracy: 1e-9)
    }

    func testThe32BitMillisecondsWrapAround() {
        let clock = ManualClock(now: 2)
        let input = GtkInputSource(clock: clock)
        _ = input.time(ofEventMilliseconds: UInt32.max - 9)
        clock.advance(by: 1)
        XCTAssertEqual(input.time(ofEventMilliseconds: 10), 2.02, accuracy: 1e-9)
    }

    func testQueuedEventsComeOutInOrderAndTrackThePress() {
        let clock = ManualClock(now: 0)
        let input = GtkInputSource(clock: clock)
        input.enqueue(.down(Point(x: 1, y: 2)), milliseconds: 100)
        XCTAssertTrue(input.isPressed)
        input.enqueue(.up(Point(x: 1, y: 9)), milliseconds: 0)
        XCTAssertFalse(input.isPressed)
        var events: [InputEvent] = []
        input.events(upTo: 0, into: &events)
        XCTAssertEqual(events.map(\.kind), [.down(Point(x: 1, y: 2)), .up(Point(x: 1, y: 9))])
        XCTAssertNil(input.nextEventTime)
    }
}
