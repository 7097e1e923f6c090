/// A damped harmonic oscillator, `m x'' + c x' + k x = 0`, in any of the usual parameterisations.
///
/// One type serves UIKit's `(duration, dampingRatio)`, SwiftUI's `(response, dampingRatio)` and
/// the physical `(mass, stiffness, damping)` of libadwaita and Core Animation.
public struct Spring: Hashable, Sendable {
    /// The moving mass; only its ratio to stiffness and damping matters.
    public var mass: Double
    /// How hard the spring pulls toward its target, per unit of distance.
    public var stiffness: Double
    /// How much the spring resists speed; with ζ below 1 it overshoots.
    public var damping: Double

    /// A spring from its physical constants; all must be positive (damping may be 0).
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// SwiftUI's parameterisation: stiffness `(2π/response)²`, damping `4πζ/response`, mass 1.
    public init(response: Double, dampingRatio: Double) {
        let omega = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// UIKit's `animate(withDuration:usingSpringWithDamping:…)`: mass 1, with the natural
    /// frequency that makes the decay envelope reach 0.001 at `duration`.
    ///
    /// For ζ < 1 the envelope of the under-damped solution (v0 = 0) is `e^(-ζω0 t)/sqrt(1-ζ²)`,
    /// so `ω0 = -ln(0.001 sqrt(1-ζ²)/ζ) / (ζ D)`; 0.5 s at 0.7 gives ω0 ≈ 19.68.
    /// For ζ ≥ 1 the envelope is taken as `e^(-ζω0 t)`.
    public init(duration: Double, dampingRatio: Double) {
        let zeta = dampingRatio
        let omega: Double
        if zeta < 1 {
            omega = -cLog(0.001 * (1 - zeta * zeta).squareRoot() / zeta) / (zeta * duration)
        } else {
            omega = -cLog(0.001) / (zeta * duration)
        }
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    }

    /// The undamped angular frequency ω0 = sqrt(k/m), in radians per second.
    package var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// ζ = c / (2 sqrt(k m)): below 1 it overshoots, 1 is critical, above 1 it creeps.
    package var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The same spring critically damped (ζ = 1) at the same natural frequency: the
    /// reduced-motion spring, which keeps the response but never overshoots.
    package var criticallyDamped: Spring {
        Spring(mass: mass, stiffness: stiffness, damping: 2 * (stiffness * mass).squareRoot())
    }

    /// The displacement and velocity at `time` of a spring released at displacement `x0`
    /// (from its rest point) with velocity `v0`, in closed form.
    package func evaluate(displacement x0: Double, velocity v0: Double, at time: Double) -> (
        displacement: Double, velocity: Double
    ) {
        let t = max(0, time)
        let omega = naturalFrequency
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 {
            // Critically damped: x = e^(-ω t) (x0 + (v0 + ω x0) t).
            let b = v0 + omega * x0
            let e = cExp(-omega * t)
            return (e * (x0 + b * t), e * (b - omega * (x0 + b * t)))
        } else if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let decay = zeta * omega
            let b = (v0 + decay * x0) / omegaD
            let e = cExp(-decay * t)
            let cosine = cCos(omegaD * t)
            let sine = cSin(omegaD * t)
            let x = e * (x0 * cosine + b * sine)
            let v = e * ((b * omegaD - decay * x0) * cosine - (x0 * omegaD + decay * b) * sine)
            return (x, v)
        } else {
            let (r1, r2, c1, c2) = Self.overDamped(omega: omega, zeta: zeta, x0: x0, v0: v0)
            let e1 = cExp(r1 * t)
            let e2 = cExp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }
}

/// One spring animation of a value from `from` to `to`, started at `startTime`.
///
/// Evaluated in closed form, so the value at a time is the same whatever the frame rate.
package struct SpringMotion: Hashable, Sendable {
    /// The spring that drives the value.
    package var spring: Spring
    /// The value at `startTime`.
    package var from: Double
    /// The value the motion settles at.
    package var to: Double
    /// Absolute velocity at the start, in units per second.
    package var initialVelocity: Double
    /// When the motion starts, in seconds.
    package var startTime: Double
    /// Below this distance from `to` (and the matching speed) the motion counts as settled.
    package var restDistance: Double
    /// Below this speed (and the matching distance) the motion counts as settled.
    package var restSpeed: Double

    /// A motion with an absolute initial velocity.
    package init(
        spring: Spring, from: Double, to: Double, initialVelocity: Double = 0,
        startTime: Double, restDistance: Double = 0.5, restSpeed: Double = 5
    ) {
        self.spring = spring
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.startTime = startTime
        self.restDistance = restDistance
        self.restSpeed = restSpeed
    }

    /// A motion with UIKit's relative initial velocity: `v_abs = v_rel * (to - from)`.
    package static func uikit(
        spring: Spring, from: Double, to: Double, relativeVelocity: Double, startTime: Double
    ) -> SpringMotion {
        SpringMotion(
            spring: spring, from: from, to: to, initialVelocity: relativeVelocity * (to - from),
            startTime: startTime)
    }

    /// The value at `time`.
    package func value(at time: Double) -> Double {
        to
            + spring.evaluate(
                displacement: from - to, velocity: initialVelocity, at: time - startTime
            )
            .displacement
    }

    /// The velocity at `time`, in units per second.
    package func velocity(at time: Double) -> Double {
        spring.evaluate(displacement: from - to, velocity: initialVelocity, at: time - startTime)
            .velocity
    }

    /// Whether the motion has come to rest by `time`.
    ///
    /// The test is on the spring's energy `k x² + m v²`, which never grows for a damped
    /// spring, so once settled it stays settled: the answer at a given time does not
    /// depend on which earlier frames were sampled. Settled implies `|x| < restDistance`
    /// and `|v| < restSpeed`.
    package func isSettled(at time: Double) -> Bool {
        let (x, v) = spring.evaluate(
            displacement: from - to, velocity: initialVelocity, at: time - startTime)
        let threshold = min(
            spring.stiffness * restDistance * restDistance, spring.mass * restSpeed * restSpeed)
        return spring.stiffness * x * x + spring.mass * v * v < threshold
    }
}
