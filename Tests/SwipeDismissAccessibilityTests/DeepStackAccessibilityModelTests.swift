import SwipeDismiss
import SwipeDismissNull
import XCTest

@testable import SwipeDismissAccessibility

/// A screen reader sees the top sheet of a stack of any depth (the model once followed
/// levels 0–63 only: from 65 sheets it described a covered one, and its dismiss took away
/// every sheet above that one).
final class DeepStackAccessibilityModelTests: XCTestCase {
    private static func title(ofLevel level: Int) -> String {
        level == 0 ? "Sheet" : "Sheet \(level + 1)"
    }

    private func deepStack(levels: Int) throws -> (
        SheetStackController, ManualClock, SheetAccessibilityModel
    ) {
        let clock = ManualClock()
        let stack = SheetStackController(
            input: QueuedInputSource(),
            renderer: NullRenderer(viewport: Size(width: 390, height: 844)), clock: clock,
            root: StackLevel(presenter: SheetPresenter(title: "Sheet")))
        let model = SheetAccessibilityModel(source: stack) { level in
            AccessibleSheet(
                presenter: SheetPresenter(title: Self.title(ofLevel: level)), direction: .down)
        }
        for level in 1..<levels {
            stack.present(
                StackLevel(presenter: SheetPresenter(title: Self.title(ofLevel: level))),
                animated: false)
            clock.advance(by: 1.0 / 60)
            _ = try stack.step()
        }
        return (stack, clock, model)
    }

    func testA130SheetStackIsDescribedByItsTopSheet() throws {
        let (stack, _, model) = try deepStack(levels: 130)
        XCTAssertEqual(stack.depth, 130)
        XCTAssertEqual(model.level, 129)
        XCTAssertEqual(model.name, "Sheet 130")
        XCTAssertTrue(model.isShown)
    }

    func testDismissOnAScreenReaderTakesAwayOnlyTheTopOfA100SheetStack() throws {
        let (stack, clock, model) = try deepStack(levels: 100)
        XCTAssertEqual(model.level, 99)
        XCTAssertTrue(model.perform(.dismiss))
        for _ in 0..<120 {
            clock.advance(by: 1.0 / 60)
            _ = try stack.step()
        }
        XCTAssertEqual(stack.depth, 99)
        XCTAssertEqual(model.level, 98)
        XCTAssertEqual(model.name, "Sheet 99")
        XCTAssertTrue(model.isShown)
    }

    func testAModelBuiltOverADeepStackStartsOnItsTop() throws {
        let (stack, _, _) = try deepStack(levels: 70)
        let model = SheetAccessibilityModel(source: stack) { level in
            AccessibleSheet(
                presenter: SheetPresenter(title: Self.title(ofLevel: level)), direction: .down)
        }
        XCTAssertEqual(model.level, 69)
        XCTAssertEqual(model.name, "Sheet 70")
    }

    func testTheLevelSetKeepsLevelsPastOneWordAndDropsEmptyWords() {
        var set = LevelSet()
        XCTAssertNil(set.top)
        set.insert(3)
        set.insert(200)
        XCTAssertEqual(set.top, 200)
        XCTAssertTrue(set.contains(200))
        XCTAssertFalse(set.contains(199))
        set.remove(200)
        XCTAssertEqual(set.top, 3)
        var other = LevelSet()
        other.insert(3)
        XCTAssertEqual(set, other, "a removed high level leaves no trailing empty words")
        set.remove(3)
        XCTAssertTrue(set.isEmpty)
    }
}

/// A source that claims a sheet at every level, and events for absurd levels.
private final class EndlessSource: AccessibleSheetSource {
    var observer: ((Int, DismissEvent) -> Void)?
    /// Lends its observation token (a source hands one out).
    private let anyController = DismissController(
        input: QueuedInputSource(), presenter: CardPresenter(),
        renderer: NullRenderer(viewport: Size(width: 390, height: 844)), clock: ManualClock(),
        configuration: .fluid)
    var accessibleViewport: Size { Size(width: 390, height: 844) }
    func accessibleState(ofLevel level: Int) -> DismissState? {
        level < 0
            ? nil : DismissState(time: 0, offset: 0, alpha: 0.3, progress: 0, phase: .presented)
    }
    func accessibleLayout(ofLevel level: Int) -> DetentLayout? { nil }
    func accessibleDismiss(level: Int) {}
    func accessibleMove(level: Int, to detent: Detent.ID) {}
    func addAccessibleObserver(_ observer: @escaping (Int, DismissEvent) -> Void)
        -> DismissObservation
    {
        self.observer = observer
        return anyController.addObserver { _ in }
    }
}

final class EndlessSourceAccessibilityModelTests: XCTestCase {
    func testASourceWithoutEndIsFollowedUpToTheLimitAndAbsurdLevelsAreIgnored() {
        let source = EndlessSource()
        let model = SheetAccessibilityModel(source: source) { _ in
            AccessibleSheet(name: "Sheet") { Rect(x: 0, y: 0, width: $0.width, height: $0.height) }
        }
        XCTAssertEqual(model.level, SheetAccessibilityModel.levelLimit - 1)
        let gone = DismissState(time: 0, offset: 844, alpha: 0, progress: 1, phase: .dismissed)
        source.observer?(.max, .didDismiss(gone))
        source.observer?(SheetAccessibilityModel.levelLimit, .didDismiss(gone))
        XCTAssertEqual(model.level, SheetAccessibilityModel.levelLimit - 1)
    }
}
