import SwipeDismiss
import XCTest

final class PanRecognizerTests: XCTestCase {
    func testPanBeginsPastTheSlopWithTranslationFromThePressPoint() {
        var pan = PanRecognizer(slop: 8)
        XCTAssertEqual(
            pan.handle(InputEvent(time: 0, kind: .down(Point(x: 10, y: 10)))),
            .pressed(at: Point(x: 10, y: 10)))
        XCTAssertNil(pan.handle(InputEvent(time: 0.01, kind: .move(Point(x: 10, y: 15)))))
        XCTAssertEqual(
            pan.handle(InputEvent(time: 0.02, kind: .move(Point(x: 10, y: 19)))),
            .began(translation: Point(x: 0, y: 9)))
        XCTAssertEqual(
            pan.handle(InputEvent(time: 0.03, kind: .move(Point(x: 12, y: 30)))),
            .changed(translation: Point(x: 2, y: 20)))
        guard
            case .ended(let translation, _)? = pan.handle(
                InputEvent(time: 0.04, kind: .up(Point(x: 12, y: 40))))
        else { return XCTFail("expected the pan to end") }
        XCTAssertEqual(translation, Point(x: 2, y: 30))
    }

    func testPressAndReleaseWithinTheSlopIsATap() {
        var pan = PanRecognizer(slop: 8)
        _ = pan.handle(InputEvent(time: 0, kind: .down(Point(x: 10, y: 10))))
        _ = pan.handle(InputEvent(time: 0.01, kind: .move(Point(x: 12, y: 12))))
        XCTAssertEqual(
            pan.handle(InputEvent(time: 0.02, kind: .up(Point(x: 12, y: 12)))),
            .tapped(at: Point(x: 10, y: 10)))
    }

    func testCancelEndsThePanAndLaterMovesAreIgnored() {
        var pan = PanRecognizer(slop: 4)
        _ = pan.handle(InputEvent(time: 0, kind: .down(Point(x: 0, y: 0))))
        _ = pan.handle(InputEvent(time: 0.01, kind: .move(Point(x: 0, y: 50))))
        XCTAssertEqual(
            pan.handle(InputEvent(time: 0.02, kind: .cancel)),
            .cancelled(translation: Point(x: 0, y: 50)))
        XCTAssertNil(pan.handle(InputEvent(time: 0.03, kind: .move(Point(x: 0, y: 80)))))
        XCTAssertNil(pan.handle(InputEvent(time: 0.04, kind: .up(Point(x: 0, y: 80)))))
    }

    func testOutOfOrderAndNonFiniteEventsAreDropped() {
        var pan = PanRecognizer(slop: 4)
        _ = pan.handle(InputEvent(time: 1, kind: .down(Point(x: 0, y: 0))))
        XCTAssertNil(pan.handle(InputEvent(time: 0.5, kind: .move(Point(x: 0, y: 50)))))
        XCTAssertNil(pan.handle(InputEvent(time: 1.1, kind: .move(Point(x: .infinity, y: 50)))))
        XCTAssertEqual(
            pan.handle(InputEvent(time: 1.2, kind: .move(Point(x: 0, y: 50)))),
            .began(translation: Point(x: 0, y: 50)))
    }
}
