import SwipeDismiss
import XCTest

final class VelocityTrackerTests: XCTestCase {
    /// A deterministic generator in -1...1 so the jitter is the same on every run.
    private struct Jitter {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
    }

    func testRecoversAConstantVelocityFromJitteredSamples() {
        var tracker = VelocityTracker()
        var jitter = Jitter()
        var t = 0.0
        for _ in 0..<60 {
            // Irregular 6-10 ms spacing, half a point of noise on each coordinate.
            t += 0.008 + 0.002 * jitter.next()
            let position = Point(x: 40 + 0.5 * jitter.next(), y: 1000 * t + 0.5 * jitter.next())
            tracker.add(time: t, position: position)
        }
        XCTAssertEqual(tracker.velocity.y, 1000, accuracy: 10)
        XCTAssertEqual(tracker.velocity.x, 0, accuracy: 10)
    }

    func testUsesOnlyTheLast100Milliseconds() {
        var tracker = VelocityTracker()
        // 300 ms at 200 pt/s, then 100 ms at 2000 pt/s, samples every 10 ms.
        var y = 0.0
        var t = 0.0
        for _ in 0..<30 {
            t += 0.01
            y += 2
            tracker.add(time: t, position: Point(x: 0, y: y))
        }
        for _ in 0..<10 {
            t += 0.01
            y += 20
            tracker.add(time: t, position: Point(x: 0, y: y))
        }
        // The window holds the 10 fast samples plus the last slow one, 100 ms before.
        XCTAssertEqual(tracker.velocity.y, 2000, accuracy: 1e-6)
    }

    func testAGapOf50MillisecondsResetsTheHistory() {
        var tracker = VelocityTracker()
        for i in 0..<10 {
            tracker.add(time: Double(i) * 0.01, position: Point(x: 0, y: Double(i) * 10))
        }
        XCTAssertEqual(tracker.velocity.y, 1000, accuracy: 1e-6)
        // The finger rests 50 ms, then moves on: the old motion is forgotten.
        tracker.add(time: 0.14, position: Point(x: 0, y: 90))
        XCTAssertEqual(tracker.sampleCount, 1)
        XCTAssertEqual(tracker.velocity, .zero)
        tracker.add(time: 0.15, position: Point(x: 0, y: 85))
        tracker.add(time: 0.16, position: Point(x: 0, y: 80))
        XCTAssertEqual(tracker.velocity.y, -500, accuracy: 1e-6)
    }

    func testABurstOfSamplesMicrosecondsApartIsCappedAt8000PointsPerSecond() {
        var tracker = VelocityTracker()
        for i in 0..<5 {
            tracker.add(time: 1 + Double(i) * 1e-6, position: Point(x: 0, y: Double(i) * 20))
        }
        XCTAssertEqual(tracker.velocity.length, 8000, accuracy: 1e-6)
        XCTAssertEqual(tracker.velocity.x, 0)
        XCTAssertGreaterThan(tracker.velocity.y, 0)
    }

    func testKeepsAtMostTwentySamplesAndIgnoresBadOnes() {
        var tracker = VelocityTracker()
        for i in 0..<50 {
            tracker.add(time: Double(i) * 0.001, position: Point(x: Double(i), y: 0))
        }
        XCTAssertEqual(tracker.sampleCount, 20)
        tracker.add(time: 0.02, position: Point(x: 1e6, y: 0))  // older than the newest
        tracker.add(time: 0.06, position: Point(x: .nan, y: 0))
        XCTAssertEqual(tracker.sampleCount, 20)
        XCTAssertEqual(tracker.velocity.x, 1000, accuracy: 1e-6)
    }
}
