import SwipeDismiss
import SwipeDismissNull
import XCTest

@testable import SwipeDismissAccessibility

/// The accessible view of a stack of sheets, driven on a manual clock (no bus): one sheet
/// described, the top one, by its level's name; presenting over it or its leaving is told as
/// the old one leaving and the new one appearing.
final class StackAccessibilityModelTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    private static func title(ofLevel level: Int) -> String {
        level == 0 ? "Sheet" : "Sheet \(level + 1)"
    }

    private func stack(confirm: Bool = false) -> (
        SheetStackController, ManualClock, SheetAccessibilityModel
    ) {
        let clock = ManualClock()
        let stack = SheetStackController(
            input: QueuedInputSource(), renderer: NullRenderer(viewport: viewport), clock: clock,
            root: StackLevel(presenter: SheetPresenter(title: "Sheet")))
        if confirm { stack.shouldDismiss = { _, _ in false } }
        let model = SheetAccessibilityModel(source: stack) { level in
            AccessibleSheet(
                presenter: SheetPresenter(title: Self.title(ofLevel: level)), direction: .down)
        }
        return (stack, clock, model)
    }

    private func present(_ stack: SheetStackController, level: Int) {
        stack.present(StackLevel(presenter: SheetPresenter(title: Self.title(ofLevel: level))))
    }

    /// "level name shown|hidden".
    private func described(_ model: SheetAccessibilityModel) -> String {
        "\(model.level) \(model.name) \(model.isShown ? "shown" : "hidden")"
    }

    private func run(_ stack: SheetStackController, _ clock: ManualClock, seconds: Double) throws {
        for _ in 0..<Int(seconds * 60) {
            clock.advance(by: 1.0 / 60)
            _ = try stack.step()
        }
    }

    func testTheRootSheetIsDescribedAtItsMediumDetent() {
        let (_, _, model) = stack()
        XCTAssertEqual(model.level, 0)
        XCTAssertEqual(model.name, "Sheet")
        XCTAssertTrue(model.isShown)
        XCTAssertEqual(model.actions, [.dismiss, .expand, .collapse])
        XCTAssertFalse(model.isExpanded)
        XCTAssertEqual(model.frame, Rect(x: 0, y: 422, width: 390, height: 422))
        XCTAssertNil(model.controller, "a stack is not a DismissController")
    }

    func testASheetPresentedOverTheTopReplacesItAndTheOneBelowComesBackWhenItLeaves() throws {
        let (stack, clock, model) = stack()
        var changes: [(AccessibleSheetChange, String)] = []
        model.onChange = { changes.append(($0, model.name)) }
        present(stack, level: 1)
        // The old top leaves the description (still named so), then the new one appears,
        // its first row taking the keyboard focus.
        XCTAssertEqual(
            changes.map(\.0),
            [.focused(false), .shown(false), .shown(true), .focused(true), .itemFocused(0, true)])
        XCTAssertEqual(changes.map(\.1), ["Sheet", "Sheet", "Sheet 2", "Sheet 2", "Sheet 2"])
        XCTAssertEqual(described(model), "1 Sheet 2 shown")
        try run(stack, clock, seconds: 2)
        XCTAssertEqual(stack.state(ofLevel: 1)?.phase, .presented)
        XCTAssertEqual(model.frame, Rect(x: 0, y: 422, width: 390, height: 422))
        present(stack, level: 2)
        try run(stack, clock, seconds: 2)
        XCTAssertEqual(described(model), "2 Sheet 3 shown")

        changes.removeAll()
        XCTAssertTrue(model.perform(.dismiss))
        // While it leaves it is still the one described (as GTK's top dialog stays modal
        // until its sheet is dismissed).
        XCTAssertEqual(stack.state(ofLevel: 2)?.phase, .dismissing)
        XCTAssertEqual(described(model), "2 Sheet 3 shown")
        try run(stack, clock, seconds: 2)
        XCTAssertEqual(stack.depth, 2)
        XCTAssertEqual(
            changes.map(\.0), [.focused(false), .shown(false), .shown(true), .focused(true)])
        XCTAssertEqual(changes.map(\.1), ["Sheet 3", "Sheet 3", "Sheet 2", "Sheet 2"])
        XCTAssertEqual(described(model), "1 Sheet 2 shown")
        XCTAssertEqual(model.frame, Rect(x: 0, y: 422, width: 390, height: 422))
    }

    func testWhenTheLastSheetLeavesNothingIsShown() throws {
        let (stack, clock, model) = stack()
        present(stack, level: 1)
        try run(stack, clock, seconds: 2)
        var changes: [AccessibleSheetChange] = []
        model.onChange = { changes.append($0) }
        XCTAssertTrue(model.perform(.dismiss))
        try run(stack, clock, seconds: 2)
        XCTAssertTrue(model.perform(.dismiss))
        try run(stack, clock, seconds: 2)
        XCTAssertEqual(stack.depth, 0)
        XCTAssertFalse(model.isShown)
        XCTAssertEqual(model.frame.height, 0)
        XCTAssertEqual(
            changes,
            [
                .focused(false), .shown(false), .shown(true), .focused(true),
                .itemFocused(0, false), .focused(false), .shown(false),
            ])
        XCTAssertFalse(model.perform(.dismiss), "nothing to dismiss any more")
        // Presenting the root again describes it again.
        stack.presentRoot()
        try run(stack, clock, seconds: 2)
        XCTAssertEqual(described(model), "0 Sheet shown")
        XCTAssertEqual(changes.suffix(3), [.shown(true), .focused(true), .itemFocused(0, true)])
    }

    func testExpandAndCollapseMoveTheTopSheetOnly() throws {
        let (stack, clock, model) = stack()
        present(stack, level: 1)
        try run(stack, clock, seconds: 2)
        var changes: [AccessibleSheetChange] = []
        model.onChange = { changes.append($0) }
        XCTAssertTrue(model.perform(.expand))
        try run(stack, clock, seconds: 2)
        XCTAssertEqual(stack.state(ofLevel: 1)?.detent, .large)
        XCTAssertEqual(stack.state(ofLevel: 0)?.detent, .medium, "the covered sheet stays")
        XCTAssertTrue(model.isExpanded)
        // large: 10 % of 844 pt down.
        XCTAssertEqual(model.frame.minY, 84.4, accuracy: 1e-9)
        XCTAssertEqual(model.frame.height, 759.6, accuracy: 1e-9)
        XCTAssertTrue(model.perform(.collapse))
        try run(stack, clock, seconds: 2)
        XCTAssertEqual(stack.state(ofLevel: 1)?.detent, .medium)
        XCTAssertEqual(changes, [.expanded(true), .expanded(false)])
    }

    func testAVetoedDismissKeepsTheTopSheetDescribed() throws {
        let (stack, clock, model) = stack(confirm: true)
        present(stack, level: 1)
        try run(stack, clock, seconds: 2)
        var attempts: [Int] = []
        stack.addObserver {
            if case .dismissAttempted = $0.event { attempts.append($0.level) }
        }
        var changes: [AccessibleSheetChange] = []
        model.onChange = { changes.append($0) }
        XCTAssertTrue(model.perform(.dismiss))
        try run(stack, clock, seconds: 1)
        XCTAssertEqual(attempts, [1], "the top sheet's veto was asked")
        XCTAssertEqual(stack.depth, 2)
        XCTAssertEqual(described(model), "1 Sheet 2 shown")
        XCTAssertEqual(changes, [])
    }
}
