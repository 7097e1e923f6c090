import Foundation
import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import SwipeDismissTrace
import XCTest

/// The bundled sheet traces in Examples/Traces do what their names say.
final class SheetTraceTests: XCTestCase {
    private func replay(
        _ name: String, vetoes: Bool = false, until end: Double
    ) throws -> (states: [DismissState], events: [DismissEvent]) {
        let trace = try GestureTrace.load(
            path: bundledTracesFolder.appendingPathComponent(name).path)
        XCTAssertEqual(trace.viewport, Size(width: 390, height: 844))
        let clock = FixedStepClock(framesPerSecond: 60)
        let controller = DismissController(
            input: TraceInputSource(trace: trace), presenter: SheetPresenter(),
            renderer: NullRenderer(viewport: trace.viewport), clock: clock,
            configuration: .sheet())
        controller.keyBindings = .tools
        if vetoes { controller.shouldDismiss = { _ in false } }
        var events: [DismissEvent] = []
        controller.addObserver { events.append($0) }
        let states = try controller.sampleFrames(on: clock, through: end, forceRender: false)
        return (states, events)
    }

    private func state(at time: Double, in states: [DismissState]) -> DismissState? {
        states.last { $0.time <= time }
    }

    func testDetentChangeGoesUpToLargeThenBackToMedium() throws {
        let (states, _) = try replay("sheet-detent-change.json", until: 5)
        let atLarge = try XCTUnwrap(state(at: 1.95, in: states))
        XCTAssertEqual(atLarge.phase, .presented)
        XCTAssertEqual(atLarge.detent, "large")
        XCTAssertEqual(atLarge.offset, 0)
        let last = try XCTUnwrap(states.last)
        XCTAssertEqual(last.phase, .presented)
        XCTAssertEqual(last.detent, "medium")
        XCTAssertEqual(last.offset, 337.6, accuracy: 1e-9)
    }

    func testFlickDismissesAndSpacePresentsAtMediumAgain() throws {
        let (states, events) = try replay("sheet-flick-dismiss.json", until: 3)
        XCTAssertEqual(state(at: 1.1, in: states)?.phase, .dismissed)
        XCTAssertEqual(states.last?.phase, .presented)
        XCTAssertEqual(states.last?.detent, "medium")
        XCTAssertEqual(
            events.filter {
                if case .didDismiss = $0 { return true }
                return false
            }.count, 1)
    }

    func testConfirmDiscardAsksTwiceAndDismissesOnY() throws {
        let (states, events) = try replay("sheet-confirm-discard.json", vetoes: true, until: 4)
        let attempts = events.compactMap { event -> DismissReason? in
            if case .dismissAttempted(let reason) = event { return reason }
            return nil
        }
        XCTAssertEqual(attempts, [.drag, .escape])
        XCTAssertEqual(state(at: 1.9, in: states)?.isDismissAttemptPending, true)
        XCTAssertEqual(state(at: 1.9, in: states)?.detent, "medium")
        XCTAssertEqual(state(at: 2.1, in: states)?.isDismissAttemptPending, false)
        XCTAssertEqual(state(at: 2.6, in: states)?.isDismissAttemptPending, true)
        XCTAssertEqual(states.last?.phase, .dismissed)

        // Without a veto the same release, 230 pt below medium, dismisses at once.
        let (free, _) = try replay("sheet-confirm-discard.json", until: 2)
        XCTAssertEqual(free.last?.phase, .dismissed)
    }
}
