/// Two numbers that stand for any sum of shifted, scaled copies of a step response's spring
/// part (see `StepResponseModes`).
struct ModePair: Sendable, Hashable {
    var first: Double
    var second: Double

    static let zero = ModePair(first: 0, second: 0)

    static func + (lhs: ModePair, rhs: ModePair) -> ModePair {
        ModePair(first: lhs.first + rhs.first, second: lhs.second + rhs.second)
    }

    static func - (lhs: ModePair, rhs: ModePair) -> ModePair {
        ModePair(first: lhs.first - rhs.first, second: lhs.second - rhs.second)
    }

    static func * (scale: Double, pair: ModePair) -> ModePair {
        ModePair(first: scale * pair.first, second: scale * pair.second)
    }

    /// Whether both numbers are finite.
    var isFinite: Bool { first.isFinite && second.isFinite }

    /// The dot product with a row of coefficients.
    func read(_ row: ModePair) -> Double { row.first * first + row.second * second }
}

/// A step response's spring part, `s(τ) − 1` while the animation runs, as two modes that a
/// shift in time only mixes linearly.
///
/// The spring's closed form (`Spring.evaluate`) is a combination of `e^(λτ)` over its two
/// characteristic roots λ. A copy of the response scaled by `Δ` and started `g` seconds ago
/// is, in these modes:
/// - under-damped (λ = −a ± iω_d): `Δ e^(−a g) (cos ω_d g, sin ω_d g)`, the real and
///   imaginary parts of `Δ e^(λ g)`;
/// - critically damped (λ = −ω, twice): `Δ e^(−ω g) (1, g)`;
/// - over-damped (λ = r1, r2): `Δ (e^(r1 g), e^(r2 g))`.
/// Waiting `h` seconds maps every copy's pair, and so any sum of them, by one 2×2 matrix
/// (`propagate`), and the displacement and the velocity are each a fixed row times the pair.
/// So a sum over any number of copies costs one exponential to read, and, kept as of the
/// newest copy's start, its numbers stay within the copies' steps (the roots decay).
///
/// The branches and coefficients are `Spring.evaluate`'s for `x0 = −1, v0 = v_rel`, so the
/// sum agrees with adding the copies one by one up to rounding.
struct StepResponseModes: Sendable, Hashable {
    private enum Shape: Sendable, Hashable {
        /// Roots `−decay ± i·frequency`.
        case underDamped(decay: Double, frequency: Double)
        /// A double root at `−rate`.
        case criticallyDamped(rate: Double)
        /// Two real roots, `slow` closer to 0 than `fast`.
        case overDamped(slow: Double, fast: Double)
    }

    private let shape: Shape
    /// The pair of one unit step started just now.
    let unit: ModePair
    /// Reads the displacement `s − 1` from a pair.
    private let displacementRow: ModePair
    /// Reads the velocity `s'` from a pair.
    private let velocityRow: ModePair

    /// The modes of `response`, or nil when they would not be exact and bounded: a duration
    /// that is not finite and positive (then `s` is a plain step), non-finite coefficients,
    /// or a root that grows.
    init?(response: SpringStepResponse) {
        guard response.duration > 0, response.duration.isFinite else { return nil }
        let x0 = -1.0
        let v0 = response.relativeVelocity
        let omega = response.spring.naturalFrequency
        let zeta = response.spring.dampingRatio
        if abs(zeta - 1) < 1e-9 {
            // x = e^(-ω τ) (x0 + b τ), b = v0 + ω x0.
            let b = v0 + omega * x0
            shape = .criticallyDamped(rate: omega)
            unit = ModePair(first: 1, second: 0)
            displacementRow = ModePair(first: x0, second: b)
            velocityRow = ModePair(first: b - omega * x0, second: -omega * b)
        } else if zeta < 1 {
            // x = e^(-a τ) (x0 cos ω_d τ + b sin ω_d τ), b = (v0 + a x0) / ω_d.
            let frequency = omega * (1 - zeta * zeta).squareRoot()
            let decay = zeta * omega
            let b = (v0 + decay * x0) / frequency
            shape = .underDamped(decay: decay, frequency: frequency)
            unit = ModePair(first: 1, second: 0)
            displacementRow = ModePair(first: x0, second: b)
            velocityRow = ModePair(
                first: b * frequency - decay * x0, second: -(x0 * frequency + decay * b))
        } else {
            // x = c1 e^(r1 τ) + c2 e^(r2 τ).
            let (r1, r2, c1, c2) = Spring.overDamped(omega: omega, zeta: zeta, x0: x0, v0: v0)
            shape = .overDamped(slow: r1, fast: r2)
            unit = ModePair(first: 1, second: 1)
            displacementRow = ModePair(first: c1, second: c2)
            velocityRow = ModePair(first: c1 * r1, second: c2 * r2)
        }
        let growth: Double
        let rates: ModePair
        switch shape {
        case .underDamped(let decay, let frequency):
            growth = -decay
            rates = ModePair(first: decay, second: frequency)
        case .criticallyDamped(let rate):
            growth = -rate
            rates = ModePair(first: rate, second: 0)
        case .overDamped(let slow, let fast):
            growth = max(slow, fast)
            rates = ModePair(first: slow, second: fast)
        }
        guard growth <= 0, rates.isFinite, displacementRow.isFinite, velocityRow.isFinite else {
            return nil
        }
    }

    /// The pair `h ≥ 0` seconds later: every copy in it `h` seconds older.
    func propagate(_ pair: ModePair, by h: Double) -> ModePair {
        switch shape {
        case .underDamped(let decay, let frequency):
            // Multiplying by e^(λ h), λ = −decay + i·frequency.
            let envelope = cExp(-decay * h)
            let cosine = envelope * cCos(frequency * h)
            let sine = envelope * cSin(frequency * h)
            return ModePair(
                first: pair.first * cosine - pair.second * sine,
                second: pair.second * cosine + pair.first * sine)
        case .criticallyDamped(let rate):
            // e^(-ω (g + h)) (1, g + h) = e^(-ω h) · (p, q + h p) for p = e^(-ω g), q = g p.
            let envelope = cExp(-rate * h)
            return ModePair(
                first: envelope * pair.first, second: envelope * (pair.second + h * pair.first))
        case .overDamped(let slow, let fast):
            return ModePair(
                first: cExp(slow * h) * pair.first, second: cExp(fast * h) * pair.second)
        }
    }

    /// The pair of a copy scaled by `step` and started `age` seconds ago.
    func pair(step: Double, age: Double) -> ModePair {
        propagate(step * unit, by: age)
    }

    /// `Σ Δ (s − 1)` over the copies in `pair`, `h` seconds after the time it is kept at.
    func displacement(_ pair: ModePair, after h: Double) -> Double {
        propagate(pair, by: h).read(displacementRow)
    }

    /// `Σ Δ s'` over the copies in `pair`, `h` seconds after the time it is kept at.
    func velocity(_ pair: ModePair, after h: Double) -> Double {
        propagate(pair, by: h).read(velocityRow)
    }
}
