import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// A stack's levels ask their policies as questions the stack returns, as one machine does.
final class StackPolicyTests: XCTestCase {
    /// Every level is a sheet at 390 x 844 (`medium` at 337.6).
    private struct Sheets: StackEnvironment {
        let sheet = PresenterEnvironment(
            presenter: SheetPresenter(), direction: .down, viewport: Size(width: 390, height: 844))

        func environment(forLevel level: Int) -> PresenterEnvironment { sheet }

        func machine(presented: Bool, policy: DismissPolicy) -> DismissMachine {
            let layout = DetentLayout(
                presenter: sheet.presenter, configuration: .sheet(), viewport: sheet.viewport)
            var machine = DismissMachine(
                configuration: .sheet(), layout: layout, time: 0, presented: presented)
            machine.policy = policy
            return machine
        }
    }

    private let sheets = Sheets()

    /// Two sheets at rest, both asking their policies.
    private func twoSheets() -> SheetStack {
        var stack = SheetStack(root: sheets.machine(presented: true, policy: .ask))
        stack.push(
            sheets.machine(presented: false, policy: .ask), animated: false, environment: sheets)
        stack.clearEffects()
        return stack
    }

    private func events(_ stack: SheetStack) -> [String] {
        stack.effects.compactMap { effect in
            switch effect {
            case .level(let level, .notify(.didDismiss)): "\(level) didDismiss"
            case .level(let level, .notify(.phaseChanged(_, let to, _))): "\(level) \(to)"
            case .level(let level, .notify(.dismissAttempted(let reason))): "\(level) \(reason)"
            case .level(let level, .decide(let reason)): "\(level) decide \(reason)"
            default: nil
            }
        }
    }

    func testDismissingALowerLevelAsksBeforeAnythingMovesThenEndsTheLevelsAboveFirst() {
        var stack = twoSheets()
        stack.dismiss(level: 0, request: 1, environment: sheets)
        XCTAssertEqual(stack.pendingDecision?.level, 0)
        XCTAssertEqual(stack.pendingDecision?.reason, .programmatic)
        XCTAssertEqual(events(stack), ["0 decide programmatic"])
        XCTAssertEqual(stack.depth, 2, "nothing moved before the answer")

        var refused = stack
        refused.clearEffects()
        refused.decide(false, environment: sheets)
        XCTAssertEqual(events(refused), ["0 programmatic"])
        XCTAssertEqual(refused.depth, 2)
        XCTAssertTrue(refused.effects.contains(.level(0, .complete(request: 1, succeeded: false))))

        stack.clearEffects()
        stack.decide(true, environment: sheets)
        XCTAssertNil(stack.pendingDecision)
        XCTAssertEqual(events(stack), ["1 dismissed", "1 didDismiss", "0 dismissing"])
    }

    func testEscapeOnTheTopSheetStopsTheStackUntilTheAnswer() {
        var stack = twoSheets()
        stack.handle(InputEvent(time: 0.5, kind: .key(.escape)), environment: sheets)
        XCTAssertEqual(stack.pendingDecision?.level, 1)
        XCTAssertEqual(stack.pendingDecision?.reason, .escape)
        XCTAssertEqual(events(stack), ["1 decide escape"])
        stack.clearEffects()
        stack.decide(true, environment: sheets)
        XCTAssertEqual(events(stack), ["1 dismissing"])
        XCTAssertEqual(stack.inputLevel, 0, "the sheet below takes the input")
    }

    func testACallInsteadOfAnAnswerSettlesTheQuestionAsDeclined() {
        var stack = twoSheets()
        stack.handle(InputEvent(time: 0.5, kind: .key(.escape)), environment: sheets)
        stack.clearEffects()
        stack.move(level: 1, to: .large, environment: sheets)
        XCTAssertNil(stack.pendingDecision)
        XCTAssertEqual(events(stack), ["1 escape", "1 settling"])
    }
}

/// Random input on stacks of sheets: a stack whose levels ask, answered like a standing
/// policy, is the same stack as one whose levels hold that policy, at every step.
final class StackPolicyFuzzTests: XCTestCase {
    private let sheet = PresenterEnvironment(
        presenter: SheetPresenter(), direction: .down, viewport: Size(width: 390, height: 844))

    private struct Sheets: StackEnvironment {
        let sheet: PresenterEnvironment
        func environment(forLevel level: Int) -> PresenterEnvironment { sheet }
    }

    private func machine(
        _ configuration: DismissConfiguration, _ policy: DismissPolicy, time: Double
    )
        -> DismissMachine
    {
        let layout = DetentLayout(
            presenter: sheet.presenter, configuration: configuration, viewport: sheet.viewport)
        var machine = DismissMachine(
            configuration: configuration, layout: layout, time: time, presented: time == 0)
        machine.policy = policy
        return machine
    }

    /// Plays `events` and `calls` at 60 Hz; Space pushes a sheet as the controller does.
    private func play(
        _ events: [InputEvent], calls: [(Double, Int)], _ configuration: DismissConfiguration,
        _ policy: DismissPolicy, answer: Bool
    ) -> [StackState] {
        let world = Sheets(sheet: sheet)
        var stack = SheetStack(root: machine(configuration, policy, time: 0))
        var states: [StackState] = []
        var queue = events[...]
        var pending = calls[...]
        var frame = 0.0
        func settle(_ stack: inout SheetStack) {
            while stack.pendingDecision != nil { stack.decide(answer, environment: world) }
            for effect in stack.effects {
                if case .levelRequested = effect {
                    stack.push(
                        machine(configuration, policy, time: stack.time), environment: world)
                    while stack.pendingDecision != nil { stack.decide(answer, environment: world) }
                }
            }
            stack.clearEffects()
        }
        while frame < 4 {
            frame += 1 / 60
            while let next = queue.first, next.time <= frame {
                queue = queue.dropFirst()
                stack.handle(next, environment: world)
                settle(&stack)
                states.append(stack.state)
            }
            while let (time, call) = pending.first, time <= frame {
                pending = pending.dropFirst()
                let level = call % max(1, stack.levels.count)
                switch call % 3 {
                case 0: stack.dismiss(level: level, environment: world)
                case 1: stack.move(level: level, to: .medium, environment: world)
                default: stack.dismiss(level: level, animated: false, environment: world)
                }
                settle(&stack)
                states.append(stack.state)
            }
            stack.advance(to: frame, environment: world)
            settle(&stack)
            states.append(stack.state)
        }
        return states
    }

    func testAskingAndAnsweringIsTheSameStackAsAStandingAnswer() {
        let budget = FuzzBudget.current(defaultCases: 60)
        for index in 0..<budget.cases {
            let seed = budget.seed(ofCase: index)
            var random = SplitMix64(seed: seed)
            var events: [InputEvent] = []
            var calls: [(Double, Int)] = []
            var time = 0.0
            for _ in 0..<Int.random(in: 4...14, using: &random) {
                time += Double.random(in: 0.02...0.3, using: &random)
                let point = Point(
                    x: Double.random(in: 0...390, using: &random),
                    y: Double.random(in: 100...844, using: &random))
                switch Int.random(in: 0..<6, using: &random) {
                case 0: events.append(InputEvent(time: time, kind: .key(.space)))
                case 1: events.append(InputEvent(time: time, kind: .key(.escape)))
                case 2:
                    // A drag or a flick of the top sheet, either way.
                    let dy = Double.random(in: -200...500, using: &random)
                    events.append(InputEvent(time: time, kind: .down(point)))
                    events.append(
                        InputEvent(time: time + 0.03, kind: .move(point + Point(x: 0, y: dy / 2))))
                    events.append(
                        InputEvent(time: time + 0.06, kind: .move(point + Point(x: 0, y: dy))))
                    events.append(
                        InputEvent(time: time + 0.07, kind: .up(point + Point(x: 0, y: dy))))
                    time += 0.07
                case 3:
                    let dy = Double.random(in: -10...30, using: &random)
                    for k in 0..<Int.random(in: 2...12, using: &random) {
                        events.append(
                            InputEvent(
                                time: time + Double(k) / 100,
                                kind: .scroll(dx: 0, dy: dy, source: .touchpad)))
                    }
                    time += 0.3
                case 4:
                    events.append(InputEvent(time: time, kind: .down(point)))
                    events.append(InputEvent(time: time + 0.02, kind: .up(point)))
                default: calls.append((time, Int.random(in: 0..<9, using: &random)))
                }
            }
            var configuration: DismissConfiguration = index % 2 == 0 ? .sheet() : .sheet(.seed)
            // At `large` a flick short of `medium` has no drag verdict: it asks at release,
            // for a touchpad inside the stack's advance.
            if index % 4 < 2 { configuration.presentedDetent = .large }
            for (standing, answer) in [(DismissPolicy.allow, true), (.deny, false)] {
                let reference = play(events, calls: calls, configuration, standing, answer: answer)
                let asked = play(events, calls: calls, configuration, .ask, answer: answer)
                XCTAssertEqual(reference.count, asked.count, "seed \(seed)")
                if let k = reference.indices.first(where: {
                    $0 < asked.count && reference[$0] != asked[$0]
                }) {
                    return XCTFail("seed \(seed), \(standing): stacks differ at step \(k)")
                }
            }
        }
    }
}
