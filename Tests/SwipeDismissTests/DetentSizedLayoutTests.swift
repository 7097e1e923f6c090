import SwipeDismiss
import SwipeDismissNull
import XCTest

/// Detent-sized layout, the footer and content that scrolls first (DESIGN §4c, issue 38),
/// through the controller, the null renderer and a manual clock.
///
/// In the 390 × 844 viewport the sheet's top is at 84.4 at `large` (offset 0) and 422 at
/// `medium` (offset 337.6). Resized with a footer, the list starts 56 pt below the sheet's
/// top and ends at the footer's top, 788: at `medium` it shows 310 of its 2640 pt, so it
/// scrolls at most 2330; at `large` it shows 647.6 (at most 1992.4).
final class DetentSizedLayoutTests: XCTestCase {
    private static let viewport = Size(width: 390, height: 844)
    /// On the list with the sheet at `medium` (the list runs from 478 to 788).
    private static let onListAtMedium = Point(x: 195, y: 600)
    /// On the header with the sheet at `medium` (422 to 478).
    private static let onHeaderAtMedium = Point(x: 195, y: 450)
    /// The footer's "Done" button (788 to 844, the button 796 to 836).
    private static let onDone = Point(x: 195, y: 816)

    private func sheet(
        _ layout: SheetLayout = .resize, footer: Bool = true,
        interaction: ContentInteraction = .handOff, scroll: Double = 0
    ) -> SheetHarness {
        var configuration = DismissConfiguration.sheet()
        configuration.contentInteraction = interaction
        let presenter = SheetPresenter(layout: layout, footer: footer ? SheetFooter() : nil)
        presenter.listOffset = scroll
        let harness = SheetHarness(configuration, presenter: presenter)
        harness.run(to: 0.01)
        return harness
    }

    private func geometry(_ harness: SheetHarness) -> (
        visible: Double, footer: Double?, max: Double
    ) {
        let presenter = harness.presenter as! SheetPresenter
        let state = harness.state
        return (
            presenter.visibleHeight(for: state, viewport: Self.viewport),
            presenter.footerTop(for: state, viewport: Self.viewport),
            presenter.maxListOffset(for: state, viewport: Self.viewport)
        )
    }

    func testResizedWithAFooterAtMediumTheSheetShows422AboveAFooterAt788AndScrollsAtMost2330() {
        let harness = sheet()
        XCTAssertEqual(harness.state.detent, .medium)
        let (visible, footer, largest) = geometry(harness)
        XCTAssertEqual(visible, 422, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(footer), 788, accuracy: 1e-9)
        XCTAssertEqual(largest, 2330, accuracy: 1e-9)
        XCTAssertEqual(harness.controller.state.lowestDetentOffset, 337.6, accuracy: 1e-9)
        // The list's clip, in the sheet's coordinates, ends at the footer's top on screen.
        let frame = try! XCTUnwrap(harness.renderer.lastFrame)
        let clip = try! XCTUnwrap(frame.listClip)
        XCTAssertEqual(clip.minY, 140.4, accuracy: 1e-9)
        XCTAssertEqual(clip.height, 310, accuracy: 1e-9)
        XCTAssertEqual(clip.maxY + frame.contentTransform.ty, 788, accuracy: 1e-9)
    }

    func testResizedWithoutAFooterTheListRunsToTheWindowsBottom() {
        let harness = sheet(footer: false)
        let (visible, footer, largest) = geometry(harness)
        XCTAssertEqual(visible, 422, accuracy: 1e-9)
        XCTAssertNil(footer)
        XCTAssertEqual(largest, 2640 - 366, accuracy: 1e-9)
        let frame = try! XCTUnwrap(harness.renderer.lastFrame)
        XCTAssertEqual(
            try XCTUnwrap(frame.listClip).maxY + frame.contentTransform.ty, 844, accuracy: 1e-9)
    }

    func testOverlaidTheListKeepsItsLargeLengthAndAFooterHidesNoRow() {
        // Overlaid with a footer: the model's length is large's above the footer (647.6)…
        let harness = sheet(.overlay)
        let (_, footer, largest) = geometry(harness)
        XCTAssertEqual(try XCTUnwrap(footer), 788, accuracy: 1e-9)
        XCTAssertEqual(largest, 2640 - 647.6, accuracy: 1e-9)
        // …and the clip still ends at the footer's top, so no row is drawn under it.
        let frame = try! XCTUnwrap(harness.renderer.lastFrame)
        XCTAssertEqual(
            try XCTUnwrap(frame.listClip).maxY + frame.contentTransform.ty, 788, accuracy: 1e-9)
    }

    func testTheLastRowIsReachableAtMedium() {
        let harness = sheet(interaction: .scrolls)
        // A wheel far down the list: clamped to its end.
        harness.at(0.1, .move(Self.onListAtMedium))
        harness.at(0.2, .scroll(dx: 0, dy: -10_000, source: .wheel))
        harness.run(to: 0.31)
        XCTAssertEqual(harness.state.scroll, 2330, accuracy: 1e-9)
        XCTAssertEqual(harness.state.offset, 337.6, accuracy: 1e-9)
        // The last row's bottom: the list's top on screen, plus every row, less the scroll.
        let listTop = 84.4 + harness.state.offset + SheetPresenter.headerHeight
        let lastRowBottom = listTop + 60 * SheetPresenter.rowHeight - harness.state.scroll
        XCTAssertEqual(lastRowBottom, 788, accuracy: 1e-9)
        XCTAssertEqual(lastRowBottom, geometry(harness).footer ?? 0, accuracy: 1e-9)
        // And a tap there names Row 60.
        let presenter = harness.presenter as! SheetPresenter
        XCTAssertEqual(
            presenter.contentItem(
                at: Point(x: 100, y: 770), state: harness.state, direction: .down,
                viewport: Self.viewport), "row-60")
    }

    func testByDefaultAWheelAtMediumScrollsNothing() {
        let harness = sheet()
        harness.at(0.1, .move(Self.onListAtMedium))
        harness.at(0.2, .scroll(dx: 0, dy: -500, source: .wheel))
        harness.run(to: 0.31)
        XCTAssertEqual(harness.state.scroll, 0)
    }

    func testScrollsAtMediumADragUpOnTheListScrollsItAndLeavesTheSheet() {
        let harness = sheet(interaction: .scrolls)
        harness.drag(
            from: Self.onListAtMedium, by: Point(x: 0, y: -200), at: 0.1, duration: 0.2,
            samples: 20, holdBeforeRelease: 0.2)
        harness.run(to: 0.31)
        XCTAssertEqual(harness.state.scroll, 200, accuracy: 1e-9)
        XCTAssertEqual(harness.state.offset, 337.6, accuracy: 1e-9)
        harness.settle()
        XCTAssertEqual(harness.state.scroll, 200, accuracy: 1e-9)
        XCTAssertEqual(harness.state.offset, 337.6, accuracy: 1e-9)
        XCTAssertEqual(harness.state.detent, .medium)
        XCTAssertEqual(harness.phases, [], "the sheet never moved")
    }

    func testByDefaultTheSameDragAtMediumMovesTheSheet() {
        let harness = sheet()
        harness.drag(
            from: Self.onListAtMedium, by: Point(x: 0, y: -200), at: 0.1, duration: 0.2,
            samples: 20, release: false)
        harness.run(to: 0.31)
        XCTAssertEqual(harness.state.scroll, 0)
        XCTAssertEqual(harness.state.offset, 137.6, accuracy: 1e-9)
    }

    func testScrollsADownDragFromTheListsTopMovesTheSheetAfterTheListReachesIt() {
        let harness = sheet(interaction: .scrolls, scroll: 150)
        XCTAssertEqual(harness.state.scroll, 150)
        harness.drag(
            from: Self.onListAtMedium, by: Point(x: 0, y: 250), at: 0.1, duration: 0.25,
            samples: 25, release: false)
        harness.run(to: 0.36)
        XCTAssertEqual(harness.state.scroll, 0, accuracy: 1e-9)
        XCTAssertEqual(harness.state.offset, 337.6 + 100, accuracy: 1e-9)
        XCTAssertEqual(harness.state.phase, .dragging)
        // Back up 200 in the same gesture: the sheet rises its 100 to `medium`, then the
        // list scrolls the other 100; 80 more scroll the list alone.
        harness.at(0.4, .move(Self.onListAtMedium + Point(x: 0, y: 50)))
        harness.run(to: 0.41)
        XCTAssertEqual(harness.state.offset, 337.6, accuracy: 1e-9)
        XCTAssertEqual(harness.state.scroll, 100, accuracy: 1e-9)
        harness.at(0.45, .move(Self.onListAtMedium + Point(x: 0, y: -30)))
        harness.run(to: 0.46)
        XCTAssertEqual(harness.state.offset, 337.6, accuracy: 1e-9)
        XCTAssertEqual(harness.state.scroll, 180, accuracy: 1e-9)
        harness.at(0.8, .up(Self.onListAtMedium + Point(x: 0, y: -30)))
        harness.settle()
        XCTAssertEqual(harness.state.detent, .medium)
        XCTAssertEqual(harness.state.offset, 337.6, accuracy: 1e-9)
        XCTAssertEqual(harness.state.scroll, 180, accuracy: 1e-9)
    }

    func testTheFooterRidesWithTheSheetBelowTheLowestDetent() {
        let harness = sheet()
        harness.drag(
            from: Self.onHeaderAtMedium, by: Point(x: 0, y: 100), at: 0.1, duration: 0.2,
            samples: 20, release: false)
        harness.run(to: 0.31)
        XCTAssertEqual(harness.state.offset, 437.6, accuracy: 1e-9)
        let (visible, footer, largest) = geometry(harness)
        XCTAssertEqual(visible, 322, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(footer), 888, accuracy: 1e-9)
        XCTAssertEqual(largest, 2330, accuracy: 1e-9, "below the lowest detent it keeps its size")
        // Up from `medium` the footer stays pinned and the list grows.
        harness.at(0.35, .move(Self.onHeaderAtMedium + Point(x: 0, y: -100)))
        harness.run(to: 0.36)
        let above = geometry(harness)
        XCTAssertEqual(above.visible, 522, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(above.footer), 788, accuracy: 1e-9)
        XCTAssertEqual(above.max, 2230, accuracy: 1e-9)
    }

    func testAScrolledListGrowsWithoutAJumpAndIsRefittedAtLarge() {
        let harness = sheet(interaction: .scrolls, scroll: 2330)
        XCTAssertEqual(harness.state.scroll, 2330, accuracy: 1e-9)
        // The header dragged up to `large`: the list keeps its last row at the footer.
        let release = harness.drag(
            from: Self.onHeaderAtMedium, by: Point(x: 0, y: -337.6), at: 0.1, duration: 0.4,
            samples: 40, holdBeforeRelease: 0.2)
        var previous = harness.state.scroll
        var time = 0.1
        while time < release + 1 {
            time += 1.0 / 240
            harness.run(to: time)
            let (_, _, largest) = geometry(harness)
            XCTAssertEqual(harness.state.scroll, min(2330, largest), accuracy: 1e-9, "t \(time)")
            XCTAssertLessThanOrEqual(abs(harness.state.scroll - previous), 10, "t \(time)")
            previous = harness.state.scroll
        }
        harness.settle()
        XCTAssertEqual(harness.state.detent, .large)
        XCTAssertEqual(harness.state.scroll, 1992.4, accuracy: 1e-9)
        // The model was refitted for `large`: a wheel 100 pt back up shows at once.
        let now = harness.state.time
        harness.at(now + 0.1, .move(Point(x: 195, y: 400)))
        harness.at(now + 0.2, .scroll(dx: 0, dy: 100, source: .wheel))
        harness.run(to: now + 0.3)
        XCTAssertEqual(harness.state.scroll, 1892.4, accuracy: 1e-9)
    }

    func testDoneDismissesThroughTheVeto() {
        let vetoed = sheet()
        vetoed.allowsDismissal = false
        vetoed.tap(Self.onDone, at: 0.1)
        vetoed.settle()
        XCTAssertEqual(vetoed.attempts, [.tap])
        XCTAssertEqual(vetoed.state.phase, .presented)
        XCTAssertTrue(vetoed.state.isDismissAttemptPending)
        XCTAssertTrue(
            vetoed.events.contains(.contentTapped(item: "done", point: Self.onDone)))

        let allowed = sheet()
        allowed.tap(Self.onDone, at: 0.1)
        allowed.settle()
        XCTAssertEqual(allowed.state.phase, .dismissed)
        XCTAssertEqual(allowed.dismissCount, 1)
        // Beside the button, the bar only takes drags: a tap there does nothing.
        let beside = sheet()
        beside.tap(Point(x: 40, y: 816), at: 0.1)
        beside.settle()
        XCTAssertEqual(beside.state.phase, .presented)
        XCTAssertEqual(beside.attempts, [])
    }

    func testInAStackDoneDismissesTheTopSheetOnly() throws {
        let clock = ManualClock()
        let input = QueuedInputSource()
        func level(_ index: Int) -> StackLevel {
            StackLevel(
                configuration: .sheet(),
                presenter: SheetPresenter(
                    title: "Sheet \(index + 1)", layout: .resize, footer: SheetFooter()))
        }
        let stack = SheetStackController(
            input: input, renderer: NullRenderer(), clock: clock, root: level(0))
        stack.keyBindings = .tools
        stack.nextLevel = { level($0) }
        input.enqueue(InputEvent(time: 0.1, kind: .key(.space)))
        input.enqueue(InputEvent(time: 2, kind: .down(Self.onDone)))
        input.enqueue(InputEvent(time: 2.05, kind: .up(Self.onDone)))
        func run(to time: Double) throws {
            while clock.now < time {
                clock.set(to: min(time, clock.now + 1.0 / 60))
                try stack.step()
            }
        }
        try run(to: 1.9)
        XCTAssertEqual(stack.depth, 2)
        try run(to: 4)
        XCTAssertEqual(stack.depth, 1)
        XCTAssertEqual(stack.state(ofLevel: 0)?.phase, .presented)
        XCTAssertEqual(stack.state(ofLevel: 0)?.offset ?? 0, 337.6, accuracy: 1e-9)
    }

    func testADragFromTheFooterMovesTheSheet() {
        let harness = sheet(interaction: .scrolls)
        harness.drag(
            from: Point(x: 40, y: 816), by: Point(x: 0, y: 60), at: 0.1, duration: 0.2,
            samples: 20, release: false)
        harness.run(to: 0.31)
        XCTAssertEqual(harness.state.offset, 397.6, accuracy: 1e-9)
        XCTAssertEqual(harness.state.scroll, 0)
    }

    func testOddWindowsAndOffsetsGiveFiniteNumbersAndNoNegativeClip() {
        let sheet = SheetPresenter(layout: .resize, footer: SheetFooter())
        for viewport in [
            Size(width: 64, height: 64), Size(width: 1, height: 0.1),
            Size(width: 32767, height: 32767),
        ] {
            var scene = sheet.makeScene(viewport: viewport)
            for offset in [-1e6, -50, 0, 337.6, 1e6, .nan, .infinity] {
                for lowest in [0, 337.6, .nan] {
                    let state = DismissState(
                        time: 0, offset: offset, alpha: 0.3, progress: 0, phase: .dragging,
                        lowestDetentOffset: lowest)
                    sheet.update(&scene, for: state, direction: .down)
                    let clip = scene.layers.compactMap(\.clipGroup).first?.clip
                    XCTAssertGreaterThanOrEqual(clip?.height ?? -1, 0, "\(viewport) \(offset)")
                    XCTAssertTrue(
                        sheet.visibleHeight(for: state, viewport: viewport).isFinite
                            && (sheet.footerTop(for: state, viewport: viewport) ?? .nan).isFinite
                            && sheet.maxListOffset(for: state, viewport: viewport).isFinite,
                        "\(viewport) \(offset) \(lowest)")
                }
            }
        }
        // A window shorter than the header and footer: the list shows nothing, all scrolls.
        let tiny = Size(width: 64, height: 64)
        let state = DismissState(time: 0, offset: 0, alpha: 0.3, progress: 0, phase: .presented)
        XCTAssertEqual(sheet.maxListOffset(for: state, viewport: tiny), 2640)
        XCTAssertEqual(sheet.footerTop(for: state, viewport: tiny), 8)
    }

    func testThirtyAndTwoHundredFortyHertzAgree() {
        func script(_ harness: SheetHarness) {
            // A flick up the list, a drag of the header to `large`, a drag below `medium`.
            harness.drag(
                from: Self.onListAtMedium, by: Point(x: 0, y: -150), at: 0.1, duration: 0.1,
                samples: 10)
            harness.drag(
                from: Self.onHeaderAtMedium, by: Point(x: 0, y: -300), at: 2, duration: 0.3,
                samples: 30)
            harness.drag(
                from: Point(x: 195, y: 110), by: Point(x: 0, y: 500), at: 4, duration: 0.5,
                samples: 50, holdBeforeRelease: 0.1)
        }
        let slow = sheet(interaction: .scrolls)
        let fast = sheet(interaction: .scrolls)
        script(slow)
        script(fast)
        for frame in 1...210 {
            let time = Double(frame) / 30
            slow.run(to: time, fps: 30)
            fast.run(to: time, fps: 240)
            let a = geometry(slow)
            let b = geometry(fast)
            XCTAssertEqual(slow.state.phase, fast.state.phase, "t \(time)")
            XCTAssertEqual(slow.state.offset, fast.state.offset, accuracy: 1e-6, "t \(time)")
            XCTAssertEqual(slow.state.scroll, fast.state.scroll, accuracy: 1e-6, "t \(time)")
            XCTAssertEqual(slow.state.alpha, fast.state.alpha, accuracy: 1e-9, "t \(time)")
            XCTAssertEqual(a.visible, b.visible, accuracy: 1e-6, "t \(time)")
            XCTAssertEqual(a.footer ?? .nan, b.footer ?? .nan, accuracy: 1e-6, "t \(time)")
            XCTAssertEqual(a.max, b.max, accuracy: 1e-6, "t \(time)")
        }
        XCTAssertEqual(slow.state.detent, fast.state.detent)
    }
}
