/// A fling's glide under UIScrollView-style exponential deceleration, in closed form.
///
/// The velocity falls as `v0 · e^(−k τ)` and the position as `x0 + v0/k · (1 − e^(−k τ))`,
/// with `τ` the time since `startTime`. The decay constant is `k = 1000 (1 − r)/r` per second
/// for the deceleration rate `r` (0.998 per millisecond), which makes the whole glide `v0/k`
/// equal to `VelocityProjection`'s `v/1000 · r/(1 − r)` exactly: a list coasts to the very
/// point the release projection predicts. Per millisecond the velocity keeps
/// `e^(−(1−r)/r) ≈ 0.997998`, within 2·10⁻⁶ of `r`. (The literal rate `k = −1000 ln r` would
/// glide `v/(−1000 ln r)`, 499.5 pt per 1000 pt/s instead of 499, half a point off the
/// projection.)
///
/// The glide stops when its speed falls below `restSpeed`; from then on the value is the
/// resting point itself. The jump there is the glide still left, `restSpeed/k`, under half a
/// point at the default 1 pt/s. The value at a time depends on nothing but the time.
package struct DecayMotion: Hashable, Sendable {
    /// The position at `startTime`.
    package var from: Double
    /// The velocity at `startTime`, in units per second.
    package var initialVelocity: Double
    /// When the glide starts, in seconds.
    package var startTime: Double
    /// The fraction of velocity kept per millisecond, in (0, 1); UIScrollView's normal is 0.998.
    package var decelerationRate: Double
    /// Below this speed, in units per second, the glide is over and the value is its rest point.
    package var restSpeed: Double

    /// A glide from `from` with `initialVelocity`, starting at `startTime`.
    package init(
        from: Double, initialVelocity: Double, startTime: Double,
        decelerationRate: Double = 0.998, restSpeed: Double = 1
    ) {
        self.from = from
        self.initialVelocity = initialVelocity
        self.startTime = startTime
        self.decelerationRate = decelerationRate
        self.restSpeed = restSpeed
    }

    /// `k = 1000 (1 − r)/r`, per second: the rate that makes the glide equal the projection.
    package var decayConstant: Double { 1000 * (1 - decelerationRate) / decelerationRate }

    /// Where the glide comes to rest: `VelocityProjection`'s projection of the start.
    package var restingValue: Double {
        VelocityProjection(decelerationRate: decelerationRate)
            .project(position: from, velocity: initialVelocity)
    }

    /// How long the glide lasts: until the speed falls to `restSpeed`, `ln(|v0|/restSpeed)/k`.
    ///
    /// A glide that starts at or below `restSpeed` is over at once (it rests at its resting
    /// point, less than `restSpeed/k` away); only a `restSpeed` of 0 never ends a moving glide.
    package var duration: Double {
        let speed = abs(initialVelocity)
        guard speed > 0 else { return 0 }
        guard restSpeed > 0 else { return .infinity }
        guard speed > restSpeed else { return 0 }
        return cLog(speed / restSpeed) / decayConstant
    }

    /// The value at `time`; the resting value once the glide is over.
    package func value(at time: Double) -> Double {
        let tau = max(0, time - startTime)
        guard tau < duration else { return restingValue }
        return from + (restingValue - from) * -cExpm1(-decayConstant * tau)
    }

    /// The velocity at `time`, in units per second; 0 once the glide is over.
    package func velocity(at time: Double) -> Double {
        let tau = max(0, time - startTime)
        guard tau < duration else { return 0 }
        return initialVelocity * cExp(-decayConstant * tau)
    }

    /// Whether the glide is over by `time` (its speed has fallen below `restSpeed`).
    ///
    /// The speed only falls, so once settled it stays settled.
    package func isSettled(at time: Double) -> Bool {
        time - startTime >= duration
    }

    /// The time at which the exponential passes `position`, solved exactly:
    /// `τ = −ln(1 − (position − from)/(restingValue − from))/k`.
    ///
    /// Nil when the glide never gets strictly past `position` (it lies behind the start or at
    /// or beyond the resting point). The crossing may come after `duration`, in the last
    /// `restSpeed/k` of the glide; the caller decides what that means.
    package func time(reaching position: Double) -> Double? {
        let glide = restingValue - from
        guard glide != 0 else { return nil }
        let fraction = (position - from) / glide
        guard fraction >= 0, fraction < 1 else { return nil }
        return startTime - cLog1p(-fraction) / decayConstant
    }
}
