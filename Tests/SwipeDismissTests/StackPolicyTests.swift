import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// A stack's levels read their policies as data, as one machine does.
final class StackPolicyTests: XCTestCase {
    /// Every level is a sheet at 390 x 844 (`medium` at 337.6).
    private struct Sheets: StackEnvironment {
        let sheet = SheetGeometry(
            presenter: SheetPresenter(), direction: .down, viewport: Size(width: 390, height: 844))

        func environment(forLevel level: Int) -> SheetGeometry { sheet }

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

    /// Two sheets at rest: the root under `rootPolicy`, the top one under `topPolicy`.
    private func twoSheets(_ rootPolicy: DismissPolicy, _ topPolicy: DismissPolicy) -> SheetStack {
        var stack = SheetStack(root: sheets.machine(presented: true, policy: rootPolicy))
        stack.push(
            sheets.machine(presented: false, policy: topPolicy), animated: false,
            environment: sheets)
        return stack
    }

    private func events(_ effects: [StackEffect]) -> [String] {
        effects.compactMap { effect in
            switch effect {
            case .level(let level, .notify(.didDismiss)): "\(level) didDismiss"
            case .level(let level, .notify(.phaseChanged(_, let to, _))): "\(level) \(to)"
            case .level(let level, .notify(.dismissAttempted(let reason))): "\(level) \(reason)"
            default: nil
            }
        }
    }

    func testDismissingALowerLevelReadsItsPolicyBeforeAnythingMovesThenEndsTheLevelsAboveFirst() {
        var refused = twoSheets(.deny, .allow)
        let effects = refused.dismiss(level: 0, request: 1, environment: sheets)
        XCTAssertEqual(events(effects), ["0 programmatic"])
        XCTAssertEqual(refused.depth, 2, "nothing moved")
        XCTAssertTrue(effects.contains(.level(0, .complete(request: 1, succeeded: false))))

        // The top sheet's veto does not hold back a dismissal of the root.
        var stack = twoSheets(.allow, .deny)
        XCTAssertEqual(
            events(stack.dismiss(level: 0, request: 1, environment: sheets)),
            ["1 dismissed", "1 didDismiss", "0 dismissing"])
    }

    func testEscapeOnTheTopSheetReadsTheTopSheetsPolicyOnly() {
        var vetoed = twoSheets(.allow, .deny)
        XCTAssertEqual(events(vetoed.perform(.dismiss, environment: sheets)), ["1 escape"])
        XCTAssertEqual(vetoed.inputLevel, 1)

        var stack = twoSheets(.deny, .allow)
        XCTAssertEqual(events(stack.perform(.dismiss, environment: sheets)), ["1 dismissing"])
        XCTAssertEqual(stack.inputLevel, 0, "the sheet below takes the input")
    }
}

/// Random input on stacks of sheets: a stack controller that asks its app before each call,
/// only for the reasons the call can reach, is the same stack as one whose levels hold the
/// policy whole, at every step.
final class StackPolicyFuzzTests: XCTestCase {
    private let sheet = SheetGeometry(
        presenter: SheetPresenter(), direction: .down, viewport: Size(width: 390, height: 844))

    private struct Sheets: StackEnvironment {
        let sheet: SheetGeometry
        func environment(forLevel level: Int) -> SheetGeometry { sheet }
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
        // The list, as a controller gives it from the presenter.
        let list = SheetPresenter()
        _ = try? machine.setList(
            contentLength: list.listContentHeight,
            viewportLength: list.listViewportHeight(viewport: sheet.viewport))
        return machine
    }

    /// One step: an input, a call on a level (`call % 3` says which), or a frame.
    private enum Step {
        case input(InputEvent)
        case call(Int)
        case frame(Double)
    }

    private func steps(_ events: [InputEvent], calls: [(Double, Int)]) -> [Step] {
        var steps: [Step] = []
        var queue = events[...]
        var pending = calls[...]
        var frame = 0.0
        while frame < 4 {
            frame += 1 / 60
            while let next = queue.first, next.time <= frame {
                queue = queue.dropFirst()
                steps.append(.input(next))
            }
            while let (time, call) = pending.first, time <= frame {
                pending = pending.dropFirst()
                steps.append(.call(call))
            }
            steps.append(.frame(frame))
        }
        return steps
    }

    /// Plays `steps` on a stack whose levels hold `policy`; Space pushes a sheet as the
    /// controller does.
    private func onTheStack(
        _ steps: [Step], _ configuration: DismissConfiguration, _ policy: DismissPolicy
    ) -> [StackState] {
        let world = Sheets(sheet: sheet)
        var stack = SheetStack(root: machine(configuration, policy, time: 0))
        func pushRequested(_ stack: inout SheetStack, _ effects: [StackEffect]) {
            for effect in effects {
                if case .levelRequested = effect {
                    stack.push(
                        machine(configuration, policy, time: stack.time), environment: world)
                }
            }
        }
        return steps.map { step in
            switch step {
            case .input(let event):
                if case .key(let key) = event.kind {
                    // A tool's keys: time first, then the intent at the input level.
                    pushRequested(
                        &stack, stack.advance(to: max(event.time, stack.time), environment: world))
                    let top = stack.levels[stack.inputLevel]
                    if let intent = KeyBindings.tools.intent(for: key, on: top) {
                        pushRequested(&stack, stack.perform(intent, environment: world))
                    }
                } else {
                    pushRequested(&stack, stack.handle(event, environment: world))
                }
            case .call(let call):
                // A controller's call catches up to the clock first: here, the stack's time.
                pushRequested(&stack, stack.advance(to: stack.time, environment: world))
                let level = call % max(1, stack.levels.count)
                switch call % 3 {
                case 0: pushRequested(&stack, stack.dismiss(level: level, environment: world))
                case 1:
                    pushRequested(
                        &stack, stack.move(level: level, to: .medium, environment: world))
                default:
                    pushRequested(
                        &stack, stack.dismiss(level: level, animated: false, environment: world))
                }
            case .frame(let time):
                pushRequested(&stack, stack.advance(to: time, environment: world))
            }
            return stack.state
        }
    }

    /// Plays `steps` on a controller whose app answers by `policy` (the root's own policy
    /// and the controller's both say it).
    private func onTheController(
        _ steps: [Step], _ configuration: DismissConfiguration, _ policy: DismissPolicy
    ) -> [StackState] {
        let clock = ManualClock()
        let level = StackLevel(
            configuration: configuration, presenter: SheetPresenter(),
            shouldDismiss: { policy.allows($0) })
        let controller = SheetStackController(
            input: QueuedInputSource(), renderer: NullRenderer(viewport: sheet.viewport),
            clock: clock, root: level)
        controller.nextLevel = { _ in level }
        controller.keyBindings = .tools
        controller.veto = policy.veto
        controller.shouldDismiss = { _, reason in policy.allows(reason) }
        return steps.map { step in
            switch step {
            case .input(let event): controller.handle(event)
            case .call(let call):
                let level = call % max(1, controller.levelCount)
                switch call % 3 {
                case 0: controller.dismiss(level: level)
                case 1: controller.move(level: level, to: .medium)
                default: controller.dismiss(level: level, animated: false)
                }
            case .frame(let time):
                clock.set(to: time)
                _ = try? controller.step()
            }
            return controller.state
        }
    }

    func testAControllerAskingBeforeEachCallIsTheStackWithThePolicySetWhole() {
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
            // At `large` a flick short of `medium` has no drag verdict: it reads the policy at
            // release, for a touchpad inside the stack's advance.
            if index % 4 < 2 { configuration.presentedDetent = .large }
            let mixed = DismissPolicy(
                allowing: DismissReason.allCases.filter { _ in Bool.random(using: &random) },
                veto: Bool.random(using: &random) ? .pending : .quiet)
            let all = steps(events, calls: calls)
            for policy in [DismissPolicy.allow, .deny, mixed] {
                let reference = onTheStack(all, configuration, policy)
                let asked = onTheController(all, configuration, policy)
                XCTAssertEqual(reference.count, asked.count, "seed \(seed)")
                if let k = reference.indices.first(where: {
                    $0 < asked.count && reference[$0] != asked[$0]
                }) {
                    return XCTFail(
                        "seed \(seed), \(policy.allowed): stacks differ at step \(k): \(reference[k]) vs \(asked[k]), \(all[k])"
                    )
                }
            }
        }
    }
}
