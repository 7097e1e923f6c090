import CX11
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// Feeds hand-made X events to the input source: no display needed.
final class X11InputSourceTests: XCTestCase {
    let clock = ManualClock(now: 10)

    private func button(_ type: Int32, x: Int32, y: Int32, time: UInt, button: UInt32 = 1)
        -> XEvent
    {
        var event = XEvent()
        event.xbutton.type = type
        event.xbutton.x = x
        event.xbutton.y = y
        event.xbutton.time = time
        event.xbutton.button = button
        return event
    }

    private func motion(x: Int32, y: Int32, time: UInt) -> XEvent {
        var event = XEvent()
        event.xmotion.type = MotionNotify
        event.xmotion.x = x
        event.xmotion.y = y
        event.xmotion.time = time
        return event
    }

    private func assertTimes(
        _ times: [Double], _ expected: [Double], file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssert(
            times.count == expected.count
                && zip(times, expected).allSatisfy { abs($0 - $1) <= 1e-9 },
            "\(times) is not \(expected)", file: file, line: line)
    }

    private func drain(_ source: X11InputSource) -> [InputEvent] {
        var events: [InputEvent] = []
        source.events(upTo: clock.now, into: &events)
        return events
    }

    func testPressMovesAndReleaseBecomeDownMoveUpInPointsWithServerSpacing() {
        let source = X11InputSource(clock: clock, scale: 2)
        // A hover sets the clock offset: server 4000 ms is clock 10 s.
        var hover = motion(x: 0, y: 0, time: 4000)
        source.handle(&hover)
        clock.set(to: 11.1)
        var events = [
            button(ButtonPress, x: 390, y: 1000, time: 5000),
            motion(x: 390, y: 1010, time: 5008),
            motion(x: 390, y: 1020, time: 5016),
            button(ButtonRelease, x: 390, y: 1020, time: 5024),
        ]
        for index in events.indices { source.handle(&events[index]) }
        let out = drain(source)
        XCTAssertEqual(
            out.map(\.kind),
            [
                .down(Point(x: 195, y: 500)), .move(Point(x: 195, y: 505)),
                .move(Point(x: 195, y: 510)), .up(Point(x: 195, y: 510)),
            ])
        // Read together at one clock time, but each at its own server time.
        assertTimes(out.map(\.time), [11, 11.008, 11.016, 11.024])
    }

    func testABurstReadAtOnceKeepsTheServersSpacingWhenItLowersTheOffset() {
        let source = X11InputSource(clock: clock)
        var hover = motion(x: 0, y: 0, time: 4000)  // server 4 s is clock 10 s, for now
        source.handle(&hover)
        clock.set(to: 10.5)
        // The newest of these would land 10 ms in the future: the offset was 10 ms high.
        var events = [
            button(ButtonPress, x: 10, y: 10, time: 4495),
            motion(x: 10, y: 20, time: 4500),
            motion(x: 10, y: 30, time: 4505),
            motion(x: 10, y: 40, time: 4510),
        ]
        for index in events.indices { source.handle(&events[index]) }
        assertTimes(drain(source).map(\.time), [10.485, 10.49, 10.495, 10.5])
    }

    func testMotionWithoutAPressAndOtherButtonsAreIgnored() {
        let source = X11InputSource(clock: clock)
        var events = [
            motion(x: 1, y: 2, time: 1),
            button(ButtonPress, x: 1, y: 2, time: 2, button: 3),
            button(ButtonRelease, x: 1, y: 2, time: 3, button: 3),
        ]
        for index in events.indices { source.handle(&events[index]) }
        XCTAssertEqual(drain(source), [])
    }

    func testAnotherClientsGrabMidDragCancels() {
        let source = X11InputSource(clock: clock)
        var press = button(ButtonPress, x: 10, y: 10, time: 1)
        source.handle(&press)
        var leave = XEvent()
        leave.xcrossing.type = LeaveNotify
        leave.xcrossing.mode = NotifyGrab
        leave.xcrossing.time = 2
        source.handle(&leave)
        XCTAssertEqual(drain(source).map(\.kind), [.down(Point(x: 10, y: 10)), .cancel])
        XCTAssertFalse(source.isPressed)
    }

    func testOurGrabEndingWithoutAReleaseCancels() {
        let source = X11InputSource(clock: clock)
        var press = button(ButtonPress, x: 10, y: 10, time: 1)
        source.handle(&press)
        var enter = XEvent()
        enter.xcrossing.type = EnterNotify
        enter.xcrossing.mode = NotifyUngrab
        enter.xcrossing.time = 2
        source.handle(&enter)
        XCTAssertEqual(drain(source).last?.kind, .cancel)
    }

    func testLeavingTheWindowDuringTheDragDoesNotCancel() {
        let source = X11InputSource(clock: clock)
        var press = button(ButtonPress, x: 10, y: 10, time: 1)
        source.handle(&press)
        var leave = XEvent()
        leave.xcrossing.type = LeaveNotify
        leave.xcrossing.mode = NotifyNormal
        leave.xcrossing.time = 2
        source.handle(&leave)
        XCTAssertTrue(source.isPressed)
        XCTAssertEqual(drain(source).map(\.kind), [.down(Point(x: 10, y: 10))])
    }

    func testFocusLossMidDragCancels() {
        let source = X11InputSource(clock: clock)
        var press = button(ButtonPress, x: 10, y: 10, time: 1)
        source.handle(&press)
        var focus = XEvent()
        focus.xfocus.type = FocusOut
        focus.xfocus.mode = NotifyGrab
        focus.xfocus.detail = NotifyNonlinear
        source.handle(&focus)
        XCTAssertEqual(drain(source).last?.kind, .cancel)
    }

    func testASyntheticEventIsStampedWhenReadNotAtItsClaimedServerTime() {
        let source = X11InputSource(clock: clock)
        var hover = motion(x: 0, y: 0, time: 4000)  // server 4 s is clock 10 s
        source.handle(&hover)
        clock.set(to: 12.5)
        // XSendEvent (xdotool --window) sets send_event; its time is whatever the sender
        // chose, here one that the offset would put 3.9 s in the past.
        var press = button(ButtonPress, x: 10, y: 10, time: 100)
        press.xany.send_event = 1
        source.handle(&press)
        var release = button(ButtonRelease, x: 10, y: 10, time: 100)
        release.xany.send_event = 1
        source.handle(&release)
        let out = drain(source)
        XCTAssertEqual(out.map(\.kind), [.down(Point(x: 10, y: 10)), .up(Point(x: 10, y: 10))])
        assertTimes(out.map(\.time), [12.5, 12.5])
    }

    func testAnEventStampedCurrentTimeIsStampedWhenRead() {
        let source = X11InputSource(clock: clock)
        var hover = motion(x: 0, y: 0, time: 4000)
        source.handle(&hover)
        clock.set(to: 11)
        var press = button(ButtonPress, x: 10, y: 10, time: 0)  // CurrentTime
        source.handle(&press)
        // Mapped, server time 0 would land at clock 6 s: 5 s before it was read.
        assertTimes(drain(source).map(\.time), [11])
        clock.set(to: 11.25)
        // A real stamp afterwards still maps with the offset the hover set.
        var move = motion(x: 10, y: 20, time: 5200)
        source.handle(&move)
        assertTimes(drain(source).map(\.time), [11.2])
    }
}
