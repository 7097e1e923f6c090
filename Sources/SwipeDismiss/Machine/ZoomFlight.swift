#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The content flying into its zoom source (or back out of it): a closed-form path from where
/// it is, with its velocity, to a translation, while its zoom progress eases between two
/// values. Used by `PlanarMotion` for `--source`.
///
/// The path is a coast that carries the release velocity on and dies away (`v/k·(1 − e^(−kt))`)
/// blended into the target by a smoothstep `E`: `p(t) = origin + c(t)·(1 − E) + delta·E`. It
/// starts with the release velocity (E' = 0 there) and ends exactly on the target with no
/// speed. The smoothstep's length grows with the distance so that its largest acceleration is
/// `acceleration`, and it waits a little when the release points away from the target (the
/// coast brakes first), so that no frame moves much more than the one before: DESIGN §4c's
/// bound, 4 pt plus 1.5 × the previous frame's move, holds at 60 fps and above.
struct ZoomFlight: Hashable, Sendable {
    /// How fast the coast dies away, per second.
    static let coastRate = 12.0
    /// The smoothstep's largest acceleration over the distance, in points per second².
    static let acceleration = 3000.0
    /// How long the smoothstep waits, in coast time constants, for a release straight away
    /// from the target.
    static let brakingDelay = 3.0
    /// The shortest and longest smoothstep, in seconds.
    static let durations = 0.3...1.2

    /// When the flight started.
    var start: Double
    /// The translation it started from.
    var origin: Point
    /// The velocity it started with (points per second).
    var velocity: Point
    /// From `origin` to the target translation.
    var delta: Point
    /// The smoothstep's delay after `start`.
    var delay: Double
    /// The smoothstep's length.
    var duration: Double
    /// The zoom progress at the start.
    var progressFrom: Double
    /// The zoom progress at the end (1: on the source; 0: out of it).
    var progressTo: Double
    /// The translation whose scale the drawn size starts from (`ZoomPose.origin`): where a
    /// landing started, or rest for a flight back out.
    var sizeOrigin: Point

    /// A flight from `origin` with `velocity` at `start` to `target`, the zoom progress going
    /// from `progressFrom` to `progressTo`. Non-finite velocities count as none.
    init(
        start: Double, origin: Point, velocity: Point, target: Point, progressFrom: Double,
        progressTo: Double
    ) {
        let velocity = velocity.isFinite ? velocity : .zero
        self.start = start
        self.origin = origin
        self.velocity = velocity
        delta = target - origin
        self.progressFrom = progressFrom
        self.progressTo = progressTo
        sizeOrigin = origin
        let coast = velocity * (1 / Self.coastRate)
        let reach = max(delta.length, (delta - coast).length)
        let limits = Self.durations
        let length = (6 * reach / Self.acceleration).squareRoot()
        duration = length.isFinite ? min(limits.upperBound, max(limits.lowerBound, length)) : 1
        let speed = velocity.length
        let distance = delta.length
        var away = 0.0
        if speed > 0, distance > 0 {
            away = max(0, -(velocity.x * delta.x + velocity.y * delta.y) / (speed * distance))
        }
        delay = away.isFinite ? Self.brakingDelay * away / Self.coastRate : 0
    }

    /// When the content is on its target.
    var end: Double { start + delay + duration }

    /// The smoothstep at `time`: 0 before its delay has passed, 1 from `end` on.
    func ease(at time: Double) -> Double {
        let elapsed = time - start - delay
        guard elapsed > 0 else { return 0 }
        guard elapsed < duration else { return 1 }
        let u = elapsed / duration
        return u * u * (3 - 2 * u)
    }

    /// The translation at `time`; exactly the target from `end` on.
    func translation(at time: Double) -> Point {
        let eased = ease(at: time)
        if eased >= 1 { return origin + delta }
        let elapsed = max(0, time - start)
        let coasted = velocity * ((1 - exp(-Self.coastRate * elapsed)) / Self.coastRate)
        return origin + coasted * (1 - eased) + delta * eased
    }

    /// The zoom progress at `time`.
    func progress(at time: Double) -> Double {
        progressFrom + (progressTo - progressFrom) * ease(at: time)
    }

    /// Whether the flight has ended by `time`.
    func isFinished(at time: Double) -> Bool { time >= end }
}
