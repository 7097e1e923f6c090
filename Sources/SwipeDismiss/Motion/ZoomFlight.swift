/// The content flying into its zoom source (or back out of it): a closed-form path from where
/// it is, with its velocity, to a translation, while its zoom progress eases between two
/// values. Used by `PlanarMotion` for `--source`.
///
/// The path is a coast that carries the release velocity on and dies away (`v/k·(1 − e^(−kt))`)
/// blended into the target by an ease `E`: `p(t) = origin + c(t)·(1 − E) + delta·E`. It starts
/// with the release velocity (E' = 0 there) and ends exactly on the target with no speed.
///
/// DESIGN §4c's bound (no frame moves the centre more than 4 pt plus 1.5 × the previous
/// frame's move) lets a move shrink as fast as it likes but grow only by a constant plus a
/// ratio; it is tightest at the lowest frame rate (30 fps) and where the content is nearly
/// still. So the ease (`ZoomEase`) speeds up exponentially from rest (`E' = a·(e^(rt) − 1)`,
/// at most `initialAcceleration` at its start and `growthRate` per second after: at 30 fps a
/// frame's move then grows by under 1.5 × plus 4 pt), then brakes evenly to the target in
/// half that time. A turn is where the content is nearly still: the ease waits until the
/// coast's speed across or away from the target has died to `turnSpeed` (so it turns gently),
/// and a release toward the target coasts on a faster-dying coast so it never overshoots. The
/// bound then holds at 30 fps and above for any release (checked by sweeping speeds up to
/// 6000 pt/s in every direction at 30, 60 and 240 fps).
struct ZoomFlight: Hashable, Sendable {
    /// How fast the coast dies away, per second, at the least.
    static let coastRate = 12.0
    /// The coast's speed across or away from the target, in points per second, below which
    /// the ease may start (the content turns at about this speed, so its acceleration there
    /// is small).
    static let turnSpeed = 50.0
    /// How much of the distance to the target a release toward it may coast, at most (a
    /// faster release dies away faster), so that it does not overshoot and turn back.
    static let towardReach = 1 / 1.5

    /// When the flight started.
    var start: Double
    /// The translation it started from.
    var origin: Point
    /// The velocity it started with (points per second).
    var velocity: Point
    /// From `origin` to the target translation.
    var delta: Point
    /// How fast the coast dies away, per second.
    var coastRate: Double
    /// How the flight blends from the coast into the target (`E`).
    var ease: ZoomEase
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
        let distance = delta.length
        // The release's part toward the target, and what is left (across or away from it).
        var toward = 0.0
        var aside = velocity.length
        if distance > 0, distance.isFinite {
            let along = (velocity.x * delta.x + velocity.y * delta.y) / distance
            toward = max(0, along)
            aside = (velocity - delta * (toward / distance)).length
        }
        let rate = max(Self.coastRate, toward / (Self.towardReach * max(distance, 1)))
        coastRate = rate.isFinite ? rate : Self.coastRate
        let wait = aside > Self.turnSpeed ? cLog(aside / Self.turnSpeed) / coastRate : 0
        let reach = max(distance, (delta - velocity * (1 / coastRate)).length)
        ease = ZoomEase(start: start, delay: wait.isFinite ? wait : 0, reach: reach)
    }

    /// When the content is on its target.
    var end: Double { ease.end }

    /// The translation at `time`; exactly the target from `end` on.
    func translation(at time: Double) -> Point {
        let eased = ease.value(at: time)
        if eased >= 1 { return origin + delta }
        let elapsed = max(0, time - start)
        let coasted = velocity * ((1 - cExp(-coastRate * elapsed)) / coastRate)
        return origin + coasted * (1 - eased) + delta * eased
    }

    /// The zoom progress at `time`.
    func progress(at time: Double) -> Double {
        progressFrom + (progressTo - progressFrom) * ease.value(at: time)
    }

    /// How far the backdrop has faded at `time`, 0 to 1: `1 − (1 − E)⁴`, so that it is all but
    /// clear for the last stretch of the flight (a window then repaints only the photo's box,
    /// not the whole dimmed screen, each frame) and exactly clear on landing.
    func fade(at time: Double) -> Double {
        let left = 1 - ease.value(at: time)
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
