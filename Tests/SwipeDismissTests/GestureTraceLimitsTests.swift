import Foundation
import SwipeDismiss
import XCTest

/// `GestureTrace.Limits`: every number and every text is bounded where a trace comes in.
final class GestureTraceLimitsTests: XCTestCase {
    func testLimitsArePublishedAndAcceptedAtTheirEdges() throws {
        XCTAssertEqual(GestureTrace.Limits.coordinate, 1_000_000)
        XCTAssertEqual(GestureTrace.Limits.viewportSide, 16384)
        XCTAssertEqual(GestureTrace.Limits.time, 86400)
        let trace = try GestureTrace(
            json: #"""
                { "viewport": { "width": 16384, "height": 0.5 }, "events": [
                  { "t": 0, "type": "down", "x": -1000000, "y": 1000000 },
                  { "t": 86400, "type": "up", "x": 1e6, "y": -1e6 } ] }
                """#)
        XCTAssertEqual(
            trace.events.last, InputEvent(time: 86400, kind: .up(Point(x: 1e6, y: -1e6))))
    }

    func testAFileLargerThanTheLimitIsRefusedWithoutReadingItAll() {
        XCTAssertEqual(GestureTrace.Limits.fileSize, 8 * 1024 * 1024)
        // An endless file: the read stops one byte past the limit.
        XCTAssertThrowsError(try GestureTrace.load(path: "/dev/zero")) { error in
            XCTAssertEqual(
                "\(error)", "/dev/zero: the trace file is larger than the limit of 8 MiB")
        }
    }

    func testTextLongerThanTheLimitIsNeitherReadNorWritten() {
        let long = [UInt8](repeating: 0x20, count: GestureTrace.Limits.fileSize + 1)
        XCTAssertThrowsError(try GestureTrace(jsonBytes: long)) { error in
            XCTAssertEqual(
                (error as? GestureTraceError)?.reason,
                "the trace is 8388609 bytes, more than the limit of 8388608 (8 MiB)")
        }
        let name = String(repeating: "k", count: 1 << 20)
        let huge = GestureTrace(
            viewport: Size(width: 390, height: 844),
            events: (0..<8).map { InputEvent(time: Double($0), kind: .key(.other(name))) })
        XCTAssertThrowsError(try huge.encoded()) { error in
            // Eight names of 2^20 bytes and 339 bytes of JSON around them.
            XCTAssertEqual(
                (error as? GestureTraceError)?.reason,
                "the trace would be 8388947 bytes, more than the limit of 8388608 (8 MiB)")
        }
    }

    func testARecordingKeepsNoMoreEventsThanAFileCanHold() {
        let count = RecordingInputSource.maximumEventCount
        XCTAssertEqual(count, 52428)
        let live = QueuedInputSource(
            (0...count).map { InputEvent(time: Double($0) / 1000, kind: .move(Point(x: 1, y: 2))) })
        let recorder = RecordingInputSource(
            recording: live, viewport: Size(width: 390, height: 844), startTime: 0)
        var events: [InputEvent] = []
        recorder.events(upTo: 1000, into: &events)
        XCTAssertEqual(events.count, count + 1)
        XCTAssertEqual(recorder.trace.events.count, count)
        XCTAssertEqual(recorder.droppedEventCount, 1)
        XCTAssertEqual(recorder.firstDropReason?.eventIndex, count)
        XCTAssertNoThrow(try recorder.trace.encoded())
    }

    /// The longest event there is: a scroll whose numbers all take 17 digits and an exponent.
    func testAFullRecordingOfTheLongestScrollsCanBeWritten() throws {
        let count = RecordingInputSource.maximumEventCount
        let tiny = -1.2345678901234567e-300
        let longest = InputEvent(
            time: -tiny, kind: .scroll(dx: tiny, dy: tiny, source: .touchpad))
        let live = QueuedInputSource(Array(repeating: longest, count: count))
        let recorder = RecordingInputSource(
            recording: live, viewport: Size(width: 390, height: 844), startTime: 0)
        var events: [InputEvent] = []
        recorder.events(upTo: 1, into: &events)
        XCTAssertEqual(recorder.trace.events.count, count)
        let text = try recorder.trace.encoded()
        XCTAssertTrue(text.contains(#"{"dx":-1.2345678901234568e-300,"#), String(text.prefix(300)))
        XCTAssertLessThanOrEqual(text.utf8.count, GestureTrace.Limits.fileSize)
        XCTAssertEqual(try GestureTrace(json: text).events.count, count)
    }

    func testCoordinatesBeyondTheLimitAreRefused() {
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "move", "x": 1000000.5, "y": 2 }"#), index: 1,
            field: "x",
            mentioning: ["1000000.5 pt is beyond the limit of ±1000000 pt"])
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "up", "x": 1, "y": -1e19 }"#), index: 1,
            field: "y",
            mentioning: ["-1e+19 pt"])
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "down", "x": 1e308, "y": 2 }"#), index: 1,
            field: "x")
    }

    func testViewportSidesBeyondTheLimitAreRefused() {
        for (width, height, field) in [
            ("16384.5", "844", "viewport.width"), ("390", "1e19", "viewport.height"),
            ("32767", "32767", "viewport.width"), ("0", "844", "viewport.width"),
        ] {
            TraceFixture.assertRefused(
                #"{ "viewport": { "width": \#(width), "height": \#(height) }, "events": [] }"#,
                index: nil, field: field)
        }
        TraceFixture.assertRefused(
            #"{ "viewport": { "width": 16384.5, "height": 1 }, "events": [] }"#, index: nil,
            field: "viewport.width", mentioning: ["16384.5 pt is more than the limit of 16384 pt"])
    }

    func testTimesAfterTwentyFourHoursAreRefused() {
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 86400.5, "type": "cancel" }"#), index: 1, field: "t",
            mentioning: ["86400.5 s is after the limit of 86400 s (24 hours)"])
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 1e300, "type": "key", "key": "a" }"#), index: 1, field: "t")
    }

    func testAKeyWithNoNameIsRefusedReadingAndWriting() {
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "key", "key": "" }"#), index: 1,
            field: "key", mentioning: ["empty key name"])
        let unnamed = GestureTrace(
            viewport: Size(width: 10, height: 10),
            events: [InputEvent(time: 0, kind: .key(.other("")))])
        XCTAssertThrowsError(try unnamed.encoded()) { error in
            XCTAssertEqual((error as? GestureTraceError)?.field, "key")
        }
    }

    func testValidateBoundsTracesMadeInCode() {
        let wide = GestureTrace(viewport: Size(width: 20000, height: 10), events: [])
        XCTAssertThrowsError(try wide.validate()) { error in
            XCTAssertEqual((error as? GestureTraceError)?.field, "viewport.width")
        }
        let far = GestureTrace(
            viewport: Size(width: 10, height: 10),
            events: [
                InputEvent(time: 0, kind: .down(Point(x: 1, y: 1))),
                InputEvent(time: 1, kind: .move(Point(x: 2e6, y: 1))),
            ])
        XCTAssertThrowsError(try far.validate()) { error in
            XCTAssertEqual((error as? GestureTraceError)?.eventIndex, 1)
            XCTAssertEqual((error as? GestureTraceError)?.field, "x")
        }
    }
}
