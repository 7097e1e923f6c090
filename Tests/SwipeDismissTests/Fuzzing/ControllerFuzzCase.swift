import Foundation
import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport

/// One reproducible random session: a configuration, a policy, input and calls.
struct ControllerFuzzCase {
    /// Something the session does at a time.
    enum Action {
        /// Handed straight to `handle(_:)` with a stale, equal or non-finite time.
        case direct(InputEvent)
        case present(animated: Bool)
        case dismiss(force: Bool, animated: Bool)
        /// A detent the configuration has, one it lacks, or `.dismissed`.
        case move(Detent.ID, animated: Bool)
        case decline
        case resize(Size)
    }

    /// The app's dismissal policy.
    enum Policy {
        /// No policy: every dismissal goes ahead.
        case none
        case never
        /// Reason number `k` (`DismissReason.allCases`) is allowed by bit `k` of the pattern:
        /// a side-effect-free policy, as the contract asks.
        case pattern(UInt64)
    }

    struct Trace {
        /// States at the 30 Hz frames, by frame number.
        var states: [Double: DismissState]
        var failure: String?
        var coverage = Coverage()
    }

    /// What the sessions reached, to check that the run explored.
    struct Coverage {
        static let eventNames = [
            "phaseChanged", "didDismiss", "didPresent", "dismissAttempted", "superseded",
            "passedThrough", "listScrolled", "listGlided",
        ]
        /// Every phase change seen, as "from→to".
        var transitions: Set<String> = []
        var events: Set<String> = []
        var configurations: Set<String> = []

        mutating func formUnion(_ other: Coverage) {
            transitions.formUnion(other.transitions)
            events.formUnion(other.events)
            configurations.formUnion(other.configurations)
        }
    }

    var configuration: DismissConfiguration
    /// How the sheet fits its content and whether it has a footer (DetentSizedLayoutFuzzTests
    /// sets them; the seeded cases keep today's sheet).
    var sheetLayout = SheetLayout.overlay
    var sheetFooter: SheetFooter?
    let startsPresented: Bool
    let policy: Policy
    /// Where the sheet's list starts scrolled to (clamped by the controller).
    let listOffset: Double
    /// Input by time; calls (`direct`, `present`, …) by 30 Hz frame number.
    var queued: [InputEvent] = []
    var calls: [(frame: Double, action: Action)] = []

    /// The seed's additive tracking with every fluid policy: catching, rubber band, keys,
    /// backdrop taps, projected release, fading exit; paths neither preset takes alone.
    static let mixed: DismissConfiguration = {
        var mixed = DismissConfiguration.fluid
        mixed.name = "mixed"
        mixed.tracking = DismissConfiguration.seed.tracking
        return mixed
    }()

    static let bases: [DismissConfiguration] = [.seed, .fluid, .seed, .fluid, mixed]
    static let configurationNames = ["seed", "fluid", "mixed"].flatMap { base in
        ["card", "sheet", "photo"].flatMap { scene in
            ["", " reduced"].map { "\(scene) \(base)\($0)" }
        }
    }

    init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var configuration = Self.bases.randomElement(using: &random)!
        let scene = Int.random(in: 0..<3, using: &random)
        if scene == 2 {
            // The photo: free 2-D, now and then along an edge instead.
            configuration = .photo(configuration)
            if Int.random(in: 0..<4, using: &random) == 0 {
                configuration.direction = [.down, .up, .left, .right].randomElement(using: &random)!
            }
            listOffset = 0
        } else if scene == 1 {
            configuration = .sheet(configuration)
            if Int.random(in: 0..<3, using: &random) == 0 {
                configuration.passThroughDetent = SheetPresenter.medium.id
            }
            // At large a press on the list hands off between the list and the sheet.
            if Bool.random(using: &random) {
                configuration.presentedDetent = SheetPresenter.large.id
            }
            listOffset = [0, 200, 1936.4, 5000, -3].randomElement(using: &random)!
        } else {
            // The card by any edge, or free.
            if Int.random(in: 0..<3, using: &random) == 0 {
                configuration.direction = DismissDirection.allCases.randomElement(using: &random)!
            }
            listOffset = 0
        }
        configuration.reduceMotion = Int.random(in: 0..<4, using: &random) == 0
        self.configuration = configuration
        startsPresented = Int.random(in: 0..<8, using: &random) != 0
        switch Int.random(in: 0..<4, using: &random) {
        case 0: policy = .never
        case 1: policy = .pattern(random.next())
        default: policy = .none
        }
        var t = 0.0
        let count = Int.random(in: 1...14, using: &random)
        for _ in 0..<count {
            t += Self.gap(&random)
            switch Int.random(in: 0..<23, using: &random) {
            case 20, 21:
                // A touchpad stream: a few deltas a frame apart, now and then a wheel.
                let source: ScrollSource = random.next() % 5 == 0 ? .wheel : .touchpad
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let delta = Self.point(&random) - Point(x: 195, y: 500)
                    queued.append(
                        InputEvent(
                            time: t, kind: .scroll(dx: delta.x / 8, dy: delta.y / 4, source: source)
                        ))
                    t += Double.random(in: 0.004...0.03, using: &random)
                }
            case 22: queued.append(InputEvent(time: t, kind: .scrollStop))
            case 0..<3: queued.append(InputEvent(time: t, kind: .down(Self.point(&random))))
            case 3..<11: queued.append(InputEvent(time: t, kind: .move(Self.point(&random))))
            case 11..<14: queued.append(InputEvent(time: t, kind: .up(Self.point(&random))))
            case 14: queued.append(InputEvent(time: t, kind: .cancel))
            case 15:
                let keys = [
                    // Not Tab: the focus (and the list scrolled to it) is the driver's, which
                    // the machine reference does not model (`KeyboardInSheetTests`).
                    Key.escape, .space, .enter, .other("x"), .other("y"), .other("n"), .back,
                    .controlUp, .controlDown,
                ]
                queued.append(InputEvent(time: t, kind: .key(keys.randomElement(using: &random)!)))
            default:
                calls.append(((t * 30).rounded(.up), Self.action(at: t, &random)))
            }
        }
    }

    var isSheet: Bool { configuration.detents.count > 1 }
    var isPhoto: Bool { configuration.alphaCurve == .photo }

    /// The configuration as the coverage names it: scene, base preset, reduced motion.
    var name: String {
        "\(isSheet ? "sheet" : isPhoto ? "photo" : "card") \(configuration.name)"
            + (configuration.reduceMotion ? " reduced" : "")
    }

    private static func action(at t: Double, _ random: inout SplitMix64) -> Action {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return .present(animated: Bool.random(using: &random))
        case 1: return .dismiss(force: false, animated: Bool.random(using: &random))
        case 2: return .dismiss(force: true, animated: Bool.random(using: &random))
        case 3: return .decline
        case 5:
            let detents: [Detent.ID] = [.large, .medium, "open", "peek", .dismissed]
            return .move(
                detents.randomElement(using: &random)!, animated: Bool.random(using: &random))
        case 4:
            let sizes = [
                Size(width: 390, height: 844), Size(width: 1, height: 1),
                Size(width: 1920, height: 300), Size(width: 0, height: 0),
            ]
            return .resize(sizes.randomElement(using: &random)!)
        default:
            let times = [t - 5, t - 0.01, t, -.infinity, .nan]
            let time = times.randomElement(using: &random)!
            let kinds: [InputEvent.Kind] = [
                .down(point(&random)), .move(point(&random)), .up(point(&random)), .cancel,
                .key(.escape), .key(.other("y")), .scroll(dx: 0, dy: 40, source: .touchpad),
                .scrollStop,
            ]
            return .direct(InputEvent(time: time, kind: kinds.randomElement(using: &random)!))
        }
    }

    /// Equal times, frame-sized and longer gaps, and now and then an enormous one.
    private static func gap(_ random: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<40, using: &random) {
        case 0..<6: 0
        case 6..<30: Double.random(in: 0.0005...0.04, using: &random)
        case 30..<38: Double.random(in: 0.05...0.8, using: &random)
        case 38: Double.random(in: 5...60, using: &random)
        default: [1e4, 1e6, 3e7].randomElement(using: &random)!
        }
    }

    /// Mostly around the content, sometimes far away (±1e6), rarely not a number at all.
    private static func point(_ random: inout SplitMix64) -> Point {
        func coordinate(_ around: Double) -> Double {
            switch Int.random(in: 0..<30, using: &random) {
            case 0: return [1e6, -1e6, 999_999.5, -3e5].randomElement(using: &random)!
            case 1: return [Double.nan, .infinity, -.infinity].randomElement(using: &random)!
            default: return around + Double.random(in: -450...450, using: &random)
            }
        }
        return Point(x: coordinate(195), y: coordinate(500))
    }

    /// What broke, or nil if the session kept every invariant.
    func failure() -> String? {
        var coverage = Coverage()
        return failure(coverage: &coverage)
    }

    /// What broke, adding what the 30 Hz run reached to `coverage`.
    func failure(coverage: inout Coverage) -> String? {
        let coarse = run(fps: 30)
        coverage.formUnion(coarse.coverage)
        coverage.configurations.insert(name)
        if let failure = coarse.failure { return "\(name) at 30 Hz: \(failure)" }
        let fine = run(fps: 240)
        if let failure = fine.failure { return "\(name) at 240 Hz: \(failure)" }
        return Self.difference(coarse, fine).map { "\(name), 30 vs 240 Hz: \($0)" }
    }

    /// The first shared frame whose states differ (time aside).
    static func difference(_ a: Trace, _ b: Trace) -> String? {
        for (frame, state) in a.states.sorted(by: { $0.key < $1.key }) {
            guard let other = b.states[frame] else { continue }
            var state = state
            state.time = other.time
            if state != other { return "at \(other.time): \(state) vs \(other)" }
        }
        return nil
    }
}

extension ControllerFuzzCase {
    /// Whether the session plays on the machine value alone: it has no policy, so nothing
    /// in it needs the controller's. The others play on the controller.
    var drivesTheMachine: Bool {
        if case .none = policy { return true }
        return false
    }

    /// The case's scene, the sheet's list scrolled to `listOffset`.
    func makePresenter() -> Presenter {
        if isSheet {
            let sheet = SheetPresenter(layout: sheetLayout, footer: sheetFooter)
            sheet.listOffset = listOffset
            return sheet
        }
        return isPhoto ? PhotoPresenter() : CardPresenter()
    }

    /// Plays the session stepping at `fps` (a multiple of 30), skipping frames only while
    /// nothing moves and nothing is due: on the machine value if `drivesTheMachine`, else
    /// on the controller.
    func run(fps: Double) -> Trace {
        let target: FuzzTarget = drivesTheMachine ? MachineTarget(self) : ControllerTarget(self)
        return run(fps: fps, on: target)
    }

    /// Plays the session on `target`.
    func run(fps: Double, on target: FuzzTarget) -> Trace {
        let perCoarse = fps / 30
        var checker = InvariantChecker(
            configuration: configuration, startsPresented: startsPresented)
        target.observe { checker.observe($0) }
        var trace = Trace(states: [:])
        let ledger = CompletionLedger()
        var next = 0
        var frame = 0.0
        let lastInput = max(queued.last?.time ?? 0, (calls.last?.frame ?? 0) / 30)
        while true {
            do {
                try target.step(to: frame / fps)
            } catch {
                trace.failure = "step threw \(error)"
                return trace
            }
            if let failure = checker.check(target) ?? ledger.twice {
                trace.failure = "at \(target.now): \(failure)"
                return trace
            }
            if frame.truncatingRemainder(dividingBy: perCoarse) == 0 {
                trace.states[frame / perCoarse] = target.state
            }
            while next < calls.count, calls[next].frame * perCoarse <= frame {
                target.perform(calls[next].action, completion: ledger.expect())
                next += 1
            }
            var wake = [frame + 1]
            if !target.isAnimating {
                wake = []
                if let time = target.nextInputTime { wake.append((time * fps).rounded(.up)) }
                if next < calls.count { wake.append(calls[next].frame * perCoarse) }
                if wake.isEmpty {
                    // At rest with nothing to come, every call has had its one completion.
                    let phase = target.state.phase
                    if phase == .presented || phase == .dismissed, let call = ledger.unanswered {
                        trace.failure = "at rest (\(phase)) call \(call) never completed"
                    }
                    trace.coverage = checker.coverage
                    return trace
                }
            } else if target.now > lastInput + 30 {
                trace.failure = "still animating 30 s after the last input: \(target.state)"
                return trace
            }
            frame = max(frame + 1, wake.min()!)
        }
    }
}

/// Counts each call's completions: one each, exactly.
final class CompletionLedger {
    private var counts: [Int] = []

    /// A completion for the next call, counting its runs.
    func expect() -> (Bool) -> Void {
        let call = counts.count
        counts.append(0)
        return { [weak self] _ in self?.counts[call] += 1 }
    }

    /// The first call whose completion ran more than once, as a failure.
    var twice: String? {
        counts.firstIndex { $0 > 1 }.map { "the completion of call \($0) ran \(counts[$0]) times" }
    }

    /// The first call whose completion has not run.
    var unanswered: Int? { counts.firstIndex(of: 0) }
}
