import SwipeDismissGif
import XCTest

final class GifFrameScheduleTests: XCTestCase {
    /// Delays for `count` distinct frames of `1 / fps` s each.
    private func delays(fps: Double, count: Int, minimumDelay: Int) -> [Int] {
        var schedule = GifFrameSchedule(minimumDelay: minimumDelay)
        var delays: [Int] = []
        for _ in 0..<count {
            if case .begin(let previous?) = schedule.add(duration: 1 / fps, sameAsPending: false) {
                delays.append(previous)
            }
        }
        if let last = schedule.finish() { delays.append(last) }
        return delays
    }

    func testSixtyFpsWithMinimumDelayOneCarriesTheRoundingError() {
        let result = delays(fps: 60, count: 120, minimumDelay: 1)
        XCTAssertEqual(result.count, 120)
        XCTAssertEqual(Array(result.prefix(6)), [2, 1, 2, 2, 1, 2])
        XCTAssertEqual(result.reduce(0, +), 200)
    }

    func testSixtyFpsByDefaultKeepsEveryDelayAtTwoOrMoreAndTheTotalExact() {
        // Frames 3k and 3k+1 start at 5k and 5k+2 cs; frame 3k+2 (5k+3.33) replaces 3k+1.
        let result = delays(fps: 60, count: 120, minimumDelay: 2)
        XCTAssertEqual(result, Array(repeating: [2, 3], count: 40).flatMap { $0 })
        XCTAssertEqual(result.reduce(0, +), 200)
    }

    func testTotalIsTheRoundedExactDurationAtCommonRates() {
        for fps in [24.0, 25, 30, 50, 60, 120] {
            for count in [1, 7, 59, 120, 301] {
                for minimumDelay in [1, 2] {
                    let result = delays(fps: fps, count: count, minimumDelay: minimumDelay)
                    let expected = Int((Double(count) / fps * 100).rounded())
                    XCTAssertEqual(
                        result.reduce(0, +), expected,
                        "\(count) frames at \(fps) fps, minimum \(minimumDelay)")
                    XCTAssertTrue(
                        result.dropLast().allSatisfy { $0 >= minimumDelay },
                        "\(count) frames at \(fps) fps: \(result)")
                }
            }
        }
    }

    func testThirtyFpsAlternatesThreeAndFour() {
        XCTAssertEqual(delays(fps: 30, count: 6, minimumDelay: 2), [3, 4, 3, 3, 4, 3])
    }

    func testRepeatedFramesExtendThePendingOne() {
        var schedule = GifFrameSchedule()
        XCTAssertEqual(
            schedule.add(duration: 0.04, sameAsPending: false), .begin(previousDelay: nil))
        XCTAssertEqual(schedule.add(duration: 0.04, sameAsPending: true), .extend)
        XCTAssertEqual(schedule.add(duration: 0.5, sameAsPending: true), .extend)
        XCTAssertEqual(
            schedule.add(duration: 0.04, sameAsPending: false), .begin(previousDelay: 58))
        XCTAssertEqual(schedule.finish(), 4)
        XCTAssertNil(schedule.finish())
    }

    func testAZeroLengthFrameReplacesThePendingOne() {
        var schedule = GifFrameSchedule(minimumDelay: 1)
        _ = schedule.add(duration: 0, sameAsPending: false)
        XCTAssertEqual(schedule.add(duration: 0.1, sameAsPending: false), .replace)
        XCTAssertEqual(schedule.finish(), 10)
    }

    func testCentisecondsRoundAndNeverTrap() {
        XCTAssertEqual(GifFrameSchedule.centiseconds(0.026), 3)
        XCTAssertEqual(GifFrameSchedule.centiseconds(1 / 60), 2)
        XCTAssertEqual(GifFrameSchedule.centiseconds(-3), 0)
        XCTAssertEqual(GifFrameSchedule.centiseconds(.nan), 0)
        XCTAssertEqual(GifFrameSchedule.centiseconds(.infinity), 0)
        XCTAssertEqual(GifFrameSchedule.centiseconds(1e300), 100_000_000_000_000)
    }
}
