import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// A stack's levels ask their policies as questions the stack returns, as one machine does.
final class StackPolicyTests: XCTestCase {
    /// Every level is a sheet at 390 x 844 (`medium` at 337.6).
    private struct Sheets: StackEnvironment {
        let sheet = PresenterEnvironment(
            presenter: SheetPresenter(), direction: .down, viewport: Size(width: 390, height: 844))

        func environment(forLevel level: Int) -> PresenterEnvironment { sheet }

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

    /// Two sheets at rest, both asking their policies.
    private func twoSheets() -> SheetStack {
        var stack = SheetStack(root: sheets.machine(presented: true, policy: .ask))
        stack.push(
            sheets.machine(presented: false, policy: .ask), animated: false, environment: sheets)
        stack.clearEffects()
        return stack
    }

    private func events(_ stack: SheetStack) -> [String] {
        stack.effects.compactMap { effect in
            switch effect {
            case .level(let level, .notify(.didDismiss)): "\(level) didDismiss"
            case .level(let level, .notify(.phaseChanged(_, let to, _))): "\(level) \(to)"
            case .level(let level, .notify(.dismissAttempted(let reason))): "\(level) \(reason)"
            case .level(let level, .decide(let reason)): "\(level) decide \(reason)"
            default: nil
            }
        }
    }

    func testDismissingALowerLevelAsksBeforeAnythingMovesThenEndsTheLevelsAboveFirst() {
        var stack = twoSheets()
        stack.dismiss(level: 0, request: 1, environment: sheets)
        XCTAssertEqual(stack.pendingDecision?.level, 0)
        XCTAssertEqual(stack.pendingDecision?.reason, .programmatic)
        XCTAssertEqual(events(stack), ["0 decide programmatic"])
        XCTAssertEqual(stack.depth, 2, "nothing moved before the answer")

        var refused = stack
        refused.clearEffects()
        refused.decide(false, environment: sheets)
        XCTAssertEqual(events(refused), ["0 programmatic"])
        XCTAssertEqual(refused.depth, 2)
        XCTAssertTrue(refused.effects.contains(.level(0, .complete(request: 1, succeeded: false))))

        stack.clearEffects()
        stack.decide(true, environment: sheets)
        XCTAssertNil(stack.pendingDecision)
        XCTAssertEqual(events(stack), ["1 dismissed", "1 didDismiss", "0 dismissing"])
    }

    func testEscapeOnTheTopSheetStopsTheStackUntilTheAnswer() {
        var stack = twoSheets()
        stack.handle(InputEvent(time: 0.5, kind: .key(.escape)), environment: sheets)
        XCTAssertEqual(stack.pendingDecision?.level, 1)
        XCTAssertEqual(stack.pendingDecision?.reason, .escape)
        XCTAssertEqual(events(stack), ["1 decide escape"])
        stack.clearEffects()
        stack.decide(true, environment: sheets)
        XCTAssertEqual(events(stack), ["1 dismissing"])
        XCTAssertEqual(stack.inputLevel, 0, "the sheet below takes the input")
    }

    func testACallInsteadOfAnAnswerSettlesTheQuestionAsDeclined() {
        var stack = twoSheets()
        stack.handle(InputEvent(time: 0.5, kind: .key(.escape)), environment: sheets)
        stack.clearEffects()
        stack.move(level: 1, to: .large, environment: sheets)
        XCTAssertNil(stack.pendingDecision)
        XCTAssertEqual(events(stack), ["1 escape", "1 settling"])
    }
}
