import SwipeDismiss
import XCTest

/// The state machine on its own: no controller, no plugins, no clock.
final class DismissMachineTests: XCTestCase {
    /// A card 490 pt tall whose content covers y >= 354 at rest, with a fixed policy.
    private struct CardWorld: DismissEnvironment {
        var allows = true

        func hitTest(_ point: Point, offset: Double) -> HitRegion {
            point.y >= 354 + offset ? .content : .backdrop
        }

        func shouldDismiss(_ reason: DismissReason) -> Bool { allows }
    }

    private func machine(_ configuration: DismissConfiguration = .fluid) -> DismissMachine {
        let layout = DetentLayout(
            detents: configuration.detents, viewportExtent: 844, contentExtent: 490,
            distance: 490)
        return DismissMachine(configuration: configuration, layout: layout, time: 0)
    }

    private func event(_ time: Double, _ kind: InputEvent.Kind) -> InputEvent {
        InputEvent(time: time, kind: kind)
    }

    func testInputsInStateAndEffectsOut() {
        var m = machine()
        let world = CardWorld()
        m.handle(event(0, .down(Point(x: 195, y: 500))), environment: world)
        m.handle(event(0.05, .move(Point(x: 195, y: 540))), environment: world)
        XCTAssertEqual(m.state.offset, 40)
        XCTAssertEqual(m.state.alpha, 0.26, accuracy: 1e-12)
        guard case .notify(.phaseChanged(.presented, .dragging, let state))? = m.effects.first
        else { return XCTFail("expected the drag to be announced, got \(m.effects)") }
        XCTAssertEqual(state.offset, 40)
        m.clearEffects()
        m.handle(event(0.1, .move(Point(x: 195, y: 560))), environment: world)
        XCTAssertEqual(m.effects, [], "a steady drag frame has nothing to announce")
    }

    func testAMachineIsAValueThatForks() {
        var m = machine()
        let world = CardWorld()
        m.handle(event(0, .down(Point(x: 195, y: 500))), environment: world)
        m.handle(event(0.1, .move(Point(x: 195, y: 720))), environment: world)
        var released = m
        released.handle(event(0.3, .up(Point(x: 195, y: 720))), environment: world)
        released.advance(to: 2)
        var cancelled = m
        cancelled.handle(event(0.3, .cancel), environment: world)
        cancelled.advance(to: 2)
        XCTAssertEqual(released.phase, .dismissed)
        XCTAssertEqual(cancelled.phase, .presented)
        XCTAssertEqual(cancelled.offset, 0)
        XCTAssertEqual(m.phase, .dragging, "the original is untouched")
        XCTAssertEqual(m.offset, 220)
        let sendable: any Sendable = m
        XCTAssertNotNil(sendable)
    }

    func testTimeOnlyMovesForward() {
        var m = machine()
        m.dismiss(environment: CardWorld())
        m.advance(to: 0.1)
        let offset = m.offset
        m.advance(to: 0.05)
        XCTAssertEqual(m.time, 0.1)
        XCTAssertEqual(m.offset, offset)
    }

    func testAVetoIsAnEffectAndAPendingFlag() {
        var m = machine()
        m.dismiss(environment: CardWorld(allows: false))
        XCTAssertEqual(m.effects, [.notify(.dismissAttempted(.programmatic)), .needsDisplay])
        XCTAssertTrue(m.state.isDismissAttemptPending)
        m.declineDismissal()
        XCTAssertFalse(m.state.isDismissAttemptPending)
    }
}
