import SwipeDismiss
import XCTest

/// `FramePacer`, the X11 loop's frame pacing, on a `ManualClock`: exact times, no wall clock.
final class FramePacerTests: XCTestCase {
    private let period = 1.0 / 60

    func testAFrameIsDueOnlyWhenTheControllerWantsOneAndItsTimeHasCome() {
        let clock = ManualClock()
        var pacer = FramePacer()
        XCTAssertFalse(pacer.frameIsDue(now: clock.now, wake: nil, readInputWhilePressed: false))
        XCTAssertFalse(pacer.frameIsDue(now: clock.now, wake: 0.5, readInputWhilePressed: false))
        XCTAssertNil(pacer.timeout(now: clock.now, wake: nil), "nothing wanted: wait for input")
        XCTAssertEqual(pacer.timeout(now: clock.now, wake: 0.5), 0.5)
        clock.set(to: 0.5)
        XCTAssertTrue(pacer.frameIsDue(now: clock.now, wake: 0.5, readInputWhilePressed: false))
        pacer.frameDrawn(at: clock.now)
        XCTAssertEqual(pacer.lastFrameTime, 0.5, "the first frame starts the cadence")
    }

    func testAFrameMayComeAQuarterPeriodAtMost4msEarlyAndKeepsItsSlot() {
        let clock = ManualClock()
        var pacer = FramePacer()
        XCTAssertEqual(pacer.earlyWindow, 0.004)
        XCTAssertEqual(FramePacer(framesPerSecond: 500).earlyWindow, 0.0005)
        pacer.frameDrawn(at: 0)
        clock.set(to: 0.012)  // 4.67 ms before the slot at 16.67 ms: too early
        XCTAssertFalse(pacer.frameIsDue(now: clock.now, wake: 0, readInputWhilePressed: false))
        XCTAssertFalse(pacer.frameAwaitsInput)
        XCTAssertEqual(pacer.timeout(now: clock.now, wake: 0)!, period - 0.012, accuracy: 1e-12)
        clock.set(to: 0.013)  // 3.67 ms early: drawn now
        XCTAssertTrue(pacer.frameIsDue(now: clock.now, wake: 0, readInputWhilePressed: false))
        pacer.frameDrawn(at: clock.now)
        XCTAssertEqual(pacer.lastFrameTime, period, "the slot is used up, not moved earlier")
    }

    func testInputTooEarlyDuringADragWaitsHalfAPeriodPastTheSlotForTheNextInput() {
        var pacer = FramePacer()
        pacer.frameDrawn(at: 0)
        XCTAssertFalse(pacer.frameIsDue(now: 0.005, wake: 0.005, readInputWhilePressed: true))
        XCTAssertTrue(pacer.frameAwaitsInput)
        XCTAssertEqual(
            pacer.timeout(now: 0.005, wake: 0.005)!, 1.5 * period - 0.005, accuracy: 1e-12)
        // The next input, in the early window of the slot, draws; the wait is over.
        XCTAssertTrue(pacer.frameIsDue(now: 0.0135, wake: 0.005, readInputWhilePressed: true))
        pacer.frameDrawn(at: 0.0135)
        XCTAssertFalse(pacer.frameAwaitsInput)
        XCTAssertEqual(
            pacer.timeout(now: 0.0135, wake: 0.0135)!, 2 * period - 0.0135, accuracy: 1e-12)
    }

    func testTheCadenceStaysSteadyButNeverCatchesUp() {
        var pacer = FramePacer()
        pacer.frameDrawn(at: 0)
        // Late by less than a period: the cadence holds, but the slot is at most half a
        // period behind the frame.
        pacer.frameDrawn(at: 0.030)
        XCTAssertEqual(pacer.lastFrameTime, 0.030 - period / 2, accuracy: 1e-12)
        pacer.frameDrawn(at: 0.040)
        XCTAssertEqual(pacer.lastFrameTime, 0.030 - period / 2 + period, accuracy: 1e-12)
        // A period or more behind: a fresh start at the frame, no burst of frames.
        pacer.frameDrawn(at: 1.0)
        XCTAssertEqual(pacer.lastFrameTime, 1.0)
    }

    func testASecondOfConstantWantingDrawsOneFrameASlot() {
        let clock = ManualClock()
        var pacer = FramePacer()
        var frames: [Double] = []
        for millisecond in 0..<1000 {
            clock.set(to: Double(millisecond) / 1000)
            if pacer.frameIsDue(now: clock.now, wake: clock.now, readInputWhilePressed: false) {
                frames.append(clock.now)
                pacer.frameDrawn(at: clock.now)
            }
        }
        // Slots k/60 for k = 0…60, each drawn at the first millisecond of its early window.
        XCTAssertEqual(frames.count, 61)
        XCTAssertEqual(frames.first, 0)
        for (k, time) in frames.enumerated().dropFirst() {
            let opens = Double(k) * period - 0.004
            XCTAssertGreaterThanOrEqual(time, opens - 1e-9, "frame \(k)")
            XCTAssertLessThanOrEqual(time, opens + 0.001 + 1e-9, "frame \(k)")
        }
    }

    func testTheRateIsClampedTo1Through1000() {
        XCTAssertEqual(FramePacer(framesPerSecond: 0).framesPerSecond, 1)
        XCTAssertEqual(FramePacer(framesPerSecond: 5000).framesPerSecond, 1000)
        XCTAssertEqual(FramePacer(framesPerSecond: .nan).framesPerSecond, 1)
        var pacer = FramePacer(framesPerSecond: 120)
        XCTAssertEqual(pacer.period, 1.0 / 120)
        pacer.framesPerSecond = -3
        XCTAssertEqual(pacer.framesPerSecond, 1)
    }
}
