import SwipeDismiss
import SwipeDismissNull
import XCTest

final class SheetDetentTests: XCTestCase {
    /// The sheet configuration, resting at `large` to start with.
    private static var fromLarge: DismissConfiguration {
        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = "large"
        return configuration
    }

    func testDetentPositionsResolveToOffsetsFromTheTopDetent() {
        let layout = DetentLayout(
            detents: [
                Detent(name: "half", position: .height(fraction: 0.5)),
                Detent(name: "top", position: .pointsFromTop(100)),
                Detent(name: "peek", position: .pointsFromBottom(120)),
                Detent(name: "fit", position: .fitsContent),
            ], viewportExtent: 800, contentExtent: 300, distance: 700)
        // Visible extents 400, 700, 120, 300 -> offsets 300, 0, 580, 400, sorted top first.
        XCTAssertEqual(layout.names, ["top", "half", "fit", "peek"])
        XCTAssertEqual(layout.offsets, [0, 300, 400, 580])
        XCTAssertEqual(layout.offset(of: layout.count), 700)
        XCTAssertEqual(layout.name(of: 4), "dismissed")
        XCTAssertEqual(layout.index(named: "dismissed"), 4)
        XCTAssertEqual(layout.nearest(to: 349, includingDismissed: true), 1)
        XCTAssertEqual(layout.nearest(to: 641, includingDismissed: true), 4)
        XCTAssertEqual(layout.nearest(to: 641, includingDismissed: false), 3)
    }

    func testTheCardIsTheOneDetentCase() {
        let h = Harness()
        let layout = h.controller.layout
        XCTAssertEqual(layout.names, ["open"])
        XCTAssertEqual(layout.offsets, [0])
        XCTAssertEqual(layout.distance, 490)
        XCTAssertEqual(h.state.detent, "open")
        XCTAssertEqual(h.state.progress, 0)
    }

    func testTheSheetPresentsAtMediumWithLargeAtTheTop() {
        let h = SheetHarness()
        XCTAssertEqual(h.layout.names, ["large", "medium"])
        XCTAssertEqual(h.layout.top, 0)
        XCTAssertEqual(h.layout.distance, 759.6, accuracy: 1e-9)
        XCTAssertEqual(h.offset("medium"), 337.6, accuracy: 1e-9)
        XCTAssertEqual(h.state.detent, "medium")
        XCTAssertEqual(h.state.offset, h.offset("medium"))
        XCTAssertEqual(h.state.progress, 337.6 / 759.6, accuracy: 1e-12)
        XCTAssertEqual(h.state.alpha, 0.3, accuracy: 1e-12)
    }

    func testASlowDragJustPastHalfwayTowardMediumSettlesAtMedium() {
        // Halfway between large (0) and medium (337.6) is 168.8; released still at 175.
        let h = SheetHarness(Self.fromLarge)
        h.drag(by: Point(x: 0, y: 175), duration: 1, samples: 50, holdBeforeRelease: 0.1)
        h.run(to: 1.1)
        XCTAssertEqual(h.state.phase, .settling)
        XCTAssertEqual(h.state.detent, "medium")
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.offset, h.offset("medium"))
        XCTAssertEqual(h.phases, [.dragging, .settling, .presented])
    }

    func testASlowDragJustShortOfHalfwayGoesBackToLarge() {
        let h = SheetHarness(Self.fromLarge)
        h.drag(by: Point(x: 0, y: 160), duration: 1, samples: 50, holdBeforeRelease: 0.1)
        h.settle()
        XCTAssertEqual(h.state.detent, "large")
        XCTAssertEqual(h.state.offset, 0)
    }

    func testA1500PointPerSecondFlickFromLargeDismisses() {
        // 60 pt at 1500 pt/s: projected 60 + 1500 * 0.499 = 808.5, nearest to off screen
        // (759.6) rather than medium (337.6).
        let h = SheetHarness(Self.fromLarge)
        h.drag(by: Point(x: 0, y: 60), duration: 0.04, samples: 5)
        h.run(to: 0.04)
        XCTAssertEqual(h.state.phase, .dismissing)
        XCTAssertEqual(h.state.detent, "dismissed")
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.state.offset, h.layout.distance)
        XCTAssertEqual(h.state.progress, 1)
        XCTAssertEqual(h.dismissCount, 1)
        XCTAssertEqual(Set(h.asked), [.drag, .flick, .tap], "the reasons a drag can reach")
    }

    func testA500PointPerSecondFlickFromLargeStopsAtMedium() {
        // 60 + 500 * 0.499 = 309.5: nearer medium (337.6) than large or off screen.
        let h = SheetHarness(Self.fromLarge)
        h.drag(by: Point(x: 0, y: 60), duration: 0.12, samples: 5)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.detent, "medium")
        XCTAssertEqual(h.state.offset, h.offset("medium"))
    }

    func testAnUpwardFlickFromMediumGoesToLarge() {
        let h = SheetHarness()
        h.drag(by: Point(x: 0, y: -60), duration: 0.06, samples: 6)
        h.settle()
        XCTAssertEqual(h.state.detent, "large")
        XCTAssertEqual(h.state.offset, 0)
    }

    func testASpringToADetentCanBeCaughtMidWay() {
        let h = SheetHarness(Self.fromLarge)
        h.drag(by: Point(x: 0, y: 175), duration: 1, samples: 50, holdBeforeRelease: 0.1)
        h.run(to: 1.2)
        XCTAssertEqual(h.state.phase, .settling)
        let caught = h.state.offset
        XCTAssertGreaterThan(caught, 176)
        XCTAssertLessThan(caught, h.offset("medium"))
        h.at(1.2, .down(Point(x: 195, y: 400)))
        h.at(1.3, .move(Point(x: 195, y: 380)))
        h.run(to: 1.3)
        XCTAssertEqual(h.state.phase, .dragging)
        XCTAssertEqual(h.state.offset, caught - 20, accuracy: 1e-9)
    }

    func testTheSeedSheetDismissesOnlyWhenDragged200PointsBelowMedium() {
        let short = SheetHarness(.sheet(.seed))
        short.drag(by: Point(x: 0, y: 199), duration: 0.3, samples: 18)
        short.settle()
        XCTAssertEqual(short.state.phase, .presented)
        XCTAssertEqual(short.state.offset, short.offset("medium"), accuracy: 1e-9)

        let far = SheetHarness(.sheet(.seed))
        far.drag(by: Point(x: 0, y: 200), duration: 0.3, samples: 18)
        far.run(to: 0.3)
        XCTAssertEqual(far.state.phase, .dismissing)
        XCTAssertEqual(far.state.alpha, 0)
        far.settle()
        XCTAssertEqual(far.state.phase, .dismissed)
        XCTAssertEqual(far.dismissCount, 1)
    }

    func testSheetAlphaAtEveryDetentAndBetween() {
        let h = SheetHarness()
        let layout = h.layout
        let curve = AlphaCurve.sheet
        let medium = h.offset("medium")
        let expected: [(Double, Double)] = [
            (-40, 0.3), (0, 0.3), (medium / 2, 0.3), (medium, 0.3),
            (medium + (layout.distance - medium) / 4, 0.225),
            (medium + (layout.distance - medium) / 2, 0.15), (layout.distance, 0),
            (layout.distance + 50, 0),
        ]
        for (offset, alpha) in expected {
            XCTAssertEqual(
                curve.alpha(offset: offset, layout: layout), alpha, accuracy: 1e-12,
                "at \(offset) pt")
        }
        // Through the controller: half way from medium to off screen is 211 pt down.
        h.drag(by: Point(x: 0, y: 211), duration: 0.5, samples: 25, release: false)
        h.run(to: 0.5)
        XCTAssertEqual(h.state.offset, medium + 211, accuracy: 1e-9)
        XCTAssertEqual(h.state.alpha, 0.15, accuracy: 1e-12)
        XCTAssertEqual(h.renderer.lastFrame?.backdropOpacity ?? -1, 0.15, accuracy: 1e-12)
    }

    func testAFloatingPanelStyleCurveDimsOnlyBetweenMediumAndLarge() {
        let stops = AlphaCurve.stops([
            AlphaStop(detent: "large", alpha: 0.3), AlphaStop(detent: "medium", alpha: 0),
        ])
        let layout = SheetHarness().layout
        let medium = layout.offset(of: 1)
        XCTAssertEqual(stops.alpha(offset: 0, layout: layout), 0.3, accuracy: 1e-12)
        XCTAssertEqual(stops.alpha(offset: medium / 2, layout: layout), 0.15, accuracy: 1e-12)
        XCTAssertEqual(stops.alpha(offset: medium / 4, layout: layout), 0.225, accuracy: 1e-12)
        XCTAssertEqual(stops.alpha(offset: medium, layout: layout), 0)
        XCTAssertEqual(stops.alpha(offset: medium + 100, layout: layout), 0)
    }
}
