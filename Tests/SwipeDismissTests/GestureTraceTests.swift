import Foundation
import SwipeDismiss
import XCTest

final class GestureTraceTests: XCTestCase {
    private func event(_ json: String) -> String {
        """
        { "viewport": { "width": 390, "height": 844 },
          "events": [ { "t": 0, "type": "down", "x": 195, "y": 500 }, \(json) ] }
        """
    }

    private func assertRefused(
        _ json: String, index: Int?, field: String?, mentioning words: [String] = [],
        line: UInt = #line
    ) {
        XCTAssertThrowsError(try GestureTrace(json: json), line: line) { error in
            guard let error = error as? GestureTraceError else {
                return XCTFail("unexpected error \(error)", line: line)
            }
            XCTAssertEqual(error.eventIndex, index, "\(error)", line: line)
            XCTAssertEqual(error.field, field, "\(error)", line: line)
            let text = error.description
            if let index { XCTAssertTrue(text.contains("event \(index)"), text, line: line) }
            if let field { XCTAssertTrue(text.contains("\"\(field)\""), text, line: line) }
            for word in words { XCTAssertTrue(text.contains(word), text, line: line) }
        }
    }

    func testDecodesTheDesignExample() throws {
        let url = try XCTUnwrap(
            Bundle.module.url(
                forResource: "design-example", withExtension: "json", subdirectory: "Fixtures"))
        let trace = try GestureTrace.load(path: url.path)
        XCTAssertEqual(trace.viewport, Size(width: 390, height: 844))
        XCTAssertEqual(
            trace.events,
            [
                InputEvent(time: 0, kind: .down(Point(x: 195, y: 500))),
                InputEvent(time: 0.016, kind: .move(Point(x: 195, y: 512))),
                InputEvent(time: 0.4, kind: .up(Point(x: 195, y: 740))),
                InputEvent(time: 1, kind: .key(.escape)),
                InputEvent(time: 1.2, kind: .cancel),
            ])
    }

    func testEncodingRoundTripsExactly() throws {
        let trace = GestureTrace(
            viewport: Size(width: 1280.5, height: 720),
            events: [
                InputEvent(time: 0, kind: .down(Point(x: 0.1, y: 1 / 3))),
                InputEvent(time: 0.016_666_666_7, kind: .move(Point(x: -4, y: 1e-7))),
                InputEvent(time: 0.5, kind: .up(Point(x: 2, y: 3))),
                InputEvent(time: 0.9, kind: .key(.other("a\"b\\c"))),
                InputEvent(time: 1, kind: .cancel),
            ])
        XCTAssertEqual(try GestureTrace(json: try trace.encoded()), trace)
    }

    func testWritesWholeFilesAndReadsThemBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = GestureTrace(
            viewport: Size(width: 390, height: 844),
            events: [InputEvent(time: 0.25, kind: .key(.space))])
        let path = dir.appendingPathComponent("t.json").path
        try trace.write(path: path)
        XCTAssertEqual(try GestureTrace.load(path: path), trace)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["t.json"])
        XCTAssertThrowsError(
            try trace.write(path: dir.appendingPathComponent("missing/t.json").path))
    }

    func testMissingFieldIsRefusedByIndexAndName() {
        assertRefused(
            event(#"{ "t": 0.1, "type": "move", "x": 195 }"#), index: 1, field: "y",
            mentioning: ["missing"])
        assertRefused(event(#"{ "type": "move", "x": 195, "y": 3 }"#), index: 1, field: "t")
        assertRefused(event(#"{ "t": 0.1, "type": "key" }"#), index: 1, field: "key")
        assertRefused(#"{ "events": [] }"#, index: nil, field: "viewport")
        assertRefused(
            #"{ "viewport": { "width": 390, "height": 844 } }"#, index: nil, field: "events")
    }

    func testWrongTypeIsRefused() {
        assertRefused(
            event(#"{ "t": "soon", "type": "move", "x": 1, "y": 2 }"#), index: 1, field: "t",
            mentioning: ["a string"])
        assertRefused(
            event(#"{ "t": 0.1, "type": "move", "x": true, "y": 2 }"#), index: 1, field: "x")
        assertRefused(event(#"{ "t": 0.1, "type": 7 }"#), index: 1, field: "type")
        assertRefused(event(#"[1, 2]"#), index: 1, field: nil, mentioning: ["an array"])
        assertRefused(
            #"{ "viewport": { "width": -390, "height": 844 }, "events": [] }"#, index: nil,
            field: "viewport.width")
    }

    func testDecreasingTimeIsRefused() {
        assertRefused(
            #"""
            { "viewport": { "width": 390, "height": 844 }, "events": [
              { "t": 0.5, "type": "down", "x": 1, "y": 2 },
              { "t": 0.4, "type": "move", "x": 1, "y": 3 } ] }
            """#, index: 1, field: "t", mentioning: ["earlier"])
        assertRefused(event(#"{ "t": -1, "type": "cancel" }"#), index: 1, field: "t")
    }

    func testNaNAndInfiniteCoordinatesAreRefused() {
        assertRefused(
            event(#"{ "t": 0.1, "type": "move", "x": NaN, "y": 2 }"#), index: 1, field: "x",
            mentioning: ["NaN"])
        assertRefused(
            event(#"{ "t": 0.1, "type": "move", "x": 1, "y": 1e999 }"#), index: 1, field: "y",
            mentioning: ["infinite"])
        assertRefused(
            event(#"{ "t": 0.1, "type": "up", "x": -Infinity, "y": 2 }"#), index: 1, field: "x")
        let inCode = GestureTrace(
            viewport: Size(width: 10, height: 10),
            events: [InputEvent(time: 0, kind: .move(Point(x: 1, y: .nan)))])
        XCTAssertThrowsError(try inCode.validate()) { error in
            XCTAssertEqual((error as? GestureTraceError)?.field, "y")
            XCTAssertEqual((error as? GestureTraceError)?.eventIndex, 0)
        }
    }

    func testUnknownEventTypeIsRefused() {
        assertRefused(
            event(#"{ "t": 0.1, "type": "swipe" }"#), index: 1, field: "type", mentioning: ["swipe"]
        )
    }

    func testSyntaxErrorsSayWhere() {
        XCTAssertThrowsError(try GestureTrace(json: "{ \"viewport\": {\n \"width\": 390,, } }")) {
            error in
            XCTAssertTrue("\(error)".contains("line 2"), "\(error)")
        }
        XCTAssertThrowsError(try GestureTrace(json: ""))
        XCTAssertThrowsError(try GestureTrace(json: String(repeating: "[", count: 10_000)))
    }

    func testReplayShiftsEventsOntoTheClock() {
        let trace = GestureTrace(
            viewport: Size(width: 390, height: 844),
            events: [
                InputEvent(time: 0, kind: .down(Point(x: 1, y: 1))),
                InputEvent(time: 0.5, kind: .up(Point(x: 1, y: 1))),
            ])
        let source = TraceInputSource(trace: trace, startTime: 10)
        var events: [InputEvent] = []
        XCTAssertEqual(source.nextEventTime, 10)
        source.events(upTo: 10.2, into: &events)
        XCTAssertEqual(events, [InputEvent(time: 10, kind: .down(Point(x: 1, y: 1)))])
        source.events(upTo: 11, into: &events)
        XCTAssertEqual(events.count, 2)
        XCTAssertTrue(source.isExhausted)
        XCTAssertNil(source.nextEventTime)
    }

    func testRecordingKeepsWhatPassesThrough() {
        let live = QueuedInputSource([
            InputEvent(time: 5.0, kind: .down(Point(x: 1, y: 2))),
            InputEvent(time: 5.25, kind: .up(Point(x: 1, y: 2))),
        ])
        let recorder = RecordingInputSource(
            recording: live, viewport: Size(width: 390, height: 844), startTime: 5)
        var events: [InputEvent] = []
        recorder.events(upTo: 6, into: &events)
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(recorder.trace.events.map(\.time), [0, 0.25])
    }

    func testRecordingStampsALateEventWhenTheControllerCouldApplyIt() {
        let live = QueuedInputSource()
        let recorder = RecordingInputSource(
            recording: live, viewport: Size(width: 390, height: 844), startTime: 1)
        var events: [InputEvent] = []
        live.enqueue(InputEvent(time: 1.5, kind: .down(Point(x: 1, y: 2))))
        recorder.events(upTo: 2, into: &events)
        // Stamped 1.8 but delivered after the controller reached 2: it took effect at 2.
        live.enqueue(InputEvent(time: 1.8, kind: .key(.space)))
        recorder.events(upTo: 2.5, into: &events)
        XCTAssertEqual(events.map(\.time), [1.5, 1.8])
        XCTAssertEqual(recorder.trace.events.map(\.time), [0.5, 1])
    }
}
