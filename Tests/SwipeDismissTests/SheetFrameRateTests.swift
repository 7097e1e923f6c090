import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

final class SheetFrameRateTests: XCTestCase {
    private struct Case {
        var name: String
        var configuration: DismissConfiguration
        var events: [InputEvent]
        var vetoes = false
    }

    /// Event times deliberately off any frame grid.
    private static let cases: [Case] = {
        func drag(_ moves: [(Double, Double)], releaseAt: Double) -> [InputEvent] {
            var events = [InputEvent(time: 0.0137, kind: .down(Point(x: 195, y: 600)))]
            for (t, y) in moves {
                events.append(InputEvent(time: t, kind: .move(Point(x: 195, y: 600 + y))))
            }
            let last = moves.last?.1 ?? 0
            events.append(InputEvent(time: releaseAt, kind: .up(Point(x: 195, y: 600 + last))))
            return events
        }
        let slowUp = (1...40).map { (0.0137 + Double($0) * 0.0111, Double($0) * -4.3) }
        let flick = (1...6).map { (0.0137 + Double($0) * 0.0073, Double($0) * 11.3) }
        let slowDown = (1...40).map { (0.0137 + Double($0) * 0.0111, Double($0) * 7.9) }
        var keys = drag(slowUp, releaseAt: 0.4611)
        keys.append(InputEvent(time: 1.9, kind: .key(.escape)))
        keys.append(InputEvent(time: 2.71, kind: .key(.space)))
        var reduced = DismissConfiguration.sheet()
        reduced.reduceMotion = true
        return [
            Case(name: "up to large", configuration: .sheet(), events: keys),
            Case(name: "flick", configuration: .sheet(), events: drag(flick, releaseAt: 0.0599)),
            Case(
                name: "seed down", configuration: .sheet(.seed),
                events: drag(slowDown, releaseAt: 0.4611)),
            Case(name: "reduced", configuration: reduced, events: keys),
            Case(
                name: "vetoed", configuration: .sheet(), events: drag(slowDown, releaseAt: 0.4611),
                vetoes: true),
        ]
    }()

    /// The states at every frame of `fps` up to 4 s: the machine's, driven as the controller
    /// drives it, except under a veto, which only the controller's policy gives (then the
    /// controller's, rendering every frame).
    private func sample(_ test: Case, fps: Double) -> [DismissState] {
        guard test.vetoes else {
            return MachineDriver(
                presenter: SheetPresenter(), configuration: test.configuration,
                input: QueuedInputSource(test.events)
            ).sampleFrames(fps: fps, through: 4)
        }
        return try! controllerStates(test, fps: fps)
    }

    private func controllerStates(_ test: Case, fps: Double) throws -> [DismissState] {
        let clock = FixedStepClock(framesPerSecond: fps)
        let controller = DismissController(
            input: QueuedInputSource(test.events), presenter: SheetPresenter(),
            renderer: NullRenderer(), clock: clock, configuration: test.configuration)
        controller.keyBindings = .tools
        if test.vetoes { controller.shouldDismiss = { _ in false } }
        return try controller.sampleFrames(on: clock, through: 4)
    }

    func testTheSheetIsInTheSameStateAt30And240Hz() {
        for test in Self.cases {
            let coarse = sample(test, fps: 30)
            let fine = sample(test, fps: 240)
            for (n, state) in coarse.enumerated() {
                let other = fine[n * 8]
                let label = "\(test.name) at \(state.time)"
                XCTAssertEqual(other.time, state.time, label)
                XCTAssertEqual(other.offset, state.offset, accuracy: 1e-9, label)
                XCTAssertEqual(other.alpha, state.alpha, accuracy: 1e-9, label)
                XCTAssertEqual(other.contentOpacity, state.contentOpacity, accuracy: 1e-9, label)
                XCTAssertEqual(other.phase, state.phase, label)
                XCTAssertEqual(other.detent, state.detent, label)
                XCTAssertEqual(other.isDismissAttemptPending, state.isDismissAttemptPending, label)
            }
            XCTAssertGreaterThan(Set(coarse.map(\.phase)).count, 1, "\(test.name) should move")
        }
    }

    func testTheControllerShowsTheSheetMachinesStateAtEveryFrame() throws {
        // The rate test drives the machine alone where it can; the controller that steps it
        // (list and all) must show exactly the machine's state at each frame.
        for test in Self.cases where !test.vetoes {
            let shown = try controllerStates(test, fps: 60)
            XCTAssertEqual(shown.count, 241, test.name)
            XCTAssertEqual(shown, sample(test, fps: 60), test.name)
        }
    }
}
