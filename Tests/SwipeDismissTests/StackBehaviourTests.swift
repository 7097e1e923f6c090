import SwipeDismiss
import SwipeDismissNull
import XCTest

/// What the stack promises beyond the traces: input and vetoes per level, dismissing a
/// lower level top first, calls from observers, the public `present`, the key limit, and
/// the scene the stack presenter composes.
final class StackBehaviourTests: XCTestCase {
    private let input = QueuedInputSource()

    private func harness(presented: Bool = true) -> StackHarness {
        StackHarness(input: input, presented: presented)
    }

    private func key(_ key: Key, at time: Double) {
        input.enqueue(InputEvent(time: time, kind: .key(key)))
    }

    /// The events of `level`, keyboard focus changes left out (`KeyboardInSheetTests`).
    private func events(of level: Int, in harness: StackHarness) -> [DismissEvent] {
        harness.events.filter { $0.level == level }.map(\.event).filter {
            if case .focusChanged = $0 { return false }
            return true
        }
    }

    /// A harness with `depth` sheets at rest at 1 s per level.
    private func stacked(_ depth: Int) throws -> StackHarness {
        let harness = harness()
        for level in 1..<depth { key(.space, at: Double(level) - 0.5) }
        _ = try harness.run(until: Double(depth))
        XCTAssertEqual(harness.controller.depth, depth)
        XCTAssertFalse(harness.controller.isAnimating)
        return harness
    }

    func testAVetoAppliesToTheLevelItIsAskedFor() throws {
        let harness = try stacked(2)
        harness.vetoedLevels = [1]
        key(.escape, at: 2.1)
        _ = try harness.run(until: 2.5)
        XCTAssertEqual(harness.controller.depth, 2)
        XCTAssertEqual(events(of: 1, in: harness).last, .dismissAttempted(.escape))
        XCTAssertEqual(harness.controller.state(ofLevel: 1)?.isDismissAttemptPending, true)
        XCTAssertEqual(harness.controller.state(ofLevel: 0)?.isDismissAttemptPending, false)
        // The root's own policy allows: dismissing it takes the vetoed child along, first.
        var outcomes: [Bool] = []
        harness.controller.dismiss(level: 0) { outcomes.append($0) }
        XCTAssertEqual(harness.dismissedLevels, [1])
        XCTAssertEqual(harness.controller.depth, 1)
        XCTAssertEqual(harness.controller.state(ofLevel: 0)?.phase, .dismissing)
        _ = try harness.run(until: 4)
        XCTAssertEqual(harness.dismissedLevels, [1, 0])
        XCTAssertEqual(outcomes, [true])
        XCTAssertEqual(harness.controller.depth, 0)
    }

    func testAVetoOnTheRootKeepsEveryLevel() throws {
        let harness = try stacked(2)
        harness.vetoedLevels = [0]
        var outcomes: [Bool] = []
        harness.controller.dismiss(level: 0) { outcomes.append($0) }
        XCTAssertEqual(outcomes, [false])
        XCTAssertEqual(events(of: 0, in: harness).last, .dismissAttempted(.programmatic))
        _ = try harness.run(until: 3)
        XCTAssertEqual(harness.controller.depth, 2)
        XCTAssertEqual(harness.controller.state(ofLevel: 1)?.phase, .presented)
        XCTAssertEqual(harness.dismissedLevels, [])
    }

    func testDismissingTheRootFromThreeDeepDismissesTopFirstEachOnce() throws {
        let harness = try stacked(3)
        // At rest with no input to come, the stack asks for no frame: an idle loop sleeps.
        XCTAssertNil(harness.controller.nextWakeTime)
        var outcomes: [Bool] = []
        harness.controller.dismiss(level: 0) { outcomes.append($0) }
        XCTAssertEqual(harness.dismissedLevels, [2, 1])
        XCTAssertEqual(harness.controller.depth, 1)
        XCTAssertEqual(harness.controller.levelCount, 1)
        _ = try harness.run(until: 5)
        XCTAssertEqual(harness.dismissedLevels, [2, 1, 0])
        XCTAssertEqual(outcomes, [true])
        // Only the root was asked: the sheets above it go with it.
        XCTAssertEqual(harness.asked.map(\.0), [0])
        XCTAssertEqual(harness.controller.state.top.phase, .dismissed)
    }

    func testAnObserverMayDismissTheRootFromTheChildsDidDismiss() throws {
        let harness = try stacked(2)
        var order: [String] = []
        harness.controller.addObserver { [unowned controller = harness.controller] event in
            guard case .didDismiss = event.event else { return }
            order.append("didDismiss \(event.level)")
            if event.level == 1 {
                controller.dismiss(level: 0, animated: false) { order.append("root gone: \($0)") }
                order.append("asked")
            }
        }
        key(.escape, at: 2.1)
        _ = try harness.run(until: 3.5)
        // The call made from the observer runs once the child's events are out (as a single
        // sheet's controller does, the completion comes with the phase, before didDismiss).
        XCTAssertEqual(order, ["didDismiss 1", "asked", "root gone: true", "didDismiss 0"])
        XCTAssertEqual(harness.controller.depth, 0)
    }

    func testPresentPutsASheetWithItsOwnConfigurationOverTheTop() throws {
        let harness = try stacked(1)
        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = .large
        var presented = 0
        harness.controller.present(
            StackLevel(configuration: configuration, presenter: SheetPresenter(title: "Details"))
        ) { presented += 1 }
        _ = try harness.run(until: 3)
        XCTAssertEqual(presented, 1)
        XCTAssertEqual(harness.controller.depth, 2)
        let child = try XCTUnwrap(harness.controller.state(ofLevel: 1))
        XCTAssertEqual(child.detent, .large)
        XCTAssertEqual(child.offset, 0, accuracy: 1e-9)
        XCTAssertEqual(harness.controller.scale(ofLevel: 0), 0.94, accuracy: 1e-12)
        let childEvents = events(of: 1, in: harness)
        XCTAssertEqual(childEvents.count, 3)
        guard case .didPresent = childEvents.last else { return XCTFail("\(childEvents)") }
        XCTAssertTrue(events(of: 0, in: harness).isEmpty)
    }

    func testSpaceAndEnterStopAtThreeDeep() throws {
        let harness = harness()
        key(.space, at: 0.1)
        key(.enter, at: 0.2)
        key(.space, at: 0.3)
        key(.enter, at: 0.4)
        _ = try harness.run(until: 2)
        XCTAssertEqual(harness.controller.depth, 3)
        XCTAssertEqual(harness.controller.levelCount, 3)
    }

    func testSpaceWithNothingShownPresentsTheRoot() throws {
        let harness = harness(presented: false)
        XCTAssertEqual(harness.controller.depth, 0)
        key(.space, at: 0.1)
        _ = try harness.run(until: 1.5)
        XCTAssertEqual(harness.controller.depth, 1)
        XCTAssertEqual(harness.controller.state.top.phase, .presented)
        XCTAssertEqual(harness.controller.state.top.detent, .medium)
    }

    func testATapOnTheBackdropDismissesTheTopSheetOnly() throws {
        let harness = try stacked(2)
        // Above the child's top edge (422 pt) but on the receded parent: the backdrop.
        XCTAssertEqual(harness.controller.hitTest(Point(x: 195, y: 300)), .backdrop)
        input.enqueue(InputEvent(time: 2.1, kind: .down(Point(x: 195, y: 300))))
        input.enqueue(InputEvent(time: 2.15, kind: .up(Point(x: 195, y: 300))))
        _ = try harness.run(until: 3.5)
        XCTAssertEqual(harness.controller.depth, 1)
        XCTAssertEqual(harness.dismissedLevels, [1])
        // Only the top sheet is asked, for what a release can reach.
        XCTAssertEqual(Set(harness.asked.map(\.0)), [1])
        XCTAssertEqual(Set(harness.asked.map(\.1)), [.drag, .flick, .tap])
    }

    func testPresentingOverADraggedSheetCancelsTheDrag() throws {
        let harness = try stacked(1)
        input.enqueue(InputEvent(time: 1.1, kind: .down(Point(x: 195, y: 450))))
        input.enqueue(InputEvent(time: 1.2, kind: .move(Point(x: 195, y: 500))))
        _ = try harness.run(until: 1.25)
        XCTAssertEqual(harness.controller.state.top.phase, .dragging)
        harness.controller.present(StackLevel())
        XCTAssertEqual(harness.controller.state(ofLevel: 0)?.phase, .settling)
        XCTAssertEqual(harness.controller.state(ofLevel: 1)?.phase, .presenting)
        // The rest of the old press reaches the new top sheet, which never saw it pressed.
        input.enqueue(InputEvent(time: 1.3, kind: .move(Point(x: 195, y: 700))))
        input.enqueue(InputEvent(time: 1.35, kind: .up(Point(x: 195, y: 700))))
        _ = try harness.run(until: 3)
        XCTAssertEqual(harness.controller.depth, 2)
        XCTAssertEqual(harness.controller.state(ofLevel: 0)?.offset ?? 0, 337.6, accuracy: 1e-9)
        XCTAssertEqual(harness.controller.state(ofLevel: 1)?.phase, .presented)
    }

    func testACancelledObservationHearsNothingMore() throws {
        let harness = try stacked(1)
        var heard = 0
        let observation = harness.controller.addObserver { _ in heard += 1 }
        key(.space, at: 1.1)
        _ = try harness.run(until: 1.2)
        XCTAssertGreaterThan(heard, 0)
        let before = heard
        observation.cancel()
        _ = try harness.run(until: 2.5)
        XCTAssertEqual(heard, before)
    }

    func testTheSceneHasOneBackdropAndTheParentScaledAboutItsTopCentre() throws {
        let harness = try stacked(2)
        let scene = harness.controller.presenter.scene
        // Screen, backdrop, two sheets (content and prompt each), the root's hint.
        XCTAssertEqual(
            scene.layers.map(\.role),
            [.presenting, .backdrop, .content, .decoration, .content, .decoration, .decoration])
        XCTAssertEqual(scene.layers[1].opacity, 0.3, accuracy: 1e-12)
        let parent = scene.layers[2].transform
        XCTAssertEqual(parent.scaleX, 0.94, accuracy: 1e-12)
        XCTAssertEqual(parent.scaleY, 0.94, accuracy: 1e-12)
        // The parent's top centre (at rest 84.4 pt down, moved to medium) stays in place.
        let top = parent.apply(to: Point(x: 195, y: 84.4))
        XCTAssertEqual(top.x, 195, accuracy: 1e-9)
        XCTAssertEqual(top.y, 84.4 + 337.6, accuracy: 1e-9)
        XCTAssertEqual(scene.layers[4].transform, .translation(Point(x: 0, y: 337.6)))
        XCTAssertEqual(scene.layers[6].opacity, 0)
        XCTAssertEqual(harness.renderer.frames.last?.backdropOpacity ?? 0, 0.3, accuracy: 1e-12)
    }

    func testPresentingWithNothingShownPutsTheNewSheetInTheRootsPlace() throws {
        let harness = harness(presented: false)
        let details = SheetPresenter(title: "Details")
        var presented = 0
        harness.controller.present(StackLevel(presenter: details)) { presented += 1 }
        _ = try harness.run(until: 1.5)
        XCTAssertEqual(presented, 1)
        XCTAssertEqual(harness.controller.depth, 1)
        XCTAssertEqual(harness.controller.levelCount, 1)
        XCTAssertEqual(harness.controller.state.top.phase, .presented)
        XCTAssertTrue(harness.events.allSatisfy { $0.level == 0 })
        // The new root's header is drawn: the scene was laid out again for its presenter.
        let texts = harness.controller.presenter.scene.layers.flatMap(\.items).compactMap {
            item -> String? in
            if case .text(let text, _, _, _, _) = item { return text }
            return nil
        }
        XCTAssertTrue(texts.contains("Details"), "\(texts)")
    }

    func testUnderReducedMotionTheParentRecedesAsTheChildFadesIn() throws {
        var configuration = DismissConfiguration.sheet()
        configuration.reduceMotion = true
        let harness = try stacked(1)
        harness.controller.present(StackLevel(configuration: configuration))
        var scales: [Double] = []
        while harness.controller.isAnimating {
            harness.clock.tick()
            try harness.controller.step()
            let opacity = try XCTUnwrap(harness.controller.state(ofLevel: 1)).contentOpacity
            let scale = harness.controller.scale(ofLevel: 0)
            // The child rests at medium while it fades: its visibility is its opacity.
            XCTAssertEqual(scale, 1 - 0.06 * opacity, accuracy: 1e-12)
            scales.append(scale)
        }
        XCTAssertEqual(scales, scales.sorted(by: >))
        XCTAssertGreaterThan(scales.count, 3)
        XCTAssertEqual(scales.last ?? 0, 0.94, accuracy: 1e-12)
    }

    func testSpaceWhileTheThirdSheetLeavesPresentsAnotherInItsPlace() throws {
        let harness = try stacked(3)
        key(.escape, at: 3.1)
        key(.space, at: 3.15)
        _ = try harness.run(until: 5)
        // The leaving sheet ended at once (its didDismiss first); a new third one came in.
        XCTAssertEqual(harness.dismissedLevels, [2])
        XCTAssertEqual(harness.controller.depth, 3)
        XCTAssertEqual(harness.controller.state.top.phase, .presented)
        // Level 2's events: the old sheet's end, then the new sheet's presentation.
        let third = harness.events.filter { $0.level == 2 }.map(\.event)
        let ended = third.firstIndex {
            if case .didDismiss = $0 { return true }
            return false
        }
        let shown = third.lastIndex {
            if case .didPresent = $0 { return true }
            return false
        }
        XCTAssertLessThan(try XCTUnwrap(ended), try XCTUnwrap(shown), "\(third)")
    }

    func testAStackPresenterDrawsARecordedFrameFromItsStates() {
        let presenter = StackPresenter()
        let sheets: [Presenter] = [SheetPresenter(), SheetPresenter(title: "Sheet 2")]
        let parent = DismissState(
            time: 1, offset: 337.6, alpha: 0.3, progress: 0.44, phase: .presented, detent: .medium)
        let top = DismissState(
            time: 1, offset: 500, alpha: 0.2, progress: 0.66, phase: .dragging, detent: .medium)
        presenter.update(
            states: [parent, top], scales: [0.97, 1], backdropAlpha: 0.3, presenters: sheets,
            directions: [.down, .down], viewport: Size(width: 390, height: 844))
        let layers = presenter.scene.layers
        XCTAssertEqual(layers[1].opacity, 0.3)
        XCTAssertEqual(layers[2].transform.scaleX, 0.97, accuracy: 1e-12)
        let anchor = layers[2].transform.apply(to: Point(x: 195, y: 84.4))
        XCTAssertEqual(anchor.y, 84.4 + 337.6, accuracy: 1e-9)
        XCTAssertEqual(layers[4].transform, .translation(Point(x: 0, y: 500)))
    }
}
