import RawCairoBaseline
import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissAccessibility

/// The accessible view of a sheet, driven by a controller on a manual clock (no bus).
final class SheetAccessibilityModelTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    private func sheet(moves: Bool = true) -> (
        DismissController, ManualClock, QueuedInputSource, SheetAccessibilityModel
    ) {
        let clock = ManualClock()
        let input = QueuedInputSource()
        let controller = DismissController(
            input: input, presenter: SheetPresenter(), renderer: NullRenderer(viewport: viewport),
            clock: clock, configuration: .sheet())
        let model = SheetAccessibilityModel(controller: controller)
        if !moves { model.moveToDetent = nil }
        return (controller, clock, input, model)
    }

    private func run(_ controller: DismissController, _ clock: ManualClock, seconds: Double) throws
    {
        try controller.stepFrames(Int(seconds * 60), on: clock)
    }

    func testASheetAtMediumIsShownNamedSheetExpandableAndCollapsed() {
        let (_, _, _, model) = sheet()
        XCTAssertEqual(model.name, "Sheet")
        XCTAssertTrue(model.isShown)
        XCTAssertTrue(model.isExpandable)
        XCTAssertFalse(model.isExpanded)
        XCTAssertTrue(model.isFocused)
        XCTAssertEqual(model.actions, [.dismiss, .expand, .collapse])
        // medium: the sheet's top at 50 % of 844 pt, clipped to the viewport below it.
        XCTAssertEqual(model.frame, Rect(x: 0, y: 422, width: 390, height: 422))
    }

    func testWithoutAWayToMoveBetweenDetentsOnlyDismissIsOffered() {
        let (_, _, _, model) = sheet(moves: false)
        model.moveToDetent = nil
        XCTAssertEqual(model.actions, [.dismiss])
        XCTAssertFalse(model.perform(.expand))
    }

    func testTheCardIsNamedCardAndHasOneDetent() {
        let controller = DismissController(
            input: QueuedInputSource(), presenter: CardPresenter(),
            renderer: NullRenderer(viewport: viewport), clock: ManualClock())
        let model = SheetAccessibilityModel(controller: controller)
        model.moveToDetent = { _ in true }
        XCTAssertEqual(model.name, "Card")
        XCTAssertFalse(model.isExpandable)
        XCTAssertEqual(model.actions, [.dismiss])
        // The card's top at 42 % of 844 pt (354.48, rounded to 354).
        XCTAssertEqual(model.frame, Rect(x: 0, y: 354, width: 390, height: 490))
    }

    func testDismissGoesThroughThePolicyAndReportsFocusThenShowing() throws {
        let (controller, clock, _, model) = sheet()
        var changes: [AccessibleSheetChange] = []
        model.onChange = { changes.append($0) }
        XCTAssertTrue(model.perform(.dismiss))
        try run(controller, clock, seconds: 2)
        XCTAssertEqual(controller.state.phase, .dismissed)
        XCTAssertFalse(model.isShown)
        // Row 1 had the keyboard focus; it leaves with the sheet, before the dialog does.
        XCTAssertEqual(changes, [.itemFocused(0, false), .focused(false), .shown(false)])
        XCTAssertEqual(model.frame.height, 0)
        XCTAssertFalse(model.perform(.dismiss), "nothing to dismiss any more")

        controller.present()
        try run(controller, clock, seconds: 2)
        XCTAssertEqual(
            changes,
            [
                .itemFocused(0, false), .focused(false), .shown(false), .shown(true),
                .focused(true),
                .itemFocused(0, true),
            ])
    }

    func testAVetoedDismissRaisesDismissAttemptedAndKeepsTheSheet() throws {
        let (controller, clock, _, model) = sheet()
        controller.shouldDismiss = { _ in false }
        var attempts: [DismissReason] = []
        controller.addObserver {
            if case .dismissAttempted(let reason) = $0 { attempts.append(reason) }
        }
        var changes: [AccessibleSheetChange] = []
        model.onChange = { changes.append($0) }
        XCTAssertTrue(model.perform(.dismiss))
        try run(controller, clock, seconds: 1)
        XCTAssertEqual(attempts, [.programmatic])
        XCTAssertTrue(model.isShown)
        XCTAssertEqual(changes, [])
    }

    func testExpandAsksForTheNextDetentUpAndCollapseTheNextDown() {
        let (_, _, _, model) = sheet(moves: false)
        var asked: [String] = []
        model.moveToDetent = {
            asked.append($0)
            return true
        }
        XCTAssertTrue(model.perform(.expand))
        XCTAssertFalse(model.perform(.collapse), "medium is the lowest resting detent")
        XCTAssertEqual(asked, ["large"])
    }

    func testExpandAndCollapseMoveTheControllerBetweenMediumAndLarge() throws {
        let (controller, clock, _, model) = sheet()
        var changes: [AccessibleSheetChange] = []
        model.onChange = { changes.append($0) }
        XCTAssertTrue(model.perform(.expand))
        XCTAssertEqual(controller.state.phase, .settling)
        try run(controller, clock, seconds: 2)
        XCTAssertEqual(controller.state.detent, .large)
        XCTAssertEqual(controller.state.offset, 0, accuracy: 0.5)
        XCTAssertFalse(model.perform(.expand), "large is the top detent")
        XCTAssertTrue(model.perform(.collapse))
        try run(controller, clock, seconds: 2)
        XCTAssertEqual(controller.state.detent, .medium)
        XCTAssertEqual(changes, [.expanded(true), .expanded(false)])
    }

    func testComingToRestAtLargeReportsExpanded() throws {
        let (controller, clock, input, model) = sheet()
        var changes: [AccessibleSheetChange] = []
        model.onChange = { changes.append($0) }
        // A drag from medium (422) up by 300 pt, released still: nearest is large (84.4).
        input.enqueue(InputEvent(time: 0.01, kind: .down(Point(x: 195, y: 450))))
        for step in 1...30 {
            input.enqueue(
                InputEvent(
                    time: 0.01 + Double(step) / 60,
                    kind: .move(Point(x: 195, y: 450 - Double(step) * 10))))
        }
        input.enqueue(InputEvent(time: 0.6, kind: .up(Point(x: 195, y: 150))))
        input.enqueue(InputEvent(time: 0.61, kind: .up(Point(x: 195, y: 150))))
        try run(controller, clock, seconds: 3)
        XCTAssertEqual(controller.state.detent, "large")
        XCTAssertTrue(model.isExpanded)
        XCTAssertEqual(changes, [.expanded(true)])
    }

    func testALosingWindowTakesFocusFromTheShownSheet() {
        let (_, _, _, model) = sheet()
        var changes: [AccessibleSheetChange] = []
        model.onChange = { changes.append($0) }
        model.windowIsActive = false
        XCTAssertFalse(model.isFocused)
        model.windowIsActive = true
        XCTAssertEqual(changes, [.focused(false), .focused(true)])
    }

    /// Allocations in 120 steady drag frames of a sheet controller, with or without the
    /// accessibility model and bridge observing it.
    private func dragAllocations(observed: Bool) throws -> Int {
        let clock = ManualClock()
        let input = QueuedInputSource()
        let controller = DismissController(
            input: input, presenter: SheetPresenter(),
            renderer: StateRecorder(viewport: viewport, keepsStates: false),
            clock: clock, configuration: .sheet())
        var bridge: AccessibilityBridge?
        if observed {
            bridge = AccessibilityBridge(
                model: SheetAccessibilityModel(controller: controller), applicationName: "test",
                windowTitle: "test")
            XCTAssertEqual(bridge?.start(sessionBusAddress: nil), false)
        }
        var y = 500.0
        func frame() throws {
            clock.advance(by: 1.0 / 120)
            y += 2
            input.enqueue(InputEvent(time: clock.now, kind: .move(Point(x: 195, y: y))))
            try controller.step()
        }
        input.enqueue(InputEvent(time: 0, kind: .down(Point(x: 195, y: y))))
        for _ in 0..<20 { try frame() }
        raw_alloc_counter_start()
        for _ in 0..<120 { try frame() }
        let count = raw_alloc_counter_stop()
        XCTAssertEqual(controller.state.phase, .dragging)
        withExtendedLifetime(bridge) {}
        return count
    }

    func testASteadyDragAllocatesNoMoreWithTheModelAndBridgeAttached() throws {
        if raw_alloc_counter_available() == 0 {
            throw XCTSkip("allocation counting is off under AddressSanitizer")
        }
        // The counter is process-wide: a thread left by an earlier test can allocate during
        // a measurement, so each figure is the least of three runs.
        let plain = try (0..<3).map { _ in try dragAllocations(observed: false) }.min() ?? -1
        let observed = try (0..<3).map { _ in try dragAllocations(observed: true) }.min() ?? -1
        print("allocations in 120 drag frames: \(plain) plain, \(observed) observed")
        XCTAssertEqual(observed, plain)
    }
}
