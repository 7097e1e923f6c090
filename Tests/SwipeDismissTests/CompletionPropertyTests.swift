import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// Random input, random policy answers, random programmatic calls: the completion contract
/// and the state's ranges hold every time. A quick, fixed set of 180 sessions on the sheet;
/// `Fuzzing/ControllerFuzzTests` explores the same ground far wider.
final class CompletionPropertyTests: XCTestCase {
    private func run(seed: UInt64, configuration: DismissConfiguration) {
        var random = SplitMix64(seed: seed)
        let clock = ManualClock()
        let input = QueuedInputSource()
        let controller = DismissController(
            input: input, presenter: SheetPresenter(), renderer: NullRenderer(keepsFrames: false),
            clock: clock, configuration: configuration)
        var endings: [Int: Int] = [:]
        var allow = true
        controller.shouldDismiss = { _ in allow }
        // Events arrive in order: each presentation starts with a change to `presenting`.
        var current = 1
        controller.addObserver { event in
            switch event {
            case .phaseChanged(_, .presenting, _): current += 1
            case .didDismiss: endings[current, default: 0] += 1
            case .superseded(let presentation, _):
                XCTAssertEqual(presentation, current, "seed \(seed)")
                endings[presentation, default: 0] += 1
            default: break
            }
        }
        var time = 0.0
        var point = Point(x: 195, y: 600)
        for _ in 0..<120 {
            time += Double.random(in: 0.001...0.08, using: &random)
            allow = Bool.random(using: &random)
            switch Int.random(in: 0..<12, using: &random) {
            case 0, 1:
                point = Point(
                    x: Double.random(in: 0...390, using: &random),
                    y: Double.random(in: 0...844, using: &random))
                input.enqueue(InputEvent(time: time, kind: .down(point)))
            case 2, 3, 4, 5:
                point.y += Double.random(in: -120...160, using: &random)
                input.enqueue(InputEvent(time: time, kind: .move(point)))
            case 6: input.enqueue(InputEvent(time: time, kind: .up(point)))
            case 7: input.enqueue(InputEvent(time: time, kind: .cancel))
            case 8:
                let keys: [Key] = [.escape, .space, .other("y"), .other("n")]
                let key = keys[Int.random(in: 0..<keys.count, using: &random)]
                input.enqueue(InputEvent(time: time, kind: .key(key)))
            case 9: controller.present()
            case 10: controller.dismiss(force: Bool.random(using: &random))
            default: break
            }
            clock.set(to: time)
            try! controller.step()
            let state = controller.state
            XCTAssertTrue(state.offset.isFinite, "seed \(seed)")
            XCTAssertTrue((0...1).contains(state.alpha), "seed \(seed): alpha \(state.alpha)")
            XCTAssertTrue((0...1).contains(state.contentOpacity), "seed \(seed)")
            XCTAssertTrue((0...1).contains(state.progress), "seed \(seed)")
        }
        controller.dismiss(force: true)
        var settle = 0
        while controller.isAnimating && settle < 1000 {
            clock.advance(by: 1 / 60.0)
            try! controller.step()
            settle += 1
        }
        XCTAssertEqual(controller.state.phase, .dismissed, "seed \(seed)")
        XCTAssertEqual(current, controller.presentationCount, "seed \(seed)")
        let expected = Dictionary(
            uniqueKeysWithValues: (1...controller.presentationCount).map { ($0, 1) })
        XCTAssertEqual(endings, expected, "seed \(seed)")
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
}
