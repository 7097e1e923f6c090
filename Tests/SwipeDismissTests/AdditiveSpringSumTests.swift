import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// The additive spring evaluated the old way, kept as the reference: every live step's
/// `Δ · (s(t − t_i) − 1)` summed one by one, with the same merging, dropping and capacity.
struct TermByTermAdditiveSpring {
    let response: SpringStepResponse
    let capacity: Int
    private(set) var target: Double
    private var times: [Double] = []
    private var steps: [Double] = []
    private var first = 0

    init(response: SpringStepResponse, value: Double = 0, capacity: Int = 512) {
        self.response = response
        self.capacity = capacity
        target = value
    }

    var liveTermCount: Int { times.count - first }

    mutating func retarget(to newTarget: Double, at time: Double) {
        while first < times.count, time - times[first] >= response.duration { first += 1 }
        let step = newTarget - target
        target = newTarget
        guard step != 0 else { return }
        if first < times.count, let newest = times.last, time <= newest {
            steps[steps.count - 1] += step
            return
        }
        if liveTermCount == capacity { first += 1 }
        times.append(time)
        steps.append(step)
    }

    func value(at time: Double) -> Double {
        var sum = 0.0
        for n in first..<times.count {
            sum += steps[n] * (response.value(at: time - times[n]) - 1)
        }
        return target + sum
    }

    func velocity(at time: Double) -> Double {
        var sum = 0.0
        for n in first..<times.count { sum += steps[n] * response.velocity(at: time - times[n]) }
        return sum
    }
}

/// The modal sum (`AdditiveSpringMotion` evaluated in O(1)) against the term-by-term sum.
final class AdditiveSpringSumTests: XCTestCase {
    private let uikit = SpringStepResponse.uikit
    private let tolerance = 1e-9

    /// `actual` within `tolerance` of `expected`, relative (absolute below magnitude 1).
    private func assertClose(
        _ actual: Double, _ expected: Double, _ message: @autoclosure () -> String,
        line: UInt = #line
    ) {
        let bound = tolerance * max(1, abs(expected))
        XCTAssertLessThanOrEqual(abs(actual - expected), bound, message(), line: line)
    }

    /// A pointer's path: `count` retargets at rates from 120 to 1000 Hz (a few at the same
    /// instant), small moves with now and then a jump (a spring-back's step), sampled
    /// at `fps` and at every retarget, dropping finished terms each frame as the machine does.
    private func checkLongDrag(
        _ response: SpringStepResponse, fps: Double, count: Int = 10_000, seed: UInt64,
        line: UInt = #line
    ) {
        var random = SplitMix64(seed: seed)
        var motion = AdditiveSpringMotion(response: response)
        var reference = TermByTermAdditiveSpring(response: response)
        var time = 0.0
        var y = 0.0
        var frame = 0
        var maxLive = 0
        func check(_ t: Double, _ what: String) {
            assertClose(
                motion.value(at: t), reference.value(at: t), "value \(what) at \(t)", line: line)
            assertClose(
                motion.velocity(at: t), reference.velocity(at: t), "velocity \(what) at \(t)",
                line: line)
        }
        for k in 0..<count {
            if Double.random(in: 0..<1, using: &random) >= 0.02 {
                time += 1 / Double.random(in: 120...1000, using: &random)
            }
            while Double(frame + 1) / fps <= time {
                frame += 1
                motion.dropFinishedTerms(at: Double(frame) / fps)
                check(Double(frame) / fps, "frame \(frame)")
            }
            if Double.random(in: 0..<1, using: &random) < 0.01 {
                y = Double.random(in: 0..<1, using: &random) < 0.5 ? 0 : 400
            } else {
                y += Double.random(in: -6...9, using: &random).rounded()
            }
            motion.retarget(to: y, at: time)
            reference.retarget(to: y, at: time)
            XCTAssertEqual(motion.liveTermCount, reference.liveTermCount, "move \(k)", line: line)
            maxLive = max(maxLive, motion.liveTermCount)
            check(time, "move \(k)")
        }
        // Idle until the last step ends, never dropping: the query leaves the ended out.
        let end = time + response.duration
        while Double(frame) / fps < end + 0.1 {
            frame += 1
            check(Double(frame) / fps, "idle frame \(frame)")
        }
        // (At `end` itself, `end − time` may round below the duration.)
        XCTAssertEqual(motion.value(at: end + 0.01), y, line: line)
        XCTAssertEqual(motion.velocity(at: end + 0.01), 0, line: line)
        XCTAssertGreaterThan(maxLive, 100, "the drag kept many terms live", line: line)
    }

    func testALongUnderDampedDragMatchesTheTermByTermSumAt30And240Hz() {
        checkLongDrag(uikit, fps: 30, seed: 1)
        checkLongDrag(uikit, fps: 240, seed: 2)
    }

    func testALongCriticallyDampedDragMatchesTheTermByTermSumAt30And240Hz() {
        checkLongDrag(uikit.criticallyDamped, fps: 30, seed: 3)
        checkLongDrag(uikit.criticallyDamped, fps: 240, seed: 4)
    }

    func testOverDampedUndampedAndOtherVelocitiesMatchTheTermByTermSum() {
        let overDamped = SpringStepResponse(
            spring: Spring(duration: 0.5, dampingRatio: 1.6), duration: 0.5, relativeVelocity: 1)
        let undamped = SpringStepResponse(
            spring: Spring(stiffness: 300, damping: 0), duration: 0.4, relativeVelocity: 0)
        let swiftUI = SpringStepResponse(
            spring: Spring(response: 0.3, dampingRatio: 0.86), duration: 0.6, relativeVelocity: -2)
        for (n, response) in [overDamped, undamped, swiftUI].enumerated() {
            checkLongDrag(response, fps: 60, count: 2000, seed: 10 + UInt64(n))
        }
    }

    func testWhenFinishedTermsAreDroppedChangesNoValueByABit() {
        var everyFrame = AdditiveSpringMotion(response: uikit)
        var everyEighth = everyFrame
        var never = everyFrame
        var random = SplitMix64(seed: 7)
        var time = 0.0
        var y = 0.0
        for frame in 1...1200 {
            let frameTime = Double(frame) / 240
            while time < frameTime {
                time += 1 / Double.random(in: 120...1000, using: &random)
                y += Double.random(in: -5...8, using: &random)
                everyFrame.retarget(to: y, at: time)
                everyEighth.retarget(to: y, at: time)
                never.retarget(to: y, at: time)
            }
            everyFrame.dropFinishedTerms(at: frameTime)
            guard frame % 8 == 0 else { continue }
            everyEighth.dropFinishedTerms(at: frameTime)
            // Terms made after `frameTime` are in the future: look just past the newest.
            let t = time + 0.004
            let expected = everyFrame.value(at: t)
            XCTAssertEqual(everyEighth.value(at: t).bitPattern, expected.bitPattern, "at \(t)")
            XCTAssertEqual(never.value(at: t).bitPattern, expected.bitPattern, "at \(t)")
            XCTAssertEqual(
                never.velocity(at: t).bitPattern, everyFrame.velocity(at: t).bitPattern)
        }
    }

    func testBeforeTheNewestStepAFutureStepCountsAsNotStarted() {
        var motion = AdditiveSpringMotion(response: uikit)
        var reference = TermByTermAdditiveSpring(response: uikit)
        for (t, y) in [(1.0, 40.0), (1.05, 100), (1.2, 130), (1.3, 90)] {
            motion.retarget(to: y, at: t)
            reference.retarget(to: y, at: t)
        }
        // At 1.1 the steps made at 1.2 and 1.3 have not started: s = 0, so each is −Δ.
        let expected = 40 * uikit.value(at: 0.1) + 60 * uikit.value(at: 0.05)
        XCTAssertEqual(motion.value(at: 1.1), expected, accuracy: 1e-12)
        XCTAssertEqual(motion.value(at: 0.5), 0)
        for k in 0...60 {
            let t = 0.95 + Double(k) * 0.0071
            XCTAssertEqual(motion.value(at: t), reference.value(at: t), accuracy: 1e-12, "at \(t)")
            XCTAssertEqual(
                motion.velocity(at: t), reference.velocity(at: t), accuracy: 1e-9, "at \(t)")
        }
        // At the newest step's own start it counts −Δ and adds its relative velocity.
        XCTAssertEqual(motion.value(at: 1.3), reference.value(at: 1.3), accuracy: 1e-12)
        XCTAssertEqual(
            motion.velocity(at: 1.3), reference.velocity(at: 1.3), accuracy: 1e-9)
    }

    func testFromTheNewestStepsEndTheValueIsExactlyTheTarget() {
        var motion = AdditiveSpringMotion(response: uikit.criticallyDamped, value: 12.5)
        for k in 1...50 { motion.retarget(to: 12.5 + Double(k * k) * 0.3, at: Double(k) / 100) }
        let end = 0.5 + 0.5
        XCTAssertEqual(motion.endTime, end)
        XCTAssertNotEqual(motion.value(at: end.nextDown), motion.target)
        XCTAssertNotEqual(motion.velocity(at: end.nextDown), 0)
        XCTAssertEqual(motion.value(at: end), 12.5 + 750)
        XCTAssertEqual(motion.velocity(at: end), 0)
        motion.dropFinishedTerms(at: end)
        XCTAssertEqual(motion.liveTermCount, 0)
        // The sum starts from exactly 0 again: one new step is the step response itself.
        motion.retarget(to: 762.5 + 10, at: 2)
        let critical = uikit.criticallyDamped
        for k in 0...20 {
            let elapsed = Double(k) * 0.0243
            XCTAssertEqual(
                motion.value(at: 2 + elapsed), 762.5 + 10 * critical.value(at: elapsed),
                accuracy: 1e-12)
        }
    }

    func testPastCapacityTheEarlyFinishedTermLeavesTheSum() {
        var motion = AdditiveSpringMotion(response: uikit, capacity: 8)
        var reference = TermByTermAdditiveSpring(response: uikit, capacity: 8)
        for k in 1...200 {
            let t = Double(k) * 0.0021
            let y = Double((k * 37) % 101)
            motion.retarget(to: y, at: t)
            reference.retarget(to: y, at: t)
            XCTAssertEqual(motion.liveTermCount, min(k, 8))
            for probe in [t, t + 0.0013] {
                XCTAssertEqual(
                    motion.value(at: probe), reference.value(at: probe), accuracy: 1e-9,
                    "at \(probe)")
            }
        }
        var one = AdditiveSpringMotion(response: uikit, capacity: 1)
        one.retarget(to: 50, at: 0)
        one.retarget(to: 80, at: 0.1)
        XCTAssertEqual(one.value(at: 0.2), 80 + 30 * (uikit.value(at: 0.1) - 1), accuracy: 1e-12)
    }

    func testResponsesWithoutABoundedClosedFormAreSummedTermByTerm() {
        let spring = SpringStepResponse.uikit.spring
        let responses = [
            SpringStepResponse(spring: spring, duration: 0, relativeVelocity: 1),
            SpringStepResponse(spring: spring, duration: .nan, relativeVelocity: 1),
            SpringStepResponse(spring: spring, duration: .infinity, relativeVelocity: 1),
            SpringStepResponse(
                spring: Spring(stiffness: 100, damping: -1), duration: 0.5, relativeVelocity: 1),
        ]
        for response in responses {
            var motion = AdditiveSpringMotion(response: response)
            var reference = TermByTermAdditiveSpring(response: response)
            for k in 1...30 {
                let t = Double(k) * 0.013
                motion.retarget(to: Double(k) * 4, at: t)
                reference.retarget(to: Double(k) * 4, at: t)
                for probe in [t, t + 0.006] {
                    XCTAssertEqual(
                        motion.value(at: probe).bitPattern, reference.value(at: probe).bitPattern,
                        "\(response.duration) at \(probe)")
                    XCTAssertEqual(
                        motion.velocity(at: probe).bitPattern,
                        reference.velocity(at: probe).bitPattern)
                }
            }
        }
    }
}
