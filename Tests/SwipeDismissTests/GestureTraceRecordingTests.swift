import Foundation
import SwipeDismiss
import SwipeDismissTrace
import XCTest

/// A recording that fills up says so once, keeps the gesture in progress whole (its release
/// above all), records nothing after it, and can always be written and read back.
final class GestureTraceRecordingTests: XCTestCase {
    private func record(_ events: [InputEvent], viewport: Size = Size(width: 390, height: 844))
        -> (RecordingInputSource, fullCalls: Int)
    {
        let recorder = RecordingInputSource(
            recording: QueuedInputSource(events), viewport: viewport, startTime: 0)
        var calls = 0
        recorder.onFull = { calls += 1 }
        var delivered: [InputEvent] = []
        recorder.events(upTo: 1e6, into: &delivered)
        XCTAssertEqual(delivered.count, events.count, "every event reaches the controller")
        return (recorder, calls)
    }

    private func move(_ index: Int) -> InputEvent {
        InputEvent(
            time: Double(index) / 1000, kind: .move(Point(x: 195, y: 500 + Double(index % 300))))
    }

    /// The issue's case: one long drag past what a file holds. Before, every event after the
    /// 52 428th was dropped, the release too, so the replay ended mid-drag.
    func testALongDragKeepsItsReleaseWhenTheRecordingFillsUp() throws {
        let count = 60_000
        let release = InputEvent(time: 61, kind: .up(Point(x: 195, y: 800)))
        let events =
            [InputEvent(time: 0, kind: .down(Point(x: 195, y: 500)))]
            + (1...count).map(move) + [release]
        let (recorder, calls) = record(events)
        XCTAssertTrue(recorder.isFull)
        XCTAssertEqual(calls, 1, "said once")
        let kept = recorder.trace.events
        XCTAssertEqual(kept.first, events.first)
        XCTAssertEqual(kept.last, release, "the gesture ends as it did live")
        XCTAssertEqual(recorder.droppedEventCount, events.count - kept.count)
        XCTAssertGreaterThan(recorder.droppedEventCount, 0)
        XCTAssertLessThanOrEqual(recorder.recordedBytes, RecordingInputSource.byteBudget)
        let text = try recorder.trace.encoded()
        XCTAssertLessThanOrEqual(text.utf8.count, GestureTrace.Limits.fileSize)
        XCTAssertEqual(try GestureTrace(json: text), recorder.trace)
        XCTAssertTrue(
            recorder.firstDropReason?.reason.contains("the recording is full") ?? false)
    }

    func testNothingAfterTheGestureInProgressIsRecorded() throws {
        // Drags of 100 moves until well past the reserve's start.
        var events: [InputEvent] = []
        var time = 0.0
        func add(_ kind: InputEvent.Kind) {
            time += 0.001
            events.append(InputEvent(time: time, kind: kind))
        }
        for _ in 0..<400 {
            add(.down(Point(x: 1, y: 1)))
            for step in 0..<100 { add(.move(Point(x: 1, y: 1 + Double(step)))) }
            add(.up(Point(x: 1, y: 101)))
        }
        let (recorder, calls) = record(events)
        XCTAssertEqual(calls, 1)
        let kept = recorder.trace.events
        XCTAssertEqual(kept.last?.kind, .up(Point(x: 1, y: 101)), "ends on a whole gesture")
        let downs = kept.filter { if case .down = $0.kind { true } else { false } }.count
        let ups = kept.filter { if case .up = $0.kind { true } else { false } }.count
        XCTAssertEqual(downs, ups)
        XCTAssertEqual(kept.count, downs * 102, "only whole gestures")
        XCTAssertEqual(Array(events.prefix(kept.count)), kept, "a prefix of what happened")
        XCTAssertLessThanOrEqual(
            try recorder.trace.encoded().utf8.count, GestureTrace.Limits.fileSize)
    }

    func testATouchpadStreamInProgressKeepsItsStopThroughAHoverAndALaterStreamIsDropped() throws {
        let bound = RecordingInputSource.encodedSizeBound(
            of: InputEvent(time: 0, kind: .scroll(dx: 0, dy: 1, source: .touchpad)))
        let fill = (RecordingInputSource.byteBudget - RecordingInputSource.closingReserve) / bound
        var events = (0..<(fill + 500)).map { index in
            InputEvent(time: Double(index) / 100, kind: .scroll(dx: 0, dy: 1, source: .touchpad))
        }
        // A hover (the pointer moved, not pressed) in the middle of the reserve is dropped
        // without ending the stream.
        let hoverTime = events[fill + 250].time
        events.insert(
            InputEvent(time: hoverTime, kind: .move(Point(x: 5, y: 5))), at: fill + 251)
        let stopTime = Double(fill + 500) / 100
        events.append(InputEvent(time: stopTime, kind: .scrollStop))
        events.append(
            InputEvent(time: stopTime + 1, kind: .scroll(dx: 0, dy: 5, source: .touchpad)))
        events.append(InputEvent(time: stopTime + 1.1, kind: .scrollStop))
        let (recorder, calls) = record(events)
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(recorder.trace.events.count, fill + 501)
        XCTAssertEqual(recorder.trace.events.last, InputEvent(time: stopTime, kind: .scrollStop))
        XCTAssertEqual(recorder.droppedEventCount, 3)
    }

    func testAFullRecordingOfTheLongestScrollsCanBeWritten() throws {
        let tiny = -1.2345678901234567e-300
        let longest = InputEvent(time: -tiny, kind: .scroll(dx: tiny, dy: tiny, source: .touchpad))
        let (recorder, _) = record(Array(repeating: longest, count: 40_000))
        XCTAssertTrue(recorder.isFull)
        let text = try recorder.trace.encoded()
        XCTAssertTrue(text.contains(#"{"dx":-1.2345678901234568e-300,"#), String(text.prefix(300)))
        XCTAssertLessThanOrEqual(text.utf8.count, GestureTrace.Limits.fileSize)
        XCTAssertEqual(try GestureTrace(json: text).events.count, recorder.trace.events.count)
    }

    func testEveryEventFitsItsSizeBound() throws {
        let tiny = -1.2345678901234567e-300
        let far = -999_999.999_999_999_9
        for kind: InputEvent.Kind in [
            .down(Point(x: tiny, y: far)), .move(Point(x: far, y: tiny)),
            .up(Point(x: tiny, y: tiny)),
            .scroll(dx: tiny, dy: far, source: .wheel),
            .scroll(dx: tiny, dy: tiny, source: .touchpad),
            .key(.escape), .key(.other("\u{1}\u{2}ü/\"")), .cancel, .scrollStop,
        ] {
            let event = InputEvent(time: 86_399.999_999_999_99, kind: kind)
            let one = GestureTrace(viewport: Size(width: 1, height: 1), events: [event, event])
            let two = GestureTrace(
                viewport: Size(width: 1, height: 1), events: [event, event, event])
            let size = try two.encoded().utf8.count - one.encoded().utf8.count
            XCTAssertLessThanOrEqual(
                size, RecordingInputSource.encodedSizeBound(of: event), "\(kind)")
            XCTAssertLessThanOrEqual(
                RecordingInputSource.encodedSizeBound(of: event), 160, "\(kind)")
        }
    }

    /// A window at --scale 0.5 can be 65 534 pt wide: the recording keeps the gesture,
    /// clamping the viewport it writes to the most a trace may have.
    func testAViewportBeyondTheLimitIsClampedSoTheRecordingIsWritten() throws {
        let (recorder, _) = record([InputEvent(time: 0, kind: .key(.escape))])
        recorder.setViewport(Size(width: 65_534, height: 20_000))
        XCTAssertEqual(recorder.trace.viewport, Size(width: 32_767, height: 20_000))
        let text = try recorder.trace.encoded()
        XCTAssertEqual(try GestureTrace(json: text).viewport.width, 32_767)
    }
}
