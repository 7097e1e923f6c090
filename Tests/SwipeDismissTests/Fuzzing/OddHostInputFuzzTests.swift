import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// The host API under odd input: any viewport (zero, negative, NaN, infinite, 1e9 pt, one
/// pixel thin), configurations that pass `validate()` with numbers at their edges, and random
/// public calls, input and clock steps. No crash, no hang; while the viewport is a real one
/// the state stays finite, alpha in 0…1; every completion runs at most once, and once the
/// content is forced away and the clock runs on, each has run.
final class OddHostInputFuzzTests: XCTestCase {
    private static let viewports: [Size] = [
        Size(width: 390, height: 844), Size(width: 0, height: 0), Size(width: 1, height: 1),
        Size(width: -5, height: 10), Size(width: .nan, height: 844),
        Size(width: .infinity, height: .infinity), Size(width: 1e9, height: 1e9),
        Size(width: 32767, height: 1), Size(width: 1, height: 32767),
        Size(width: 1e-9, height: 1e-9), Size(width: 2000, height: 300),
    ]
    private static let points: [Double] = [0, 1, 195, 422, 844, -1e6, 1e9, .nan, .infinity]
    private static let steps: [Double] = [0, 1e-6, 1.0 / 240, 1.0 / 60, 1.0 / 30, 0.5, 5]

    private func configuration(_ random: inout SplitMix64) -> (DismissConfiguration, Presenter) {
        var configuration: DismissConfiguration
        let presenter: Presenter
        switch random.below(3) {
        case 0:
            configuration = .fluid
            presenter = CardPresenter()
        case 1:
            configuration = .sheet()
            presenter = SheetPresenter()
        default:
            configuration = .photo()
            presenter = PhotoPresenter()
        }
        func pick(_ values: [Double]) -> Double { values[random.below(values.count)] }
        configuration.freeExitSpeed = pick([1e-9, 1, 300, 1e9])
        configuration.restDistance = pick([1e-6, 0.5, 1e6])
        configuration.restSpeed = pick([1e-6, 5, 1e6])
        configuration.touchSlop = pick([0, 4, 1e6])
        configuration.exitOvershoot = pick([1, 1.25, 1e3])
        configuration.crossFadeDuration = pick([0, 0.2, 1e3])
        configuration.reduceMotion = random.below(4) == 0
        if random.below(2) == 0 {
            configuration.direction =
                DismissDirection.allCases[
                    random.below(DismissDirection.allCases.count)]
        }
        return (configuration, presenter)
    }

    func testOddViewportsConfigurationsAndCallsKeepTheControllerSound() throws {
        let budget = FuzzBudget.current(defaultCases: 60)
        for index in 0..<budget.cases {
            try runCase(seed: budget.seed(ofCase: index))
        }
    }

    private func runCase(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (configuration, presenter) = configuration(&random)
        XCTAssertNoThrow(try configuration.validate(), "seed \(seed)")
        let clock = ManualClock()
        let input = QueuedInputSource()
        let renderer = NullRenderer(viewport: Self.viewports[random.below(Self.viewports.count)])
        let controller = DismissController(
            input: input, presenter: presenter, renderer: renderer, clock: clock,
            configuration: configuration)
        var calls = 0
        var completions: [Int: Int] = [:]
        func done(_ call: Int) { completions[call, default: 0] += 1 }
        func point() -> Point {
            Point(
                x: Self.points[random.below(Self.points.count)],
                y: Self.points[random.below(Self.points.count)])
        }
        for _ in 0..<120 {
            calls += 1
            let call = calls
            switch random.below(10) {
            case 0: controller.present(animated: random.below(2) == 0) { done(call) }
            case 1:
                controller.dismiss(animated: random.below(2) == 0, force: random.below(2) == 0) {
                    _ in done(call)
                }
            case 2:
                let ids: [Detent.ID] = [.large, .medium, .dismissed, .open, "nowhere"]
                controller.move(to: ids[random.below(ids.count)], animated: random.below(2) == 0) {
                    _ in done(call)
                }
            case 3:
                renderer.viewport = Self.viewports[random.below(Self.viewports.count)]
                controller.viewportDidChange()
                done(call)
            case 4:
                input.enqueue(InputEvent(time: clock.now, kind: .down(point())))
                done(call)
            case 5:
                input.enqueue(InputEvent(time: clock.now, kind: .move(point())))
                done(call)
            case 6:
                input.enqueue(InputEvent(time: clock.now, kind: .up(point())))
                done(call)
            case 7:
                let keys: [Key] = [.escape, .space, .other("y"), .other("n")]
                input.enqueue(
                    InputEvent(time: clock.now, kind: .key(keys[random.below(keys.count)])))
                done(call)
            default:
                clock.advance(by: Self.steps[random.below(Self.steps.count)])
                _ = try controller.step()
                done(call)
            }
            check(controller, renderer.viewport, seed: seed)
            XCTAssertTrue(completions.values.allSatisfy { $0 == 1 }, "seed \(seed): twice")
        }
        // Forced away, with the clock run on: every call has completed, once.
        renderer.viewport = Size(width: 390, height: 844)
        controller.viewportDidChange()
        controller.dismiss(animated: false, force: true)
        for _ in 0..<600 where controller.isAnimating || controller.nextWakeTime != nil {
            clock.advance(by: 1.0 / 60)
            _ = try controller.step()
        }
        XCTAssertFalse(controller.isAnimating, "seed \(seed): never settled")
        XCTAssertEqual(completions.count, calls, "seed \(seed): a call never completed")
        XCTAssertTrue(completions.values.allSatisfy { $0 == 1 }, "seed \(seed): twice")
    }

    private func check(_ controller: DismissController, _ viewport: Size, seed: UInt64) {
        let state = controller.state
        XCTAssertTrue(
            state.alpha.isFinite && (0...1).contains(state.alpha),
            "seed \(seed): alpha \(state.alpha)")
        let real =
            viewport.width.isFinite && viewport.height.isFinite && viewport.width > 0
            && viewport.height > 0 && viewport.width < 1e6 && viewport.height < 1e6
        if real {
            XCTAssertTrue(
                state.offset.isFinite, "seed \(seed): offset \(state.offset) in \(viewport)")
        }
    }
}
