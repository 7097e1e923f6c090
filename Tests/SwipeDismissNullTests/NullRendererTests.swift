import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

final class NullRendererTests: XCTestCase {
    func testRecordsEachFrameWithASceneSummary() throws {
        let renderer = NullRenderer(viewport: Size(width: 200, height: 400), scale: 2)
        let presenter = CardPresenter()
        var scene = presenter.makeScene(viewport: renderer.viewport)
        let state = DismissState(
            time: 1.5, offset: 42, alpha: 0.258, progress: 0.2, phase: .dragging)
        presenter.update(&scene, for: state, direction: .down)
        try renderer.render(scene, state: state)
        XCTAssertEqual(renderer.frameCount, 1)
        let frame = try XCTUnwrap(renderer.lastFrame)
        XCTAssertEqual(frame.state, state)
        XCTAssertEqual(frame.contentTranslation, Point(x: 0, y: 42))
        XCTAssertEqual(frame.backdropOpacity, 0.258)
        XCTAssertEqual(frame.layerCount, 4)
        XCTAssertEqual(renderer.scale, 2)
    }

    func testCanCountWithoutKeepingFrames() throws {
        let renderer = NullRenderer(keepsFrames: false)
        let scene = Scene(size: renderer.viewport)
        let state = DismissState(time: 0, offset: 0, alpha: 0.3, progress: 0, phase: .presented)
        for _ in 0..<5 { try renderer.render(scene, state: state) }
        XCTAssertEqual(renderer.frameCount, 5)
        XCTAssertTrue(renderer.frames.isEmpty)
    }

    func testDrivesAControllerHeadless() throws {
        let clock = ManualClock()
        let renderer = NullRenderer()
        let input = QueuedInputSource([InputEvent(time: 0.1, kind: .key(.escape))])
        let controller = DismissController(
            input: input, presenter: CardPresenter(), renderer: renderer, clock: clock)
        try controller.stepFrames(on: clock, until: 2)
        XCTAssertEqual(renderer.frames.first?.phase, .presented)
        XCTAssertEqual(renderer.lastFrame?.phase, .dismissed)
        XCTAssertEqual(renderer.frameCount, controller.framesRendered)
    }
}

final class NullRendererSheetTests: XCTestCase {
    func testDrivesTheSheetSceneAndReportsAPassThroughClick() throws {
        let clock = ManualClock()
        let renderer = NullRenderer()
        let input = QueuedInputSource([
            InputEvent(time: 0.1, kind: .down(Point(x: 195, y: 200))),
            InputEvent(time: 0.15, kind: .up(Point(x: 195, y: 200))),
        ])
        var configuration = DismissConfiguration.sheet()
        configuration.passThroughDetent = "medium"
        let controller = DismissController(
            input: input, presenter: SheetPresenter(), renderer: renderer, clock: clock,
            configuration: configuration)
        var passed: [Point] = []
        controller.addObserver {
            if case .passedThrough(let point) = $0 { passed.append(point) }
        }
        try controller.stepFrames(on: clock, until: 0.5)
        XCTAssertEqual(passed, [Point(x: 195, y: 200)])
        let frame = try XCTUnwrap(renderer.lastFrame)
        XCTAssertEqual(frame.phase, .presented)
        XCTAssertEqual(frame.state.detent, "medium")
        XCTAssertEqual(frame.layerCount, 5)
        XCTAssertEqual(frame.contentTranslation.y, 337.6, accuracy: 1e-9)
        XCTAssertEqual(frame.backdropOpacity, 0.3, accuracy: 1e-12)
        XCTAssertEqual(controller.hitTest(Point(x: 195, y: 200)), .passThrough)
    }
}
