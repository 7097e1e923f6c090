import SwipeDismiss
import SwipeDismissTrace
import XCTest

/// The trace's `viewport` event (DESIGN §4c): read, written back exactly, and refused with
/// the line, the event and the field when its size is not a window's.
final class ViewportTraceTests: XCTestCase {
    private func trace(width: String, height: String = "768") -> String {
        """
        { "viewport": { "width": 390, "height": 844 },
          "events": [
            { "t": 0.5, "type": "down", "x": 195, "y": 500 },
            { "t": 1.0, "type": "viewport", "width": \(width), "height": \(height) } ] }
        """
    }

    func testAViewportEventReadsAndWritesBackExactly() throws {
        let read = try GestureTrace(json: trace(width: "1024.25"))
        XCTAssertEqual(
            read.events.last,
            InputEvent(time: 1, kind: .viewport(Size(width: 1024.25, height: 768))))
        XCTAssertNil(read.events.last?.location)
        let again = try GestureTrace(json: try read.encoded())
        XCTAssertEqual(again, read)
        XCTAssertTrue(try read.encoded().contains("\"type\":\"viewport\""))
    }

    func testBadSizesAreRefusedNamingTheLineTheEventAndTheField() {
        for (width, height, field, reason) in [
            ("-5", "768", "width", "expected a positive finite number, got -5.0"),
            ("0", "768", "width", "expected a positive finite number, got 0.0"),
            ("1024", "40000", "height", "40000.0 pt is more than the limit of 32767 pt a side"),
            ("1e400", "768", "width", "beyond the range of a Double"),
            ("\"wide\"", "768", "width", "expected a positive finite number, got a string"),
        ] {
            XCTAssertThrowsError(try GestureTrace(json: trace(width: width, height: height))) {
                let error = $0 as? GestureTraceError
                XCTAssertEqual(error?.line, 4, "\(width)x\(height)")
                XCTAssertEqual(error?.eventIndex, 1, "\(width)x\(height)")
                XCTAssertEqual(error?.field, field, "\(width)x\(height)")
                XCTAssertTrue(
                    error?.reason.contains(reason) ?? false, "\(error?.description ?? "none")")
            }
        }
        XCTAssertThrowsError(
            try GestureTrace(
                json: """
                    { "viewport": { "width": 390, "height": 844 },
                      "events": [ { "t": 1.0, "type": "viewport", "width": 400 } ] }
                    """)
        ) {
            let error = $0 as? GestureTraceError
            XCTAssertEqual(error?.line, 2)
            XCTAssertEqual(error?.field, "height")
            XCTAssertEqual(error?.reason, "missing")
        }
    }

    func testAViewportEventInTheMachineOnlyMovesTime() {
        var machine = DismissMachine(
            configuration: .sheet(),
            layout: DetentLayout(
                presenter: SheetPresenter(), configuration: .sheet(),
                viewport: Size(width: 390, height: 844)),
            time: 0)
        let geometry = SheetGeometry(
            presenter: SheetPresenter(), direction: .down, viewport: Size(width: 390, height: 844))
        machine.handle(
            InputEvent(time: 2, kind: .viewport(Size(width: 1024, height: 768))),
            environment: geometry)
        XCTAssertEqual(machine.time, 2)
        XCTAssertEqual(machine.state.detent, .medium)
    }
}
