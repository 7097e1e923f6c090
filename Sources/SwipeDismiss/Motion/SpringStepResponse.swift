/// A spring animation's normalised step response `s(t)`: how UIKit moves a value that jumps
/// by 1, from 0 when the animation starts to 1 when it ends.
///
/// UIKit's `animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)` runs the
/// spring from the old value to the new one with an initial velocity relative to the
/// distance (`v_rel · (new − old)`), and removes the animation at its duration. So
/// `s(t) = 1 + x(t)` for the spring released at `x0 = −1` with `v0 = v_rel`, with `s = 0`
/// before the start and `s = 1` exactly from `duration` on.
public struct SpringStepResponse: Hashable, Sendable {
    /// The spring whose step response gives the curve's shape.
    public var spring: Spring
    /// When the animation is removed, in seconds: from then on `s = 1` exactly.
    public var duration: Double
    /// UIKit's `initialSpringVelocity`: the initial speed as a fraction of the distance per second.
    public var relativeVelocity: Double

    /// A step response from its spring, the animation's duration and the relative velocity.
    public init(spring: Spring, duration: Double, relativeVelocity: Double) {
        self.spring = spring
        self.duration = duration
        self.relativeVelocity = relativeVelocity
    }

    /// UIKit's parameters: `Spring(duration:dampingRatio:)` cut off at the same duration.
    public init(duration: Double, dampingRatio: Double, relativeVelocity: Double) {
        self.init(
            spring: Spring(duration: duration, dampingRatio: dampingRatio), duration: duration,
            relativeVelocity: relativeVelocity)
    }

    /// The seed's `animate(withDuration: 0.5, usingSpringWithDamping: 0.7, initialSpringVelocity: 1)`.
    public static let uikit = SpringStepResponse(
        duration: 0.5, dampingRatio: 0.7, relativeVelocity: 1)

    /// The same response on the critically damped spring (ζ = 1, same natural frequency):
    /// reduced motion's, which never overshoots.
    package var criticallyDamped: SpringStepResponse {
        SpringStepResponse(
            spring: spring.criticallyDamped, duration: duration,
            relativeVelocity: relativeVelocity)
    }

    /// `s` at `elapsed` seconds after the step: 0 at (or before) 0, 1 from `duration` on.
    package func value(at elapsed: Double) -> Double {
        guard elapsed > 0 else { return 0 }
        guard elapsed < duration else { return 1 }
        return 1
            + spring.evaluate(displacement: -1, velocity: relativeVelocity, at: elapsed)
            .displacement
    }

    /// `s'` at `elapsed`, per second: `relativeVelocity` at 0, and 0 outside the animation.
    package func velocity(at elapsed: Double) -> Double {
        guard elapsed >= 0, elapsed < duration else { return 0 }
        return spring.evaluate(displacement: -1, velocity: relativeVelocity, at: elapsed).velocity
    }
}
