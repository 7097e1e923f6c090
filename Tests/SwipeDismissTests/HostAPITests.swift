import SwipeDismiss
import SwipeDismissNull
import XCTest

/// The calls an app makes (DESIGN §4b "Host API"): present, dismiss and move from code, at
/// any time, each with one completion; detent changes; cancellable observers.
final class HostAPITests: XCTestCase {
    /// Steps at 60 Hz until nothing animates; returns the phases of the frames rendered.
    private func framePhases(_ harness: some ControllerHarness, limit: Double = 5) -> [DismissPhase]
    {
        var phases: [DismissPhase] = []
        let end = harness.clock.now + limit
        repeat {
            harness.clock.advance(by: 1 / 60.0)
            if try! harness.controller.step() { phases.append(harness.state.phase) }
        } while harness.controller.isAnimating && harness.clock.now < end
        return phases
    }

    func testPresentAfterAnIdleGapAnimatesFromTheCallsTime() {
        let harness = Harness(presented: false)
        try! harness.controller.step(forceRender: true)
        harness.clock.set(to: 10)
        var completed = 0
        harness.controller.present { completed += 1 }
        XCTAssertEqual(harness.state.phase, .presenting)
        XCTAssertEqual(harness.state.time, 10)
        let phases = framePhases(harness)
        // The fluid presentation spring (0.45 s response, ζ 0.9) takes well over 20 frames.
        XCTAssertGreaterThan(phases.filter { $0 == .presenting }.count, 20)
        XCTAssertEqual(phases.last, .presented)
        XCTAssertEqual(completed, 1)
    }

    func testDismissAfterAnIdleGapAnimatesAndCompletesOnceWithTrue() {
        let harness = Harness()
        try! harness.controller.step(forceRender: true)
        harness.clock.set(to: 10)
        var outcomes: [Bool] = []
        harness.controller.dismiss { outcomes.append($0) }
        XCTAssertEqual(harness.state.phase, .dismissing)
        XCTAssertEqual(harness.state.offset, 0, accuracy: 1e-9)
        let phases = framePhases(harness)
        XCTAssertGreaterThan(phases.filter { $0 == .dismissing }.count, 5)
        XCTAssertEqual(phases.last, .dismissed)
        XCTAssertEqual(outcomes, [true])
        XCTAssertEqual(harness.dismissCount, 1)
    }

    func testNonAnimatedCallsLandOnTheNextFrame() {
        let harness = Harness()
        var outcomes: [Bool] = []
        harness.controller.dismiss(animated: false) { outcomes.append($0) }
        XCTAssertEqual(harness.state.phase, .dismissed)
        XCTAssertEqual(outcomes, [true])
        harness.clock.advance(by: 1 / 60.0)
        XCTAssertTrue(try harness.controller.step())
        XCTAssertEqual(harness.renderer.frames.last?.phase, .dismissed)
        var presented = 0
        harness.controller.present(animated: false) { presented += 1 }
        XCTAssertEqual(harness.state.phase, .presented)
        XCTAssertEqual(harness.state.offset, 0)
        XCTAssertEqual(harness.state.alpha, 0.3, accuracy: 1e-12)
        XCTAssertEqual(presented, 1)
        XCTAssertEqual(harness.phases, [.dismissed, .presented])
    }

    func testVetoedAndSupersededDismissalsCompleteWithFalse() {
        let sheet = SheetHarness()
        sheet.allowsDismissal = false
        var outcomes: [Bool] = []
        sheet.controller.dismiss { outcomes.append($0) }
        XCTAssertEqual(outcomes, [false])
        XCTAssertEqual(sheet.state.phase, .presented)
        XCTAssertEqual(sheet.asked, [.programmatic])

        let card = Harness()
        card.controller.dismiss { outcomes.append($0) }
        card.run(to: 0.1, fps: 60)
        card.controller.present()
        card.settle()
        XCTAssertEqual(outcomes, [false, false])
        XCTAssertEqual(card.state.phase, .presented)
        // Already gone: true at once.
        card.controller.dismiss(animated: false)
        card.controller.dismiss { outcomes.append($0) }
        XCTAssertEqual(outcomes, [false, false, true])
    }

    func testADismissalCutShortByAPresentationThatLandsAtOnceCompletesWithFalse() {
        // Found by the fuzz: a non-animated present (or move) goes from dismissing straight
        // to presented, and the dismissal's completion used to wait for ever.
        let card = Harness()
        var outcomes: [Bool] = []
        card.controller.dismiss { outcomes.append($0) }
        card.run(to: 0.1, fps: 60)
        var presented = 0
        card.controller.present(animated: false) { presented += 1 }
        XCTAssertEqual(outcomes, [false])
        XCTAssertEqual(presented, 1)
        XCTAssertEqual(card.state.phase, .presented)

        let sheet = SheetHarness()
        sheet.controller.dismiss { outcomes.append($0) }
        sheet.run(to: 0.1, fps: 60)
        var moved: [Bool] = []
        sheet.controller.move(to: .large, animated: false) { moved.append($0) }
        XCTAssertEqual(outcomes, [false, false])
        XCTAssertEqual(moved, [true])
        XCTAssertEqual(sheet.state.detent, .large)
    }

    func testMoveToLargeSettlesThereWithOneDetentChange() {
        let sheet = SheetHarness()
        let large = sheet.offset("large")
        var outcomes: [Bool] = []
        sheet.controller.move(to: .large) { outcomes.append($0) }
        XCTAssertEqual(sheet.state.phase, .settling)
        XCTAssertEqual(sheet.state.detent, .large)
        sheet.settle()
        XCTAssertEqual(sheet.state.phase, .presented)
        XCTAssertEqual(sheet.state.offset, large, accuracy: 1e-9)
        XCTAssertEqual(outcomes, [true])
        XCTAssertEqual(detentChanges(sheet.events), [["medium", "large"]])
        // Already there: true at once, no new event.
        sheet.controller.move(to: .large) { outcomes.append($0) }
        XCTAssertEqual(outcomes, [true, true])
        XCTAssertEqual(detentChanges(sheet.events).count, 1)
    }

    func testMoveToAnUnknownDetentIsRefusedAndChangesNothing() {
        let sheet = SheetHarness()
        let before = sheet.state
        var outcomes: [Bool] = []
        sheet.controller.move(to: "peek") { outcomes.append($0) }
        XCTAssertEqual(outcomes, [false])
        XCTAssertEqual(sheet.state, before)
        XCTAssertFalse(sheet.controller.isAnimating)
    }

    func testAMoveTakenOverByADragOrAnotherMoveCompletesWithFalse() {
        let sheet = SheetHarness()
        var outcomes: [String] = []
        sheet.controller.move(to: .large) { outcomes.append("first \($0)") }
        sheet.run(to: 0.1, fps: 60)
        sheet.controller.move(to: .medium) { outcomes.append("second \($0)") }
        XCTAssertEqual(outcomes, ["first false"])
        sheet.run(to: 0.15, fps: 60)
        sheet.controller.move(to: .large) { outcomes.append("third \($0)") }
        XCTAssertEqual(outcomes, ["first false", "second false"])
        sheet.run(to: 0.2, fps: 60)
        // A press on the moving sheet catches it: the drag takes over.
        sheet.drag(
            from: Point(x: 195, y: 400), by: Point(x: 0, y: 40), at: 0.21, duration: 0.1,
            samples: 6)
        sheet.settle()
        XCTAssertEqual(outcomes, ["first false", "second false", "third false"])
    }

    func testNonAnimatedMoveAndMoveFromDismissed() {
        let sheet = SheetHarness()
        sheet.controller.move(to: .large, animated: false)
        XCTAssertEqual(sheet.state.phase, .presented)
        XCTAssertEqual(sheet.state.offset, sheet.offset("large"), accuracy: 1e-9)
        XCTAssertEqual(detentChanges(sheet.events), [["medium", "large"]])
        sheet.controller.dismiss(animated: false)
        var outcomes: [Bool] = []
        sheet.controller.move(to: .medium) { outcomes.append($0) }
        XCTAssertEqual(sheet.state.phase, .presenting)
        sheet.settle()
        XCTAssertEqual(sheet.state.offset, sheet.offset("medium"), accuracy: 1e-9)
        XCTAssertEqual(outcomes, [true])
        XCTAssertEqual(detentChanges(sheet.events), [["medium", "large"], ["large", "medium"]])
        // `.dismissed` dismisses through the policy.
        sheet.allowsDismissal = false
        sheet.controller.move(to: .dismissed) { outcomes.append($0) }
        XCTAssertEqual(outcomes, [true, false])
        XCTAssertEqual(sheet.asked.last, .programmatic)
    }

    func testADragToAnotherDetentReportsTheChangeOnce() {
        let sheet = SheetHarness()
        // Up 300 pt from medium, slowly, then held: nearest is large.
        let end = sheet.drag(
            by: Point(x: 0, y: -300), duration: 0.5, samples: 30,
            holdBeforeRelease: 0.2)
        sheet.run(to: end + 0.01)
        sheet.settle()
        XCTAssertEqual(sheet.state.detent, .large)
        XCTAssertEqual(detentChanges(sheet.events), [["medium", "large"]])
    }

    func testACancelledObservationIsNotCalledAgain() {
        let harness = Harness()
        var seen = 0
        let observation = harness.controller.addObserver { _ in seen += 1 }
        harness.controller.dismiss(animated: false)
        let afterOne = seen
        XCTAssertGreaterThan(afterOne, 0)
        observation.cancel()
        observation.cancel()
        harness.controller.present(animated: false)
        XCTAssertEqual(seen, afterOne)
    }

    func testCancellingFromInsideAnObserverReleasesAControllerItCaptured() {
        weak var weakController: DismissController?
        do {
            let harness = Harness()
            weakController = harness.controller
            var observation: DismissObservation?
            observation = harness.controller.addObserver { [controller = harness.controller] _ in
                _ = controller.state
                observation?.cancel()
            }
            harness.controller.dismiss(animated: false)
            XCTAssertNotNil(observation)
        }
        XCTAssertNil(weakController)
    }

    func testANonFiniteSpringSettlesInsteadOfAnimatingForEver() {
        var configuration = DismissConfiguration.fluid
        configuration.snapBackSpring = Spring(duration: .nan, dampingRatio: 0.7)
        let harness = Harness(configuration)
        let end = harness.drag(by: Point(x: 0, y: 60), duration: 0.3, samples: 10)
        harness.run(to: end + 0.05, fps: 60)
        XCTAssertEqual(harness.state.phase, .presented)
        XCTAssertEqual(harness.state.offset, 0)
        XCTAssertFalse(harness.controller.isAnimating)
    }

    private func detentChanges(_ events: [DismissEvent]) -> [[String]] {
        events.compactMap {
            guard case .detentChanged(let from, let to) = $0 else { return nil }
            return [from.rawValue, to.rawValue]
        }
    }
}

/// `DismissConfiguration.validate()`: every detent named exists, every number animates.
final class ConfigurationValidationTests: XCTestCase {
    func testThePresetsAndScenesValidate() throws {
        for base in [DismissConfiguration.seed, .fluid] {
            try base.validate()
            try DismissConfiguration.sheet(base).validate()
            try DismissConfiguration.photo(base).validate()
        }
    }

    func testAnUnknownDetentIsNamedWithItsField() {
        var configuration = DismissConfiguration.sheet()
        configuration.detents = [
            Detent("full", position: .height(fraction: 0.95)),
            Detent("peek", position: .pointsFromBottom(200)),
        ]
        configuration.presentedDetent = "peek"
        // `.sheet`'s dim stops name `medium`, which these detents lack.
        XCTAssertThrowsError(try configuration.validate()) { error in
            XCTAssertEqual((error as? ConfigurationError)?.field, "alphaCurve.stops[0].detent")
        }
        configuration.alphaCurve = .stops([AlphaStop(detent: "peek", alpha: 0.3)])
        XCTAssertNoThrow(try configuration.validate())
        configuration.presentedDetent = "half"
        XCTAssertThrowsError(try configuration.validate()) { error in
            XCTAssertEqual((error as? ConfigurationError)?.field, "presentedDetent")
        }
        configuration.presentedDetent = nil
        configuration.passThroughDetent = "medium"
        XCTAssertThrowsError(try configuration.validate()) { error in
            XCTAssertEqual((error as? ConfigurationError)?.field, "passThroughDetent")
        }
    }

    func testDuplicateDetentsAndBadSpringsAreRefused() {
        var configuration = DismissConfiguration.sheet()
        configuration.detents.append(SheetPresenter.medium)
        XCTAssertThrowsError(try configuration.validate()) { error in
            XCTAssertEqual((error as? ConfigurationError)?.field, "detents[2]")
        }
        var springs = DismissConfiguration.fluid
        springs.snapBackSpring = Spring(duration: .nan, dampingRatio: 0.7)
        XCTAssertThrowsError(try springs.validate()) { error in
            XCTAssertEqual((error as? ConfigurationError)?.field, "snapBackSpring.stiffness")
        }
        springs = .fluid
        springs.presentSpring = Spring(mass: 1, stiffness: 100, damping: 0)
        XCTAssertThrowsError(try springs.validate()) { error in
            XCTAssertEqual(
                "\(error)", "presentSpring.damping: 0.0 is not positive")
        }
    }
}
