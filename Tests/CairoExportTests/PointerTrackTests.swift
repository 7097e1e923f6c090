import SwipeDismiss
import SwipeDismissTrace
import XCTest

@testable import CairoExport

/// The pointer line on `timeline.png`: the translation from the press point along the
/// dismiss direction while pressed, exactly as the trace's events give it.
final class PointerTrackTests: XCTestCase {
    private func track(_ name: String, _ direction: DismissDirection = .down) throws
        -> PointerTrack
    {
        PointerTrack(
            trace: try GestureTrace.load(path: ExportFixtures.trace(name)), direction: direction)
    }

    func testTheSlowDragsPointerIsTheTracesTranslationFromThePress() throws {
        let pointer = try track("slow-drag-springs-back")
        XCTAssertEqual(pointer.strokes.count, 1)
        XCTAssertNil(pointer.translation(at: 0.05), "not pressed yet")
        XCTAssertEqual(pointer.translation(at: 0.1), 0)
        // Between events the latest one holds: 0.1333 s was y 503.3.
        XCTAssertEqual(try XCTUnwrap(pointer.translation(at: 0.14)), 3.3, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(pointer.translation(at: 0.15)), 5.0, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(pointer.translation(at: 1.45)), 120, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(pointer.translation(at: 1.5)), 120, accuracy: 1e-9)
        XCTAssertNil(pointer.translation(at: 1.6), "released")
    }

    func testEachPressIsItsOwnStrokeAlongTheDismissDirection() throws {
        let pointer = try track("sheet-detent-change")
        XCTAssertEqual(pointer.strokes.count, 2)
        XCTAssertEqual(try XCTUnwrap(pointer.translation(at: 0.9)), -300, accuracy: 1e-9)
        XCTAssertNil(pointer.translation(at: 1.5))
        XCTAssertEqual(pointer.translation(at: 2.0), 0, "the second press starts again at 0")
        XCTAssertEqual(try XCTUnwrap(pointer.translation(at: 2.5)), 84, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(pointer.translation(at: 3.1)), 175, accuracy: 1e-9)
        let up = try track("sheet-detent-change", .up)
        XCTAssertEqual(try XCTUnwrap(up.translation(at: 2.5)), -84, accuracy: 1e-9)
    }

    func testUnderFreeTheTrackIsTheDistanceFromThePress() throws {
        let pointer = try track("photo-slow-diagonal", .free)
        // 0.4 s is the 10th move: 28.284 pt left and down, 40 pt from the press.
        XCTAssertEqual(try XCTUnwrap(pointer.translation(at: 0.4)), 40, accuracy: 2e-3)
        XCTAssertEqual(try XCTUnwrap(pointer.translation(at: 1.2)), 100, accuracy: 2e-3)
    }

    func testACancelEndsTheStrokeWhereThePointerWas() throws {
        let trace = GestureTrace(
            viewport: Size(width: 390, height: 844),
            events: [
                InputEvent(time: 0, kind: .down(Point(x: 10, y: 100))),
                InputEvent(time: 0.1, kind: .move(Point(x: 40, y: 150))),
                InputEvent(time: 0.2, kind: .cancel),
                InputEvent(time: 0.3, kind: .move(Point(x: 40, y: 400))),
            ])
        let pointer = PointerTrack(trace: trace, direction: .right)
        XCTAssertEqual(
            pointer.strokes,
            [
                [
                    .init(time: 0, translation: 0), .init(time: 0.1, translation: 30),
                    .init(time: 0.2, translation: 30),
                ]
            ])
        XCTAssertNil(pointer.translation(at: 0.3), "a move after the cancel is not a drag")
    }

    func testTheTimelineStartsEachStrokeOnTheContentsOffsetAtThePress() throws {
        let trace = try GestureTrace.load(path: ExportFixtures.trace("sheet-detent-change"))
        var exporter = Exporter(
            trace: trace, configuration: .sheet(.fluid), framesPerSecond: 30)
        exporter.scene = .sheet
        var timeline = Timeline(frames: try exporter.plan(), title: "", scale: 1)
        timeline.pointer = PointerTrack(trace: trace, direction: .down)
        let strokes = timeline.pointerStrokes(timeline.frames.map(\.state))
        XCTAssertEqual(strokes.count, 2)
        XCTAssertEqual(strokes[0].first?.translation, 337.6, "pressed at medium")
        XCTAssertEqual(try XCTUnwrap(strokes[0].last?.translation), 37.6, accuracy: 1e-9)
        XCTAssertEqual(strokes[1].first?.translation, 0, "pressed at large")
    }
}
