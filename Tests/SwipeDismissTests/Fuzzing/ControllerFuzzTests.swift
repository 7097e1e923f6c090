import Foundation
import SwipeDismiss
import SwipeDismissNull
import XCTest

/// Random sessions against the controller under both presets (and a mix of the two), through
/// the null renderer and a manual clock, checking the invariants every frame and comparing 30 Hz with 240 Hz.
///
/// `make test` runs 10⁴ cases from a fixed seed; `make fuzz` sets `SWIPEDISMISS_FUZZ_CASES`
/// and `SWIPEDISMISS_FUZZ_SEED`. A failure names the case seed; `SWIPEDISMISS_FUZZ_REPLAY=<case
/// seed>` replays that case alone.
final class ControllerFuzzTests: XCTestCase {
    func testRandomSessionsKeepEveryInvariant() {
        if let text = ProcessInfo.processInfo.environment["SWIPEDISMISS_FUZZ_REPLAY"] {
            guard let seed = UInt64(text) else {
                return XCTFail("SWIPEDISMISS_FUZZ_REPLAY: \(text) is not a case seed")
            }
            if let failure = ControllerFuzzCase(seed: seed).failure() {
                XCTFail("case seed \(seed): \(failure)")
            }
            return
        }
        let budget = FuzzBudget.current(defaultCases: 10_000)
        var failures = 0
        var transitions: Set<String> = []
        for index in 0..<budget.cases {
            let seed = budget.seed(ofCase: index)
            let fuzzCase = ControllerFuzzCase(seed: seed)
            if let failure = fuzzCase.failure(transitions: &transitions) {
                failures += 1
                XCTFail(
                    "case seed \(seed) (run seed \(budget.seed), case \(index)): \(failure)")
                if failures >= 5 { return }
            }
        }
        // The sessions must reach every legal phase change, or the run proves little.
        guard budget.cases >= 1000 else { return }
        for (from, targets) in InvariantChecker.legal {
            for to in targets where !transitions.contains("\(from)→\(to)") {
                XCTFail("no session went \(from) → \(to) (run seed \(budget.seed))")
            }
        }
    }

    func testTheCheckerCatchesADifferenceBetweenFrameRates() {
        // A guard on the guard: the comparison must see a change that only one rate makes.
        let a = ControllerFuzzCase.Trace(states: [0: state(offset: 1)], failure: nil)
        let b = ControllerFuzzCase.Trace(states: [0: state(offset: 1.0000001)], failure: nil)
        XCTAssertNotNil(ControllerFuzzCase.difference(a, b))
        XCTAssertNil(ControllerFuzzCase.difference(a, a))
    }

    private func state(offset: Double) -> DismissState {
        DismissState(time: 0, offset: offset, alpha: 0.3, progress: 0, phase: .presented)
    }
}

/// One reproducible random session.
struct ControllerFuzzCase {
    /// Something the session does at a time.
    enum Action {
        /// Handed straight to `handle(_:)` with a stale, equal or non-finite time.
        case direct(InputEvent)
        case present
        case dismiss
        case resize(Size)
    }

    struct Trace {
        /// States at the 30 Hz frames, by frame number.
        var states: [Double: DismissState]
        var failure: String?
        /// Every phase change seen, as "from→to".
        var transitions: Set<String> = []
    }

    let configuration: DismissConfiguration
    let startsPresented: Bool
    /// Input by time; calls (`direct`, `present`, …) by 30 Hz frame number.
    var queued: [InputEvent] = []
    var calls: [(frame: Double, action: Action)] = []

    init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        configuration = [.seed, .fluid, .seed, .fluid, Self.mixed].randomElement(using: &random)!
        startsPresented = Int.random(in: 0..<8, using: &random) != 0
        var t = 0.0
        let count = Int.random(in: 1...14, using: &random)
        for _ in 0..<count {
            t += Self.gap(&random)
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<3: queued.append(InputEvent(time: t, kind: .down(Self.point(&random))))
            case 3..<11: queued.append(InputEvent(time: t, kind: .move(Self.point(&random))))
            case 11..<14: queued.append(InputEvent(time: t, kind: .up(Self.point(&random))))
            case 14: queued.append(InputEvent(time: t, kind: .cancel))
            case 15:
                let key = [Key.escape, .space, .enter, .other("x")].randomElement(using: &random)!
                queued.append(InputEvent(time: t, kind: .key(key)))
            default:
                let frame = (t * 30).rounded(.up)
                let action: Action
                switch Int.random(in: 0..<5, using: &random) {
                case 0: action = .present
                case 1: action = .dismiss
                case 2:
                    let sizes = [
                        Size(width: 390, height: 844), Size(width: 1, height: 1),
                        Size(width: 1920, height: 300), Size(width: 0, height: 0),
                    ]
                    action = .resize(sizes.randomElement(using: &random)!)
                default:
                    let times = [t - 5, t - 0.01, t, -.infinity, .nan]
                    let time = times.randomElement(using: &random)!
                    let kinds: [InputEvent.Kind] = [
                        .down(Self.point(&random)), .move(Self.point(&random)),
                        .up(Self.point(&random)), .cancel, .key(.escape),
                    ]
                    action = .direct(
                        InputEvent(time: time, kind: kinds.randomElement(using: &random)!))
                }
                calls.append((frame, action))
            }
        }
    }

    /// The seed's additive tracking with every fluid policy: catching, rubber band, keys,
    /// backdrop taps, projected release, fading exit; paths neither preset takes alone.
    static let mixed: DismissConfiguration = {
        var mixed = DismissConfiguration.fluid
        mixed.name = "mixed"
        mixed.tracking = DismissConfiguration.seed.tracking
        return mixed
    }()

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

    /// Mostly around the card, sometimes far away (±1e6), rarely not a number at all.
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
        var transitions: Set<String> = []
        return failure(transitions: &transitions)
    }

    /// What broke, adding the phase changes the 30 Hz run made to `transitions`.
    func failure(transitions: inout Set<String>) -> String? {
        let coarse = run(fps: 30)
        transitions.formUnion(coarse.transitions)
        if let failure = coarse.failure { return "\(configuration.name) at 30 Hz: \(failure)" }
        let fine = run(fps: 240)
        if let failure = fine.failure { return "\(configuration.name) at 240 Hz: \(failure)" }
        return Self.difference(coarse, fine).map { "\(configuration.name), 30 vs 240 Hz: \($0)" }
    }

    /// The first shared frame whose states differ.
    static func difference(_ a: Trace, _ b: Trace) -> String? {
        for (frame, state) in a.states.sorted(by: { $0.key < $1.key }) {
            guard let other = b.states[frame] else { continue }
            if state.offset != other.offset || state.alpha != other.alpha
                || state.phase != other.phase
            {
                return "at \(state.time): \(state) vs \(other)"
            }
        }
        return nil
    }

    /// Plays the session stepping at `fps` (a multiple of 30), skipping frames only while
    /// nothing moves and nothing is due.
    func run(fps: Double) -> Trace {
        let perCoarse = fps / 30
        let clock = ManualClock()
        let input = QueuedInputSource(queued)
        let renderer = NullRenderer(keepsFrames: false)
        let controller = DismissController(
            input: input, presenter: CardPresenter(), renderer: renderer, clock: clock,
            configuration: configuration, presented: startsPresented)
        var checker = InvariantChecker(
            configuration: configuration, startsPresented: startsPresented)
        controller.addObserver { checker.observe($0) }
        var trace = Trace(states: [:])
        var next = 0
        var frame = 0.0
        let lastInput = max(queued.last?.time ?? 0, (calls.last?.frame ?? 0) / 30)
        while true {
            clock.set(to: frame / fps)
            do {
                try controller.step()
            } catch {
                trace.failure = "step threw \(error)"
                return trace
            }
            if let failure = checker.check(controller) {
                trace.failure = "at \(clock.now): \(failure)"
                return trace
            }
            if frame.truncatingRemainder(dividingBy: perCoarse) == 0 {
                trace.states[frame / perCoarse] = controller.state
            }
            while next < calls.count, calls[next].frame * perCoarse <= frame {
                perform(calls[next].action, on: controller, renderer: renderer)
                next += 1
            }
            var wake = [frame + 1]
            if !controller.isAnimating {
                wake = []
                if let time = input.nextEventTime { wake.append((time * fps).rounded(.up)) }
                if next < calls.count { wake.append(calls[next].frame * perCoarse) }
                if wake.isEmpty {
                    trace.transitions = checker.transitions
                    return trace
                }
            } else if clock.now > lastInput + 30 {
                trace.failure = "still animating 30 s after the last input: \(controller.state)"
                return trace
            }
            frame = max(frame + 1, wake.min()!)
        }
    }

    private func perform(_ action: Action, on controller: DismissController, renderer: NullRenderer)
    {
        switch action {
        case .direct(let event): controller.handle(event)
        case .present: controller.present()
        case .dismiss: controller.dismiss()
        case .resize(let size):
            renderer.viewport = size
            controller.viewportDidChange()
        }
    }
}
