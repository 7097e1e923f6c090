import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// Random input and calls against the stack: it never traps, every level's presentation
/// ends at most once, every completion runs exactly once, the depth counts the sheets shown,
/// a parent's scale stays within 0.94...1, and the same input gives the same states at 30
/// and 240 Hz.
final class StackPropertyTests: XCTestCase {
    private enum Call {
        case dismiss(level: Int?, animated: Bool)
        case present
        case move(level: Int?, detent: Detent.ID)
    }

    private struct Case {
        var events: [InputEvent] = []
        var calls: [(time: Double, call: Call)] = []
        var vetoed: Set<Int> = []
    }

    /// A call's time: the 30 Hz frame at or after `time`, which both rates step at, so a
    /// call is made at the same time at 30 and 240 Hz.
    private static func onFrame(_ time: Double) -> Double {
        (time * 30).rounded(.up) / 30
    }

    private static func makeCase(seed: UInt64) -> Case {
        var random = SplitMix64(seed: seed)
        var test = Case()
        var time = 0.0
        for _ in 0..<Int.random(in: 4...14, using: &random) {
            time += Double.random(in: 0.01...0.6, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0, 1:
                let key: Key = [.space, .enter, .escape, .other("y"), .other("n")].randomElement(
                    using: &random)!
                test.events.append(InputEvent(time: time, kind: .key(key)))
            case 2, 3:
                var point = Point(x: 195, y: Double.random(in: 100...800, using: &random))
                test.events.append(InputEvent(time: time, kind: .down(point)))
                for _ in 0..<Int.random(in: 0...8, using: &random) {
                    time += Double.random(in: 0.004...0.05, using: &random)
                    point.y += Double.random(in: -40...90, using: &random)
                    test.events.append(InputEvent(time: time, kind: .move(point)))
                }
                time += Double.random(in: 0.004...0.2, using: &random)
                let end: InputEvent.Kind = Bool.random(using: &random) ? .up(point) : .cancel
                test.events.append(InputEvent(time: time, kind: end))
            case 4:
                test.events.append(
                    InputEvent(time: time, kind: .down(Point(x: .nan, y: 400))))
            case 5:
                let level =
                    Bool.random(using: &random) ? nil : Int.random(in: 0...3, using: &random)
                test.calls.append(
                    (onFrame(time), .dismiss(level: level, animated: Bool.random(using: &random))))
            default:
                if Bool.random(using: &random) {
                    test.calls.append((onFrame(time), .present))
                } else {
                    let detent: Detent.ID = [.large, .medium, .dismissed, "peek"].randomElement(
                        using: &random)!
                    let level =
                        Bool.random(using: &random) ? nil : Int.random(in: 0...2, using: &random)
                    test.calls.append((onFrame(time), .move(level: level, detent: detent)))
                }
            }
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            test.vetoed = [Int.random(in: 0...2, using: &random)]
        }
        return test
    }

    /// Runs `test` at `fps` until 2 s after its last event; returns the state at every frame
    /// and checks the invariants on the way.
    private func run(_ test: Case, fps: Double, label: String) throws -> [StackState] {
        let harness = StackHarness(input: QueuedInputSource(test.events), fps: fps)
        harness.vetoedLevels = test.vetoed
        var completions: [Int: Int] = [:]
        var pendingCalls = test.calls
        var states: [StackState] = []
        let end = (test.events.last?.time ?? 0) + (test.calls.last?.time ?? 0) + 2
        var nextID = 0
        while harness.clock.now <= end {
            while let first = pendingCalls.first, first.time <= harness.clock.now {
                pendingCalls.removeFirst()
                nextID += 1
                let id = nextID
                completions[id] = 0
                let done: (Bool) -> Void = { _ in completions[id, default: 0] += 1 }
                switch first.call {
                case .dismiss(let level, let animated):
                    harness.controller.dismiss(level: level, animated: animated, completion: done)
                case .present:
                    harness.controller.present(StackLevel()) { done(true) }
                case .move(let level, let detent):
                    harness.controller.move(level: level, to: detent, completion: done)
                }
            }
            try harness.controller.step(forceRender: true)
            let state = harness.controller.state
            states.append(state)
            XCTAssertEqual(
                state.depth,
                (0..<harness.controller.levelCount).filter {
                    harness.controller.state(ofLevel: $0)?.phase != .dismissed
                }.count, label)
            XCTAssertLessThanOrEqual(harness.controller.levelCount, 4, label)
            if let scale = state.parentScale {
                XCTAssertGreaterThanOrEqual(scale, 0.94 - 1e-12, label)
                XCTAssertLessThanOrEqual(scale, 1, label)
            }
            XCTAssertTrue(state.top.alpha >= 0 && state.top.alpha <= 1, label)
            harness.clock.tick()
        }
        // Every completion once, by the end (nothing is left moving).
        XCTAssertFalse(harness.controller.isAnimating, label)
        for (id, count) in completions { XCTAssertEqual(count, 1, "\(label): call \(id)") }
        // Each level's presentation ends at most once.
        var ended: Set<String> = []
        var presentations: [Int: Int] = [:]
        for event in harness.events {
            switch event.event {
            case .phaseChanged(.dismissed, .presenting, _),
                .phaseChanged(.dismissing, .presenting, _):
                presentations[event.level, default: 0] += 1
            case .didDismiss, .superseded:
                let key = "\(event.level)/\(presentations[event.level, default: 0])"
                XCTAssertFalse(ended.contains(key), "\(label): \(key) ended twice")
                ended.insert(key)
            default: break
            }
        }
        return states
    }

    func testRandomInputAndCallsKeepTheStackConsistentAt30And240Hz() throws {
        let budget = FuzzBudget.current(defaultCases: 40)
        for index in 0..<budget.cases {
            let seed = budget.seed(ofCase: index)
            let test = Self.makeCase(seed: seed)
            let label = "seed \(seed)"
            let coarse = try run(test, fps: 30, label: label)
            let fine = try run(test, fps: 240, label: label)
            for (n, state) in coarse.enumerated() where n * 8 < fine.count {
                let other = fine[n * 8]
                XCTAssertEqual(other.depth, state.depth, "\(label) at \(state.top.time)")
                XCTAssertEqual(other.top.phase, state.top.phase, "\(label) at \(state.top.time)")
                XCTAssertEqual(
                    other.top.offset, state.top.offset, accuracy: 1e-6,
                    "\(label) at \(state.top.time)")
                XCTAssertEqual(
                    other.parentScale ?? -1, state.parentScale ?? -1, accuracy: 1e-9,
                    "\(label) at \(state.top.time)")
            }
        }
    }
}
