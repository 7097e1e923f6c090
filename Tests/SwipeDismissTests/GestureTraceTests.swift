import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissTrace
import XCTest

final class GestureTraceTests: XCTestCase {
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
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "move", "x": 195 }"#), index: 1, field: "y",
            mentioning: ["missing"])
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "type": "move", "x": 195, "y": 3 }"#), index: 1, field: "t")
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "key" }"#), index: 1, field: "key")
        TraceFixture.assertRefused(#"{ "events": [] }"#, index: nil, field: "viewport")
        TraceFixture.assertRefused(
            #"{ "viewport": { "width": 390, "height": 844 } }"#, index: nil, field: "events")
    }

    func testWrongTypeIsRefused() {
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": "soon", "type": "move", "x": 1, "y": 2 }"#), index: 1,
            field: "t",
            mentioning: ["a string"])
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "move", "x": true, "y": 2 }"#), index: 1,
            field: "x")
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": 7 }"#), index: 1, field: "type")
        TraceFixture.assertRefused(
            TraceFixture.event(#"[1, 2]"#), index: 1, field: nil, mentioning: ["an array"])
        TraceFixture.assertRefused(
            #"{ "viewport": { "width": -390, "height": 844 }, "events": [] }"#, index: nil,
            field: "viewport.width")
    }

    func testDecreasingTimeIsRefused() {
        TraceFixture.assertRefused(
            #"""
            { "viewport": { "width": 390, "height": 844 }, "events": [
              { "t": 0.5, "type": "down", "x": 1, "y": 2 },
              { "t": 0.4, "type": "move", "x": 1, "y": 3 } ] }
            """#, index: 1, field: "t", mentioning: ["earlier"])
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": -1, "type": "cancel" }"#), index: 1, field: "t")
    }

    func testNaNAndInfiniteCoordinatesAreRefused() {
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "move", "x": NaN, "y": 2 }"#), index: 1,
            field: "x",
            mentioning: ["NaN"])
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "move", "x": 1, "y": 1e999 }"#), index: 1,
            field: "y",
            mentioning: ["infinite"])
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "up", "x": -Infinity, "y": 2 }"#), index: 1,
            field: "x")
        let inCode = GestureTrace(
            viewport: Size(width: 10, height: 10),
            events: [InputEvent(time: 0, kind: .move(Point(x: 1, y: .nan)))])
        XCTAssertThrowsError(try inCode.validate()) { error in
            XCTAssertEqual((error as? GestureTraceError)?.field, "y")
            XCTAssertEqual((error as? GestureTraceError)?.eventIndex, 0)
        }
    }

    func testUnknownEventTypeIsRefused() {
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "swipe" }"#), index: 1, field: "type",
            mentioning: ["swipe"]
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

    func testEncodingIsOneEventALine() throws {
        let trace = GestureTrace(
            viewport: Size(width: 390, height: 844.5),
            events: [
                InputEvent(time: 0, kind: .down(Point(x: 195, y: -0.25))),
                InputEvent(time: 1, kind: .key(.escape)),
                InputEvent(time: 1.2, kind: .cancel),
            ])
        XCTAssertEqual(
            try trace.encoded(),
            """
            { "viewport": {"height":844.5,"width":390},
              "events": [
                {"t":0,"type":"down","x":195,"y":-0.25},
                {"key":"Escape","t":1,"type":"key"},
                {"t":1.2,"type":"cancel"} ] }

            """)
    }

    func testRandomNumbersRoundTripBitForBit() throws {
        var random = SplitMix64(seed: 42)
        func number(_ limit: Double) -> Double {
            let scale = pow(10, Double(random.next() % 12) - 6)
            return min(limit, Double(random.next() >> 11) / Double(1 << 53) * scale)
        }
        var time = 0.0
        let events = (0..<2000).map { _ in
            time += number(1)
            let point = Point(x: number(1e6) * (random.next() & 1 == 0 ? 1 : -1), y: number(1e6))
            return InputEvent(time: time, kind: .move(point))
        }
        let trace = GestureTrace(viewport: Size(width: 390.1, height: 844), events: events)
        let again = try GestureTrace(json: try trace.encoded())
        for (written, read) in zip(trace.events, again.events) {
            XCTAssertEqual(written.time.bitPattern, read.time.bitPattern)
            XCTAssertEqual(written.location?.x.bitPattern, read.location?.x.bitPattern)
            XCTAssertEqual(written.location?.y.bitPattern, read.location?.y.bitPattern)
        }
        XCTAssertEqual(again, trace)
    }

    func testNonFiniteNumbersAreNeverWritten() throws {
        let dir = NSTemporaryDirectory() + "trace-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (event, field) in [
            (InputEvent(time: 0, kind: .down(Point(x: .nan, y: 1))), "x"),
            (InputEvent(time: 0, kind: .up(Point(x: 1, y: -.infinity))), "y"),
            (InputEvent(time: .infinity, kind: .cancel), "t"),
        ] {
            let trace = GestureTrace(viewport: Size(width: 390, height: 844), events: [event])
            XCTAssertThrowsError(try trace.encoded()) { error in
                XCTAssertEqual((error as? GestureTraceError)?.eventIndex, 0)
                XCTAssertEqual((error as? GestureTraceError)?.field, field)
            }
            XCTAssertThrowsError(try trace.write(path: dir + "/t.json"))
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
        }
    }

    func testRecordingLeavesOutEventsThatWouldNotValidate() throws {
        let live = QueuedInputSource([
            InputEvent(time: 5, kind: .down(Point(x: 1, y: 2))),
            InputEvent(time: 5.1, kind: .move(Point(x: 2e6, y: 2))),
            InputEvent(time: 5.2, kind: .move(Point(x: .nan, y: 2))),
            InputEvent(time: 5.3, kind: .up(Point(x: 1, y: 3))),
            InputEvent(time: 5 + 86401, kind: .key(.space)),
        ])
        let recorder = RecordingInputSource(
            recording: live, viewport: Size(width: 390, height: 844), startTime: 5)
        var events: [InputEvent] = []
        recorder.events(upTo: 1e6, into: &events)
        XCTAssertEqual(events.count, 5, "every event still reaches the controller")
        XCTAssertEqual(recorder.trace.events.map(\.time), [0, 5.3 - 5])
        XCTAssertEqual(recorder.droppedEventCount, 3)
        XCTAssertEqual(recorder.firstDropReason?.eventIndex, 1)
        XCTAssertEqual(recorder.firstDropReason?.field, "x")
        XCTAssertNoThrow(try GestureTrace(json: try recorder.trace.encoded()))
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
