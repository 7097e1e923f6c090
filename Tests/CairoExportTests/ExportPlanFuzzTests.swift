import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissTrace
import XCTest

@testable import CairoExport

/// Random traces of every event kind, touchpad streams with and without a stop among them:
/// the plan either refuses with a `PlanError` or ends where the controller has nothing left
/// to do (no animation, no event to come, no quiet touchpad stream waiting for its 150 ms),
/// and never skips over one of its deadlines.
final class ExportPlanFuzzTests: XCTestCase {
    private func randomTrace(_ random: inout SplitMix64) -> GestureTrace {
        var events: [InputEvent] = []
        var time = 0.0
        for _ in 0..<(1 + random.below(40)) {
            // Mostly frame-sized steps, now and then a pause longer than the timeout.
            time += random.below(8) == 0 ? random.unit() * 2 : random.unit() / 30
            let point = Point(x: random.unit() * 390, y: random.unit() * 844)
            let kind: InputEvent.Kind
            switch random.below(9) {
            case 0: kind = .down(point)
            case 1, 2: kind = .move(point)
            case 3: kind = .up(point)
            case 4, 5:
                kind = .scroll(
                    dx: random.unit() * 20 - 10, dy: random.unit() * 40 - 10,
                    source: random.below(4) == 0 ? .wheel : .touchpad)
            case 6: kind = .scrollStop
            case 7: kind = .key([.escape, .space, .other("a")][random.below(3)])
            default: kind = .cancel
            }
            events.append(InputEvent(time: time, kind: kind))
        }
        return GestureTrace(viewport: Size(width: 390, height: 844), events: events)
    }

    func testEveryPlanEndsWithNoDeadlineLeftAndNeverSkipsOne() throws {
        // SplitMix64: a fixed seed gives the same cases on every machine.
        var random = SplitMix64(seed: 24)
        var planned = 0
        for index in 0..<300 {
            let trace = randomTrace(&random)
            XCTAssertNoThrow(try trace.validate())
            for isSheet in [false, true] {
                let scene = isSheet ? "sheet" : "card"
                var exporter = Exporter(
                    trace: trace,
                    configuration: isSheet ? DismissConfiguration.sheet(.fluid) : .fluid,
                    framesPerSecond: 60)
                if isSheet { exporter.scene = .sheet }
                let frames: [ExportFrame]
                do {
                    frames = try exporter.plan()
                } catch is PlanError {
                    continue
                }
                planned += 1
                // Replay the plan: after its last frame nothing is pending; before each
                // skipped stretch, nothing was due inside it.
                let clock = ExportClock(framesPerSecond: 60)
                let (controller, _) = exporter.makeController(
                    renderer: PlanningRenderer(viewport: trace.viewport), clock: clock)
                for (position, frame) in frames.enumerated() {
                    clock.move(toFrame: frame.tick)
                    try controller.step(forceRender: true)
                    guard position + 1 < frames.count, frames[position + 1].tick > frame.tick + 1
                    else { continue }
                    let next = Double(frames[position + 1].tick) / 60
                    if let wake = controller.nextWakeTime {
                        XCTAssertGreaterThan(
                            wake, next - 1.0 / 60, "case \(index) \(scene): a deadline skipped")
                    }
                }
                XCTAssertFalse(controller.isAnimating, "case \(index) \(scene)")
                XCTAssertNil(controller.nextWakeTime, "case \(index) \(scene): a deadline left")
            }
        }
        XCTAssertGreaterThan(planned, 400)
    }
}
