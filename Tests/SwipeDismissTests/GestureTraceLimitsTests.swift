import Foundation
import SwipeDismiss
import SwipeDismissTrace
import XCTest

/// `GestureTrace.Limits`: every number and every text is bounded where a trace comes in.
final class GestureTraceLimitsTests: XCTestCase {
    func testLimitsArePublishedAndAcceptedAtTheirEdges() throws {
        XCTAssertEqual(GestureTrace.Limits.coordinate, 1_000_000)
        XCTAssertEqual(GestureTrace.Limits.viewportSide, 32767)
        XCTAssertEqual(GestureTrace.Limits.time, 86400)
        let trace = try GestureTrace(
            json: #"""
                { "viewport": { "width": 32767, "height": 0.5 }, "events": [
                  { "t": 0, "type": "down", "x": -1000000, "y": 1000000 },
                  { "t": 86400, "type": "up", "x": 1e6, "y": -1e6 } ] }
                """#)
        XCTAssertEqual(
            trace.events.last, InputEvent(time: 86400, kind: .up(Point(x: 1e6, y: -1e6))))
    }

    func testAFileLargerThanTheLimitIsRefusedWithoutReadingItAll() {
        XCTAssertEqual(GestureTrace.Limits.fileSize, 4 * 1024 * 1024)
        // An endless file: the read stops one byte past the limit.
        XCTAssertThrowsError(try GestureTrace.load(path: "/dev/zero")) { error in
            XCTAssertEqual(
                "\(error)", "/dev/zero: the trace file is larger than the limit of 4 MiB")
        }
    }

    func testTextLongerThanTheLimitIsNeitherReadNorWritten() {
        let long = [UInt8](repeating: 0x20, count: GestureTrace.Limits.fileSize + 1)
        XCTAssertThrowsError(try GestureTrace(jsonBytes: long)) { error in
            XCTAssertEqual(
                (error as? GestureTraceError)?.reason,
                "the trace is 4194305 bytes, more than the limit of 4194304 (4 MiB)")
        }
        let name = String(repeating: "k", count: 1 << 20)
        let huge = GestureTrace(
            viewport: Size(width: 390, height: 844),
            events: (0..<4).map { InputEvent(time: Double($0), kind: .key(.other(name))) })
        XCTAssertThrowsError(try huge.encoded()) { error in
            // Four names of 2^20 bytes and 199 bytes of JSON around them.
            XCTAssertEqual(
                (error as? GestureTraceError)?.reason,
                "the trace would be 4194503 bytes, more than the limit of 4194304 (4 MiB)")
        }
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
            ("32767.5", "844", "viewport.width"), ("390", "1e19", "viewport.height"),
            ("32768", "32768", "viewport.width"), ("0", "844", "viewport.width"),
        ] {
            TraceFixture.assertRefused(
                #"{ "viewport": { "width": \#(width), "height": \#(height) }, "events": [] }"#,
                index: nil, field: field)
        }
        TraceFixture.assertRefused(
            #"{ "viewport": { "width": 32767.5, "height": 1 }, "events": [] }"#, index: nil,
            field: "viewport.width", mentioning: ["32767.5 pt is more than the limit of 32767 pt"])
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
        let wide = GestureTrace(viewport: Size(width: 40000, height: 10), events: [])
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
