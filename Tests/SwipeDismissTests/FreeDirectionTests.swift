import SwipeDismiss
import SwipeDismissNull
import XCTest

/// A controller showing the photo scene on the null renderer, at 390 × 844.
///
/// The bundled photo (960 × 720) fits the 390 × 796 pt frame below the band at 390 × 292.5,
/// from y = 275.75 to 568.25: it leaves by the bottom or top after 568.25 pt, by a side
/// after 390 pt. The viewport's centre (195, 422) is the photo's centre.
final class PhotoHarness: ControllerHarness {
    let clock = ManualClock()
    let input = QueuedInputSource()
    let renderer = NullRenderer()
    let presenter = PhotoPresenter()
    let controller: DismissController
    private(set) var events: [DismissEvent] = []

    static let centre = Point(x: 195, y: 422)
    static let vertical = 568.25
    static let sideways = 390.0

    init(_ configuration: DismissConfiguration = .photo()) {
        controller = DismissController(
            input: input, presenter: presenter, renderer: renderer, clock: clock,
            configuration: configuration)
        controller.keyBindings = .tools
        controller.addObserver { [unowned self] event in self.events.append(event) }
    }

    static var dragStart: Point { centre }
}

/// `.free`: the photo (and the card) dragged in two dimensions (issue 11).
final class FreeDirectionTests: XCTestCase {
    func testEdgeDistancesOfThePhoto() {
        let h = PhotoHarness()
        XCTAssertEqual(
            h.controller.layout.edges,
            EdgeDistances(down: 568.25, up: 568.25, left: 390, right: 390))
        XCTAssertEqual(h.state.alpha, 1)
        XCTAssertEqual(h.state.translation, .zero)
    }

    func testThePhotoFollowsThePointerOneToOneAndShrinks() {
        let h = PhotoHarness()
        // (120, -160): 200 pt from rest.
        h.drag(by: Point(x: 120, y: -160), duration: 1, samples: 50, release: false)
        h.run(to: 1)
        XCTAssertEqual(h.state.phase, .dragging)
        XCTAssertEqual(h.state.translation.x, 120, accuracy: 1e-9)
        XCTAssertEqual(h.state.translation.y, -160, accuracy: 1e-9)
        XCTAssertEqual(h.state.offset, 200, accuracy: 1e-9)
        XCTAssertEqual(h.state.alpha, 1 - 200.0 / 300, accuracy: 1e-12)
        XCTAssertEqual(
            h.renderer.lastFrame?.backdropOpacity ?? -1, 1 - 200.0 / 300, accuracy: 1e-12)
        XCTAssertEqual(
            h.renderer.lastFrame?.contentScale ?? -1, 1 - 0.2 * 200 / 300, accuracy: 1e-12)
        // Past 300 pt the scale and the alpha stop at their floors.
        h.at(1.5, .move(PhotoHarness.centre + Point(x: 240, y: -320)))
        h.run(to: 1.5)
        XCTAssertEqual(h.state.offset, 400, accuracy: 1e-9)
        XCTAssertEqual(h.state.alpha, 0.2, accuracy: 1e-12)
        XCTAssertEqual(h.renderer.lastFrame?.contentScale ?? -1, 0.8, accuracy: 1e-12)
    }

    func testFortyFiveDegreeFlickLeavesAlongFortyFiveDegrees() {
        let h = PhotoHarness()
        // 1200 pt/s along 45°: 848.53 pt/s per axis, for 64 ms (76.8 pt from rest). The
        // projection, 76.8 + 1200 × 0.499, passes 150.
        let speed = 1200 / 2.0.squareRoot()
        let end = h.drag(by: Point(x: speed * 0.064, y: speed * 0.064), duration: 0.064, samples: 8)
        h.run(to: end)
        XCTAssertEqual(h.state.phase, .dismissing)
        var frames = 0
        while h.state.phase == .dismissing {
            h.run(to: h.clock.now + 1 / 240.0)
            let t = h.state.translation
            XCTAssertEqual(t.x / t.y, 1, accuracy: 1e-6, "at \(h.clock.now)")
            frames += 1
            XCTAssertLessThan(frames, 2400)
        }
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.dismissCount, 1)
        // It leaves by the right edge first (390 pt across against 568.25 down).
        XCTAssertEqual(h.state.translation.x, PhotoHarness.sideways, accuracy: 1e-9)
        XCTAssertEqual(h.state.translation.y, PhotoHarness.sideways, accuracy: 1e-9)
        XCTAssertEqual(h.state.alpha, 0)
    }

    func testSlowDiagonalDragSpringsBackToRestInBothAxes() {
        let h = PhotoHarness()
        let side = 100 / 2.0.squareRoot()
        h.drag(by: Point(x: side, y: side), duration: 1, samples: 50, release: false)
        h.run(to: 1)
        XCTAssertEqual(h.state.offset, 100, accuracy: 1e-9)
        h.at(1.2, .up(PhotoHarness.centre + Point(x: side, y: side)))
        h.run(to: 1.2)
        XCTAssertEqual(h.state.phase, .settling)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.translation, .zero)
        XCTAssertEqual(h.state.alpha, 1)
        XCTAssertEqual(h.dismissCount, 0)
    }

    func testSpringBackRunsEachAxisWithItsOwnVelocity() {
        let h = PhotoHarness()
        // Slowly 30 pt up, then 10 pt right at 100 pt/s: released at (10, -30) moving
        // (100, 0) pt/s, projected to (59.9, -30), 67 pt from rest: it springs back, x with
        // its 100 pt/s, y with none.
        h.at(0, .down(PhotoHarness.centre))
        for i in 1...10 {
            h.at(Double(i) * 0.05, .move(PhotoHarness.centre + Point(x: 0, y: -3 * Double(i))))
        }
        for i in 1...10 {
            h.at(0.5 + Double(i) * 0.01, .move(PhotoHarness.centre + Point(x: Double(i), y: -30)))
        }
        h.at(0.6, .up(PhotoHarness.centre + Point(x: 10, y: -30)))
        h.run(to: 0.6)
        XCTAssertEqual(h.state.phase, .settling)
        // The recognizer's velocity over the last 100 ms: 100 pt/s along x, 0 along y.
        let spring = DismissConfiguration.fluid.snapBackSpring
        let x = SpringMotion(spring: spring, from: 10, to: 0, initialVelocity: 100, startTime: 0.6)
        let y = SpringMotion(spring: spring, from: -30, to: 0, initialVelocity: 0, startTime: 0.6)
        for time in [0.65, 0.7, 0.8, 0.9] {
            h.run(to: time)
            XCTAssertEqual(h.state.translation.x, x.value(at: time), accuracy: 1e-6, "\(time)")
            XCTAssertEqual(h.state.translation.y, y.value(at: time), accuracy: 1e-6, "\(time)")
        }
        h.settle()
        XCTAssertEqual(h.state.translation, .zero)
    }

    func testCatchingMidFlightKeepsThePositionContinuousIn2D() {
        let h = PhotoHarness()
        h.drag(by: Point(x: 60, y: -80), duration: 1, samples: 50, release: false)
        h.at(1.2, .up(PhotoHarness.centre + Point(x: 60, y: -80)))
        h.run(to: 1.3)
        XCTAssertEqual(h.state.phase, .settling)
        let caught = h.state.translation
        XCTAssertGreaterThan(caught.length, 1)
        XCTAssertLessThan(caught.length, 99)
        // Press on the photo where it is now, and hold still: it stays exactly there.
        let press = PhotoHarness.centre + caught
        h.at(1.3, .down(press))
        h.run(to: 1.4)
        XCTAssertEqual(h.state.phase, .dragging)
        XCTAssertEqual(h.state.translation.x, caught.x, accuracy: 1e-9)
        XCTAssertEqual(h.state.translation.y, caught.y, accuracy: 1e-9)
        // Then it follows the pointer from there, in both axes.
        h.at(1.5, .move(press + Point(x: -25, y: 10)))
        h.run(to: 1.5)
        XCTAssertEqual(h.state.translation.x, caught.x - 25, accuracy: 1e-9)
        XCTAssertEqual(h.state.translation.y, caught.y + 10, accuracy: 1e-9)
    }

    func testThirtyAndTwoHundredFortyHertzAgree() {
        func replay(fps: Double) -> [DismissState] {
            let h = PhotoHarness()
            // A slow diagonal that springs back, then a flick up and left that leaves.
            h.drag(by: Point(x: 50, y: 70), duration: 0.8, samples: 40, release: false)
            h.at(1.0, .up(PhotoHarness.centre + Point(x: 50, y: 70)))
            h.drag(by: Point(x: -40, y: -60), at: 3, duration: 0.05, samples: 5)
            var states: [DismissState] = []
            for step in 1...150 {
                h.run(to: Double(step) / 30, fps: fps)
                states.append(h.state)
            }
            return states
        }
        let slow = replay(fps: 30)
        let fast = replay(fps: 240)
        XCTAssertEqual(slow.last?.phase, .dismissed)
        for (a, b) in zip(slow, fast) {
            XCTAssertEqual(a.phase, b.phase, "t \(a.time)")
            XCTAssertEqual(a.translation.x, b.translation.x, accuracy: 1e-9, "t \(a.time)")
            XCTAssertEqual(a.translation.y, b.translation.y, accuracy: 1e-9, "t \(a.time)")
            XCTAssertEqual(a.alpha, b.alpha, accuracy: 1e-9, "t \(a.time)")
        }
    }

    func testASlowReleasePastTheThresholdLeavesAlongTheOffset() {
        let h = PhotoHarness()
        // (-90, 120) is 150 pt from rest: leaves along (-0.6, 0.8), by the left edge first
        // (300 pt more across, at 500 pt of travel, before 448.25 down at 560.3).
        h.drag(by: Point(x: -90, y: 120), duration: 1, samples: 50, release: false)
        h.at(1.2, .up(PhotoHarness.centre + Point(x: -90, y: 120)))
        h.run(to: 1.2)
        XCTAssertEqual(h.state.phase, .dismissing)
        while h.state.phase == .dismissing {
            h.run(to: h.clock.now + 1 / 60.0)
            XCTAssertEqual(h.state.translation.y / h.state.translation.x, -4.0 / 3, accuracy: 1e-9)
        }
        XCTAssertEqual(h.state.translation.x, -390, accuracy: 1e-9)
        XCTAssertEqual(h.state.translation.y, 520, accuracy: 1e-9)
        XCTAssertEqual(h.dismissCount, 1)
    }

    func testAFastReleaseLeavesAlongItsVelocityNotItsOffset() {
        let h = PhotoHarness()
        // Slowly 100 pt right, a pause (the velocity forgets it), then up at 1500 pt/s.
        h.drag(by: Point(x: 100, y: 0), duration: 1, samples: 50, release: false)
        let corner = PhotoHarness.centre + Point(x: 100, y: 0)
        h.at(1.1, .move(corner))
        for i in 1...4 {
            h.at(1.1 + Double(i) * 0.01, .move(corner + Point(x: 0, y: -15 * Double(i))))
        }
        let lift = 1.1 + 4 * 0.01
        h.at(lift, .up(corner + Point(x: 0, y: -60)))
        h.run(to: lift)
        XCTAssertEqual(h.state.phase, .dismissing)
        while h.state.phase == .dismissing {
            h.run(to: h.clock.now + 1 / 60.0)
            XCTAssertEqual(h.state.translation.x, 100, accuracy: 1e-9)
        }
        XCTAssertEqual(h.state.translation.y, -PhotoHarness.vertical, accuracy: 1e-9)
    }

    func testJustShortOfTheThresholdSpringsBack() {
        let h = PhotoHarness()
        h.drag(by: Point(x: -89, y: 119), duration: 1, samples: 50, release: false)
        h.at(1.2, .up(PhotoHarness.centre + Point(x: -89, y: 119)))
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.dismissCount, 0)
    }

    func testAVetoedFlickSpringsBackAndIsReported() {
        let h = PhotoHarness()
        var asked: [DismissReason] = []
        h.controller.shouldDismiss = { reason in
            asked.append(reason)
            return false
        }
        h.drag(by: Point(x: 30, y: 30), duration: 0.04, samples: 4)
        h.settle()
        XCTAssertEqual(Set(asked), [.drag, .flick, .tap], "the reasons a drag can reach")
        XCTAssertEqual(h.events.filter { $0 == .dismissAttempted(.flick) }.count, 1)
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.translation, .zero)
        XCTAssertTrue(h.state.isDismissAttemptPending)
    }

    func testEscapeLeavesDownwardsAndSpacePresentsAgain() {
        let h = PhotoHarness()
        h.at(0.1, .key(.escape))
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.state.translation, Point(x: 0, y: PhotoHarness.vertical))
        h.at(h.clock.now, .key(.space))
        h.run(to: h.clock.now + 0.05)
        XCTAssertEqual(h.state.phase, .presenting)
        XCTAssertEqual(h.state.translation.x, 0)
        XCTAssertGreaterThan(h.state.alpha, 0)
        XCTAssertLessThan(h.state.alpha, 1)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.translation, .zero)
        XCTAssertEqual(h.state.alpha, 1)
    }

    func testATapOnTheBlackAroundThePhotoDismisses() {
        let h = PhotoHarness()
        h.at(0.1, .down(Point(x: 195, y: 100)))
        h.at(0.15, .up(Point(x: 195, y: 100)))
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
    }

    func testAPressOnTheShrunkPhotoHitsWhereItIsDrawn() {
        let h = PhotoHarness()
        // At 300 pt the photo is 0.8 of its size about its centre: 312 × 234, centred on
        // the translated centre.
        h.drag(by: Point(x: 0, y: -300), duration: 1, samples: 50, release: false)
        h.run(to: 1)
        let viewport = h.renderer.viewport
        let t = Point(x: 0, y: -300)
        let centre = PhotoHarness.centre + t
        XCTAssertEqual(
            h.presenter.hitTest(centre + Point(x: 155, y: 0), translation: t, viewport: viewport),
            .content)
        XCTAssertEqual(
            h.presenter.hitTest(centre + Point(x: 157, y: 0), translation: t, viewport: viewport),
            .backdrop)
        XCTAssertEqual(
            h.presenter.hitTest(centre + Point(x: 0, y: 116), translation: t, viewport: viewport),
            .content)
        XCTAssertEqual(
            h.presenter.hitTest(centre + Point(x: 0, y: 118), translation: t, viewport: viewport),
            .backdrop)
    }

    func testADiagonalTouchpadPanMovesThePhotoInBothAxes() {
        let h = PhotoHarness()
        // 8 deltas of (-6, 8) at 64 Hz: (-48, 64), 80 pt from rest, then the fingers rest
        // and lift: short of 150 pt with no speed, it springs back.
        for k in 1...8 {
            h.at(Double(k) / 64, .scroll(dx: -6, dy: 8, source: .touchpad))
        }
        h.run(to: 8.0 / 64)
        XCTAssertEqual(h.state.phase, .dragging)
        XCTAssertEqual(h.state.translation, Point(x: -48, y: 64))
        XCTAssertEqual(h.state.alpha, 1 - 80.0 / 300, accuracy: 1e-12)
        // Lifted 100 ms after the last delta (past the tracker's 40 ms gap, before the
        // stream's 150 ms timeout): the fingers rested, so no speed.
        h.at(8.0 / 64 + 0.1, .scrollStop)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.translation, .zero)
        // The same at 800 pt/s, then lifted at once: projected far past 150 pt (at the
        // touchpad's 0.997), it leaves along (-0.6, 0.8).
        let start = h.clock.now
        for k in 1...8 {
            h.at(start + Double(k) / 64, .scroll(dx: -7.5, dy: 10, source: .touchpad))
        }
        h.at(start + 9.0 / 64, .scrollStop)
        h.run(to: start + 9.0 / 64)
        XCTAssertEqual(h.state.phase, .dismissing)
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.state.translation.y / h.state.translation.x, -4.0 / 3, accuracy: 1e-9)
    }

    func testTheCardMovesFreelyToo() {
        var configuration = DismissConfiguration.fluid
        configuration.direction = .free
        let h = Harness(configuration)
        // (-150, -150): 212 pt from rest, past the card's 200 pt threshold, released slowly.
        h.drag(by: Point(x: -150, y: -150), duration: 1, samples: 50, release: false)
        h.run(to: 1)
        XCTAssertEqual(h.renderer.lastFrame?.contentTranslation, Point(x: -150, y: -150))
        XCTAssertEqual(
            h.state.alpha, max(0.1, 0.3 - 150 * 2.0.squareRoot() / 1000), accuracy: 1e-12)
        h.at(1.2, .up(Harness.cardPoint + Point(x: -150, y: -150)))
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.state.translation.x, h.state.translation.y, accuracy: 1e-9)
        XCTAssertEqual(h.state.translation.x, -390, accuracy: 1e-9)
    }

    func testTheSeedPresetUnderFreeTracksOneToOneAndDecidesOnDistance() {
        let h = PhotoHarness(.photo(.seed))
        h.drag(by: Point(x: 100, y: 100), duration: 1, samples: 50, release: false)
        h.run(to: 1)
        XCTAssertEqual(h.state.translation.x, 100, accuracy: 1e-9)
        // 141 pt < 150: back to rest; the seed's snap-back has UIKit's relative velocity.
        h.at(1.01, .up(PhotoHarness.centre + Point(x: 100, y: 100)))
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.dismissCount, 0)
        h.drag(by: Point(x: 110, y: 110), at: 5, duration: 1, samples: 50)
        h.run(to: 6)
        // The seed clears the backdrop at once.
        XCTAssertEqual(h.state.phase, .dismissing)
        XCTAssertEqual(h.state.alpha, 0)
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
    }

    func testEdgeExitDistances() {
        let edges = EdgeDistances(down: 500, up: 300, left: 200, right: 400)
        XCTAssertEqual(edges.exit(along: Point(x: 0, y: 1)), 500)
        XCTAssertEqual(edges.exit(along: Point(x: 0, y: -1)), 300)
        XCTAssertEqual(edges.exit(along: Point(x: -1, y: 0)), 200)
        XCTAssertEqual(
            edges.exit(along: Point(x: 0.6, y: 0.8)), 400 / 0.6 < 500 / 0.8 ? 400 / 0.6 : 500 / 0.8)
        XCTAssertEqual(edges.exit(from: Point(x: 100, y: 0), along: Point(x: 1, y: 0)), 300)
        XCTAssertEqual(edges.exit(from: Point(x: 500, y: 0), along: Point(x: 1, y: 0)), 0)
        XCTAssertEqual(edges.exit(along: .zero), 0)
        XCTAssertEqual(EdgeDistances(down: .nan, up: -4, left: .infinity, right: 1).down, 0)
    }
}
