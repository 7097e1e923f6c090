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
/// blended into the target by an ease `E`: `p(t) = origin + c(t)·(1 − E) + delta·E`. It starts
/// with the release velocity (E' = 0 there) and ends exactly on the target with no speed. `E`
/// accelerates evenly for the first two thirds of its length and brakes twice as hard for the
/// last third (a move may shrink as fast as it likes; it may only grow by DESIGN §4c's bound,
/// 4 pt plus 1.5 × the previous frame's move). Its length grows with the distance so that its
/// acceleration is `acceleration`, and it waits a little when the release points away from the
/// target (the coast brakes first): the bound holds at 60 fps and above, and at 30 fps for a
/// zoom from rest.
struct ZoomFlight: Hashable, Sendable {
    /// How fast the coast dies away, per second.
    static let coastRate = 12.0
    /// The ease's acceleration over the distance, in points per second² (its braking is
    /// twice that). From rest, at 60 fps a frame then moves at most 1 pt, the next 3 pt
    /// (DESIGN's bound: 4 + 1.5 × 1); at 30 fps the bound would need 4320 at most, a flight a
    /// quarter longer (and a window drawing a quarter more frames per dismissal).
    static let acceleration = 7000.0
    /// The fraction of the ease spent accelerating.
    static let peak = 2.0 / 3
    /// How long the ease waits, in coast time constants, for a release straight away from
    /// the target.
    static let brakingDelay = 0.5
    /// The shortest and longest ease, in seconds.
    static let durations = 0.25...1.2

    /// When the flight started.
    var start: Double
    /// The translation it started from.
    var origin: Point
    /// The velocity it started with (points per second).
    var velocity: Point
    /// From `origin` to the target translation.
    var delta: Point
    /// The ease's delay after `start`.
    var delay: Double
    /// The ease's length.
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
        let length = (2 * reach / (Self.peak * Self.acceleration)).squareRoot()
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

    /// The ease at `time`: 0 before its delay has passed, 1 from `end` on; `u²/p` up to the
    /// peak `p`, then `1 − (1 − u)²/(1 − p)`.
    func ease(at time: Double) -> Double {
        let elapsed = time - start - delay
        guard elapsed > 0 else { return 0 }
        guard elapsed < duration else { return 1 }
        let u = elapsed / duration
        let peak = Self.peak
        return u <= peak ? u * u / peak : 1 - (1 - u) * (1 - u) / (1 - peak)
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

    /// How far the backdrop has faded at `time`, 0 to 1: `1 − (1 − E)⁴`, so that it is all but
    /// clear for the last stretch of the flight (a window then repaints only the photo's box,
    /// not the whole dimmed screen, each frame) and exactly clear on landing.
    func fade(at time: Double) -> Double {
        let left = 1 - ease(at: time)
        return 1 - left * left * left * left
    }

    /// How long a landing rests on the source before the flight ends (the dismissal
    /// completes and the photo is hidden): at 30 frames a second or more, at least one frame
    /// shows it exactly on the source.
    static let landedHold = 1.0 / 30

    /// Whether the flight has ended by `time`: a landing `landedHold` after it reached the
    /// source, a flight back out when it is at rest.
    func isFinished(at time: Double) -> Bool {
        time >= end + (progressTo == 1 ? Self.landedHold : 0)
    }
}
