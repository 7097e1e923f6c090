import CX11
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissX11

/// `X11InputSource` on a real server: XInput2 when offered, core events when turned off,
/// with the same wheel and drag behaviour through the controller either way.
final class X11InputPathTests: XCTestCase {
    private var wheelClicks: [InputEvent.Kind] {
        [
            .scroll(dx: 0, dy: -53, source: .wheel), .scroll(dx: 0, dy: 53, source: .wheel),
            .scroll(dx: 0, dy: -53, source: .wheel), .scroll(dx: 53, dy: 0, source: .wheel),
        ]
    }

    private func scrolls(_ harness: WindowHarness) -> [InputEvent.Kind] {
        harness.recorder.trace.events.map(\.kind).filter {
            if case .scroll = $0 { return true }
            return false
        }
    }

    /// Clicks 5, 4, 5 and then 6 (the last one marks the end: any doubled copy of the first
    /// three would arrive before it) and checks each arrived once and nothing moved.
    private func assertWheelClicksArriveOnceAndLeaveTheCard(_ harness: WindowHarness) throws {
        try xdotool([
            "mousemove", "--window", harness.id, "195", "500", "click", "5", "click", "4",
            "click", "5", "click", "6",
        ])
        try harness.pump(until: "the fourth wheel click arrived") {
            self.scrolls(harness).contains(.scroll(dx: 53, dy: 0, source: .wheel))
        }
        XCTAssertEqual(scrolls(harness), wheelClicks)
        XCTAssertEqual(harness.recorder.trace.events.count, 4, "\(harness.recorder.trace.events)")
        XCTAssertEqual(harness.phases, [])
        XCTAssertEqual(harness.controller.state.offset, 0)
        XCTAssertEqual(harness.windowGrey().map(expectedGrey(alpha: 0.3).contains), true)
    }

    func testXInput2IsUsedWhenTheServerHasIt() throws {
        let display = try openTestDisplay()
        let harness = try WindowHarness(display: display, useXInput2: true)
        guard case .xinput2(let major, let minor) = harness.input.path else {
            return XCTFail("expected XInput2, got \(harness.input.path)")
        }
        XCTAssertTrue(major > 2 || (major == 2 && minor >= 2))
        XCTAssertEqual(harness.input.path.description, "input: XInput \(major).\(minor)")
    }

    func testWheelButtonsArriveOnceThroughXInput2AndNeverMoveTheCard() throws {
        let display = try openTestDisplay()
        try requireXdotool()
        let harness = try WindowHarness(display: display, useXInput2: true)
        try assertWheelClicksArriveOnceAndLeaveTheCard(harness)
    }

    func testWheelButtonsArriveOnceThroughCoreEventsAndNeverMoveTheCard() throws {
        let display = try openTestDisplay()
        try requireXdotool()
        let harness = try WindowHarness(display: display, useXInput2: false)
        XCTAssertEqual(harness.input.path, .core(reason: "XInput2 turned off"))
        try assertWheelClicksArriveOnceAndLeaveTheCard(harness)
    }

    private func assertADragDismisses(_ harness: WindowHarness) throws {
        try harness.drag(fromY: 450, toY: 750, step: 20)
        try xdotool(["mouseup", "1"])
        try harness.pump(until: "the modal is dismissed") {
            harness.controller.state.phase == .dismissed
        }
        XCTAssertEqual(harness.phases, [.dragging, .dismissing, .dismissed])
        XCTAssertEqual(harness.windowGrey(), 255)
        let kinds = harness.recorder.trace.events.map(\.kind)
        XCTAssertEqual(kinds.first, .down(Point(x: 195, y: 450)))
        XCTAssertEqual(kinds.last, .up(Point(x: 195, y: 750)))
        XCTAssertEqual(kinds.count, 17, "\(kinds)")  // down, 15 moves, up: none twice
    }

    func testAPointerDragDismissesThroughXInput2() throws {
        let display = try openTestDisplay()
        try requireXdotool()
        let harness = try WindowHarness(display: display, useXInput2: true)
        guard case .xinput2 = harness.input.path else {
            return XCTFail("expected XInput2, got \(harness.input.path)")
        }
        try assertADragDismisses(harness)
    }

    func testAPointerDragDismissesThroughCoreEventsWhenXInput2IsTurnedOff() throws {
        let display = try openTestDisplay()
        try requireXdotool()
        setenv(X11InputSource.disableXInput2Variable, "1", 1)
        defer { unsetenv(X11InputSource.disableXInput2Variable) }
        let harness = try WindowHarness(
            display: display, useXInput2: X11InputSource.xinput2Allowed())
        XCTAssertEqual(harness.input.path, .core(reason: "XInput2 turned off"))
        XCTAssertEqual(
            harness.input.path.description, "input: core X events (XInput2 turned off)")
        try assertADragDismisses(harness)
    }

    /// A touchpad that sends no stop: the loop, idle otherwise, wakes at the deadline 150 ms
    /// after the last delta and lets go there, rather than sleeping until other input.
    func testAnIdleLoopWakesToEndAStreamThatSentNoStop() throws {
        let display = try openTestDisplay()
        let harness = try WindowHarness(display: display)
        let start = harness.clock.now
        for k in 1...20 {
            harness.input.enqueue(
                InputEvent(
                    time: start + Double(k) * 0.004,
                    kind: .scroll(dx: 0, dy: 12.5, source: .touchpad)))
        }
        let last = start + 0.08
        try harness.pump(until: "the card follows the fingers 250 pt") {
            harness.controller.state.offset == 250
        }
        XCTAssertEqual(harness.controller.state.phase, .dragging)
        XCTAssertEqual(harness.controller.nextWakeTime, last + 0.150)
        // No input and nothing moving: only the deadline can wake the loop before 5 s.
        let turnsBefore = harness.loop.wakeups
        while harness.controller.state.phase == .dragging, harness.clock.now < last + 5 {
            _ = try harness.loop.runOnce(harness.controller, maximumWait: 5)
        }
        XCTAssertLessThan(harness.clock.now, last + 1, "woke only at the 5 s limit")
        XCTAssertLessThanOrEqual(harness.loop.wakeups - turnsBefore, 3)
        XCTAssertEqual(harness.phases.prefix(2), [.dragging, .dismissing])
    }

    func testTheEnvironmentSwitch() {
        XCTAssertTrue(X11InputSource.xinput2Allowed(variable: nil))
        XCTAssertTrue(X11InputSource.xinput2Allowed(variable: ""))
        XCTAssertTrue(X11InputSource.xinput2Allowed(variable: "0"))
        XCTAssertFalse(X11InputSource.xinput2Allowed(variable: "1"))
        XCTAssertFalse(X11InputSource.xinput2Allowed(variable: "yes"))
    }

    func testXInput2ResultsBecomeTheSameInputEvents() {
        let p = Point(x: 1.5, y: 2.25)
        XCTAssertEqual(X11InputSource.kind(.down(p)), .down(p))
        XCTAssertEqual(X11InputSource.kind(.move(p)), .move(p))
        XCTAssertEqual(X11InputSource.kind(.up(p)), .up(p))
        XCTAssertEqual(
            X11InputSource.kind(.scroll(dx: -1, dy: 7.5, source: .touchpad)),
            .scroll(dx: -1, dy: 7.5, source: .touchpad))
        XCTAssertEqual(X11InputSource.kind(.scrollStop), .scrollStop)
        XCTAssertEqual(X11InputSource.kind(.cancel), .cancel)
        XCTAssertEqual(X11InputSource.wheelClick(button: 4), .scroll(dx: 0, dy: 53, source: .wheel))
        XCTAssertEqual(
            X11InputSource.wheelClick(button: 7), .scroll(dx: -53, dy: 0, source: .wheel))
        XCTAssertNil(X11InputSource.wheelClick(button: 1))
        XCTAssertNil(X11InputSource.wheelClick(button: 8))
    }
}
