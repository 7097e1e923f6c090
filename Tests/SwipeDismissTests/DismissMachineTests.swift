import SwipeDismiss
import XCTest

/// The state machine on its own: no controller, no plugins, no clock.
final class DismissMachineTests: XCTestCase {
    /// A card 490 pt tall whose content covers y >= 354 at rest.
    private struct CardWorld: DismissEnvironment {
        func hitTest(_ point: Point, offset: Double) -> HitRegion {
            point.y >= 354 + offset ? .content : .backdrop
        }
    }

    /// Everything is content; records the offsets it was asked about.
    private final class RecordingWorld: DismissEnvironment {
        var seen: [(Point, Double)] = []

        func hitTest(_ point: Point, offset: Double) -> HitRegion {
            seen.append((point, offset))
            return .content
        }
    }

    /// A one-detent machine whose content leaves at `distance`.
    private func machine(
        _ configuration: DismissConfiguration, distance: Double, presented: Bool = true
    ) -> DismissMachine {
        let layout = DetentLayout(
            detents: [.open], viewportExtent: distance, contentExtent: distance,
            distance: distance)
        return DismissMachine(
            configuration: configuration, layout: layout, time: 0, presented: presented)
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
        XCTAssertEqual(m.handle(event(0, .down(Point(x: 195, y: 500))), environment: world), [])
        let effects = m.handle(event(0.05, .move(Point(x: 195, y: 540))), environment: world)
        XCTAssertEqual(m.state.offset, 40)
        XCTAssertEqual(m.state.alpha, 0.26, accuracy: 1e-12)
        guard case .notify(.phaseChanged(.presented, .dragging, let state))? = effects.first
        else { return XCTFail("expected the drag to be announced, got \(effects)") }
        XCTAssertEqual(state.offset, 40)
        XCTAssertEqual(
            m.handle(event(0.1, .move(Point(x: 195, y: 560))), environment: world), [],
            "a steady drag frame has nothing to announce")
    }

    func testAMachineIsAValueThatForks() {
        var m = machine()
        let world = CardWorld()
        m.handle(event(0, .down(Point(x: 195, y: 500))), environment: world)
        m.handle(event(0.1, .move(Point(x: 195, y: 720))), environment: world)
        var released = m
        released.handle(event(0.3, .up(Point(x: 195, y: 720))), environment: world)
        released.advance(to: 2, environment: world)
        var cancelled = m
        cancelled.handle(event(0.3, .cancel), environment: world)
        cancelled.advance(to: 2, environment: world)
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
        let world = CardWorld()
        m.dismiss(environment: world)
        m.advance(to: 0.1, environment: world)
        let offset = m.offset
        XCTAssertEqual(m.advance(to: 0.05, environment: world), [])
        XCTAssertEqual(m.time, 0.1)
        XCTAssertEqual(m.offset, offset)
    }

    func testTheMachineHandlesNoKeysOnlyTheirIntents() {
        var m = machine(.fluid, distance: 500, presented: false)
        let world = CardWorld()
        for key in [Key.space, .enter, .escape, .other("y")] {
            XCTAssertEqual(m.handle(event(0.1, .key(key)), environment: world), [])
        }
        XCTAssertEqual(m.phase, .dismissed, "a key event only moves time")
        XCTAssertEqual(m.time, 0.1)
        m.perform(.present, environment: world)
        XCTAssertEqual(m.phase, .presenting)
    }

    func testAVetoIsAnEffectAndAPendingFlag() {
        var m = machine()
        m.policy = .deny
        XCTAssertEqual(
            m.dismiss(environment: CardWorld()),
            [.notify(.dismissAttempted(.programmatic)), .needsDisplay])
        XCTAssertTrue(m.state.isDismissAttemptPending)
        XCTAssertEqual(m.declineDismissal(environment: CardWorld()), [.needsDisplay])
        XCTAssertFalse(m.state.isDismissAttemptPending)
        XCTAssertEqual(m.declineDismissal(environment: CardWorld()), [], "nothing pends any more")
    }

    func testAMachineRunsWithoutPlugins() {
        var m = machine(.fluid, distance: 500)
        let world = RecordingWorld()
        XCTAssertEqual(m.state.alpha, 0.3)
        let start = Point(x: 10, y: 10)
        m.handle(event(0, .down(start)), environment: world)
        m.handle(event(0.05, .move(start + Point(x: 0, y: 100))), environment: world)
        XCTAssertEqual(m.phase, .dragging)
        XCTAssertEqual(m.state.offset, 100)
        XCTAssertEqual(m.state.alpha, 0.2, accuracy: 1e-12)
        var effects = m.perform(.dismiss, environment: world)
        XCTAssertEqual(m.phase, .dismissing)
        var time = 0.05
        while m.isAnimating, time < 5 {
            time += 1 / 60
            effects += m.advance(to: time, environment: world)
        }
        XCTAssertEqual(m.phase, .dismissed)
        XCTAssertEqual(m.state.offset, 500)
        let endings = effects.filter {
            if case .notify(.didDismiss) = $0 { return true }
            return false
        }
        XCTAssertEqual(endings.count, 1)
    }

    func testTheHitTestSeesTheOffsetAtTheEventsTime() {
        // Fluid catches a presentation where it is: the press is hit-tested there.
        var m = machine(.fluid, distance: 600, presented: false)
        let world = RecordingWorld()
        m.present(environment: world)
        var ahead = m
        ahead.advance(to: 0.1, environment: world)
        let expected = ahead.offset
        XCTAssertGreaterThan(expected, 0)
        m.handle(event(0.1, .down(Point(x: 1, y: 2))), environment: world)
        XCTAssertEqual(world.seen.map(\.0), [Point(x: 1, y: 2)])
        XCTAssertEqual(world.seen.map(\.1), [expected])
        XCTAssertEqual(m.phase, .dragging)
        XCTAssertEqual(m.state.offset, expected)
    }

    func testCopiesAreIndependentValues() {
        var m = machine(.seed, distance: 500)
        let world = RecordingWorld()
        let start = Point(x: 0, y: 0)
        for (t, y) in [(0.0, 0.0), (0.01, 10.0), (0.02, 80.0)] {
            let kind: InputEvent.Kind = t == 0 ? .down(start) : .move(Point(x: 0, y: y))
            m.handle(event(t, kind), environment: world)
        }
        let copy = m
        m.handle(event(0.03, .up(Point(x: 0, y: 80))), environment: world)
        m.advance(to: 0.2, environment: world)
        XCTAssertEqual(m.phase, .settling)
        XCTAssertEqual(copy.phase, .dragging)
        XCTAssertEqual(copy.time, 0.02)
        // The copy's spring steps are its own: at 0.2 it is still heading for 80.
        var later = copy
        later.advance(to: 0.2, environment: world)
        let s = SpringStepResponse.uikit
        XCTAssertEqual(later.state.offset, 80 * s.value(at: 0.18), accuracy: 1e-9)
        XCTAssertLessThan(m.state.offset, later.state.offset)
    }

    func testPresentDuringADismissalReportsTheOldPresentationSupersededFirst() {
        var m = machine(.seed, distance: 500)
        let world = RecordingWorld()
        m.dismiss(environment: world)
        m.advance(to: 0.1, environment: world)
        let effects = m.present(environment: world)
        XCTAssertEqual(m.presentationCount, 2)
        guard effects.count == 2,
            case .notify(.superseded(presentation: 1, let ended)) = effects[0],
            case .notify(.phaseChanged(.dismissing, .presenting, _)) = effects[1]
        else { return XCTFail("\(effects)") }
        XCTAssertEqual(ended.phase, .dismissing)
        XCTAssertEqual(ended.time, 0.1)
    }
}
