import SwipeDismiss
import XCTest

final class FluidPresetTests: XCTestCase {
    func testContentFollowsThePointerOneToOne() {
        let h = Harness()
        h.drag(by: Point(x: 3, y: 87), duration: 0.1, samples: 4, release: false)
        h.run(to: 0.1)
        XCTAssertEqual(h.state.phase, .dragging)
        XCTAssertEqual(h.state.offset, 87)
        XCTAssertEqual(h.state.alpha, 0.3 - 0.087, accuracy: 1e-12)
        XCTAssertEqual(h.renderer.lastFrame?.contentTranslation, Point(x: 0, y: 87))
        XCTAssertEqual(h.renderer.lastFrame?.backdropOpacity ?? -1, 0.213, accuracy: 1e-12)
    }

    func testDraggingIsAnnouncedWithTheFirstMovesOffset() {
        let h = Harness()
        h.drag(by: Point(x: 0, y: 30), duration: 0.05, samples: 2, release: false)
        h.run(to: 0.1)
        guard case .phaseChanged(.presented, .dragging, let state)? = h.events.first else {
            return XCTFail("expected the drag to be announced, got \(h.events)")
        }
        XCTAssertEqual(state.offset, 15)
        XCTAssertEqual(state.alpha, 0.285, accuracy: 1e-12)
    }

    func testUpwardDragRubberBands() {
        let h = Harness()
        h.drag(by: Point(x: 0, y: -100), duration: 0.1, samples: 5, release: false)
        h.run(to: 0.1)
        let d = h.presenter.dismissDistance(direction: .down, viewport: h.renderer.viewport)
        let expected = -(1 - 1 / (100 * 0.55 / d + 1)) * d
        XCTAssertEqual(h.state.offset, expected, accuracy: 1e-9)
        XCTAssertEqual(h.state.alpha, 0.3, accuracy: 1e-12)
    }

    func testShortFastFlickDismisses() {
        // 60 pt at 1500 pt/s: projected 60 + 1500 * 0.499 = 808.5 >= 200.
        let h = Harness()
        h.drag(by: Point(x: 0, y: 60), duration: 0.04, samples: 5)
        h.run(to: 0.04)
        XCTAssertEqual(h.state.phase, .dismissing)
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.state.alpha, 0)
        XCTAssertEqual(h.dismissCount, 1)
    }

    func testLongDragThrownBackUpSpringsBack() {
        // Down to 330 pt slowly, then up to 250 pt at 800 pt/s: projected 250 - 399.2 < 200.
        let h = Harness()
        h.drag(by: Point(x: 0, y: 330), duration: 0.6, samples: 30, release: false)
        let start = Harness.cardPoint + Point(x: 0, y: 330)
        let end = h.drag(
            from: start, by: Point(x: 0, y: -80), at: 0.6, duration: 0.1, samples: 10, press: false)
        h.run(to: end)
        XCTAssertEqual(h.state.offset, 250, accuracy: 1e-9)
        XCTAssertEqual(h.state.phase, .settling)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.offset, 0)
        XCTAssertEqual(h.dismissCount, 0)
    }

    func testSlowReleasePastThresholdDismissesAndShortOneSpringsBack() {
        let far = Harness()
        far.drag(by: Point(x: 0, y: 210), duration: 1, samples: 50)
        far.at(1.2, .up(Harness.cardPoint + Point(x: 0, y: 210)))
        far.settle()
        XCTAssertEqual(far.state.phase, .dismissed)

        let near = Harness()
        near.drag(by: Point(x: 0, y: 150), duration: 1, samples: 50, release: false)
        near.at(1.1, .up(Harness.cardPoint + Point(x: 0, y: 150)))
        near.settle()
        XCTAssertEqual(near.state.phase, .presented)
    }

    func testDraggingBackAboveTheThresholdBeforeReleasingSpringsBack() {
        let h = Harness()
        h.drag(by: Point(x: 0, y: 300), duration: 0.5, samples: 25, release: false)
        h.drag(
            from: Harness.cardPoint + Point(x: 0, y: 300), by: Point(x: 0, y: -250), at: 0.5,
            duration: 1, samples: 50, press: false, release: false)
        h.at(1.7, .up(Harness.cardPoint + Point(x: 0, y: 50)))
        h.settle()
        XCTAssertEqual(h.phases, [.dragging, .settling, .presented])
    }

    func testSnapBackStartsWithTheReleaseVelocity() {
        let h = Harness()
        // 100 pt at 500 pt/s, released while moving: projected 349.5, so it dismisses.
        // Use a slower drag: 60 pt over 0.4 s (150 pt/s) -> 134.85, springs back.
        h.drag(by: Point(x: 0, y: 60), duration: 0.4, samples: 20)
        h.run(to: 0.4 + 1 / 240)
        XCTAssertEqual(h.state.phase, .settling)
        // Still moving down just after release: the spring inherited +150 pt/s.
        XCTAssertGreaterThan(h.state.offset, 60)
    }

    func testCancelMidDragSnapsBack() {
        let h = Harness()
        h.drag(by: Point(x: 0, y: 150), duration: 0.2, samples: 10, release: false)
        h.at(0.3, .cancel)
        h.run(to: 0.3)
        XCTAssertEqual(h.state.phase, .settling)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.offset, 0)
        XCTAssertEqual(h.state.alpha, 0.3, accuracy: 1e-12)
        // The moves after a cancel belong to no gesture.
        h.at(h.clock.now + 0.01, .move(Harness.cardPoint + Point(x: 0, y: 300)))
        h.settle()
        XCTAssertEqual(h.state.offset, 0)
    }

    func testGrabDuringSnapBackCatchesTheContentWithoutAJump() {
        let h = Harness()
        h.drag(by: Point(x: 0, y: 150), duration: 1, samples: 50, release: false)
        h.at(1.1, .up(Harness.cardPoint + Point(x: 0, y: 150)))
        h.run(to: 1.2)
        XCTAssertEqual(h.state.phase, .settling)
        let before = h.state.offset
        XCTAssertGreaterThan(before, 1)
        XCTAssertLessThan(before, 150)

        // Grab the card where it now is, at the same instant as the last frame.
        let grab = Point(x: 195, y: 360 + before)
        h.at(1.2, .down(grab))
        h.run(to: 1.2 + 1 / 240)
        XCTAssertEqual(h.state.phase, .dragging)
        XCTAssertEqual(h.state.offset, before, accuracy: 1e-9)
        h.run(to: 1.5)
        XCTAssertEqual(h.state.offset, before, accuracy: 1e-9, "held still, the card stays caught")

        h.at(1.6, .move(grab + Point(x: 0, y: 10)))
        h.run(to: 1.6)
        XCTAssertEqual(h.state.offset, before + 10, accuracy: 1e-9)
    }

    func testGrabbingAndLettingGoWithoutMovingResumesTheSnapBack() {
        let h = Harness()
        h.drag(by: Point(x: 0, y: 150), duration: 1, samples: 50, release: false)
        h.at(1.1, .up(Harness.cardPoint + Point(x: 0, y: 150)))
        h.run(to: 1.15)
        let caught = h.state.offset
        h.at(1.15, .down(Point(x: 195, y: 360 + caught)))
        h.at(1.25, .up(Point(x: 195, y: 360 + caught)))
        h.run(to: 1.25)
        XCTAssertEqual(h.state.phase, .settling)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
    }

    func testAClickOnTheCardWhileItComesBackInDoesNotDismissIt() {
        let h = Harness()
        h.at(0.1, .key(.escape))
        h.at(1.0, .key(.space))
        h.run(to: 1.1)
        XCTAssertEqual(h.state.phase, .presenting)
        let offset = h.state.offset
        XCTAssertGreaterThan(offset, 200, "still far down: a release decision would dismiss")
        let onCard = Point(x: 195, y: 360 + offset)
        h.at(1.1, .down(onCard))
        h.at(1.15, .up(onCard))
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.dismissCount, 1)
    }

    func testASecondPressWithoutAReleaseStartsANewGesture() {
        let h = Harness()
        h.drag(by: Point(x: 0, y: 100), duration: 0.2, samples: 10, release: false)
        // No release: the next press cancels the first gesture and begins its own.
        h.drag(
            from: Harness.cardPoint, by: Point(x: 0, y: 300), at: 0.3, duration: 0.5, samples: 25)
        h.settle()
        XCTAssertEqual(h.phases, [.dragging, .settling, .dragging, .dismissing, .dismissed])
    }

    func testEscapeDismissesAndCompletionFiresOncePerPresentation() {
        let h = Harness()
        h.at(0.1, .key(.escape))
        h.at(0.15, .key(.escape))
        h.at(0.2, .key(.escape))
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.dismissCount, 1)
        h.at(h.clock.now + 0.1, .key(.escape))
        h.settle()
        XCTAssertEqual(h.dismissCount, 1)

        // Space presents again; a second dismissal is a second completion.
        h.at(h.clock.now + 0.1, .key(.space))
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.offset, 0)
        XCTAssertEqual(h.state.alpha, 0.3, accuracy: 1e-12)
        XCTAssertEqual(h.controller.presentationCount, 2)
        h.at(h.clock.now + 0.1, .key(.escape))
        h.settle()
        XCTAssertEqual(h.dismissCount, 2)
        XCTAssertEqual(
            h.phases,
            [.dismissing, .dismissed, .presenting, .presented, .dismissing, .dismissed])
    }

    func testBackdropTapDismissesButATapOnTheCardDoesNot() {
        let onCard = Harness()
        onCard.at(0.1, .down(Harness.cardPoint))
        onCard.at(0.15, .up(Harness.cardPoint))
        onCard.settle()
        XCTAssertEqual(onCard.state.phase, .presented)

        let onBackdrop = Harness()
        onBackdrop.at(0.1, .down(Point(x: 195, y: 100)))
        onBackdrop.at(0.15, .up(Point(x: 195, y: 100)))
        onBackdrop.settle()
        XCTAssertEqual(onBackdrop.state.phase, .dismissed)

        // When dismissed, a click presents again.
        onBackdrop.at(onBackdrop.clock.now + 0.1, .down(Point(x: 10, y: 10)))
        onBackdrop.at(onBackdrop.clock.now + 0.15, .up(Point(x: 10, y: 10)))
        onBackdrop.settle()
        XCTAssertEqual(onBackdrop.state.phase, .presented)
    }

    func testDismissFadesTheBackdropInStepWithTheContent() {
        let h = Harness()
        h.drag(by: Point(x: 0, y: 120), duration: 0.1, samples: 6)
        h.settle()
        let frames = h.renderer.frames.filter { $0.phase == .dismissing }
        XCTAssertGreaterThan(frames.count, 3)
        let starts = h.events.compactMap { event -> DismissState? in
            if case .phaseChanged(_, .dismissing, let state) = event { return state }
            return nil
        }
        XCTAssertEqual(starts.count, 1)
        XCTAssertEqual(starts.first?.offset ?? 0, 120, accuracy: 1e-9)
        XCTAssertEqual(starts.first?.alpha ?? 0, 0.3 - 0.12, accuracy: 1e-9)
        let distance = h.presenter.dismissDistance(direction: .down, viewport: h.renderer.viewport)
        for frame in frames {
            let fraction = min(1, max(0, (frame.offset - 120) / (distance - 120)))
            XCTAssertEqual(frame.alpha, 0.18 * (1 - fraction), accuracy: 1e-9)
        }
        XCTAssertEqual(h.renderer.lastFrame?.phase, .dismissed)
        XCTAssertEqual(h.renderer.lastFrame?.alpha, 0)
    }

    func testDismissalEndsAsTheContentLeavesTheViewport() {
        let h = Harness()
        h.at(0.1, .key(.escape))
        h.settle()
        let distance = h.presenter.dismissDistance(direction: .down, viewport: h.renderer.viewport)
        let done = h.events.compactMap { event -> DismissState? in
            if case .didDismiss(let state) = event { return state }
            return nil
        }
        XCTAssertEqual(done.count, 1)
        XCTAssertEqual(done.first?.offset, distance)
        XCTAssertEqual(done.first?.alpha, 0)
        let duration = (done.first?.time ?? 0) - 0.1
        XCTAssertGreaterThan(duration, 0.15)
        XCTAssertLessThan(duration, 0.35)
        for frame in h.renderer.frames where frame.phase == .dismissing {
            XCTAssertLessThan(frame.offset, distance)
            XCTAssertGreaterThan(frame.alpha, 0)
        }
    }

    func testIdleControllerRendersNothing() {
        let h = Harness()
        h.run(to: 0.1)
        let rendered = h.controller.framesRendered
        XCTAssertEqual(rendered, 1, "only the first frame")
        h.run(to: 2)
        XCTAssertEqual(h.controller.framesRendered, rendered)
        XCTAssertFalse(h.controller.isAnimating)
        XCTAssertNil(h.controller.nextWakeTime)
    }

    func testNonFiniteAndOutOfOrderEventsAreIgnored() {
        let h = Harness()
        h.controller.handle(InputEvent(time: 0.1, kind: .down(Harness.cardPoint)))
        h.controller.handle(InputEvent(time: 0.2, kind: .move(Point(x: .nan, y: 700))))
        h.controller.handle(InputEvent(time: .infinity, kind: .move(Point(x: 195, y: 700))))
        h.controller.handle(InputEvent(time: 0.3, kind: .move(Point(x: 195, y: 540))))
        // Older than the last event: applied at the latest time seen, never backwards.
        h.controller.handle(InputEvent(time: 0.05, kind: .move(Point(x: 195, y: 560))))
        XCTAssertEqual(h.controller.state.phase, .dragging)
        h.run(to: 0.4)
        XCTAssertEqual(h.state.offset, 60)
        XCTAssertGreaterThanOrEqual(h.state.time, 0.3)
    }
}
