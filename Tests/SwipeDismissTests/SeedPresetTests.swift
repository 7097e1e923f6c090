import SwipeDismiss
import XCTest

final class SeedPresetTests: XCTestCase {
    func testSeedAlphaCurveMatchesTheBlogFormula() {
        let curve = DismissConfiguration.seed.alphaCurve
        let expected: [(Double, Double)] = [
            (0, 0.3), (50, 0.25), (150, 0.15), (200, 0.1), (600, 0.1),
        ]
        for (offset, alpha) in expected {
            XCTAssertEqual(
                curve.alpha(offset: offset, dismissDistance: 490), alpha, accuracy: 1e-9,
                "at \(offset) pt")
        }
    }

    func testSeedAlphaWhileDraggingIsTheFormulaAtTheSettledOffset() {
        for (offset, alpha) in [(50.0, 0.25), (150.0, 0.15), (200.0, 0.1), (300.0, 0.1)] {
            let h = Harness(.seed)
            h.drag(by: Point(x: 0, y: offset), duration: 0.1, samples: 6, release: false)
            h.run(to: 3)
            XCTAssertEqual(h.state.phase, .dragging)
            XCTAssertEqual(h.state.offset, offset, accuracy: 1e-9)
            XCTAssertEqual(h.state.alpha, alpha, accuracy: 1e-9, "at \(offset) pt")
        }
    }

    func testSeedMovesOnChangesNotOnTheBeginning() {
        // The blog's handler only has `.changed`: the move that begins the pan moves nothing.
        let h = Harness(.seed)
        h.drag(by: Point(x: 0, y: 40), duration: 0.02, samples: 1, release: false)
        h.run(to: 1)
        XCTAssertEqual(h.state.phase, .dragging)
        XCTAssertEqual(h.state.offset, 0)
        h.at(1.1, .move(Harness.cardPoint + Point(x: 0, y: 60)))
        h.run(to: 3)
        XCTAssertEqual(h.state.offset, 60, accuracy: 1e-9)
    }

    func testSeedContentLagsBehindTheFinger() {
        let h = Harness(.seed)
        h.drag(by: Point(x: 0, y: 150), duration: 0.1, samples: 6, release: false)
        h.run(to: 0.1)
        // Each move starts a 0.5 s spring toward the finger, so the card is still behind it.
        XCTAssertLessThan(h.state.offset, 150 - 10)
        XCTAssertGreaterThan(h.state.offset, 0)
    }

    func testSeedIgnoresAnUpwardDragLeavingTheContentWhereItWas() {
        let h = Harness(.seed)
        h.drag(by: Point(x: 0, y: -150), duration: 0.2, samples: 10, release: false)
        h.run(to: 1)
        XCTAssertEqual(h.state.phase, .dragging)
        XCTAssertEqual(h.state.offset, 0)
        XCTAssertEqual(
            h.renderer.frames.map(\.offset), Array(repeating: 0, count: h.renderer.frames.count))
    }

    func testSeedFreezesTheCardOnceTheFingerGoesAboveItsStart() {
        let h = Harness(.seed)
        h.drag(by: Point(x: 0, y: 100), duration: 0.1, samples: 5, release: false)
        h.run(to: 2)
        XCTAssertEqual(h.state.offset, 100, accuracy: 1e-9)
        // Back up in 16 pt steps: 84, 68, …, 4 are followed; -12 and above are ignored.
        h.drag(
            from: Harness.cardPoint + Point(x: 0, y: 100), by: Point(x: 0, y: -160), at: 2.1,
            duration: 0.2, samples: 10, press: false, release: false)
        h.run(to: 4)
        XCTAssertEqual(h.state.offset, 4, accuracy: 1e-9)
        XCTAssertEqual(h.state.phase, .dragging)
    }

    func testSeedReleaseAt199PointsSpringsBack() {
        let h = Harness(.seed)
        h.drag(by: Point(x: 0, y: 199), duration: 0.3, samples: 18)
        h.run(to: 0.3)
        XCTAssertEqual(h.state.phase, .settling)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.offset, 0)
        XCTAssertEqual(h.state.alpha, 0.3, accuracy: 1e-12)
        XCTAssertEqual(h.dismissCount, 0)
    }

    func testSeedReleaseAt200PointsDismissesAndClearsTheBackdropAtOnce() {
        let h = Harness(.seed)
        h.drag(by: Point(x: 0, y: 200), duration: 0.3, samples: 18)
        h.run(to: 0.3)
        XCTAssertEqual(h.state.phase, .dismissing)
        XCTAssertEqual(h.state.alpha, 0)
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.dismissCount, 1)
        XCTAssertEqual(
            h.state.offset,
            h.presenter.dismissDistance(direction: .down, viewport: h.renderer.viewport))
    }

    func testSeedIgnoresVelocity() {
        // A fast 80 pt flick: the seed only looks at the translation.
        let h = Harness(.seed)
        h.drag(by: Point(x: 0, y: 80), duration: 0.04, samples: 5)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.dismissCount, 0)
    }

    func testSeedCancelStrandsTheContent() {
        let h = Harness(.seed)
        h.drag(by: Point(x: 0, y: 120), duration: 0.1, samples: 6, release: false)
        h.at(0.2, .cancel)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.offset, 120, accuracy: 1e-9)
    }

    func testSeedEscapeDoesNothing() {
        let h = Harness(.seed)
        h.at(0.1, .key(.escape))
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.events, [])
    }
}
