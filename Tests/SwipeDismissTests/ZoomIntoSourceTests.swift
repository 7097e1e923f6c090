import SwipeDismiss
import SwipeDismissNull
import XCTest

/// DESIGN §4c "Zoom into the source": with a source, every dismissal of the photo lands on it
/// (centre, width and height, corner radius), the backdrop reaching 0 as it lands, with no
/// frame jumping; a release that does not dismiss springs back as before.
///
/// The photo rests at 390 × 292.5 centred on (195, 422); the source (20, 300, 120, 120) with
/// radius 12 has its centre at (80, 360), so the landed translation is (−115, −62).
final class ZoomIntoSourceTests: XCTestCase {
    static let source = ZoomSource(
        frame: Rect(x: 20, y: 300, width: 120, height: 120), cornerRadius: 12)
    static let landed = Point(x: -115, y: -62)

    private func harness(
        _ source: ZoomSource? = ZoomIntoSourceTests.source,
        configuration: DismissConfiguration = .photo()
    ) -> PhotoHarness {
        let h = PhotoHarness(configuration)
        h.presenter.sourceProvider = { source }
        return h
    }

    /// Steps `h` at `fps` until it is dismissed (or 5 s pass) and returns every state.
    private func frames(_ h: PhotoHarness, fps: Double, from start: Double = 0) -> [DismissState] {
        var states: [DismissState] = []
        var time = start
        while time < start + 5 {
            time += 1 / fps
            h.run(to: time, fps: fps)
            states.append(h.state)
            if h.state.phase == .dismissed && states.count > 2 { break }
        }
        return states
    }

    private func assertLanded(
        _ h: PhotoHarness, file: StaticString = #filePath, line: UInt = #line
    ) {
        let state = h.state
        XCTAssertEqual(state.phase, .dismissed, file: file, line: line)
        XCTAssertEqual(state.alpha, 0, file: file, line: line)
        XCTAssertEqual(state.translation.x, Self.landed.x, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(state.translation.y, Self.landed.y, accuracy: 1e-9, file: file, line: line)
        let drawn = h.presenter.drawnFrame(for: state, viewport: h.renderer.viewport)
        XCTAssertEqual(drawn.frame.minX, 20, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(drawn.frame.minY, 300, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(drawn.frame.width, 120, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(drawn.frame.height, 120, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(drawn.cornerRadius, 12, accuracy: 1e-12, file: file, line: line)
    }

    /// Checks DESIGN's bound on every frame after the first of the landing (the first one
    /// also holds the pointer's last move): no centre move over 4 pt + 1.5 × the one before.
    private func assertNoJumps(
        _ states: [DismissState], _ label: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        var previousMove: Double?
        for index in states.indices.dropFirst() {
            let move = (states[index].translation - states[index - 1].translation).length
            let landing = states[index - 1].phase == .dismissing
            if landing, let previousMove {
                XCTAssertLessThanOrEqual(
                    move, 4 + 1.5 * previousMove, "\(label): frame \(index)", file: file,
                    line: line)
            }
            previousMove = move
        }
    }

    func testADragDownReleasedAtTwelveHundredPointsASecondLandsOnTheSource() {
        let h = harness()
        // 200 pt down in 1/6 s: 1200 pt/s.
        let end = h.drag(by: Point(x: 0, y: 200), duration: 1 / 6.0, samples: 10)
        h.run(to: end)
        XCTAssertEqual(h.state.phase, .dismissing)
        XCTAssertEqual(h.state.zoom?.progress, 0)
        let states = frames(h, fps: 60, from: end)
        assertLanded(h)
        assertNoJumps(states, "60 fps")
        // It flies on down with the release velocity before turning to the source.
        XCTAssertGreaterThan(states[0].translation.y, 200)
        // The backdrop only fades, from 1 − 200/300 to 0, as the zoom goes on.
        var alpha = 1 - 200 / 300.0
        for state in states {
            XCTAssertLessThanOrEqual(state.alpha, alpha + 1e-12)
            alpha = state.alpha
        }
        XCTAssertEqual(h.dismissCount, 1)
    }

    func
        testEveryWayOfDismissingLandsAtThirtySixtyAndTwoHundredFortyFramesASecondWithoutAJump()
        throws
    {
        // (label, events): a flick away from the source, one toward it, a slow long drag, a
        // sideways flick, Escape and a tap-free dismiss() from rest.
        let drags: [(String, Point, Double)] = [
            ("flick down", Point(x: 0, y: 200), 1 / 6.0),
            ("flick up-left", Point(x: -90, y: -120), 0.1),
            ("slow long drag", Point(x: 60, y: 260), 1.5),
            ("flick right", Point(x: 250, y: 20), 0.08),
        ]
        for fps in [30.0, 60, 240] {
            for (label, delta, duration) in drags {
                let h = harness()
                let end = h.drag(by: delta, duration: duration, samples: 12)
                h.run(to: end, fps: fps)
                XCTAssertEqual(h.state.phase, .dismissing, "\(label) at \(fps)")
                let states = frames(h, fps: fps, from: end)
                assertLanded(h)
                // The last frame still showing the photo has it exactly on the source.
                let shown = try XCTUnwrap(states.last { $0.phase == .dismissing })
                XCTAssertEqual(shown.translation.x, Self.landed.x, accuracy: 1e-9)
                XCTAssertEqual(shown.translation.y, Self.landed.y, accuracy: 1e-9)
                XCTAssertEqual(shown.zoom?.progress, 1)
                assertNoJumps(states, "\(label) at \(fps) fps")
            }
            for label in ["Escape", "dismiss()"] {
                let h = harness()
                if label == "Escape" { h.at(0.1, .key(.escape)) }
                h.run(to: 0.1, fps: fps)
                if label == "dismiss()" { h.controller.dismiss() }
                XCTAssertEqual(h.state.phase, .dismissing, "\(label) at \(fps)")
                var states = [h.state]
                states += frames(h, fps: fps, from: 0.1)
                assertLanded(h)
                // From rest the first move is at most 4 pt, even at 30 fps.
                XCTAssertLessThanOrEqual(
                    (states[1].translation - states[0].translation).length, 4,
                    "\(label) at \(fps)")
                assertNoJumps(states, "\(label) at \(fps) fps")
            }
        }
    }

    func testThirtyAndTwoHundredFortyFramesASecondAgree() {
        let samples = [30.0, 240].map { fps -> [Double: (Point, Size, Double)] in
            let h = harness()
            let end = h.drag(by: Point(x: 70, y: 180), duration: 0.15, samples: 9)
            var poses: [Double: (Point, Size, Double)] = [:]
            var frame = 0
            while Double(frame) / fps < end + 2 {
                frame += 1
                let time = Double(frame) / fps
                h.run(to: time, fps: fps)
                // Only the frames on the 30 fps grid are compared.
                let key = Double(frame) * 30 / fps
                guard key == key.rounded() else { continue }
                let drawn = h.presenter.drawnFrame(for: h.state, viewport: h.renderer.viewport)
                poses[key] = (
                    h.state.translation, drawn.frame.size, drawn.cornerRadius
                )
            }
            return poses
        }
        var compared = 0
        for (key, a) in samples[0] {
            guard let b = samples[1][key] else { continue }
            XCTAssertEqual(a.0.x, b.0.x, accuracy: 0.5, "x at \(key / 30)")
            XCTAssertEqual(a.0.y, b.0.y, accuracy: 0.5, "y at \(key / 30)")
            XCTAssertEqual(a.1.width, b.1.width, accuracy: 0.5, "w at \(key / 30)")
            XCTAssertEqual(a.1.height, b.1.height, accuracy: 0.5, "h at \(key / 30)")
            XCTAssertEqual(a.2, b.2, accuracy: 0.5, "corner at \(key / 30)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 60)
    }

    func testAShortSlowDragSpringsBackToTheFittedSize() {
        let h = harness()
        // 40 pt in 1 s, held still before the release: no velocity, far short of 150 pt.
        let end = h.drag(
            by: Point(x: 0, y: 40), duration: 1, samples: 20, holdBeforeRelease: 0.2)
        h.run(to: end)
        XCTAssertEqual(h.state.phase, .settling)
        XCTAssertNil(h.state.zoom)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.translation, .zero)
        XCTAssertNil(h.state.zoom)
        let drawn = h.presenter.drawnFrame(for: h.state, viewport: h.renderer.viewport)
        XCTAssertEqual(drawn.frame, Rect(x: 0, y: 275.75, width: 390, height: 292.5))
        XCTAssertEqual(drawn.cornerRadius, 0)
        XCTAssertEqual(h.state.alpha, 1)
        XCTAssertEqual(h.dismissCount, 0)
    }

    func testTheSourceIsAskedAgainAtDismissalAndKeptWhileItLands() {
        var current = Self.source
        let h = PhotoHarness()
        h.presenter.sourceProvider = { current }
        h.run(to: 0.1)
        // The app pages to the next photo: its thumbnail is 140 pt to the right.
        current = ZoomSource(frame: Rect(x: 160, y: 300, width: 120, height: 120), cornerRadius: 6)
        h.at(0.2, .key(.escape))
        h.run(to: 0.3)
        XCTAssertEqual(h.state.phase, .dismissing)
        // A change while it lands does not move the target.
        current = ZoomSource(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.state.translation.x, 25, accuracy: 1e-9)
        XCTAssertEqual(h.state.translation.y, -62, accuracy: 1e-9)
        let drawn = h.presenter.drawnFrame(for: h.state, viewport: h.renderer.viewport)
        XCTAssertEqual(drawn.frame.width, 120, accuracy: 1e-9)
        XCTAssertEqual(drawn.cornerRadius, 6, accuracy: 1e-12)
    }

    func testWithoutASourceOrWithOneThatCannotBeLandedOnThePhotoLeavesTheScreen() {
        let bad = [
            nil, ZoomSource(frame: Rect(x: 20, y: 300, width: 0, height: 120)),
            ZoomSource(frame: Rect(x: .nan, y: 300, width: 120, height: 120)),
            ZoomSource(frame: Rect(x: 20, y: 300, width: 120, height: 120), cornerRadius: 61),
        ]
        for source in bad {
            let h = harness(source)
            h.at(0.1, .key(.escape))
            h.settle()
            XCTAssertEqual(h.state.phase, .dismissed, "\(String(describing: source))")
            XCTAssertNil(h.state.zoom)
            // Gone off the bottom edge, as without a source.
            XCTAssertGreaterThanOrEqual(h.state.translation.y, PhotoHarness.vertical)
        }
    }

    func testReducedMotionCrossFadesWhereThePhotoIs() {
        var configuration = DismissConfiguration.photo()
        configuration.reduceMotion = true
        let h = harness(configuration: configuration)
        h.at(0.1, .key(.escape))
        h.run(to: 0.2)
        XCTAssertEqual(h.state.phase, .dismissing)
        XCTAssertNil(h.state.zoom)
        XCTAssertLessThan(h.state.contentOpacity, 1)
        h.settle()
        XCTAssertEqual(h.state.phase, .dismissed)
        XCTAssertEqual(h.state.translation, .zero)
        XCTAssertNil(h.state.zoom)
    }

    func testPresentingAgainZoomsBackOutOfTheSource() {
        let h = harness()
        h.at(0.1, .key(.escape))
        h.settle()
        assertLanded(h)
        let start = h.clock.now
        h.controller.present()
        var states = [h.state]
        states += frames(h, fps: 60, from: start).prefix { $0.phase == .presenting }
        XCTAssertEqual(states[0].zoom?.progress ?? -1, 1, accuracy: 1e-12)
        // The zoom only goes back, and the backdrop only comes up.
        for index in states.indices.dropFirst() {
            XCTAssertLessThanOrEqual(
                states[index].zoom?.progress ?? 0, states[index - 1].zoom?.progress ?? 0)
            XCTAssertGreaterThanOrEqual(states[index].alpha, states[index - 1].alpha)
        }
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.translation, .zero)
        XCTAssertNil(h.state.zoom)
        XCTAssertEqual(h.state.alpha, 1)
    }

    func testAPressWhileThePhotoZoomsBackOutDoesNotCatchIt() {
        let h = harness()
        h.at(0.1, .key(.escape))
        h.settle()
        let start = h.clock.now
        h.controller.present()
        h.run(to: start + 0.1)
        XCTAssertEqual(h.state.phase, .presenting)
        // Pressed on the growing photo and dragged: it keeps zooming out to rest.
        h.drag(
            from: PhotoHarness.centre + h.state.translation, by: Point(x: 0, y: 80),
            at: start + 0.1, duration: 0.1, samples: 5)
        h.settle()
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.translation, .zero)
        XCTAssertFalse(h.phases.contains(.dragging))
    }

    func testTheLandedPhotoFillsTheSourceAndIsClippedToItsRoundedRectangle() {
        let h = harness()
        h.at(0.1, .key(.escape))
        h.settle()
        var scene = h.presenter.makeScene(viewport: h.renderer.viewport)
        var shown = h.state
        shown.phase = .dismissing
        h.presenter.update(&scene, for: shown, direction: .free)
        guard let index = scene.index(of: .content), let clip = scene.layers[index].clip else {
            return XCTFail("the landed photo has no clip")
        }
        // Aspect-fill of the 4:3 photo into a square: its height (292.5) becomes 120.
        let fill = 120 / 292.5
        let transform = scene.layers[index].transform
        XCTAssertEqual(transform.a, fill, accuracy: 1e-12)
        XCTAssertEqual(transform.d, fill, accuracy: 1e-12)
        XCTAssertEqual(clip.rect.width, 292.5, accuracy: 1e-9)
        XCTAssertEqual(clip.rect.height, 292.5, accuracy: 1e-9)
        XCTAssertEqual(clip.cornerRadius, 12 / fill, accuracy: 1e-9)
        // The clip, through the layer's transform, is the source.
        let topLeft = transform.apply(to: clip.rect.origin)
        let bottomRight = transform.apply(to: Point(x: clip.rect.maxX, y: clip.rect.maxY))
        XCTAssertEqual(topLeft.x, 20, accuracy: 1e-9)
        XCTAssertEqual(topLeft.y, 300, accuracy: 1e-9)
        XCTAssertEqual(bottomRight.x, 140, accuracy: 1e-9)
        XCTAssertEqual(bottomRight.y, 420, accuracy: 1e-9)
        // Without a zoom the layer has no clip, as before.
        var rest = h.presenter.makeScene(viewport: h.renderer.viewport)
        h.presenter.update(
            &rest, for: DismissState(time: 0, offset: 0, alpha: 1, progress: 0, phase: .presented),
            direction: .free)
        XCTAssertNil(rest.layers[index].clip)
    }
}
