import SwipeDismiss
import SwipeDismissNull
import XCTest

/// DESIGN §4c "Keyboard in a sheet": focus over a sheet's items, Tab trapped in the sheet,
/// Enter and Space activating, Ctrl+Up / Ctrl+Down between detents, back keys through the
/// veto with reason `back`, focus back where it was after a dismissal, on both drivers.
final class KeyboardInSheetTests: XCTestCase {
    /// A sheet controller at 390 x 844 with the given bindings; its events and policy asks.
    private final class Sheet {
        let clock = ManualClock()
        let input = QueuedInputSource()
        let renderer = NullRenderer()
        let presenter: SheetPresenter
        let controller: DismissController
        var events: [DismissEvent] = []
        var asked: [DismissReason] = []
        var allows = true

        init(
            bindings: KeyBindings = .standard, presented: Bool = true,
            presenter: SheetPresenter = SheetPresenter(),
            configuration: DismissConfiguration = .sheet()
        ) {
            self.presenter = presenter
            controller = DismissController(
                input: input, presenter: presenter, renderer: renderer, clock: clock,
                configuration: configuration, presented: presented)
            controller.keyBindings = bindings
            controller.addObserver { [unowned self] in self.events.append($0) }
            controller.shouldDismiss = { [unowned self] reason in
                self.asked.append(reason)
                return self.allows
            }
        }

        /// Presses `key` now.
        func press(_ key: Key) {
            controller.handle(InputEvent(time: clock.now, kind: .key(key)))
        }

        /// Steps frames of 1/60 s for `seconds`.
        func run(_ seconds: Double) throws {
            let frames = Int((seconds * 60).rounded())
            for _ in 0..<frames {
                clock.advance(by: 1.0 / 60)
                try controller.step()
            }
        }

        var focusEvents: [String?] {
            events.compactMap {
                if case .focusChanged(let item) = $0 { return .some(item) }
                return nil
            }
        }

        var taps: [DismissEvent] {
            events.filter {
                if case .contentTapped = $0 { return true }
                return false
            }
        }
    }

    // MARK: Focus

    func testFocusStartsOnTheFirstRowOfAPresentedSheet() {
        let sheet = Sheet()
        XCTAssertEqual(sheet.controller.focusedItem, "row-1")
        XCTAssertTrue(sheet.events.isEmpty)
    }

    func testASheetThatStartsDismissedHasNoFocusUntilItPresents() throws {
        let sheet = Sheet(presented: false)
        XCTAssertNil(sheet.controller.focusedItem)
        sheet.controller.present()
        XCTAssertEqual(sheet.controller.focusedItem, "row-1")
        XCTAssertEqual(sheet.focusEvents, ["row-1"])
    }

    func testTabMovesThroughTheRowsInOrderAndReportsEachChange() {
        let sheet = Sheet()
        for _ in 0..<3 { sheet.press(.tab) }
        XCTAssertEqual(sheet.controller.focusedItem, "row-4")
        XCTAssertEqual(sheet.focusEvents, ["row-2", "row-3", "row-4"])
    }

    func testTabAndShiftTabWrapAndNeverLeaveTheSheet() {
        let sheet = Sheet()
        sheet.press(.shiftTab)
        XCTAssertEqual(sheet.controller.focusedItem, "row-60")
        sheet.press(.tab)
        XCTAssertEqual(sheet.controller.focusedItem, "row-1")
        for _ in 0..<60 { sheet.press(.tab) }
        XCTAssertEqual(sheet.controller.focusedItem, "row-1")
        XCTAssertEqual(sheet.focusEvents.count, 62)
        XCTAssertEqual(sheet.controller.state.phase, .presented)
    }

    func testFocusGoesBackToTheAppAfterADismissalAndStartsOverOnTheNextPresentation() throws {
        let sheet = Sheet()
        sheet.press(.tab)
        sheet.press(.escape)
        XCTAssertNil(sheet.controller.focusedItem)
        XCTAssertEqual(sheet.focusEvents, ["row-2", nil])
        try sheet.run(1.5)
        XCTAssertEqual(sheet.controller.state.phase, .dismissed)
        sheet.press(.tab)
        XCTAssertEqual(sheet.focusEvents, ["row-2", nil], "Tab with no sheet moves nothing")
        sheet.controller.present()
        XCTAssertEqual(sheet.controller.focusedItem, "row-1")
        XCTAssertEqual(sheet.focusEvents, ["row-2", nil, "row-1"])
    }

    func testAContentWithoutItemsHasNoFocus() {
        let clock = ManualClock()
        let controller = DismissController(
            input: QueuedInputSource(), presenter: CardPresenter(), renderer: NullRenderer(),
            clock: clock)
        var events: [DismissEvent] = []
        controller.addObserver { events.append($0) }
        controller.handle(InputEvent(time: 0, kind: .key(.tab)))
        controller.handle(InputEvent(time: 0, kind: .key(.enter)))
        XCTAssertNil(controller.focusedItem)
        XCTAssertTrue(events.isEmpty)
    }

    // MARK: Activation

    func testEnterAndSpaceActivateTheFocusedRowAtItsCentre() {
        let sheet = Sheet()
        sheet.press(.tab)
        sheet.press(.tab)
        sheet.press(.enter)
        sheet.press(.space)
        // Row 3 at `medium`: the sheet's top at 422, the 56 pt header, two 44 pt rows above.
        let centre = Point(x: 195, y: 588)
        XCTAssertEqual(
            sheet.taps,
            [
                .contentTapped(item: "row-3", point: centre),
                .contentTapped(item: "row-3", point: centre),
            ])
        XCTAssertEqual(sheet.controller.state.phase, .presented)
    }

    func testInTheToolsSpacePresentsAndEnterActivatesOnlyWithAFocusedItem() throws {
        let sheet = Sheet(bindings: .tools)
        sheet.press(.space)
        XCTAssertTrue(sheet.taps.isEmpty, "Space keeps presenting in the tools")
        sheet.press(.enter)
        XCTAssertEqual(sheet.taps, [.contentTapped(item: "row-1", point: Point(x: 195, y: 500))])
        sheet.press(.escape)
        try sheet.run(1.5)
        XCTAssertEqual(sheet.controller.state.phase, .dismissed)
        sheet.press(.enter)
        XCTAssertEqual(sheet.controller.state.phase, .presenting, "no focus: Enter presents")
        XCTAssertEqual(sheet.taps.count, 1)
    }

    func testTheStandardBindingsNeverPresentOnAKey() throws {
        let sheet = Sheet(presented: false)
        for key in [Key.enter, .space, .tab, .shiftTab, .controlUp, .back] { sheet.press(key) }
        XCTAssertEqual(sheet.controller.state.phase, .dismissed)
        XCTAssertTrue(sheet.events.isEmpty)
    }

    func testAnAppCanRemoveABinding() {
        let sheet = Sheet()
        sheet.controller.keyBindings.intents[.tab] = nil
        sheet.controller.keyBindings.intents[.enter] = nil
        sheet.press(.tab)
        sheet.press(.enter)
        XCTAssertEqual(sheet.controller.focusedItem, "row-1")
        XCTAssertTrue(sheet.events.isEmpty)
    }

    // MARK: Detents

    func testControlUpGoesFromMediumToLargeAndControlDownBack() throws {
        let sheet = Sheet()
        sheet.press(.tab)
        sheet.press(.controlUp)
        XCTAssertEqual(sheet.controller.state.phase, .settling)
        try sheet.run(1.5)
        XCTAssertEqual(sheet.controller.state.detent, .large)
        XCTAssertEqual(sheet.controller.state.offset, 0, accuracy: 1e-9)
        sheet.press(.controlUp)
        XCTAssertEqual(sheet.controller.state.phase, .presented, "nothing above large")
        sheet.press(.controlDown)
        try sheet.run(1.5)
        XCTAssertEqual(sheet.controller.state.detent, .medium)
        XCTAssertEqual(sheet.controller.state.offset, 337.6, accuracy: 1e-9)
        XCTAssertTrue(
            sheet.events.contains(.detentChanged(from: .medium, to: .large))
                && sheet.events.contains(.detentChanged(from: .large, to: .medium)))
        XCTAssertEqual(sheet.controller.focusedItem, "row-2", "the detent keys keep the focus")
    }

    func testControlDownAtTheLowestDetentNeverDismisses() throws {
        let sheet = Sheet()
        sheet.press(.controlDown)
        try sheet.run(1)
        XCTAssertEqual(sheet.controller.state.phase, .presented)
        XCTAssertEqual(sheet.controller.state.detent, .medium)
        XCTAssertTrue(sheet.asked.isEmpty)
        XCTAssertTrue(sheet.events.isEmpty)
    }

    // MARK: Back

    func testBackDismissesThroughThePolicyWithReasonBack() throws {
        let sheet = Sheet()
        sheet.press(.tab)
        sheet.press(.back)
        XCTAssertEqual(sheet.asked, [.back])
        XCTAssertEqual(sheet.controller.state.phase, .dismissing)
        try sheet.run(1.5)
        XCTAssertEqual(sheet.controller.state.phase, .dismissed)
    }

    func testAVetoedBackIsReportedAsAnAttemptWithReasonBack() {
        let sheet = Sheet()
        sheet.allows = false
        sheet.press(.back)
        XCTAssertEqual(sheet.asked, [.back])
        XCTAssertTrue(sheet.events.contains(.dismissAttempted(.back)))
        XCTAssertEqual(sheet.controller.state.phase, .presented)
        XCTAssertEqual(sheet.controller.focusedItem, "row-1")
    }

    func testBackIsNotEscapeAndEscapeDismissesTurnedOffLeavesBack() throws {
        var configuration = DismissConfiguration.sheet()
        configuration.escapeDismisses = false
        let clock = ManualClock()
        let controller = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(), renderer: NullRenderer(),
            clock: clock, configuration: configuration)
        controller.handle(InputEvent(time: 0, kind: .key(.escape)))
        XCTAssertEqual(controller.state.phase, .presented)
        controller.handle(InputEvent(time: 0, kind: .key(.back)))
        XCTAssertEqual(controller.state.phase, .dismissing)
    }

    // MARK: The ring

    func testTheRingShowsAfterAFocusKeyAndHidesOnAPress() throws {
        let sheet = Sheet()
        try sheet.run(0.1)
        let plain = try XCTUnwrap(sheet.renderer.frames.last).itemCount
        XCTAssertNil(sheet.presenter.focusRingRow, "no ring before a key")
        sheet.press(.tab)
        try sheet.run(0.1)
        XCTAssertEqual(sheet.presenter.focusRingRow, 1)
        XCTAssertEqual(try XCTUnwrap(sheet.renderer.frames.last).itemCount, plain + 4)
        sheet.input.enqueue(InputEvent(time: sheet.clock.now, kind: .down(Point(x: 195, y: 600))))
        sheet.input.enqueue(InputEvent(time: sheet.clock.now, kind: .up(Point(x: 195, y: 600))))
        try sheet.run(0.1)
        XCTAssertNil(sheet.presenter.focusRingRow)
        XCTAssertEqual(try XCTUnwrap(sheet.renderer.frames.last).itemCount, plain)
        XCTAssertEqual(sheet.controller.focusedItem, "row-2", "a press hides the ring only")
    }

    func testTheRingIsFourTwoPointBarsInsetInTheRow() throws {
        let presenter = SheetPresenter()
        let viewport = Size(width: 390, height: 844)
        let state = DismissState(
            time: 0, offset: 337.6, alpha: 0.3, progress: 0, phase: .presented)
        var scene = presenter.makeScene(viewport: viewport)
        presenter.update(&scene, for: state, direction: .down)
        let untouched = scene
        presenter.showFocusRing(onItem: 2)
        presenter.update(&scene, for: state, direction: .down)
        let items = try XCTUnwrap(scene.layers.first { $0.role == .content }?.clipGroup?.items)
        // Row 3 in content coordinates: the sheet's top at 84.4, the header, two rows: 228.4
        // to 272.4. The ring's box: 4 pt in from the sides, 2 pt from the top and bottom.
        let expected = [
            Rect(x: 4, y: 230.4, width: 382, height: 2),
            Rect(x: 4, y: 268.4, width: 382, height: 2),
            Rect(x: 4, y: 232.4, width: 2, height: 36),
            Rect(x: 384, y: 232.4, width: 2, height: 36),
        ]
        XCTAssertEqual(items.count, 2 * 60 + 4)
        for (item, rect) in zip(items.suffix(4), expected) {
            guard case .rect(let drawn, let fill) = item else { return XCTFail("\(item)") }
            XCTAssertEqual(fill, SheetPresenter.focusRingColor)
            for (a, b) in [
                (drawn.minX, rect.minX), (drawn.minY, rect.minY), (drawn.width, rect.width),
                (drawn.height, rect.height),
            ] {
                XCTAssertEqual(a, b, accuracy: 1e-9)
            }
        }
        presenter.showFocusRing(onItem: nil)
        presenter.update(&scene, for: state, direction: .down)
        XCTAssertEqual(scene, untouched, "without a ring the scene is the one it always was")
    }

    func testRowFramesOnScreenFollowTheSheetAndTheList() throws {
        let presenter = SheetPresenter()
        let state = DismissState(
            time: 0, offset: 0, alpha: 0.3, progress: 0, phase: .presented, scroll: 100)
        let frame = try XCTUnwrap(
            presenter.focusableItemFrame(
                at: 4, state: state, direction: .down, viewport: Size(width: 390, height: 844)))
        XCTAssertEqual(frame, Rect(x: 0, y: 84.4 + 56 + 4 * 44 - 100, width: 390, height: 44))
        XCTAssertEqual(presenter.focusableItemTitle(at: 4), "Row 5")
        XCTAssertEqual(presenter.focusableItemCount, 60)
    }

    // MARK: Scrolling to the focus

    /// A sheet presented at `large`, where its list scrolls.
    private func sheetAtLarge() -> Sheet {
        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = .large
        return Sheet(configuration: configuration)
    }

    func testAtLargeTheListScrollsTheLeastThatShowsTheFocusedRow() {
        let sheet = sheetAtLarge()
        // The list shows 844 − (84.4 + 56) = 703.6 pt: Row 16 (660…704) is 0.4 pt out of sight.
        for _ in 0..<14 { sheet.press(.tab) }
        XCTAssertEqual(sheet.controller.focusedItem, "row-15")
        XCTAssertEqual(sheet.controller.state.scroll, 0)
        sheet.press(.tab)
        XCTAssertEqual(sheet.controller.focusedItem, "row-16")
        XCTAssertEqual(sheet.controller.state.scroll, 0.4, accuracy: 1e-9)
        // Wrapping back to Row 1 shows the list's top; Shift+Tab to Row 60 its end.
        sheet.press(.shiftTab)
        XCTAssertEqual(sheet.controller.state.scroll, 0.4, accuracy: 1e-9, "Row 15 shows")
        for _ in 0..<14 { sheet.press(.shiftTab) }
        XCTAssertEqual(sheet.controller.focusedItem, "row-1")
        XCTAssertEqual(sheet.controller.state.scroll, 0, accuracy: 1e-9)
        sheet.press(.shiftTab)
        XCTAssertEqual(sheet.controller.focusedItem, "row-60")
        XCTAssertEqual(sheet.controller.state.scroll, 2640 - 703.6, accuracy: 1e-9)
        sheet.press(.tab)
        XCTAssertEqual(sheet.controller.state.scroll, 0, accuracy: 1e-9)
        XCTAssertEqual(sheet.controller.state.phase, .presented)
    }

    func testBelowTheTopDetentTheListNeverScrolls() {
        let sheet = Sheet()
        for _ in 0..<20 { sheet.press(.tab) }
        XCTAssertEqual(sheet.controller.focusedItem, "row-21")
        XCTAssertEqual(sheet.controller.state.scroll, 0)
        XCTAssertEqual(sheet.controller.state.detent, .medium)
    }

    func testAStackScrollsTheTopSheetsListToItsFocusedRow() throws {
        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = .large
        let controller = SheetStackController(
            input: QueuedInputSource(), renderer: NullRenderer(), clock: ManualClock(),
            root: StackLevel(configuration: configuration, presenter: SheetPresenter()))
        controller.handle(InputEvent(time: 0, kind: .key(.shiftTab)))
        XCTAssertEqual(controller.focusedItem, "row-60")
        XCTAssertEqual(
            try XCTUnwrap(controller.state(ofLevel: 0)).scroll, 2640 - 703.6, accuracy: 1e-9)
    }

    // MARK: Stacks

    private final class Stack {
        let clock = ManualClock()
        let controller: SheetStackController
        var events: [StackEvent] = []
        var asked: [(Int, DismissReason)] = []

        init() {
            controller = SheetStackController(
                input: QueuedInputSource(), renderer: NullRenderer(), clock: clock,
                root: StackLevel(configuration: .sheet(), presenter: SheetPresenter()))
            controller.keyBindings = .tools
            controller.nextLevel = { level in
                StackLevel(
                    configuration: .sheet(),
                    presenter: SheetPresenter(
                        title: "Sheet \(level + 1)",
                        rows: [
                            .init(id: "send", title: "Send"), .init(id: "cancel", title: "Cancel"),
                        ]))
            }
            controller.addObserver { [unowned self] in self.events.append($0) }
            controller.shouldDismiss = { [unowned self] level, reason in
                self.asked.append((level, reason))
                return true
            }
        }

        func press(_ key: Key) {
            controller.handle(InputEvent(time: clock.now, kind: .key(key)))
        }

        func run(_ seconds: Double) throws {
            for _ in 0..<Int((seconds * 60).rounded()) {
                clock.advance(by: 1.0 / 60)
                try controller.step()
            }
        }

        var focusEvents: [String?] {
            events.compactMap {
                if case .focusChanged(let item) = $0.event { return .some(item) }
                return nil
            }
        }
    }

    func testAStackFocusesTheNewTopAndReturnsToTheParentsItemWhenItLeaves() throws {
        let stack = Stack()
        XCTAssertEqual(stack.controller.focusedItem, "row-1")
        stack.press(.tab)
        stack.press(.tab)
        stack.press(.space)
        XCTAssertEqual(stack.controller.focusedItem, "send")
        stack.press(.tab)
        stack.press(.tab)
        XCTAssertEqual(stack.controller.focusedItem, "send", "two items: Tab wraps")
        stack.press(.shiftTab)
        XCTAssertEqual(stack.controller.focusedItem, "cancel")
        try stack.run(1)
        stack.press(.back)
        XCTAssertEqual(stack.asked.map(\.0), [1])
        XCTAssertEqual(stack.asked.map(\.1), [.back])
        XCTAssertEqual(stack.controller.focusedItem, "row-3")
        XCTAssertEqual(
            stack.focusEvents, ["row-2", "row-3", "send", "cancel", "send", "cancel", "row-3"])
        try stack.run(1.5)
        XCTAssertEqual(stack.controller.depth, 1)
    }

    func testEnterInAStackActivatesTheTopSheetsFocusedItem() throws {
        let stack = Stack()
        stack.press(.space)
        try stack.run(1)
        stack.press(.tab)
        stack.press(.enter)
        let taps = stack.events.filter {
            if case .contentTapped = $0.event { return true }
            return false
        }
        XCTAssertEqual(taps.count, 1)
        XCTAssertEqual(taps.first?.level, 1)
        XCTAssertEqual(
            taps.first?.event, .contentTapped(item: "cancel", point: Point(x: 195, y: 544)))
        XCTAssertEqual(stack.controller.depth, 2, "Enter with a focused item presents nothing")
    }

    func testControlUpInAStackMovesTheTopSheetOnly() throws {
        let stack = Stack()
        stack.press(.space)
        try stack.run(1)
        stack.press(.controlUp)
        try stack.run(1.5)
        XCTAssertEqual(stack.controller.state(ofLevel: 1)?.detent, .large)
        XCTAssertEqual(stack.controller.state(ofLevel: 0)?.detent, .medium)
    }
}
