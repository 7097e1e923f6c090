import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// Random input against the policy as data: a controller that asks its app only for the
/// reasons each call can reach is the same machine as one whose policy is set whole, at
/// every step, for every mix of allowed reasons and both veto styles.
final class DismissPolicyFuzzTests: XCTestCase {
    /// A sheet at 390 x 844 as `SheetPresenter` lays it out.
    private let world = SheetGeometry(
        presenter: SheetPresenter(), direction: .down, viewport: Size(width: 390, height: 844))

    /// A machine at rest at its presented detent or, `atTop`, at its first one (a flick
    /// from there reads the policy at release: no drag verdict covers it).
    private func makeMachine(
        _ configuration: DismissConfiguration, _ policy: DismissPolicy, atTop: Bool = false
    ) -> DismissMachine {
        var configuration = configuration
        if atTop { configuration.presentedDetent = configuration.detents.first?.id }
        let layout = DetentLayout(
            presenter: world.presenter, configuration: configuration, viewport: world.viewport)
        var machine = DismissMachine(configuration: configuration, layout: layout, time: 0)
        machine.policy = policy
        // The list, as a controller gives it from the presenter.
        let list = SheetPresenter()
        _ = try? machine.setList(
            contentLength: list.listContentHeight,
            viewportLength: list.listViewportHeight(viewport: world.viewport))
        return machine
    }

    private let configurations: [DismissConfiguration] = [
        .sheet(), .sheet(.seed), .fluid, .seed,
    ]

    /// Gestures that reach every reason: pointer drags and flicks either way, taps,
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
            switch Int.random(in: 0..<9, using: &random) {
            case 7:
                // A flick: a short, fast drag down, which dismisses by its speed alone.
                add(.down(start), after: 0.05, &random)
                let step = Double.random(in: 10...40, using: &random)
                for k in 1...4 {
                    add(.move(start + Point(x: 0, y: step * Double(k))), after: 0.01, &random)
                }
                add(.up(start + Point(x: 0, y: step * 4)), after: 0.001, &random)
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
                let key = [
                    // Not Tab: the focus and its list scrolling are the driver's.
                    Key.escape, .space, .enter, .pageDown, .back, .controlUp, .controlDown,
                ]
                .randomElement(using: &random)!
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

    /// One step of a session: an input, a call from the app, or a frame.
    private enum Step {
        case input(InputEvent)
        case dismiss(force: Bool)
        case move(Detent.ID)
        case present
        case frame(Double)
    }

    /// `events` at 60 Hz with, now and then, a call from the app between them.
    private func steps(_ events: [InputEvent], _ random: inout SplitMix64) -> [Step] {
        var steps: [Step] = []
        var queue = events[...]
        var frame = 0.0
        while frame < 6 {
            frame += 1 / 60
            while let next = queue.first, next.time.isNaN || next.time <= frame {
                queue = queue.dropFirst()
                steps.append(.input(next))
            }
            switch Int.random(in: 0..<40, using: &random) {
            case 0: steps.append(.dismiss(force: false))
            case 1: steps.append(.dismiss(force: true))
            case 2: steps.append(.move([.medium, .dismissed].randomElement(using: &random)!))
            case 3: steps.append(.present)
            default: break
            }
            steps.append(.frame(frame))
        }
        return steps
    }

    /// The states after every step on a machine whose policy is `policy`, set whole.
    private func onTheMachine(
        _ steps: [Step], _ configuration: DismissConfiguration, _ policy: DismissPolicy,
        atTop: Bool
    ) -> [DismissState] {
        var machine = makeMachine(configuration, policy, atTop: atTop)
        return steps.map { step in
            // A controller's call catches up to the clock first: here, the machine's time.
            if case .frame = step {
            } else if case .input = step {
            } else {
                machine.advance(to: machine.time, environment: world)
            }
            switch step {
            case .input(let event):
                if case .key(let key) = event.kind, event.time.isFinite {
                    // A controller's keys: time first, then the standard bindings' intent.
                    machine.advance(to: max(event.time, machine.time), environment: world)
                    if let intent = KeyBindings.standard.intent(for: key, on: machine) {
                        machine.perform(intent, environment: world)
                    }
                } else {
                    machine.handle(event, environment: world)
                }
            case .dismiss(let force): machine.dismiss(force: force, environment: world)
            case .move(let id): machine.move(to: id, environment: world)
            case .present: machine.present(environment: world)
            case .frame(let time): machine.advance(to: time, environment: world)
            }
            return machine.state
        }
    }

    /// The states after every step on a controller that asks `allows` for what each call
    /// can reach, and fails the test if it asks for a reason no call of that kind reaches.
    private func onTheController(
        _ steps: [Step], _ configuration: DismissConfiguration, _ policy: DismissPolicy,
        atTop: Bool
    ) -> [DismissState] {
        var configuration = configuration
        if atTop { configuration.presentedDetent = configuration.detents.first?.id }
        let clock = ManualClock()
        let controller = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(),
            renderer: NullRenderer(viewport: world.viewport), clock: clock,
            configuration: configuration)
        controller.veto = policy.veto
        controller.shouldDismiss = { policy.allows($0) }
        return steps.map { step in
            switch step {
            case .input(let event): controller.handle(event)
            case .dismiss(let force): controller.dismiss(force: force)
            case .move(let id): controller.move(to: id)
            case .present: controller.present()
            case .frame(let time):
                clock.set(to: time)
                _ = try? controller.step()
            }
            return controller.state
        }
    }

    func testAControllerAskingBeforeEachCallIsTheMachineWithThePolicySetWhole() {
        let budget = FuzzBudget.current(defaultCases: 120)
        var vetoes = 0
        for index in 0..<budget.cases {
            let seed = budget.seed(ofCase: index)
            var random = SplitMix64(seed: seed)
            let steps = steps(randomEvents(&random), &random)
            let configuration = configurations[index % configurations.count]
            let atTop = index % 8 < 4
            // All, none, and a random mix of reasons; a veto pending or quiet.
            var mixed = DismissPolicy(
                allowing: DismissReason.allCases.filter { _ in Bool.random(using: &random) },
                veto: Bool.random(using: &random) ? .pending : .quiet)
            if index % 3 == 0 { mixed = index % 2 == 0 ? .allow : .deny }
            let reference = onTheMachine(steps, configuration, mixed, atTop: atTop)
            let asked = onTheController(steps, configuration, mixed, atTop: atTop)
            vetoes += reference.filter(\.isDismissAttemptPending).count
            XCTAssertEqual(reference.count, asked.count, "seed \(seed)")
            if let k = reference.indices.first(where: { k in
                k < asked.count && reference[k] != asked[k]
            }) {
                return XCTFail(
                    "seed \(seed), \(mixed.allowed): states differ at step \(k): \(reference[k]) vs \(asked[k]), \(steps[k])"
                )
            }
        }
        XCTAssertGreaterThan(vetoes, 0, "some sessions were vetoed")
    }

    func testNoMixOfPoliciesAndCallsRunsTimeBackOrLeavesANumberNotFinite() {
        let budget = FuzzBudget.current(defaultCases: 200)
        for index in 0..<budget.cases {
            let seed = budget.seed(ofCase: index)
            var random = SplitMix64(seed: seed)
            var machine = makeMachine(
                configurations[index % configurations.count], .allow, atTop: index % 8 < 4)
            var lastTime = machine.time
            for event in randomEvents(&random) {
                // A new policy before every call, as a driver refreshes it.
                machine.policy = DismissPolicy(
                    allowing: DismissReason.allCases.filter { _ in Bool.random(using: &random) },
                    veto: Bool.random(using: &random) ? .pending : .quiet)
                machine.handle(event, environment: world)
                switch Int.random(in: 0..<8, using: &random) {
                case 0: machine.present(environment: world)
                case 1:
                    machine.move(
                        to: [.large, .medium, "peek"].randomElement(using: &random)!,
                        environment: world)
                case 2: machine.dismiss(force: Bool.random(using: &random), environment: world)
                case 3: machine.declineDismissal(environment: world)
                default: break
                }
                machine.advance(to: machine.time + 1 / 60, environment: world)
                XCTAssertGreaterThanOrEqual(machine.time, lastTime, "seed \(seed)")
                XCTAssertTrue(machine.offset.isFinite, "seed \(seed)")
                XCTAssertTrue(machine.state.alpha.isFinite, "seed \(seed)")
                lastTime = machine.time
            }
        }
    }
}
