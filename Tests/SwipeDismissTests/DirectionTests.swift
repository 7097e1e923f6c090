import SwipeDismiss
import XCTest

/// The card leaving by the top, left and right edges (issue 11), with the fluid preset, and
/// the seed preset on a sideways edge.
final class DirectionTests: XCTestCase {
    static let edges: [DismissDirection] = [.up, .left, .right]

    private func harness(_ direction: DismissDirection, preset: DismissConfiguration = .fluid)
        -> Harness
    {
        var configuration = preset
        configuration.direction = direction
        return Harness(configuration)
    }

    private func distance(_ h: Harness, _ direction: DismissDirection) -> Double {
        h.presenter.dismissDistance(direction: direction, viewport: h.renderer.viewport)
    }

    func testSlowDragShortOfTheThresholdSpringsBack() {
        for edge in Self.edges {
            let h = harness(edge)
            h.drag(by: edge.unit * 150, duration: 1, samples: 50, release: false)
            h.run(to: 1)
            XCTAssertEqual(h.state.offset, 150, accuracy: 1e-9, "\(edge)")
            XCTAssertEqual(h.renderer.lastFrame?.contentTranslation, edge.unit * 150, "\(edge)")
            h.at(1.1, .up(Harness.cardPoint + edge.unit * 150))
            h.settle()
            XCTAssertEqual(h.state.phase, .presented, "\(edge)")
            XCTAssertEqual(h.state.offset, 0, "\(edge)")
            XCTAssertEqual(h.dismissCount, 0, "\(edge)")
        }
    }

    func testSlowDragPastTheThresholdDismissesOffScreenOnThatSide() {
        for edge in Self.edges {
            let h = harness(edge)
            h.drag(by: edge.unit * 210, duration: 1, samples: 50, release: false)
            h.at(1.2, .up(Harness.cardPoint + edge.unit * 210))
            h.settle()
            let d = distance(h, edge)
            XCTAssertEqual(h.state.phase, .dismissed, "\(edge)")
            XCTAssertEqual(h.dismissCount, 1, "\(edge)")
            XCTAssertEqual(h.state.offset, d, "\(edge)")
            XCTAssertEqual(h.renderer.lastFrame?.contentTranslation, edge.unit * d, "\(edge)")
        }
    }

    func testDraggingTheWrongWayRubberBands() {
        for edge in Self.edges {
            let h = harness(edge)
            h.drag(by: edge.unit * -100, duration: 0.1, samples: 5, release: false)
            h.run(to: 0.1)
            let d = distance(h, edge)
            let expected = -(1 - 1 / (100 * 0.55 / d + 1)) * d
            XCTAssertEqual(h.state.offset, expected, accuracy: 1e-9, "\(edge)")
            XCTAssertEqual(h.state.alpha, 0.3, accuracy: 1e-12, "\(edge)")
            let translation = h.renderer.lastFrame?.contentTranslation ?? Point(x: 0, y: 0)
            XCTAssertEqual(translation.x, edge.unit.x * expected, accuracy: 1e-9, "\(edge)")
            XCTAssertEqual(translation.y, edge.unit.y * expected, accuracy: 1e-9, "\(edge)")
        }
    }

    func testShortFastFlickDismisses() {
        // 60 pt at 1500 pt/s: projected 60 + 1500 * 0.499 = 808.5 >= 200 (deceleration 0.998).
        for edge in Self.edges {
            let h = harness(edge)
            h.drag(by: edge.unit * 60, duration: 0.04, samples: 5)
            h.run(to: 0.04)
            XCTAssertEqual(h.state.phase, .dismissing, "\(edge)")
            h.settle()
            XCTAssertEqual(h.state.phase, .dismissed, "\(edge)")
            XCTAssertEqual(h.state.offset, distance(h, edge), "\(edge)")
            XCTAssertEqual(h.dismissCount, 1, "\(edge)")
        }
    }

    func testSeedOnTheRightEdge() {
        let short = harness(.right, preset: .seed)
        short.drag(by: Point(x: 199, y: 0), duration: 0.3, samples: 18)
        short.settle()
        XCTAssertEqual(short.state.phase, .presented)
        XCTAssertEqual(short.dismissCount, 0)

        let far = harness(.right, preset: .seed)
        far.drag(by: Point(x: 200, y: 0), duration: 0.3, samples: 18)
        far.run(to: 0.3)
        XCTAssertEqual(far.state.phase, .dismissing)
        far.settle()
        XCTAssertEqual(far.state.phase, .dismissed)
        XCTAssertEqual(far.state.offset, distance(far, .right))
        XCTAssertEqual(
            far.renderer.lastFrame?.contentTranslation, Point(x: distance(far, .right), y: 0))

        let wrong = harness(.right, preset: .seed)
        wrong.drag(by: Point(x: -150, y: 0), duration: 0.2, samples: 10, release: false)
        wrong.run(to: 1)
        XCTAssertEqual(wrong.state.phase, .dragging)
        XCTAssertEqual(wrong.state.offset, 0)
        XCTAssertEqual(
            wrong.renderer.frames.map(\.offset),
            Array(repeating: 0, count: wrong.renderer.frames.count))
    }
}
