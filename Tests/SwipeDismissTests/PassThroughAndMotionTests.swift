import SwipeDismiss
import XCTest

final class PassThroughTests: XCTestCase {
    private static var passingBelowMedium: DismissConfiguration {
        var configuration = DismissConfiguration.sheet()
        configuration.passThroughDetent = "medium"
        return configuration
    }

    func testTheBackdropLetsClicksThroughAtAndBelowThePassThroughDetent() {
        let h = SheetHarness(Self.passingBelowMedium)
        XCTAssertEqual(h.controller.hitTest(SheetHarness.aboveSheet), .passThrough)
        XCTAssertEqual(h.controller.hitTest(SheetHarness.onSheet), .content)
        h.tap(SheetHarness.aboveSheet, at: 0.1)
        h.settle()
        XCTAssertEqual(h.events, [.passedThrough(SheetHarness.aboveSheet)])
        XCTAssertEqual(h.attempts, [], "a click that passes through is no dismissal attempt")
        XCTAssertEqual(h.state.phase, .presented)
    }

    func testAPressThatPassesThroughTakesItsWholeGestureWithIt() {
        let h = SheetHarness(Self.passingBelowMedium)
        h.drag(from: SheetHarness.aboveSheet, by: Point(x: 0, y: 200), duration: 0.2, samples: 10)
        h.settle()
        XCTAssertEqual(h.events, [.passedThrough(SheetHarness.aboveSheet)])
        XCTAssertEqual(h.state.offset, h.offset("medium"))
    }

    func testAboveThePassThroughDetentTheBackdropTakesTapsAgain() {
        let h = SheetHarness(Self.passingBelowMedium)
        h.drag(by: Point(x: 0, y: -60), duration: 0.06, samples: 6)
        h.settle()
        XCTAssertEqual(h.state.detent, "large")
        let top = Point(x: 195, y: 40)
        XCTAssertEqual(h.controller.hitTest(top), .backdrop)
        h.tap(top, at: h.clock.now + 0.1)
        h.settle()
        XCTAssertEqual(Set(h.asked), [.drag, .flick, .tap])
        XCTAssertEqual(h.state.phase, .dismissed)
    }

    func testWhereTheDimIsZeroTheBackdropIsNotThereToTap() {
        var configuration = DismissConfiguration.sheet()
        configuration.alphaCurve = .stops([
            AlphaStop(detent: "large", alpha: 0.3), AlphaStop(detent: "medium", alpha: 0),
        ])
        let h = SheetHarness(configuration)
        XCTAssertEqual(h.state.alpha, 0)
        XCTAssertEqual(h.controller.hitTest(SheetHarness.aboveSheet), .passThrough)
        XCTAssertEqual(Harness().controller.hitTest(Point(x: 195, y: 100)), .backdrop)
    }
}

final class ReducedMotionTests: XCTestCase {
    private static var reduced: DismissConfiguration {
        var configuration = DismissConfiguration.fluid
        configuration.reduceMotion = true
        return configuration
    }

    func testACriticallyDampedSpringKeepsTheResponse() {
        let spring = DismissConfiguration.uikitSpring
        let critical = spring.criticallyDamped
        XCTAssertEqual(critical.dampingRatio, 1, accuracy: 1e-12)
        XCTAssertEqual(critical.naturalFrequency, spring.naturalFrequency, accuracy: 1e-12)
        XCTAssertEqual(critical.naturalFrequency, 19.68, accuracy: 0.01)
    }

    func testTheSnapBackIsCriticallyDampedAndNeverOvershoots() {
        let h = Harness(Self.reduced)
        h.drag(by: Point(x: 0, y: 150), duration: 1, samples: 50, release: false)
        h.at(1.1, .up(Harness.cardPoint + Point(x: 0, y: 150)))
        h.run(to: 1.1)
        XCTAssertEqual(h.state.offset, 150, "drags still motion 1:1")
        XCTAssertEqual(h.state.phase, .settling)
        let critical = DismissConfiguration.uikitSpring.criticallyDamped
        for t in [1.15, 1.2, 1.3, 1.5] {
            h.run(to: t)
            let expected = critical.evaluate(displacement: 150, velocity: 0, at: t - 1.1)
            XCTAssertEqual(h.state.offset, expected.displacement, accuracy: 1e-9, "at \(t) s")
        }
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertTrue(h.renderer.frames.allSatisfy { $0.offset >= 0 })
    }

    func testDismissAndPresentAreCrossFades() {
        let h = Harness(Self.reduced)
        h.at(0.1, .key(.escape))
        h.run(to: 0.1)
        XCTAssertEqual(h.state.phase, .dismissing)
        h.run(to: 0.2)
        XCTAssertEqual(h.state.offset, 0, "the content fades where it is")
        XCTAssertEqual(h.state.contentOpacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(h.state.alpha, 0.15, accuracy: 1e-12)
        h.run(to: 0.31)
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.state.contentOpacity, 0)
        XCTAssertEqual(h.dismissCount, 1)

        h.at(0.5, .key(.space))
        h.run(to: 0.5)
        XCTAssertEqual(h.state.phase, .presenting)
        XCTAssertEqual(h.state.offset, 0, "no slide: the content is in place at once")
        XCTAssertEqual(h.state.contentOpacity, 0)
        h.run(to: 0.65)
        XCTAssertEqual(h.state.contentOpacity, 0.75, accuracy: 1e-12)
        XCTAssertEqual(h.state.alpha, 0.225, accuracy: 1e-12)
        XCTAssertEqual(h.renderer.lastFrame?.state.contentOpacity ?? -1, 0.75, accuracy: 1e-12)
        h.run(to: 0.71)
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.contentOpacity, 1)
        XCTAssertEqual(
            h.phases, [.dismissing, .dismissed, .presenting, .presented])
    }

    func testPresentingDuringAFadeOutFadesBackFromWhereItWas() {
        let h = Harness(Self.reduced)
        h.at(0.1, .key(.escape))
        h.run(to: 0.2)
        h.controller.present()
        XCTAssertEqual(h.state.contentOpacity, 0.5, accuracy: 1e-12)
        h.run(to: 0.25)
        XCTAssertEqual(h.state.contentOpacity, 0.75, accuracy: 1e-9)
        h.run(to: 0.31)
        XCTAssertEqual(h.state.phase, .presented)
    }
}

final class CompletionContractTests: XCTestCase {
    func testEachPresentationEndsWithOneDidDismissOrIsSuperseded() {
        let h = Harness()
        h.at(0.1, .key(.escape))
        h.run(to: 0.15)
        XCTAssertEqual(h.state.phase, .dismissing)
        h.controller.present()
        XCTAssertEqual(h.controller.presentationCount, 2)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        h.at(h.clock.now + 0.1, .key(.escape))
        h.settle()

        var endings: [Int: Int] = [:]
        for event in h.events {
            switch event {
            case .superseded(let presentation, let state):
                XCTAssertEqual(presentation, 1)
                XCTAssertEqual(state.phase, .dismissing)
                endings[presentation, default: 0] += 1
            case .didDismiss:
                endings[h.controller.presentationCount, default: 0] += 1
            default:
                break
            }
        }
        XCTAssertEqual(endings, [1: 1, 2: 1])
        XCTAssertEqual(h.dismissCount, 1)
        XCTAssertEqual(
            h.phases, [.dismissing, .presenting, .presented, .dismissing, .dismissed])
    }

    func testPresentingAfterAFinishedDismissalSupersedesNothing() {
        let h = Harness()
        h.at(0.1, .key(.escape))
        h.settle()
        h.controller.present()
        h.settle()
        XCTAssertFalse(
            h.events.contains {
                if case .superseded = $0 { return true }
                return false
            })
        XCTAssertEqual(h.dismissCount, 1)
    }
}
