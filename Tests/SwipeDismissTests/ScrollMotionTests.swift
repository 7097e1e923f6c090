import Foundation
import SwipeDismiss
import XCTest

final class ScrollMotionTests: XCTestCase {
    /// A 3000 pt list in a 600 pt viewport (max offset 2400), at `offset`.
    private func list(at offset: Double = 0) throws -> ScrollMotion {
        try ScrollMotion(contentLength: 3000, viewportLength: 600, offset: offset)
    }

    func testGlideCoastsExactlyTheReleaseProjection() throws {
        let r = 0.998
        for v in [1000.0, -1000, 2750, -4321.5, 12] {
            let glide = DecayMotion(from: 50, initialVelocity: v, startTime: 2)
            XCTAssertEqual(glide.restingValue - 50, v / 1000 * r / (1 - r), accuracy: 1e-9)
            XCTAssertEqual(glide.value(at: 2 + glide.duration + 1e-9), glide.restingValue)
            XCTAssertEqual(glide.value(at: 1000), glide.restingValue)
            // The exponential itself tends to the projection, not only the snap at its end.
            let long = DecayMotion(from: 50, initialVelocity: v, startTime: 2, restSpeed: 1e-15)
            XCTAssertLessThan(15, long.duration)
            XCTAssertEqual(long.value(at: 17), 50 + v / 1000 * r / (1 - r), accuracy: 1e-9)
        }
        // 1000 pt/s coasts 499 pt, the release projection, not the 499.5 of k = −1000 ln r.
        var scroll = try list(at: 1000)
        scroll.release(fingerVelocity: -1000, at: 0)
        XCTAssertEqual(scroll.restingOffset, 1499, accuracy: 1e-9)
        XCTAssertEqual(scroll.value(at: 60), 1499, accuracy: 1e-9)
        XCTAssertTrue(scroll.isSettled(at: 60))
        XCTAssertEqual(scroll.velocity(at: 60), 0)
    }

    func testVelocityKeepsPointNineNineEightPerMillisecond() {
        let glide = DecayMotion(from: 0, initialVelocity: 1000, startTime: 0)
        XCTAssertEqual(glide.decayConstant, 1000 * 0.002 / 0.998, accuracy: 1e-12)
        XCTAssertEqual(glide.velocity(at: 0.001) / 1000, 0.998, accuracy: 3e-6)
        XCTAssertEqual(
            glide.velocity(at: 0.1) / 1000, pow(exp(-0.002 / 0.998), 100), accuracy: 1e-12)
    }

    /// The closed form against RK4 of `dv/dt = −k v`, `dx/dt = v`, `k = 1000 (1 − r)/r`.
    func testGlideMatchesNumericIntegration() {
        let glide = DecayMotion(
            from: 120, initialVelocity: -3000, startTime: 0.25, restSpeed: 1e-9)
        let k = glide.decayConstant
        var x = 120.0
        var v = -3000.0
        let step = 1e-4
        func slope(_ v: Double) -> (dx: Double, dv: Double) { (v, -k * v) }
        for i in 1...30_000 {
            let a = slope(v)
            let b = slope(v + step / 2 * a.dv)
            let c = slope(v + step / 2 * b.dv)
            let d = slope(v + step * c.dv)
            x += step / 6 * (a.dx + 2 * b.dx + 2 * c.dx + d.dx)
            v += step / 6 * (a.dv + 2 * b.dv + 2 * c.dv + d.dv)
            if i % 1000 == 0 {
                let t = 0.25 + Double(i) * step
                XCTAssertEqual(glide.value(at: t), x, accuracy: 1e-6, "t \(t)")
                XCTAssertEqual(glide.velocity(at: t), v, accuracy: 1e-6, "t \(t)")
            }
        }
    }

    func testFlingPastTheTopHandsOverToTheSpringAtTheExactCrossingTime() throws {
        var scroll = try list(at: 100)
        scroll.release(fingerVelocity: 2000, at: 1)
        guard case .gliding(let glide, let bounce?) = scroll.phase else {
            return XCTFail("expected a glide with a spring back, got \(scroll.phase)")
        }
        let k = 1000 * 0.002 / 0.998
        // 100 = 2000/k (1 − e^(−k τ)), so τ = −ln(1 − 100 k/2000)/k.
        let crossing = 1 - log(1 - 100 * k / 2000) / k
        XCTAssertEqual(bounce.startTime, crossing, accuracy: 1e-12)
        XCTAssertEqual(bounce.from, 0)
        XCTAssertEqual(bounce.to, 0)
        XCTAssertEqual(glide.value(at: crossing), 0, accuracy: 1e-9)
        XCTAssertEqual(scroll.value(at: crossing), 0)
        XCTAssertEqual(bounce.initialVelocity, glide.velocity(at: crossing))
        XCTAssertEqual(bounce.initialVelocity, -2000 * (1 - 100 * k / 2000), accuracy: 1e-9)
        XCTAssertEqual(scroll.velocity(at: crossing), glide.velocity(at: crossing), accuracy: 1e-9)
        // Either side of the switch the value and velocity run on without a step.
        let h = 1e-8
        XCTAssertEqual(
            scroll.value(at: crossing - h), scroll.value(at: crossing + h), accuracy: 1e-3)
        XCTAssertEqual(
            scroll.velocity(at: crossing - h), scroll.velocity(at: crossing + h), accuracy: 1e-2)
        XCTAssertGreaterThan(scroll.value(at: crossing - h), 0)
        XCTAssertLessThan(scroll.value(at: crossing + h), 0)
    }

    func testSpringBackAfterAFlingSettlesExactlyAtTheEdge() throws {
        var scroll = try list(at: 2300)
        scroll.release(fingerVelocity: -2500, at: 0)
        guard case .gliding(_, let bounce?) = scroll.phase else {
            return XCTFail("expected a spring back at the end, got \(scroll.phase)")
        }
        var deepest = 0.0
        var settledAt: Double?
        for i in 0...4000 {
            let t = Double(i) / 1000
            let value = scroll.value(at: t)
            deepest = max(deepest, value - 2400)
            if scroll.isSettled(at: t) {
                if settledAt == nil { settledAt = t }
                XCTAssertEqual(value, 2400, "t \(t)")
                XCTAssertEqual(scroll.velocity(at: t), 0)
            } else {
                XCTAssertNil(settledAt, "settled at \(settledAt ?? 0) then moved again at \(t)")
            }
        }
        XCTAssertNotNil(settledAt)
        XCTAssertGreaterThan(deepest, 10, "the fling carries the list past its end")
        // A critically damped spring from the edge peaks at v/(ω e), a time 1/ω after it starts.
        let omega = ScrollConfiguration().bounceSpring.naturalFrequency
        XCTAssertEqual(
            scroll.value(at: bounce.startTime + 1 / omega) - 2400,
            bounce.initialVelocity / (omega * exp(1)), accuracy: 1e-9)
        XCTAssertEqual(scroll.restingOffset, 2400)
    }

    func testReleaseWhileOverScrolledSpringsBackFromTheBandWithTheBandedVelocity() throws {
        var scroll = try list(at: 0)
        XCTAssertEqual(scroll.drag(by: 100), 0, "the top band takes the whole movement")
        let band = RubberBand(coefficient: 0.55, dimension: 600)
        scroll.release(fingerVelocity: 300, at: 5)
        guard case .bouncing(let spring, nil, nil) = scroll.phase else {
            return XCTFail("expected a spring back, got \(scroll.phase)")
        }
        XCTAssertEqual(spring.from, -band.banded(100))
        XCTAssertEqual(spring.to, 0)
        let slope = 0.55 / pow(100 * 0.55 / 600 + 1, 2)
        XCTAssertEqual(scroll.velocity(at: 5), -300 * slope, accuracy: 1e-9)
        for i in 0...3000 {
            XCTAssertLessThanOrEqual(scroll.value(at: 5 + Double(i) / 1000), 0)
        }
        XCTAssertTrue(scroll.isSettled(at: 8))
        XCTAssertEqual(scroll.value(at: 8), 0)
    }

    func testSpringZeroCrossingIsExactInEveryDampingRegime() {
        for zeta in [0.3, 1.0, 1.5] {
            let spring = Spring(response: 0.4, dampingRatio: zeta)
            var crossings = 0
            for (x0, v0) in [(50.0, -1400.0), (-30.0, 2000.0), (80.0, 0.0)] {
                func x(_ t: Double) -> Double {
                    spring.evaluate(displacement: x0, velocity: v0, at: t).displacement
                }
                let zero = spring.timeOfFirstZero(displacement: x0, velocity: v0)
                if let zero {
                    crossings += 1
                    XCTAssertEqual(x(zero), 0, accuracy: 1e-9, "ζ \(zeta) x0 \(x0) v0 \(v0)")
                    XCTAssertLessThan(x(zero + 1e-3) * x0, 0, "ζ \(zeta) x0 \(x0): it crosses")
                }
                // No earlier zero (and none at all, when there is no crossing).
                let span = zero ?? 5
                for i in 0..<1000 {
                    XCTAssertGreaterThan(x(span * Double(i) / 1000) * x0, 0, "ζ \(zeta) x0 \(x0)")
                }
            }
            XCTAssertGreaterThan(crossings, 0, "ζ \(zeta)")
        }
        let critical = Spring(response: 0.4, dampingRatio: 1)
        XCTAssertNil(critical.timeOfFirstZero(displacement: 80, velocity: 0), "from rest: never")
    }

    func testAFlickBackFromTheBandGlidesOnIntoTheListFromTheEdge() throws {
        var scroll = try list(at: 2400)
        XCTAssertEqual(scroll.drag(by: -100), 0)
        scroll.release(fingerVelocity: 3000, at: 1)
        guard case .bouncing(let back, let glide?, nil) = scroll.phase else {
            return XCTFail("expected a spring back handing over to a glide, got \(scroll.phase)")
        }
        // Critically damped: x = e^(−ω t)(x0 + (v0 + ω x0) t) is 0 at t = −x0/(v0 + ω x0).
        let omega = back.spring.naturalFrequency
        let x0 = back.from - 2400
        let crossing = 1 - x0 / (back.initialVelocity + omega * x0)
        XCTAssertEqual(glide.startTime, crossing, accuracy: 1e-12)
        XCTAssertEqual(glide.from, 2400)
        XCTAssertEqual(back.value(at: crossing), 2400, accuracy: 1e-9)
        XCTAssertEqual(glide.initialVelocity, back.velocity(at: crossing))
        XCTAssertLessThan(glide.initialVelocity, -100, "it carries on into the list")
        XCTAssertEqual(scroll.restingOffset, glide.restingValue)
        XCTAssertEqual(scroll.restingOffset, 2400 + glide.initialVelocity * 0.499, accuracy: 1e-9)
        XCTAssertTrue(scroll.isSettled(at: 6))
        XCTAssertEqual(scroll.value(at: 6), scroll.restingOffset)
        XCTAssertFalse(scroll.isSettled(at: crossing))
    }

    func testRubberBandAtHundredPointsOverScrollIsTheFormula() throws {
        let stretch: Double = 100 * 0.55 / 600 + 1
        let expected = (1 - 1 / stretch) * 600
        var top = try list(at: 0)
        XCTAssertEqual(top.drag(by: 100), 0)
        XCTAssertEqual(top.offset, -expected, accuracy: 1e-12)
        XCTAssertEqual(top.offset, -50.381679389312977, accuracy: 1e-12)
        var bottom = try list(at: 2400)
        XCTAssertEqual(bottom.drag(by: -100), 0)
        XCTAssertEqual(bottom.offset, 2400 + expected, accuracy: 1e-12)
        // Back the same 100 pt: exactly at the edge again, and on into the list.
        XCTAssertEqual(top.drag(by: -100), 0)
        XCTAssertEqual(top.offset, 0)
        XCTAssertEqual(top.drag(by: -40), 0)
        XCTAssertEqual(top.offset, 40)
    }

    func testDragReturnsTheUnconsumedRemainderExactly() throws {
        var scroll = try list(at: 200)
        XCTAssertEqual(scroll.drag(by: 500, rubberBanding: .bottom), 300)
        XCTAssertEqual(scroll.offset, 0)
        XCTAssertTrue(scroll.isAtTop)
        XCTAssertEqual(scroll.drag(by: 20, rubberBanding: []), 20, "at the top it takes nothing")
        XCTAssertEqual(scroll.offset, 0)
        XCTAssertEqual(scroll.drag(by: -150, rubberBanding: []), 0, "back up it scrolls")
        XCTAssertEqual(scroll.offset, 150)
        var end = try list(at: 2350)
        XCTAssertEqual(end.drag(by: -80, rubberBanding: .top), -30)
        XCTAssertEqual(end.offset, 2400)
        XCTAssertTrue(end.isAtEnd)
        // Already in the band with banding now refused: nothing more is taken, nothing jumps.
        var banded = try list(at: 0)
        XCTAssertEqual(banded.drag(by: 60), 0)
        let held = banded.offset
        XCTAssertEqual(banded.drag(by: 25, rubberBanding: []), 25)
        XCTAssertEqual(banded.offset, held)
        XCTAssertEqual(banded.drag(by: .nan), 0)
        XCTAssertEqual(banded.offset, held)
    }

    func testAShortListCannotScrollAndBandsAtZero() throws {
        var scroll = try ScrollMotion(contentLength: 300, viewportLength: 600)
        XCTAssertEqual(scroll.maxOffset, 0)
        XCTAssertEqual(scroll.drag(by: -70, rubberBanding: []), -70)
        XCTAssertEqual(scroll.drag(by: 70, rubberBanding: []), 70)
        scroll.release(fingerVelocity: -800, at: 0)
        XCTAssertTrue(scroll.isSettled(at: 5))
        XCTAssertEqual(scroll.value(at: 5), 0)
    }

    func testAFlingThatStopsShortGlidesToTheProjectionAndStopInterrupts() throws {
        var scroll = try list(at: 1000)
        scroll.release(fingerVelocity: 1500, at: 0)
        guard case .gliding(let glide, nil) = scroll.phase else {
            return XCTFail("expected a glide without a spring back, got \(scroll.phase)")
        }
        XCTAssertEqual(scroll.restingOffset, 1000 - 1.5 * 499, accuracy: 1e-9)
        let end = glide.duration
        XCTAssertEqual(end, log(1500) / glide.decayConstant, accuracy: 1e-12)
        let jump = scroll.value(at: end) - scroll.value(at: end.nextDown)
        XCTAssertLessThan(abs(jump), 0.5, "stopping at 1 pt/s jumps under half a point")
        XCTAssertFalse(scroll.isSettled(at: end.nextDown))
        XCTAssertTrue(scroll.isSettled(at: end))
        let caught = scroll.value(at: 0.3)
        scroll.stop(at: 0.3)
        XCTAssertEqual(scroll.phase, .held)
        XCTAssertEqual(scroll.offset, caught)
        XCTAssertEqual(scroll.value(at: 9), caught)
    }

    /// A driver frame: read the value, and hold the list once its motion is over.
    private func frame(_ scroll: inout ScrollMotion, at t: Double) -> Double {
        let value = scroll.value(at: t)
        if scroll.isSettled(at: t) { scroll.stop(at: t) }
        return value
    }

    /// A finger moving down at 960 pt/s for 0.5 s, past the top into the band, let go; then a
    /// drag up 1200 pt and a 4800 pt/s fling into the end. Returns the value at every frame, keyed by frame time.
    private func run(hz: Int) throws -> [Double: Double] {
        var scroll = try list(at: 300)
        var values: [Double: Double] = [:]
        let frames = hz / 2
        for i in 1...frames {
            _ = scroll.drag(by: 960 / Double(hz))
            values[Double(i) / Double(hz)] = scroll.offset
        }
        scroll.release(fingerVelocity: 960, at: 0.5)
        for i in (frames + 1)...(3 * hz) {
            values[Double(i) / Double(hz)] = frame(&scroll, at: Double(i) / Double(hz))
        }
        scroll.stop(at: 3)
        for i in (3 * hz + 1)...(3 * hz + frames) {
            _ = scroll.drag(by: -2400 / Double(hz))
            values[Double(i) / Double(hz)] = scroll.offset
        }
        scroll.release(fingerVelocity: -4800, at: 3.5)
        for i in (3 * hz + frames + 1)...(8 * hz) {
            values[Double(i) / Double(hz)] = frame(&scroll, at: Double(i) / Double(hz))
        }
        return values
    }

    func testThirtyAndTwoHundredFortyHertzAgreeExactly() throws {
        let slow = try run(hz: 30)
        let fast = try run(hz: 240)
        XCTAssertEqual(slow.count, 240)
        XCTAssertLessThan(slow.values.min() ?? 0, -10, "the drag reaches the top band")
        XCTAssertEqual(slow[8], 2400, "the fling ends at the end, sprung back")
        for (t, value) in slow {
            XCTAssertEqual(fast[t], value, "t \(t)")
        }
    }

    func testBadLengthsAndConfigurationNameTheField() {
        func field(_ make: () throws -> ScrollMotion) -> String? {
            do {
                _ = try make()
                return nil
            } catch let error as ScrollMotionError {
                XCTAssertTrue(error.description.contains(error.field), error.description)
                return error.field
            } catch {
                return "unexpected \(error)"
            }
        }
        XCTAssertEqual(
            field { try ScrollMotion(contentLength: -1, viewportLength: 600) }, "contentLength")
        XCTAssertEqual(
            field { try ScrollMotion(contentLength: 900, viewportLength: .nan) }, "viewportLength")
        XCTAssertEqual(
            field { try ScrollMotion(contentLength: 900, viewportLength: 600, offset: 301) },
            "offset")
        XCTAssertEqual(
            field {
                try ScrollMotion(
                    contentLength: 900, viewportLength: 600,
                    configuration: ScrollConfiguration(decelerationRate: 1))
            }, "decelerationRate")
        XCTAssertEqual(
            field {
                try ScrollMotion(
                    contentLength: 900, viewportLength: 600,
                    configuration: ScrollConfiguration(
                        bounceSpring: Spring(stiffness: 100, damping: 0)))
            }, "bounceSpring.damping")
        XCTAssertNil(
            field { try ScrollMotion(contentLength: 900, viewportLength: 600, offset: 300) })
    }

    func testAGlideSlowerThanTheRestSpeedIsOverAtOnce() {
        let glide = DecayMotion(from: 100, initialVelocity: 0.5, startTime: 2, restSpeed: 1)
        XCTAssertEqual(glide.duration, 0)
        XCTAssertTrue(glide.isSettled(at: 2))
        XCTAssertEqual(glide.value(at: 2), glide.restingValue)
        XCTAssertEqual(glide.velocity(at: 2), 0)
        XCTAssertEqual(DecayMotion(from: 0, initialVelocity: 0, startTime: 0).duration, 0)
        XCTAssertEqual(
            DecayMotion(from: 0, initialVelocity: 5, startTime: 0, restSpeed: 0).duration,
            .infinity)
    }
}
