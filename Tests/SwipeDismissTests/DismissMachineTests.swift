import SwipeDismiss
import XCTest

/// The state machine on its own: no clock, no presenter, no renderer.
final class DismissMachineTests: XCTestCase {
    private let everywhereContent: DismissMachine.HitTest = { _, _ in .content }

    func testAMachineRunsWithoutPlugins() {
        var machine = DismissMachine(configuration: .fluid, dismissDistance: 500, time: 0)
        XCTAssertEqual(machine.state.alpha, 0.3)
        let start = Point(x: 10, y: 10)
        machine.handle(InputEvent(time: 0, kind: .down(start)), hitTest: everywhereContent)
        machine.handle(
            InputEvent(time: 0.05, kind: .move(start + Point(x: 0, y: 100))),
            hitTest: everywhereContent)
        XCTAssertEqual(machine.phase, .dragging)
        XCTAssertEqual(machine.state.offset, 100)
        XCTAssertEqual(machine.state.alpha, 0.2, accuracy: 1e-12)
        guard case .phaseChanged(.presented, .dragging, let changed)? = machine.effects.first
        else { return XCTFail("\(machine.effects)") }
        XCTAssertEqual(changed.offset, 100)
        machine.clearEffects()
        XCTAssertEqual(machine.effects, [])
        machine.handle(InputEvent(time: 0.05, kind: .key(.escape)), hitTest: everywhereContent)
        XCTAssertEqual(machine.phase, .dismissing)
        var time = 0.05
        while machine.isAnimating, time < 5 {
            time += 1 / 60
            machine.advance(to: time)
        }
        XCTAssertEqual(machine.phase, .dismissed)
        XCTAssertEqual(machine.state.offset, 500)
        XCTAssertEqual(
            machine.effects.filter { if case .didDismiss = $0 { true } else { false } }.count, 1)
    }

    func testTheHitTestSeesTheOffsetAtTheEventsTime() {
        // Fluid catches a presentation where it is: the press is hit-tested there.
        var machine = DismissMachine(
            configuration: .fluid, dismissDistance: 600, time: 0, presented: false)
        machine.present()
        let expected = machine.state(at: 0.1).offset
        XCTAssertGreaterThan(expected, 0)
        var seen: [Double] = []
        machine.handle(InputEvent(time: 0.1, kind: .down(Point(x: 1, y: 2)))) { point, offset in
            XCTAssertEqual(point, Point(x: 1, y: 2))
            seen.append(offset)
            return .content
        }
        XCTAssertEqual(seen, [expected])
        XCTAssertEqual(machine.phase, .dragging)
        XCTAssertEqual(machine.state.offset, expected)
    }

    func testCopiesAreIndependentValues() {
        var machine = DismissMachine(configuration: .seed, dismissDistance: 500, time: 0)
        let start = Point(x: 0, y: 0)
        for (t, y) in [(0.0, 0.0), (0.01, 10.0), (0.02, 80.0)] {
            let kind: InputEvent.Kind = t == 0 ? .down(start) : .move(Point(x: 0, y: y))
            machine.handle(InputEvent(time: t, kind: kind), hitTest: everywhereContent)
        }
        let copy = machine
        machine.handle(
            InputEvent(time: 0.03, kind: .up(Point(x: 0, y: 80))), hitTest: everywhereContent)
        machine.advance(to: 0.2)
        XCTAssertEqual(machine.phase, .settling)
        XCTAssertEqual(copy.phase, .dragging)
        XCTAssertEqual(copy.time, 0.02)
        // The copy's spring steps are its own: at 0.2 it is still heading for 80.
        var later = copy
        later.advance(to: 0.2)
        let s = SpringStepResponse.uikit
        XCTAssertEqual(later.state.offset, 80 * s.value(at: 0.18), accuracy: 1e-9)
        XCTAssertLessThan(machine.state.offset, later.state.offset)
    }

    func testPresentDuringADismissalReportsTheEndingFirst() {
        var machine = DismissMachine(configuration: .seed, dismissDistance: 500, time: 0)
        machine.dismiss()
        machine.advance(to: 0.1)
        machine.clearEffects()
        machine.present()
        XCTAssertEqual(machine.presentationCount, 2)
        guard machine.effects.count == 2, case .didDismiss(let ended) = machine.effects[0],
            case .phaseChanged(.dismissing, .presenting, _) = machine.effects[1]
        else { return XCTFail("\(machine.effects)") }
        XCTAssertEqual(ended.phase, .dismissing)
        XCTAssertEqual(ended.time, 0.1)
    }
}
