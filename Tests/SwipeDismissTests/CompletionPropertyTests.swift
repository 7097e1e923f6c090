import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// Random input, random policy answers, random programmatic calls: the completion contract
/// and the state's ranges hold every time. A quick, fixed set of 180 sessions on the sheet
/// through the controller (its observers, its policy) and 180 on the machine value alone
/// (every numbered call's completion); `Fuzzing/ControllerFuzzTests` explores the same
/// ground far wider.
final class CompletionPropertyTests: XCTestCase {
    /// How many times each presentation ended, counted from the events in order: a
    /// presentation starts with a change away from `dismissed` or `dismissing` (to
    /// `presenting`, or to `presented` at once when not animated).
    private struct Endings {
        let seed: UInt64
        var current = 1
        var endings: [Int: Int] = [:]

        mutating func observe(_ event: DismissEvent) {
            switch event {
            case .phaseChanged(.dismissed, let to, _) where to != .dismissed,
                .phaseChanged(.dismissing, let to, _) where to != .dismissed:
                current += 1
            case .didDismiss: endings[current, default: 0] += 1
            case .superseded(let presentation, _):
                XCTAssertEqual(presentation, current, "seed \(seed)")
                endings[presentation, default: 0] += 1
            default: break
            }
        }

        /// Every one of `presentationCount` presentations ended exactly once.
        func check(presentationCount: Int, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(current, presentationCount, "seed \(seed)", file: file, line: line)
            let expected = Dictionary(uniqueKeysWithValues: (1...current).map { ($0, 1) })
            XCTAssertEqual(endings, expected, "seed \(seed)", file: file, line: line)
        }
    }

    /// The input event random choice `choice` (0...8) makes at `time`, moving `point`; nil
    /// for the choices the caller keeps for its calls.
    private static func input(
        _ choice: Int, at time: Double, point: inout Point, _ random: inout SplitMix64
    ) -> InputEvent? {
        switch choice {
        case 0, 1:
            point = Point(
                x: Double.random(in: 0...390, using: &random),
                y: Double.random(in: 0...844, using: &random))
            return InputEvent(time: time, kind: .down(point))
        case 2, 3, 4, 5:
            point.y += Double.random(in: -120...160, using: &random)
            return InputEvent(time: time, kind: .move(point))
        case 6: return InputEvent(time: time, kind: .up(point))
        case 7: return InputEvent(time: time, kind: .cancel)
        case 8:
            let keys: [Key] = [.escape, .space, .other("y"), .other("n")]
            let key = keys[Int.random(in: 0..<keys.count, using: &random)]
            return InputEvent(time: time, kind: .key(key))
        default: return nil
        }
    }

    /// Offset finite; alpha, opacity and progress within 0...1.
    private static func checkRanges(_ state: DismissState, seed: UInt64) {
        XCTAssertTrue(state.offset.isFinite, "seed \(seed)")
        XCTAssertTrue((0...1).contains(state.alpha), "seed \(seed): alpha \(state.alpha)")
        XCTAssertTrue((0...1).contains(state.contentOpacity), "seed \(seed)")
        XCTAssertTrue((0...1).contains(state.progress), "seed \(seed)")
    }

    private func run(seed: UInt64, configuration: DismissConfiguration) {
        var random = SplitMix64(seed: seed)
        let clock = ManualClock()
        let input = QueuedInputSource()
        let controller = DismissController(
            input: input, presenter: SheetPresenter(), renderer: NullRenderer(keepsFrames: false),
            clock: clock, configuration: configuration)
        controller.keyBindings = .tools
        var allow = true
        controller.shouldDismiss = { _ in allow }
        var endings = Endings(seed: seed)
        controller.addObserver { endings.observe($0) }
        var time = 0.0
        var point = Point(x: 195, y: 600)
        for _ in 0..<120 {
            time += Double.random(in: 0.001...0.08, using: &random)
            allow = Bool.random(using: &random)
            let choice = Int.random(in: 0..<12, using: &random)
            if let event = Self.input(choice, at: time, point: &point, &random) {
                input.enqueue(event)
            } else if choice == 9 {
                controller.present()
            } else if choice == 10 {
                controller.dismiss(force: Bool.random(using: &random))
            }
            clock.set(to: time)
            try! controller.step()
            Self.checkRanges(controller.state, seed: seed)
        }
        controller.dismiss(force: true)
        var settle = 0
        while controller.isAnimating && settle < 1000 {
            clock.advance(by: 1 / 60.0)
            try! controller.step()
            settle += 1
        }
        XCTAssertEqual(controller.state.phase, .dismissed, "seed \(seed)")
        endings.check(presentationCount: controller.presentationCount)
    }

    func testEveryPresentationEndsExactlyOnceUnderRandomInput() {
        var reduced = DismissConfiguration.sheet()
        reduced.reduceMotion = true
        for seed in UInt64(1)...60 {
            run(seed: seed, configuration: .sheet())
            run(seed: seed, configuration: .sheet(.seed))
            run(seed: seed, configuration: reduced)
        }
    }

    /// The same random input on the machine value alone, with numbered `present`, `dismiss`
    /// and `move` calls (to `large`, `medium`, `dismissed` or a detent the sheet lacks): every
    /// call's `.complete` effect comes exactly once, at once and false for the unknown
    /// detent, and every presentation ends exactly once. No policy: every dismissal goes
    /// ahead (the controller test above covers vetoes). Returns how many calls succeeded and
    /// how many did not.
    private func runMachine(seed: UInt64, configuration: DismissConfiguration) -> (Int, Int) {
        var random = SplitMix64(seed: seed)
        let input = QueuedInputSource()
        let driver = MachineDriver(
            presenter: SheetPresenter(), configuration: configuration, input: input)
        var endings = Endings(seed: seed)
        driver.onEvent = { endings.observe($0) }
        var requests = 0
        var unknown: Set<Int> = []
        var time = 0.0
        var point = Point(x: 195, y: 600)
        for _ in 0..<120 {
            time += Double.random(in: 0.001...0.08, using: &random)
            let choice = Int.random(in: 0..<13, using: &random)
            if let event = Self.input(choice, at: time, point: &point, &random) {
                input.enqueue(event)
            } else if choice != 12 {
                requests += 1
                let animated = Int.random(in: 0..<4, using: &random) != 0
                if choice == 9 {
                    driver.present(at: time, animated: animated, request: requests)
                } else if choice == 10 {
                    driver.dismiss(at: time, animated: animated, request: requests)
                } else {
                    let detents: [Detent.ID] = [.large, .medium, .dismissed, "nowhere"]
                    let detent = detents[Int.random(in: 0..<detents.count, using: &random)]
                    driver.step(to: time)
                    let count = driver.completions.count
                    driver.move(to: detent, at: time, animated: animated, request: requests)
                    if detent == "nowhere" {
                        unknown.insert(requests)
                        XCTAssertEqual(driver.completions.count, count + 1, "seed \(seed)")
                        XCTAssertEqual(
                            driver.completions.last?.request, requests,
                            "seed \(seed): refused at once")
                    }
                }
            }
            driver.step(to: time)
            Self.checkRanges(driver.state, seed: seed)
        }
        driver.dismiss(at: time, force: true)
        var settle = 0
        while driver.machine.isAnimating && settle < 1000 {
            time += 1 / 60.0
            driver.step(to: time)
            settle += 1
        }
        XCTAssertEqual(driver.state.phase, .dismissed, "seed \(seed)")
        var calls: [Int: Int] = [:]
        for completion in driver.completions {
            calls[completion.request, default: 0] += 1
            if unknown.contains(completion.request) {
                XCTAssertFalse(completion.succeeded, "seed \(seed): unknown detent")
            }
        }
        XCTAssertEqual(
            calls, Dictionary(uniqueKeysWithValues: (0..<requests).map { ($0 + 1, 1) }),
            "seed \(seed): every call completes once")
        endings.check(presentationCount: driver.machine.presentationCount)
        let succeeded = driver.completions.filter(\.succeeded).count
        return (succeeded, driver.completions.count - succeeded)
    }

    func testEveryCallCompletesAndEveryPresentationEndsOnceOnTheMachine() {
        var reduced = DismissConfiguration.sheet()
        reduced.reduceMotion = true
        var succeeded = 0
        var failed = 0
        for seed in UInt64(1)...60 {
            for configuration in [DismissConfiguration.sheet(), .sheet(.seed), reduced] {
                let (yes, no) = runMachine(seed: seed, configuration: configuration)
                succeeded += yes
                failed += no
            }
        }
        // The calls must both land and be cut short, or the run proves little.
        XCTAssertGreaterThan(succeeded, 500)
        XCTAssertGreaterThan(failed, 100)
    }
}
