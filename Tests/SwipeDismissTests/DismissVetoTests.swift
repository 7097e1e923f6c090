import SwipeDismiss
import XCTest

final class DismissVetoTests: XCTestCase {
    private func vetoing(
        _ configuration: DismissConfiguration = .sheet(), presenter: Presenter = SheetPresenter()
    ) -> SheetHarness {
        let h = SheetHarness(configuration, presenter: presenter)
        h.allowsDismissal = false
        return h
    }

    func testAVetoedDragMeetsResistancePastTheLowestDetentAndSpringsBackToIt() {
        let h = vetoing()
        let medium = h.offset("medium")
        h.drag(by: Point(x: 0, y: 300), duration: 1, samples: 50, holdBeforeRelease: 0.1)
        h.run(to: 1)
        let band = RubberBand(coefficient: 0.55, dimension: h.layout.distance - medium)
        XCTAssertEqual(h.state.offset, medium + band.banded(300), accuracy: 1e-9)
        XCTAssertLessThan(h.state.offset, medium + 300 / 2)
        XCTAssertEqual(Set(h.asked), [.drag], "before its release a drag can only be dragged out")
        h.settle()
        XCTAssertEqual(h.attempts, [.drag])
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.offset, medium)
        XCTAssertTrue(h.state.isDismissAttemptPending)
        XCTAssertEqual(h.dismissCount, 0)
        XCTAssertEqual(h.phases, [.dragging, .settling, .presented])
    }

    func testAVetoedFlickSpringsBackToTheLowestDetent() {
        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = "large"
        let h = vetoing(configuration)
        h.drag(by: Point(x: 0, y: 60), duration: 0.04, samples: 5)
        h.settle()
        XCTAssertEqual(Set(h.asked), [.drag, .flick, .tap], "the reasons a drag can reach")
        XCTAssertEqual(h.attempts, [.flick])
        XCTAssertEqual(h.state.detent, "medium")
        XCTAssertEqual(h.state.offset, h.offset("medium"))
        XCTAssertEqual(h.dismissCount, 0)
    }

    func testAVetoedBackdropTapKeepsTheSheet() {
        let h = vetoing()
        h.tap(SheetHarness.aboveSheet, at: 0.1)
        h.settle()
        XCTAssertEqual(Set(h.asked), [.drag, .flick, .tap], "the reasons a release can reach")
        XCTAssertEqual(h.attempts, [.tap])
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.events.count, 1, "no phase change, only the attempt")
    }

    func testAVetoedEscapeKeepsTheSheetAndASecondEscapeDeclines() {
        let h = vetoing()
        h.at(0.1, .key(.escape))
        h.run(to: 0.1)
        XCTAssertEqual(h.attempts, [.escape])
        XCTAssertTrue(h.state.isDismissAttemptPending)
        h.at(0.2, .key(.escape))
        h.run(to: 0.2)
        XCTAssertFalse(h.state.isDismissAttemptPending, "Escape answers the prompt: keep")
        XCTAssertEqual(h.asked, [.escape], "the second Escape answers the prompt: nothing to ask")
        XCTAssertEqual(h.state.phase, .presented)
    }

    func testAVetoedProgrammaticDismissIsConfirmedByForce() {
        let h = vetoing()
        h.controller.dismiss()
        XCTAssertEqual(h.attempts, [.programmatic])
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertTrue(h.state.isDismissAttemptPending)
        h.controller.dismiss(force: true)
        XCTAssertEqual(h.state.phase, .dismissing)
        XCTAssertFalse(h.state.isDismissAttemptPending)
        h.settle()
        XCTAssertEqual(h.dismissCount, 1)
        XCTAssertEqual(h.asked, [.programmatic])
    }

    func testThePromptKeysConfirmOrDecline() {
        let h = vetoing()
        h.at(0.1, .key(.escape))
        h.at(0.2, .key(.other("n")))
        h.run(to: 0.2)
        XCTAssertFalse(h.state.isDismissAttemptPending)
        h.at(0.3, .key(.other("y")))
        h.run(to: 0.3)
        XCTAssertEqual(h.state.phase, .presented, "y means nothing without a pending attempt")
        h.at(0.4, .key(.escape))
        h.at(0.5, .key(.other("y")))
        h.settle()
        XCTAssertEqual(h.attempts, [.escape, .escape])
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.dismissCount, 1)
    }

    func testThePromptLayerShowsWhileAnAttemptIsPending() {
        let h = vetoing()
        h.run(to: 0.05)
        XCTAssertFalse(h.renderer.lastFrame?.state.isDismissAttemptPending ?? true)
        h.at(0.1, .key(.escape))
        h.run(to: 0.15)
        XCTAssertEqual(h.renderer.lastFrame?.state.isDismissAttemptPending, true)
        var scene = h.presenter.makeScene(viewport: h.renderer.viewport)
        h.presenter.update(&scene, for: h.state, direction: .down)
        let prompt = scene.layers[3]
        XCTAssertEqual(prompt.role, .decoration)
        XCTAssertEqual(prompt.opacity, 1)
        XCTAssertEqual(prompt.transform.translation, Point(x: 0, y: h.offset("medium")))
        guard case .text(let text, _, _, _, _)? = prompt.items.dropFirst().first else {
            return XCTFail("expected the prompt's title")
        }
        XCTAssertEqual(text, "Discard changes?")
    }

    func testAllowedDismissalsAskThePolicyOnlyForWhatTheirInputCanReach() {
        let tap = SheetHarness()
        tap.tap(SheetHarness.aboveSheet, at: 0.1)
        tap.settle()
        XCTAssertEqual(Set(tap.asked), [.drag, .flick, .tap])
        XCTAssertEqual(tap.dismissCount, 1)
        XCTAssertEqual(tap.attempts, [])

        let drag = SheetHarness()
        drag.drag(by: Point(x: 0, y: 300), duration: 1, samples: 50, holdBeforeRelease: 0.1)
        drag.settle()
        XCTAssertEqual(Set(drag.asked), [.drag, .flick, .tap])
        XCTAssertEqual(drag.attempts, [])
        XCTAssertEqual(drag.dismissCount, 1)
    }

    func testTheCardResistsAVetoedDragFromItsOnlyDetent() {
        let h = vetoing(.fluid, presenter: CardPresenter())
        h.drag(
            from: Harness.cardPoint, by: Point(x: 0, y: 100), duration: 0.2, samples: 10,
            release: false)
        h.run(to: 0.2)
        let band = RubberBand(coefficient: 0.55, dimension: 490)
        XCTAssertEqual(h.state.offset, band.banded(100), accuracy: 1e-9)
    }

    func testADelegateCanVeto() {
        final class Keeper: DismissControllerDelegate {
            var reasons: [DismissReason] = []
            func dismissController(
                _ controller: DismissController, shouldDismissFor reason: DismissReason
            ) -> Bool {
                reasons.append(reason)
                return false
            }
        }
        let h = Harness()
        let keeper = Keeper()
        h.controller.delegate = keeper
        h.at(0.1, .key(.escape))
        h.settle()
        XCTAssertEqual(keeper.reasons, [.escape])
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.events, [.dismissAttempted(.escape)])
    }

    func testAPolicyThatConfirmsFromInsideItselfRunsAfterItsCall() {
        let h = SheetHarness()
        h.controller.shouldDismiss = { [unowned h] _ in
            h.controller.dismiss(force: true)
            return false
        }
        h.controller.dismiss()
        XCTAssertEqual(h.attempts, [.programmatic])
        XCTAssertEqual(h.state.phase, .dismissing)
        h.settle()
        XCTAssertEqual(h.dismissCount, 1)
    }
}

final class ReentrancyTests: XCTestCase {
    func testAPolicyMayReadTheControllerWhileItDecides() {
        let h = SheetHarness()
        var seen: [(Int, Bool, DismissPhase, HitRegion)] = []
        h.controller.shouldDismiss = { [unowned h] _ in
            let c = h.controller
            seen.append(
                (
                    c.presentationCount, c.isAnimating, c.state.phase,
                    c.hitTest(SheetHarness.aboveSheet)
                ))
            _ = try? c.step()
            return true
        }
        h.controller.addObserver { [unowned h] _ in _ = try? h.controller.step() }
        h.at(0.1, .key(.escape))
        h.settle()
        XCTAssertEqual(seen.count, 1)
        XCTAssertEqual(seen.first?.0, 1)
        XCTAssertEqual(seen.first?.2, .presented)
        XCTAssertEqual(seen.first?.3, .backdrop)
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.dismissCount, 1)
    }
}
