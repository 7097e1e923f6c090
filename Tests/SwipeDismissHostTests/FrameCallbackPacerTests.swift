import SwipeDismiss
import SwipeDismissHost
import XCTest

final class FrameCallbackPacerTests: XCTestCase {
    func testWithNoCallbackOutstandingItPacesAsFramePacer() {
        var pacer = FrameCallbackPacer(framesPerSecond: 60, hiddenFramePeriod: 0.1)
        XCTAssertTrue(pacer.frameIsDue(now: 0, wake: 0, callbackOutstanding: false))
        pacer.frameDrawn(at: 0)
        // The next slot is 1/60 s on; up to 4 ms early is allowed.
        XCTAssertFalse(pacer.frameIsDue(now: 0.005, wake: 0.005, callbackOutstanding: false))
        XCTAssertEqual(
            pacer.timeout(now: 0.005, wake: 0.005, callbackOutstanding: false)!,
            1.0 / 60 - 0.005, accuracy: 1e-12)
        XCTAssertTrue(
            pacer.frameIsDue(now: 1.0 / 60 - 0.004, wake: 0.01, callbackOutstanding: false))
    }

    func testAnOutstandingCallbackHoldsTheFrameForTheHiddenPeriodAtMost() {
        var pacer = FrameCallbackPacer(framesPerSecond: 60, hiddenFramePeriod: 0.1)
        pacer.frameDrawn(at: 0)
        XCTAssertFalse(pacer.frameIsDue(now: 0.02, wake: 0.02, callbackOutstanding: true))
        XCTAssertEqual(
            pacer.timeout(now: 0.02, wake: 0.02, callbackOutstanding: true)!, 0.08, accuracy: 1e-12)
        // The callback came back: the frame is drawn at once.
        XCTAssertTrue(pacer.frameIsDue(now: 0.02, wake: 0.02, callbackOutstanding: false))
        // A hidden surface never calls back: drawn anyway once the period is over.
        XCTAssertTrue(pacer.frameIsDue(now: 0.1, wake: 0.02, callbackOutstanding: true))
    }

    func testNothingWantedMeansNoFrameAndNoTimeout() {
        var pacer = FrameCallbackPacer()
        XCTAssertFalse(pacer.frameIsDue(now: 1, wake: nil, callbackOutstanding: false))
        XCTAssertNil(pacer.timeout(now: 1, wake: nil, callbackOutstanding: true))
        XCTAssertFalse(pacer.frameIsDue(now: 1, wake: 2, callbackOutstanding: false))
        XCTAssertEqual(pacer.timeout(now: 1, wake: 2, callbackOutstanding: false), 1)
    }

    func testAHiddenPeriodShorterThanAFrameNeverExceedsTheRate() {
        var pacer = FrameCallbackPacer(framesPerSecond: 60, hiddenFramePeriod: 0.001)
        pacer.frameDrawn(at: 0)
        XCTAssertFalse(pacer.frameIsDue(now: 0.002, wake: 0, callbackOutstanding: true))
        XCTAssertEqual(
            pacer.timeout(now: 0.002, wake: 0, callbackOutstanding: true)!, 1.0 / 60 - 0.002,
            accuracy: 1e-12)
    }
}
