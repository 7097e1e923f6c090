import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// One driver runs a single sheet and a stack: a stack that never grows past its root is
/// the same sheet, frame for frame, as a `DismissController` given the same input, calls
/// and policy.
final class DriverParityTests: XCTestCase {
    /// The two controllers over the same configuration, each with its own queue and clock.
    private final class Pair {
        let sheetInput = QueuedInputSource()
        let stackInput = QueuedInputSource()
        let sheetClock = ManualClock()
        let stackClock = ManualClock()
        let sheet: DismissController
        let stack: SheetStackController
        var sheetLog: [String] = []
        var stackLog: [String] = []
        /// The reasons the policy says no to.
        var vetoed: Set<DismissReason> = []

        init() {
            sheet = DismissController(
                input: sheetInput, presenter: SheetPresenter(),
                renderer: NullRenderer(), clock: sheetClock, configuration: .sheet())
            stack = SheetStackController(
                input: stackInput, renderer: NullRenderer(), clock: stackClock,
                root: StackLevel(configuration: .sheet(), presenter: SheetPresenter()))
            sheet.addObserver { [unowned self] in sheetLog.append("\($0)") }
            stack.addObserver { [unowned self] in
                stackLog.append($0.level == 0 ? "\($0.event)" : "level \($0.level): \($0.event)")
            }
            sheet.shouldDismiss = { [unowned self] in !vetoed.contains($0) }
            stack.shouldDismiss = { [unowned self] _, reason in !vetoed.contains(reason) }
        }

        func enqueue(_ kind: InputEvent.Kind) {
            sheetInput.enqueue(InputEvent(time: sheetClock.now, kind: kind))
            stackInput.enqueue(InputEvent(time: stackClock.now, kind: kind))
        }

        func advance(by seconds: Double) {
            sheetClock.advance(by: seconds)
            stackClock.advance(by: seconds)
        }
    }

    /// Random drags, touchpad streams, Escape, Tab, programmatic calls and vetoes at 120 Hz:
    /// at every frame the stack's root has the single sheet's state, the same events came in
    /// the same order, and the two ask for their next step at the same time.
    func testAStackOfOneIsTheSingleSheetFrameForFrame() throws {
        // What the runs went through, so that the comparison is known to cover them.
        var seen: Set<String> = []
        for seed in UInt64(1)...40 {
            var random = SplitMix64(seed: seed)
            let pair = Pair()
            var sheetCompletions: [String] = []
            var stackCompletions: [String] = []
            var pressed = false
            for frame in 0..<600 {
                let point = Point(x: 40 + random.unit() * 300, y: 100 + random.unit() * 700)
                switch random.below(40) {
                case 0..<3 where !pressed:
                    pressed = true
                    pair.enqueue(.down(point))
                case 0..<20 where pressed: pair.enqueue(.move(point))
                case 20..<22 where pressed:
                    pressed = false
                    pair.enqueue(.up(point))
                case 22..<26:
                    pair.enqueue(.scroll(dx: 0, dy: random.unit() * 40 - 20, source: .touchpad))
                case 26: pair.enqueue(.scrollStop)
                case 27: pair.enqueue(.key(.escape))
                case 28: pair.enqueue(.key(.tab))
                case 29:
                    let force = random.below(2) == 0
                    pair.sheet.dismiss(force: force) { sheetCompletions.append("dismiss \($0)") }
                    pair.stack.dismiss(force: force) { stackCompletions.append("dismiss \($0)") }
                case 30:
                    pair.sheet.present { sheetCompletions.append("present") }
                    pair.stack.presentRoot { stackCompletions.append("present") }
                case 31:
                    let detent: Detent.ID = random.below(2) == 0 ? .medium : .large
                    pair.sheet.move(to: detent) { sheetCompletions.append("move \($0)") }
                    pair.stack.move(to: detent) { stackCompletions.append("move \($0)") }
                case 32:
                    let reasons: [DismissReason] = [.drag, .flick, .tap, .escape, .programmatic]
                    pair.vetoed = Set(reasons.filter { _ in random.below(3) == 0 })
                default: break
                }
                try pair.sheet.step()
                try pair.stack.step()
                let context = "seed \(seed), frame \(frame)"
                XCTAssertEqual(pair.stack.levelCount, 1, context)
                XCTAssertEqual(pair.stack.state(ofLevel: 0), pair.sheet.state, context)
                XCTAssertEqual(pair.stack.state.top.alpha, pair.sheet.state.alpha, context)
                XCTAssertEqual(pair.stack.nextWakeTime, pair.sheet.nextWakeTime, context)
                XCTAssertEqual(pair.stack.focusedItem, pair.sheet.focusedItem, context)
                XCTAssertEqual(pair.stackLog, pair.sheetLog, context)
                XCTAssertEqual(stackCompletions, sheetCompletions, context)
                if pair.stackLog != pair.sheetLog
                    || pair.stack.state(ofLevel: 0) != pair.sheet.state
                {
                    return
                }
                pair.advance(by: 1.0 / 120)
            }
            XCTAssertEqual(pair.stack.framesRendered, pair.sheet.framesRendered, "seed \(seed)")
            for line in pair.sheetLog + sheetCompletions {
                seen.insert(String(line.prefix { $0 != "(" }))
            }
        }
        for kind in [
            "didDismiss", "dismissAttempted", "superseded", "detentChanged",
            "focusChanged", "dismiss true", "dismiss false", "move true", "move false", "present",
        ] {
            XCTAssertTrue(seen.contains(kind), "no run saw \(kind): \(seen.sorted())")
        }
    }
}
