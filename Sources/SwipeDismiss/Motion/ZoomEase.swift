/// How far a zoom flight has eased from its origin to its target at a time, 0 to 1: after
/// `delay`, a speed that grows exponentially from rest (`E' = a·(e^(rt) − 1)`) and then brakes
/// evenly to exactly 1 in half that time (`ZoomFlight` says why).
struct ZoomEase: Hashable, Sendable {
    /// The ease's acceleration at its start, in points per second²: at 30 fps a frame from
    /// rest moves about 2000/900 ≈ 2.2 pt, under the bound's 4 pt.
    static let initialAcceleration = 2000.0
    /// How fast the ease's speed grows, per second: e^(12/30) ≈ 1.49, under the bound's 1.5
    /// from one 30 fps frame to the next.
    static let growthRate = 12.0

    /// When the flight starts.
    var start: Double
    /// How long after `start` the ease starts to move.
    var delay: Double
    /// Its speed scale `a`, for a flight of the reach it was made for.
    var scale: Double
    /// How long it speeds up.
    var speedingUp: Double

    /// An ease that starts `delay` after `start` and covers `reach` points (clamped to
    /// 1…1e9; a non-finite reach counts as 1e9).
    init(start: Double, delay: Double, reach: Double) {
        self.start = start
        self.delay = delay
        let reach = reach.isFinite ? min(max(reach, 1), 1e9) : 1e9
        let rate = Self.growthRate
        scale = Self.initialAcceleration / (reach * rate)
        // It covers exactly 1 (`E(t₁) + E'(t₁)·t₁/4 = 1`; bisection, the left side grows
        // with t₁).
        var low = 0.0
        var high = 5.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            let grown = cExp(rate * middle) - 1
            let covered = scale * (grown / rate - middle) + scale * grown * middle / 4
            if covered > 1 { high = middle } else { low = middle }
        }
        speedingUp = high
    }

    /// How long it brakes after speeding up.
    var braking: Double { speedingUp / 2 }

    /// When it reaches 1.
    var end: Double { start + delay + speedingUp + braking }

    /// The ease at `time`: 0 before its delay has passed, 1 from `end` on.
    func value(at time: Double) -> Double {
        let elapsed = time - start - delay
        guard elapsed > 0 else { return 0 }
        let rate = Self.growthRate
        guard elapsed > speedingUp else {
            return min(1, scale * ((cExp(rate * elapsed) - 1) / rate - elapsed))
        }
        let braked = elapsed - speedingUp
        guard braked < braking else { return 1 }
        let grown = cExp(rate * speedingUp) - 1
        let reached = scale * (grown / rate - speedingUp)
        let speed = scale * grown
        return min(1, reached + speed * braked - speed / braking * braked * braked / 2)
    }
}
