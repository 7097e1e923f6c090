import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// Random input against the policy's questions: asking and answering is the same machine as
/// a standing answer, and no mix of answers and calls leaves a question open or time
/// running backwards.
final class DismissPolicyFuzzTests: XCTestCase {
    /// A sheet at 390 x 844 as `SheetPresenter` lays it out.
    private let world = PresenterEnvironment(
        presenter: SheetPresenter(), direction: .down, viewport: Size(width: 390, height: 844))

    /// A machine at rest at its presented detent or, `atTop`, at its first one (a flick
    /// from there asks at release: no drag verdict covers it).
    private func makeMachine(
        _ configuration: DismissConfiguration, _ policy: DismissPolicy, atTop: Bool = false
    ) -> DismissMachine {
        var configuration = configuration
        if atTop { configuration.presentedDetent = configuration.detents.first?.id }
        let layout = DetentLayout(
            presenter: world.presenter, configuration: configuration, viewport: world.viewport)
        var machine = DismissMachine(configuration: configuration, layout: layout, time: 0)
        machine.policy = policy
        return machine
    }

    private let configurations: [DismissConfiguration] = [
        .sheet(), .sheet(.seed), .fluid, .seed,
    ]

    /// Gestures that reach every question: pointer drags and flicks either way, taps,
    /// touchpad streams ended by a stop, by going quiet or not at all, keys and wheels, with
    /// now and then a time out of order or not a number.
    private func randomEvents(_ random: inout SplitMix64) -> [InputEvent] {
        var events: [InputEvent] = []
        var time = 0.0
        func add(_ kind: InputEvent.Kind, after gap: Double, _ random: inout SplitMix64) {
            time += gap
            var at = time
            switch Int.random(in: 0..<60, using: &random) {
            case 0: at = time - 0.05
            case 1: at = .nan
            default: break
            }
            events.append(InputEvent(time: at, kind: kind))
        }
        for _ in 0..<Int.random(in: 3...10, using: &random) {
            let start = Point(
                x: Double.random(in: 0...390, using: &random),
                y: Double.random(in: 0...844, using: &random))
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1:
                add(.down(start), after: 0.05, &random)
                var point = start
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    point = point + Point(x: 0, y: Double.random(in: -150...250, using: &random))
                    add(
                        .move(point), after: Double.random(in: 0.005...0.1, using: &random), &random
                    )
                }
                add(.up(point), after: Double.random(in: 0...0.05, using: &random), &random)
            case 2:
                add(.down(start), after: 0.05, &random)
                add(.up(start), after: 0.05, &random)
            case 3, 4:
                let dy = Double.random(in: -20...40, using: &random)
                for _ in 0..<Int.random(in: 2...15, using: &random) {
                    add(.scroll(dx: 0, dy: dy, source: .touchpad), after: 0.01, &random)
                }
                switch Int.random(in: 0..<3, using: &random) {
                case 0: add(.scrollStop, after: 0.01, &random)
                case 1: time += Double.random(in: 0.1...0.4, using: &random)
                default: break
                }
            case 5:
                let key = [Key.escape, .space, .enter, .pageDown].randomElement(using: &random)!
                add(.key(key), after: Double.random(in: 0...0.3, using: &random), &random)
            case 6:
                let dy = Double.random(in: -60...60, using: &random)
                add(.scroll(dx: 0, dy: dy, source: .wheel), after: 0.02, &random)
            default:
                add(.cancel, after: Double.random(in: 0...0.3, using: &random), &random)
            }
        }
        return events
    }

    /// Runs `events` at 60 Hz on a machine with `policy`, answering each question with
    /// `answer`, and returns the state after every input and frame.
    private func run(
        _ events: [InputEvent], _ configuration: DismissConfiguration, _ policy: DismissPolicy,
        answer: Bool, atTop: Bool
    ) -> [DismissState] {
        var machine = makeMachine(configuration, policy, atTop: atTop)
        var states: [DismissState] = []
        var queue = events[...]
        var frame = 0.0
        while frame < 6 {
            frame += 1 / 60
            while let next = queue.first, next.time.isNaN || next.time <= frame {
                queue = queue.dropFirst()
                machine.handle(next, environment: world)
                while machine.pendingDecision != nil { machine.decide(answer, environment: world) }
                states.append(machine.state)
            }
            machine.advance(to: frame, environment: world)
            while machine.pendingDecision != nil { machine.decide(answer, environment: world) }
            states.append(machine.state)
        }
        return states
    }

    func testAskingAndAnsweringIsTheSameMachineAsAStandingAnswer() {
        let budget = FuzzBudget.current(defaultCases: 120)
        for index in 0..<budget.cases {
            let seed = budget.seed(ofCase: index)
            var random = SplitMix64(seed: seed)
            let events = randomEvents(&random)
            let configuration = configurations[index % configurations.count]
            let atTop = index % 8 < 4
            for (standing, answer) in [(DismissPolicy.allow, true), (.deny, false)] {
                let reference = run(events, configuration, standing, answer: answer, atTop: atTop)
                let asked = run(events, configuration, .ask, answer: answer, atTop: atTop)
                XCTAssertEqual(reference.count, asked.count, "seed \(seed)")
                if let k = reference.indices.first(where: { k in
                    k < asked.count && reference[k] != asked[k]
                }) {
                    XCTFail("seed \(seed), \(standing): states differ at step \(k)")
                    return
                }
            }
        }
    }

    func testNoMixOfAnswersAndCallsLeavesAQuestionOpenOrTimeRunningBack() {
        let budget = FuzzBudget.current(defaultCases: 200)
        for index in 0..<budget.cases {
            let seed = budget.seed(ofCase: index)
            var random = SplitMix64(seed: seed)
            var machine = makeMachine(
                configurations[index % configurations.count], .ask, atTop: index % 8 < 4)
            var lastTime = machine.time
            for event in randomEvents(&random) {
                machine.handle(event, environment: world)
                // Answer, or call instead: each settles the question, and a chain of them ends.
                var rounds = 0
                while machine.pendingDecision != nil {
                    rounds += 1
                    guard rounds < 16 else { return XCTFail("seed \(seed): questions never end") }
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0: machine.present(environment: world)
                    case 1:
                        machine.move(
                            to: [.large, .medium, "peek"].randomElement(using: &random)!,
                            environment: world)
                    case 2: machine.dismiss(force: Bool.random(using: &random), environment: world)
                    case 3: machine.advance(to: machine.time + 0.1, environment: world)
                    default: machine.decide(Bool.random(using: &random), environment: world)
                    }
                }
                machine.advance(to: machine.time + 1 / 60, environment: world)
                while machine.pendingDecision != nil { machine.decide(true, environment: world) }
                XCTAssertGreaterThanOrEqual(machine.time, lastTime, "seed \(seed)")
                XCTAssertTrue(machine.offset.isFinite, "seed \(seed)")
                XCTAssertTrue(machine.state.alpha.isFinite, "seed \(seed)")
                lastTime = machine.time
            }
        }
    }
}
