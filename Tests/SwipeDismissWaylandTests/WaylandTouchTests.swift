import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// A touchscreen (`wl_touch`) on the scripted compositor: the first finger drags the card as
/// the pointer does, other fingers are ignored, and `cancel` springs the card back.
final class WaylandTouchTests: XCTestCase {
    private func harness(_ compositor: ScriptedCompositor) throws -> WaylandHarness {
        let harness = try WaylandHarness(
            socketPath: compositor.socketPath, server: compositor, liveInput: true)
        try harness.settle()
        XCTAssertTrue(harness.seat.hasTouch, "the seat's touchscreen was not taken")
        return harness
    }

    /// Turns the loop until the controller has taken `count` input events (at most 2 s).
    private func taken(_ harness: WaylandHarness, _ count: Int) throws {
        let took = try harness.run(timeout: 2) { harness.counted.events.count >= count }
        XCTAssertTrue(took, "\(harness.counted.events.count) events of \(count)")
    }

    /// A 300 pt drag down from (195, 400) in 30 steps of 10 pt, then a release, done with
    /// `press`, `move` and `release`: the card's offset once each step was taken (the drag's
    /// samples), and the input events the controller took.
    private func drag(
        _ harness: WaylandHarness, press: () -> Void, move: (Double) -> Void,
        release: () -> Void
    ) throws -> (offsets: [Double], events: [InputEvent.Kind]) {
        var offsets: [Double] = []
        press()
        try taken(harness, 1)
        offsets.append(harness.controller.state.offset)
        for step in 1...30 {
            move(400 + Double(step) * 10)
            try taken(harness, 1 + step)
            offsets.append(harness.controller.state.offset)
        }
        release()
        try taken(harness, 32)
        let dismissed = try harness.run(timeout: 3) { harness.controller.state.phase == .dismissed }
        XCTAssertTrue(dismissed, "phases: \(harness.phases)")
        return (offsets, harness.counted.events.map(\.kind))
    }

    func testAOneFingerDragGivesThePointerDragsSamples() throws {
        let pointerCompositor = try ScriptedCompositor()
        let pointerHarness = try harness(pointerCompositor)
        pointerCompositor.enter(x: 195, y: 400)
        let pointer = try drag(
            pointerHarness, press: { pointerCompositor.button(pressed: true) },
            move: { pointerCompositor.motion(x: 195, y: $0) },
            release: { pointerCompositor.button(pressed: false) })

        let touchCompositor = try ScriptedCompositor()
        let touchHarness = try harness(touchCompositor)
        let touch = try drag(
            touchHarness, press: { touchCompositor.touchDown(0, x: 195, y: 400) },
            move: { touchCompositor.touchMotion(0, x: 195, y: $0) },
            release: { touchCompositor.touchUp(0) })

        XCTAssertEqual(touch.events, pointer.events)
        XCTAssertEqual(touch.events.first, .down(Point(x: 195, y: 400)))
        XCTAssertEqual(touch.events.last, .up(Point(x: 195, y: 700)))
        XCTAssertEqual(touch.offsets.count, 31)
        XCTAssertEqual(touch.offsets.last ?? 0, 300, accuracy: 0.5, "the card follows the finger")
        for (index, (a, b)) in zip(touch.offsets, pointer.offsets).enumerated() {
            XCTAssertEqual(a, b, accuracy: 0.5, "sample \(index)")
        }
        XCTAssertEqual(touchHarness.phases, pointerHarness.phases)
        XCTAssertEqual(touchHarness.phases.first, .dragging)
    }

    func testASecondFingerIsIgnoredWhileTheFirstDragsAndAfterItLifts() throws {
        let compositor = try ScriptedCompositor()
        let harness = try harness(compositor)
        compositor.touchDown(3, x: 195, y: 400)
        compositor.touchMotion(3, x: 195, y: 450)
        try taken(harness, 2)
        // A second finger lands, moves far and lifts: nothing of it reaches the controller.
        compositor.touchDown(7, x: 100, y: 600)
        compositor.touchMotion(7, x: 100, y: 800)
        compositor.touchUp(7)
        compositor.touchMotion(3, x: 195, y: 500)
        try taken(harness, 3)
        XCTAssertEqual(harness.controller.state.phase, .dragging)
        XCTAssertEqual(harness.controller.state.offset, 100, accuracy: 0.5)
        // Held still, so that the lift below is no flick: the card springs back.
        try harness.run(timeout: 0.3, until: { false })
        // Another lands and stays after the first lifts: it does not start a drag.
        compositor.touchDown(9, x: 195, y: 300)
        compositor.touchUp(3)
        compositor.touchMotion(9, x: 195, y: 700)
        compositor.touchUp(9)
        let settled = try harness.run(timeout: 3) {
            harness.controller.state.phase == .presented && !harness.controller.isAnimating
        }
        XCTAssertTrue(settled, "phases: \(harness.phases)")
        XCTAssertEqual(
            harness.counted.events.map(\.kind),
            [
                .down(Point(x: 195, y: 400)), .move(Point(x: 195, y: 450)),
                .move(Point(x: 195, y: 500)), .up(Point(x: 195, y: 500)),
            ])
        XCTAssertEqual(harness.phases, [.dragging, .settling, .presented])
        XCTAssertFalse(harness.seat.isPressed)
    }

    func testCancelSpringsTheCardBack() throws {
        let compositor = try ScriptedCompositor()
        let harness = try harness(compositor)
        compositor.touchDown(0, x: 195, y: 400)
        for step in 1...20 {
            compositor.touchMotion(0, x: 195, y: 400 + Double(step) * 10)
        }
        try taken(harness, 21)
        XCTAssertEqual(harness.controller.state.offset, 200, accuracy: 0.5)
        XCTAssertTrue(harness.seat.isPressed)
        // The compositor takes the sequence over (a system gesture): back to rest, not
        // dismissed, though 200 pt down would dismiss on a release.
        compositor.touchCancel()
        let rests = try harness.run(timeout: 3) {
            harness.controller.state.phase == .presented && !harness.controller.isAnimating
        }
        XCTAssertTrue(rests, "phases: \(harness.phases)")
        XCTAssertEqual(harness.counted.events.last?.kind, .cancel)
        XCTAssertEqual(harness.controller.state.offset, 0)
        XCTAssertEqual(harness.phases, [.dragging, .settling, .presented])
        XCTAssertFalse(harness.seat.isPressed)
        // A finger after the cancel drags again.
        compositor.touchDown(1, x: 195, y: 400)
        compositor.touchMotion(1, x: 195, y: 430)
        try taken(harness, 24)
        XCTAssertEqual(harness.controller.state.phase, .dragging)
    }

    func testTheTouchMappingIgnoresNonFiniteAndUnknownFingers() {
        var mapping = WaylandTouchMapping()
        XCTAssertNil(mapping.motion(id: 0, to: Point(x: 1, y: 1)), "no finger down")
        XCTAssertNil(mapping.up(id: 0))
        XCTAssertNil(mapping.cancel())
        XCTAssertNil(mapping.down(id: 0, at: Point(x: .nan, y: 1)))
        XCTAssertNil(mapping.down(id: 0, at: Point(x: 1, y: 1), blocked: true), "the pointer holds")
        XCTAssertEqual(mapping.down(id: 4, at: Point(x: 1, y: 2)), .down(Point(x: 1, y: 2)))
        XCTAssertNil(mapping.motion(id: 4, to: Point(x: .infinity, y: 2)))
        XCTAssertEqual(mapping.position, Point(x: 1, y: 2))
        XCTAssertNil(mapping.down(id: 5, at: Point(x: 9, y: 9)))
        XCTAssertNil(mapping.up(id: 5))
        XCTAssertEqual(mapping.up(id: 4), .up(Point(x: 1, y: 2)))
        XCTAssertFalse(mapping.isPressed)
    }
}
