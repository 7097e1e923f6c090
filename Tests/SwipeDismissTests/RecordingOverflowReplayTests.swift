import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTrace
import XCTest

/// A recording that overflows keeps the last motion before the release, so its replay ends
/// as the live run did: before, it kept the release but dropped the flick before it, and the
/// replay sprang back where the live run dismissed.
final class RecordingOverflowReplayTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    /// A press held still for 60 000 moves (past what a file holds), then a 1000 pt/s flick
    /// of 100 pt over its last 100 ms, released where it ends.
    private func longHoldThenFlick() -> [InputEvent] {
        var events = [InputEvent(time: 0, kind: .down(Point(x: 195, y: 500)))]
        for index in 1...60_000 {
            events.append(
                InputEvent(time: Double(index) / 1000, kind: .move(Point(x: 195, y: 500))))
        }
        for step in 1...10 {
            events.append(
                InputEvent(
                    time: 60 + Double(step) / 100,
                    kind: .move(Point(x: 195, y: 500 + 10 * Double(step)))))
        }
        events.append(InputEvent(time: 60.11, kind: .up(Point(x: 195, y: 600))))
        return events
    }

    /// Where a card ends after `events` on a 60 Hz manual clock.
    private func outcome(of events: [InputEvent]) throws -> DismissPhase {
        let clock = ManualClock()
        let controller = DismissController(
            input: QueuedInputSource(events), presenter: CardPresenter(),
            renderer: NullRenderer(viewport: viewport), clock: clock, configuration: .fluid)
        let end = (events.last?.time ?? 0) + 3
        while clock.now < end {
            clock.advance(by: 1.0 / 60)
            _ = try controller.step()
        }
        return controller.state.phase
    }

    func testAnOverflowingRecordingKeepsTheFlickBeforeItsRelease() throws {
        let live = longHoldThenFlick()
        let recorder = RecordingInputSource(
            recording: QueuedInputSource(live), viewport: viewport, startTime: 0)
        var delivered: [InputEvent] = []
        recorder.events(upTo: 1e6, into: &delivered)
        XCTAssertEqual(delivered, live)
        XCTAssertTrue(recorder.isFull)
        let kept = recorder.trace.events
        let tail = RecordingInputSource.heldMotionCount + 1
        XCTAssertEqual(Array(kept.suffix(tail)), Array(live.suffix(tail)))
        XCTAssertEqual(recorder.droppedEventCount, live.count - kept.count)
        XCTAssertLessThanOrEqual(recorder.recordedBytes, RecordingInputSource.byteBudget)
        let text = try recorder.trace.encoded()
        XCTAssertLessThanOrEqual(text.utf8.count, GestureTrace.Limits.fileSize)
        XCTAssertEqual(try GestureTrace(json: text), recorder.trace)

        XCTAssertEqual(try outcome(of: live), .dismissed, "the live run dismisses")
        XCTAssertEqual(try outcome(of: kept), .dismissed, "and so does its replay")
    }
}
