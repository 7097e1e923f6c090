import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// DESIGN §4c "Adaptive presentation" and "Detents that depend on the window": the mode by
/// window size, the floating sheet's frame, live resizes that keep the detent and the scroll,
/// `medium` inactive under 500 pt, resolvers and the animated invalidation.
final class AdaptivePresentationTests: XCTestCase {
    private let phone = Size(width: 390, height: 844)
    private let laptop = Size(width: 1024, height: 768)

    /// A sheet controller that adapts, at `viewport`, recording its events.
    private func adaptiveSheet(
        at viewport: Size, scroll: Double = 0, clock: TimeSource = ManualClock(),
        input: InputSource = QueuedInputSource()
    ) -> (DismissController, EventLog) {
        let presenter = SheetPresenter(adaptive: .standard)
        presenter.listOffset = scroll
        let controller = DismissController(
            input: input, presenter: presenter, renderer: NullRenderer(viewport: viewport),
            clock: clock, configuration: .sheet())
        let log = EventLog()
        controller.addObserver { log.events.append($0) }
        return (controller, log)
    }

    func testTheModeFollowsLibadwaitasBreakpoints() {
        let rule = AdaptivePresentation.standard
        XCTAssertEqual(rule.mode(for: Size(width: 450, height: 844)), .sheet)
        XCTAssertEqual(rule.mode(for: Size(width: 451, height: 844)), .floating)
        XCTAssertEqual(rule.mode(for: Size(width: 1024, height: 360)), .sheet)
        XCTAssertEqual(rule.mode(for: Size(width: 1024, height: 361)), .floating)
        XCTAssertEqual(rule.mode(for: phone), .sheet)
        XCTAssertEqual(rule.mode(for: laptop), .floating)
    }

    func testAFloatingSheetAt1024x768Is640WideFromX192And40PtFromTopAndBottom() throws {
        let presenter = SheetPresenter(adaptive: .standard)
        XCTAssertEqual(
            presenter.sheetFrame(viewport: laptop), Rect(x: 192, y: 40, width: 640, height: 688))
        // Narrower windows leave 32 pt a side: 500 pt wide gives 436 pt from x 32.
        XCTAssertEqual(
            presenter.sheetFrame(viewport: Size(width: 500, height: 700)),
            Rect(x: 32, y: 40, width: 436, height: 620))

        let (controller, _) = adaptiveSheet(at: laptop)
        XCTAssertEqual(controller.presentationMode, .floating)
        XCTAssertEqual(controller.layout.names, ["large"])
        XCTAssertEqual(controller.layout.distance, 728)
        XCTAssertEqual(controller.state.offset, 0)
        XCTAssertEqual(controller.state.detent, .large)
        XCTAssertEqual(controller.state.alpha, 0.3)
        XCTAssertEqual(controller.hitTest(Point(x: 512, y: 100)), .content)
        XCTAssertEqual(controller.hitTest(Point(x: 100, y: 100)), .backdrop)
    }

    func testAFloatingSheetsBackdropFallsLinearlyToZeroAsItsTopReachesTheBottom() throws {
        let clock = ManualClock()
        let input = QueuedInputSource()
        let (controller, _) = adaptiveSheet(at: laptop, clock: clock, input: input)
        input.enqueue(InputEvent(time: 0, kind: .down(Point(x: 512, y: 300))))
        input.enqueue(InputEvent(time: 0.1, kind: .move(Point(x: 512, y: 310))))
        input.enqueue(InputEvent(time: 1.0, kind: .move(Point(x: 512, y: 482))))
        clock.set(to: 1.0)
        try controller.step()
        // 182 pt of travel down from 40 (the offset is the travel from rest): 0.3 × (1 − 182 / 728).
        XCTAssertEqual(controller.state.offset, 182, accuracy: 1e-9)
        XCTAssertEqual(controller.state.alpha, 0.3 * (1 - 182.0 / 728), accuracy: 1e-12)
        XCTAssertEqual(controller.state.phase, .dragging)
        // A slow release short of half way springs back to rest; the nearer end decides.
        input.enqueue(InputEvent(time: 1.5, kind: .up(Point(x: 512, y: 482))))
        clock.set(to: 1.5)
        try controller.step()
        try controller.settle(on: clock)
        XCTAssertEqual(controller.state.phase, .presented)
        XCTAssertEqual(controller.state.offset, 0, accuracy: 0.5)
    }

    func testRoundTripsKeepTheDetentAndTheScrollAndDismissNothing() throws {
        let (controller, log) = adaptiveSheet(at: phone, scroll: 120)
        XCTAssertEqual(controller.state.detent, .medium)
        XCTAssertEqual(controller.state.scroll, 120)
        for _ in 0..<3 {
            controller.resize(to: laptop)
            XCTAssertEqual(controller.presentationMode, .floating)
            XCTAssertEqual(controller.state.detent, .large)
            XCTAssertEqual(controller.state.offset, 0)
            XCTAssertEqual(controller.state.scroll, 120)
            controller.resize(to: phone)
            XCTAssertEqual(controller.presentationMode, .sheet)
            XCTAssertEqual(controller.state.detent, .medium)
            XCTAssertEqual(controller.state.offset, 337.6, accuracy: 0.5)
            XCTAssertEqual(controller.state.scroll, 120)
            XCTAssertEqual(controller.state.phase, .presented)
        }
        XCTAssertFalse(log.events.contains { if case .didDismiss = $0 { true } else { false } })
        XCTAssertFalse(log.events.contains { if case .superseded = $0 { true } else { false } })
    }

    func testASheetAtLargeComesBackToLargeAfterFloating() throws {
        let (controller, _) = adaptiveSheet(at: phone)
        controller.move(to: .large, animated: false)
        try controller.step()
        controller.resize(to: laptop)
        controller.resize(to: phone)
        XCTAssertEqual(controller.state.detent, .large)
        XCTAssertEqual(controller.state.offset, 0)
    }

    func testAResizeWhileComingInLandsAtTheDetentOfTheNewMode() throws {
        for reduceMotion in [false, true] {
            let clock = ManualClock()
            var configuration = DismissConfiguration.sheet()
            configuration.reduceMotion = reduceMotion
            let controller = DismissController(
                input: QueuedInputSource(), presenter: SheetPresenter(adaptive: .standard),
                renderer: NullRenderer(viewport: phone), clock: clock,
                configuration: configuration, presented: false)
            let log = EventLog()
            controller.addObserver { log.events.append($0) }
            controller.present()
            clock.set(to: 0.1)
            try controller.step()
            XCTAssertEqual(controller.state.phase, .presenting)
            let before = controller.state.progress
            controller.resize(to: laptop)
            if !reduceMotion {
                // It carries on coming in, from the same share of the way.
                XCTAssertEqual(controller.state.phase, .presenting)
                XCTAssertEqual(controller.state.progress, before, accuracy: 1e-9)
            }
            try controller.settle(on: clock)
            XCTAssertEqual(controller.state.detent, .large, "reduce motion \(reduceMotion)")
            XCTAssertEqual(controller.state.offset, 0, accuracy: 0.5)
            controller.resize(to: phone)
            XCTAssertEqual(controller.state.detent, .medium, "reduce motion \(reduceMotion)")
            XCTAssertEqual(controller.state.offset, 337.6, accuracy: 0.5)
            XCTAssertEqual(
                log.events.filter { if case .didPresent = $0 { true } else { false } }.count, 1)
        }
    }

    func testADragCarriesOnAcrossAResizeAndItsReleaseStillDecides() throws {
        let clock = ManualClock()
        let input = QueuedInputSource()
        let (controller, log) = adaptiveSheet(at: laptop, clock: clock, input: input)
        input.enqueue(InputEvent(time: 0, kind: .down(Point(x: 512, y: 300))))
        input.enqueue(InputEvent(time: 0.1, kind: .move(Point(x: 512, y: 373))))
        clock.set(to: 0.1)
        try controller.step()
        // 73 pt of the 728 pt to leave.
        XCTAssertEqual(controller.state.offset, 73, accuracy: 1e-9)
        controller.resize(to: Size(width: 1024, height: 808))
        // The same share of the way out of the taller window (768 pt to leave).
        XCTAssertEqual(controller.state.offset, 73 * 768 / 728, accuracy: 1e-9)
        XCTAssertEqual(controller.state.phase, .dragging)
        input.enqueue(InputEvent(time: 0.2, kind: .move(Point(x: 512, y: 383))))
        input.enqueue(InputEvent(time: 0.6, kind: .up(Point(x: 512, y: 383))))
        clock.set(to: 0.6)
        try controller.step()
        try controller.settle(on: clock)
        XCTAssertEqual(controller.state.phase, .presented)
        XCTAssertEqual(controller.state.offset, 0, accuracy: 0.5)
        XCTAssertFalse(log.events.contains { if case .didDismiss = $0 { true } else { false } })
    }

    func testAViewportEventResizesAtItsTimeAnd30And240FpsAgree() throws {
        func run(fps: Double) throws -> [DismissState] {
            let clock = ManualClock()
            let input = QueuedInputSource([
                InputEvent(time: 0.5, kind: .viewport(laptop)),
                InputEvent(time: 1.0, kind: .down(Point(x: 512, y: 300))),
                InputEvent(time: 1.1, kind: .move(Point(x: 512, y: 340))),
                InputEvent(time: 1.2, kind: .move(Point(x: 512, y: 420))),
                InputEvent(time: 1.3, kind: .up(Point(x: 512, y: 430))),
                InputEvent(time: 1.4, kind: .viewport(phone)),
                InputEvent(time: 3.0, kind: .viewport(laptop)),
            ])
            let (controller, _) = adaptiveSheet(at: phone, clock: clock, input: input)
            var states: [DismissState] = []
            let steps = Int(4 * fps)
            for frame in 0...steps {
                clock.set(to: Double(frame) / fps)
                try controller.step()
                if frame % Int(fps / 30) == 0 { states.append(controller.state) }
            }
            return states
        }
        let slow = try run(fps: 30)
        let fast = try run(fps: 240)
        XCTAssertEqual(slow.count, fast.count)
        for (a, b) in zip(slow, fast) {
            XCTAssertEqual(a.offset, b.offset, accuracy: 1e-9, "t \(a.time)")
            XCTAssertEqual(a.alpha, b.alpha, accuracy: 1e-9, "t \(a.time)")
            XCTAssertEqual(a.phase, b.phase, "t \(a.time)")
            XCTAssertEqual(a.detent, b.detent, "t \(a.time)")
        }
        XCTAssertEqual(slow.last?.detent, .large)
        XCTAssertEqual(slow.last?.phase, .presented)
    }

    func testMediumIsInactiveUnder500PtOfHeight() {
        let presenter = SheetPresenter()
        let short = DetentLayout(
            presenter: presenter, configuration: .sheet(), viewport: Size(width: 390, height: 499))
        XCTAssertEqual(short.names, ["large"])
        XCTAssertNil(short.index(of: .medium))
        XCTAssertEqual(short.activeIndex(of: .medium), 0)
        let tall = DetentLayout(
            presenter: presenter, configuration: .sheet(), viewport: Size(width: 390, height: 500))
        XCTAssertEqual(tall.names, ["large", "medium"])
        XCTAssertEqual(tall.offset(of: 1), 200)
    }

    func testASheetPresentedInAShortWindowPresentsAtLarge() throws {
        let controller = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(),
            renderer: NullRenderer(viewport: Size(width: 390, height: 400)),
            clock: ManualClock(), configuration: .sheet())
        XCTAssertEqual(controller.state.detent, .large)
        XCTAssertEqual(controller.state.offset, 0)
        XCTAssertEqual(controller.state.alpha, 0.3)
        var moved: Bool?
        controller.move(to: .medium, animated: false) { moved = $0 }
        XCTAssertEqual(moved, false)
        XCTAssertEqual(controller.state.detent, .large)
    }

    func testMediumBecomingInactiveMovesToLargeOnceWithoutADipAndStaysThere() throws {
        let clock = ManualClock()
        let (controller, log) = adaptiveSheet(at: phone, clock: clock)
        controller.resize(to: Size(width: 390, height: 400))
        var tops: [Double] = []
        var frame = 0
        repeat {
            frame += 1
            clock.set(to: Double(frame) / 60)
            try controller.step()
            XCTAssertEqual(controller.state.alpha, 0.3, accuracy: 1e-12, "frame \(frame)")
            tops.append(controller.state.offset)
        } while controller.isAnimating && frame < 600
        XCTAssertEqual(controller.state.phase, .presented)
        XCTAssertEqual(controller.state.detent, .large)
        XCTAssertEqual(controller.state.offset, 0)
        let changes = log.events.filter {
            if case .detentChanged = $0 { true } else { false }
        }
        XCTAssertEqual(changes, [.detentChanged(from: .medium, to: .large)])
        assertNoJumps(from: 160, tops)
        // Tall again, it stays at large.
        controller.resize(to: phone)
        try controller.step()
        XCTAssertEqual(controller.state.detent, .large)
        XCTAssertEqual(controller.state.offset, 0)
        XCTAssertEqual(
            log.events.filter { if case .detentChanged = $0 { true } else { false } }.count, 1)
    }

    func testAResolverThatSaysNilMakesItsDetentInactive() throws {
        let peek = Detent(
            "peek",
            position: .custom(
                DetentResolver(name: "peek") { context in
                    context.viewport.height >= 600 ? .pointsFromBottom(200) : nil
                }))
        var configuration = DismissConfiguration.sheet()
        configuration.detents = [SheetPresenter.large, peek]
        configuration.presentedDetent = "peek"
        configuration.alphaCurve = .stops([
            AlphaStop(detent: "peek", alpha: 0.3), AlphaStop(detent: .dismissed, alpha: 0),
        ])
        XCTAssertNoThrow(try configuration.validate())
        let presenter = SheetPresenter()
        let tall = DetentLayout(presenter: presenter, configuration: configuration, viewport: phone)
        XCTAssertEqual(tall.names, ["large", "peek"])
        XCTAssertEqual(tall.offset(of: 1), 759.6 - 200, accuracy: 1e-9)
        let short = DetentLayout(
            presenter: presenter, configuration: configuration,
            viewport: Size(width: 390, height: 599))
        XCTAssertEqual(short.names, ["large"])
        XCTAssertEqual(short.standIns, ["peek": "large"])
    }

    func testAFitsContentDetentReResolvesAnimatedWithoutJumps() throws {
        let clock = ManualClock()
        let presenter = GrowingPresenter(height: 300)
        var configuration = DismissConfiguration.fluid
        configuration.detents = [Detent("fit", position: .fitsContent)]
        let controller = DismissController(
            input: QueuedInputSource(), presenter: presenter, renderer: NullRenderer(),
            clock: clock, configuration: configuration)
        let log = EventLog()
        controller.addObserver { log.events.append($0) }
        presenter.height = 500
        controller.contentDidChange()
        // The content stays where it was on screen: its top 200 pt below its new rest.
        XCTAssertEqual(controller.state.offset, 200, accuracy: 1e-9)
        var tops: [Double] = []
        var frame = 0
        repeat {
            frame += 1
            clock.set(to: Double(frame) / 60)
            try controller.step()
            tops.append(controller.state.offset)
        } while controller.isAnimating && frame < 600
        XCTAssertEqual(controller.state.offset, 0)
        XCTAssertEqual(controller.state.phase, .presented)
        assertNoJumps(from: 200, tops)
        XCTAssertFalse(log.events.contains { if case .detentChanged = $0 { true } else { false } })
    }

    func testAStackHasOneModeForAllItsLevels() throws {
        let clock = ManualClock()
        let input = QueuedInputSource()
        let stack = SheetStackController(
            input: input, renderer: NullRenderer(), clock: clock,
            root: StackLevel(presenter: SheetPresenter(adaptive: .standard)))
        stack.keyBindings = .tools
        stack.nextLevel = { level in
            StackLevel(presenter: SheetPresenter(title: "Sheet \(level + 1)", adaptive: .standard))
        }
        input.enqueue(InputEvent(time: 0, kind: .key(.space)))
        try stack.step()
        var frame = 0
        repeat {
            frame += 1
            clock.set(to: Double(frame) / 60)
            try stack.step()
        } while stack.isAnimating && frame < 600
        XCTAssertEqual(stack.state.depth, 2)
        stack.resize(to: laptop)
        try stack.step()
        XCTAssertEqual(stack.presentationMode, .floating)
        XCTAssertEqual(stack.layout(ofLevel: 0)?.names, ["large"])
        XCTAssertEqual(stack.layout(ofLevel: 1)?.names, ["large"])
        stack.resize(to: phone)
        try stack.step()
        XCTAssertEqual(stack.state.depth, 2)
        XCTAssertEqual(stack.state.top.detent, .medium)
        XCTAssertEqual(stack.state.parent?.detent, .medium)
    }

    /// The code of the DocC article "Adapting to the window", as written there.
    func testTheArticlesCodeRuns() {
        let clock = ManualClock()
        let controller = DismissController(
            input: QueuedInputSource(),
            presenter: SheetPresenter(adaptive: .standard),
            renderer: NullRenderer(viewport: Size(width: 390, height: 844)),
            clock: clock, configuration: .sheet())
        // A phone-sized window: a bottom sheet at `medium`.
        XCTAssert(controller.presentationMode == .sheet)

        // The window grows (a configure event, or the app's own call).
        controller.resize(to: Size(width: 1024, height: 768))
        XCTAssert(controller.presentationMode == .floating)
        XCTAssert(controller.state.detent == .large)

        // And back: the sheet is at `medium` again, nothing dismissed.
        controller.resize(to: Size(width: 390, height: 844))
        XCTAssert(controller.state.detent == .medium)

        let peek = Detent(
            "peek",
            position: .custom(
                DetentResolver(name: "peek") { context in
                    // 200 pt showing in tall windows; none in short ones.
                    context.viewport.height >= 600 ? .pointsFromBottom(200) : nil
                }))
        var configuration = DismissConfiguration.sheet()
        configuration.detents = [SheetPresenter.large, peek]
        configuration.presentedDetent = "peek"
        let sheet = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(),
            renderer: NullRenderer(viewport: Size(width: 390, height: 500)),
            clock: ManualClock(), configuration: configuration)
        // Too short for `peek`: the sheet presents at the nearest active detent above it.
        XCTAssert(sheet.state.detent == .large)
    }

    /// From `start`, no 60 Hz step differs from the one before by more than 2 pt, and the
    /// first step is at most 2 pt (position and velocity continuous).
    private func assertNoJumps(
        from start: Double, _ offsets: [Double], file: StaticString = #filePath, line: UInt = #line
    ) {
        var previous = start
        var previousStep = 0.0
        for (index, offset) in offsets.enumerated() {
            let step = offset - previous
            XCTAssertLessThanOrEqual(
                abs(step - previousStep), 2, "frame \(index + 1)", file: file, line: line)
            previous = offset
            previousStep = step
        }
    }
}

/// The events a controller reported, in order.
final class EventLog {
    var events: [DismissEvent] = []
}

/// Content whose height the app changes: laid out at the bottom, as tall as `height`.
final class GrowingPresenter: Presenter {
    var height: Double

    init(height: Double) {
        self.height = height
    }

    func makeScene(viewport: Size) -> Scene {
        Scene(size: viewport)
    }

    func update(_ scene: inout Scene, for state: DismissState, direction: DismissDirection) {}

    func hitTest(
        _ point: Point, offset: Double, direction: DismissDirection, viewport: Size
    ) -> HitRegion {
        point.y >= viewport.height - height + offset ? .content : .backdrop
    }

    func dismissDistance(direction: DismissDirection, viewport: Size) -> Double { height }

    func contentExtent(direction: DismissDirection, viewport: Size) -> Double { height }
}
