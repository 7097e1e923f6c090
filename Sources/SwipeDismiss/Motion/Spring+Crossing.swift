extension Spring {
    /// The first time after 0 at which a spring released at displacement `x0` with velocity
    /// `v0` passes through its rest point, solved exactly; nil if it never does.
    ///
    /// Under-damped, `x0 cos θ + B sin θ = 0` at the first `θ = ω_d t > 0`; critically
    /// damped, `t = −x0/(v0 + ω x0)`; over-damped, `t = ln(−c2/c1)/(r1 − r2)`.
    package func timeOfFirstZero(displacement x0: Double, velocity v0: Double) -> Double? {
        guard x0 != 0, x0.isFinite, v0.isFinite else { return nil }
        let omega = naturalFrequency
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 {
            let t = -x0 / (v0 + omega * x0)
            return t > 0 && t.isFinite ? t : nil
        } else if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * omega * x0) / omegaD
            // x0 cos θ + b sin θ = R cos(θ − φ), zero where θ − φ = π/2 + nπ.
            let first = cAtan2(b, x0) + Double.pi / 2
            var theta = first - Double.pi * (first / Double.pi).rounded(.down)
            if theta <= 0 { theta += Double.pi }
            return theta / omegaD
        } else {
            let (r1, r2, c1, c2) = Self.overDamped(omega: omega, zeta: zeta, x0: x0, v0: v0)
            let ratio = -c2 / c1
            guard c1 != 0, ratio > 1 else { return nil }
            return cLog(ratio) / (r1 - r2)
        }
    }

    /// An over-damped spring's (ζ > 1) motion from displacement `x0` with velocity `v0`, as
    /// `x = c1 e^(r1 t) + c2 e^(r2 t)`: its slow and fast rates and their coefficients (ω and
    /// ζ the spring's, which the caller has at hand).
    static func overDamped(omega: Double, zeta: Double, x0: Double, v0: Double) -> (
        r1: Double, r2: Double, c1: Double, c2: Double
    ) {
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root)
        let r2 = -omega * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        return (r1, r2, x0 - c2, c2)
    }
}
