/// How the content moves, chosen once from the direction: along one axis (`AxisMotion`, the
/// four edges) or in the plane (`PlanarMotion`, `.free`).
///
/// The machine keeps the phases, the policy and the effects; a content motion keeps where
/// the content is and how it gets somewhere, and answers the geometry questions only it can
/// (as libadwaita's swipe tracker asks its widget). Every position is evaluated in closed
/// form at a time, so the pose at a time does not depend on the frame rate. The backdrop's
/// alpha is a function of that pose (`BackdropAlpha.value`), never a question to the motion.
protocol ContentMotion: Sendable {
    /// The content's distance along the dismiss direction (in the plane: from rest).
    func offset(at time: Double) -> Double
    /// The content's offset, translation and progress (0 at the top detent, 1 off screen).
    func pose(at time: Double, _ context: MotionContext) -> ContentPose
    /// The raw (un-banded) offset the drag in progress started from (in the plane: its
    /// distance from rest), where a list hand-off starts the sheet's share.
    var dragStart: Double { get }
    /// Whether the content stands still (no spring of its own runs).
    var isAtRest: Bool { get }
    /// What `point` lands on with the content where it is at `time`.
    func hitTest(_ point: Point, at time: Double, environment: some DismissEnvironment)
        -> HitRegion
    /// The velocity a programmatic move carries on from the content's motion at `time`.
    func handOverVelocity(at time: Double) -> Point

    /// Puts the content at rest at detent `index`, or off screen (nil).
    mutating func place(atDetent index: Int?, _ context: MotionContext)
    /// Carries the content over to a new layout (the context's): every offset it holds goes
    /// through `map`, a spring in flight heads for `aim` (nil: its own end, mapped) from where
    /// it is, mapped, with its velocity scaled as `map` scales lengths.
    mutating func remap(_ map: OffsetMap, aim: Double?, _ context: MotionContext)
    /// Springs the content from rest at `from` to `to` on `spring` (a move the layout
    /// caused).
    mutating func startSpring(_ spring: Spring, from: Double, to: Double, _ context: MotionContext)
    /// Stops the content where it is.
    mutating func hold(_ context: MotionContext)
    /// Catches a running animation where it is: a drag continues from there with no jump
    /// (`verdict`: the policy's answer for the drag before, which a band may depend on).
    mutating func catchHere(verdict: Bool?, _ context: MotionContext)
    /// Readies a drag from rest at detent `target`, or one `takingOver` an animation that
    /// cannot be caught.
    mutating func readyDrag(from target: Int, takingOver: Bool, _ context: MotionContext)
    /// A drag takes the content from rest: how the backdrop follows it from now.
    func startFollowing(_ backdrop: inout BackdropAlpha, _ context: MotionContext)
    /// Whether following a drag that started at detent `startDetent` to `translation`
    /// (`along`: the sheet's share of it after a list hand-off) takes the content past the
    /// lowest detent, where the dismissal policy has its say.
    func passesLowestDetent(
        _ translation: Point, along: Double?, began: Bool, startDetent: Int,
        _ context: MotionContext
    ) -> Bool
    /// Follows that drag; `verdict` is the policy's answer, once asked.
    mutating func follow(
        _ translation: Point, along: Double?, began: Bool, startDetent: Int, verdict: Bool?,
        backdrop: inout BackdropAlpha, _ context: MotionContext)
    /// Where a release with `velocity` sends the content (`layout.count`: off screen) and
    /// whether position alone (`drag`) or the velocity (`flick`) decided a dismissal.
    func releaseDestination(
        velocity: Point, startDetent: Int, verdict: Bool?, touchpad: Bool,
        _ context: MotionContext
    ) -> (destination: Int, reason: DismissReason)
    /// Springs the content back to detent `index` with `velocity`; returns the detent it
    /// heads to.
    mutating func springBack(
        to index: Int, velocity: Point, backdrop: inout BackdropAlpha, _ context: MotionContext
    ) -> Int
    /// Sends the content off screen with `velocity`, the backdrop from `alpha` (not under
    /// reduced motion: the machine cross-fades that itself).
    mutating func leave(
        velocity: Point, alpha: Double, backdrop: inout BackdropAlpha, _ context: MotionContext)
    /// Springs the content in from where it is to rest at detent `index`.
    mutating func comeIn(toDetent index: Int, _ context: MotionContext)
    /// A reduced-motion fade-out has ended: the content is gone.
    mutating func finishFadeOut(_ context: MotionContext)
    /// Ends an animation that has come to rest by the context's time (`leaving`: a
    /// dismissal); false while one still runs.
    mutating func settle(leaving: Bool, _ context: MotionContext) -> Bool
}

/// Where the content is at a time, as `DismissState` reports it.
struct ContentPose: Sendable {
    /// The distance along the dismiss direction (in the plane: from rest).
    var offset: Double
    /// The 2-D translation from rest.
    var translation: Point
    /// 0 at rest on the top detent, 1 off screen.
    var progress: Double
    /// How far along its way out the content is, for a backdrop fading in step with it
    /// (along an axis: the offset; in the plane: a straight exit's travel or a zoom's fade).
    var exitPosition: Double
    /// Whether the content moves in the plane, where a presentation's backdrop rises with
    /// `progress` toward the curve's rest alpha.
    var inPlane = false
    /// The content part-way into its zoom source (`PlanarMotion` with a landing), if at all.
    var zoom: ZoomPose? = nil
}

/// The machine's numbers and detents in one shared, immutable box: a frame hands them to
/// the content motion as one reference instead of copying every field of both.
final class MotionSettings: Sendable {
    /// The machine's configuration.
    let configuration: DismissConfiguration
    /// The detents resolved for the viewport.
    let layout: DetentLayout

    /// The box for `configuration` and `layout`.
    init(configuration: DismissConfiguration, layout: DetentLayout) {
        self.configuration = configuration
        self.layout = layout
    }
}

/// What a content motion reads of the machine: the numbers, the detents and the time.
struct MotionContext {
    /// The machine's configuration and detents.
    let settings: MotionSettings
    /// The machine's time.
    let time: Double

    /// The machine's configuration.
    var configuration: DismissConfiguration { settings.configuration }
    /// The detents resolved for the viewport.
    var layout: DetentLayout { settings.layout }

    /// `spring` as the configuration wants it: critically damped under reduced motion.
    func effective(_ spring: Spring) -> Spring {
        configuration.reduceMotion ? spring.criticallyDamped : spring
    }

    /// `spring` (as `effective` makes it) from `from` to `to`, starting now with `velocity`
    /// and the configuration's rest thresholds: every animation of the machine is one.
    func springMotion(_ spring: Spring, from: Double, to: Double, velocity: Double)
        -> SpringMotion
    {
        SpringMotion(
            spring: effective(spring), from: from, to: to, initialVelocity: velocity,
            startTime: time, restDistance: configuration.restDistance,
            restSpeed: configuration.restSpeed)
    }

    /// The projection a release coasts with: at the `configured` deceleration, or the
    /// touchpad's.
    func projection(_ configured: Double, touchpad: Bool) -> VelocityProjection {
        VelocityProjection(
            decelerationRate: touchpad ? VelocityProjection.touchpadDecelerationRate : configured)
    }

    /// Whether a dismissal aimed past the edge (at `edge` along its motion) has taken the
    /// content fully off screen.
    ///
    /// Only for springs that cannot swing back (ζ ≥ 1): once such a motion has crossed the
    /// edge toward a target beyond it, it stays beyond, so the answer at a given time does
    /// not depend on which frames were sampled before it.
    func hasLeft(_ springMotion: SpringMotion, edge: Double) -> Bool {
        springMotion.to > edge && springMotion.spring.dampingRatio >= 1 - 1e-9
            && springMotion.value(at: time) >= edge
    }
}
