/// Content that moves in the plane (`.free`, the photo): it follows the pointer in x and y,
/// 1:1; a release projects each axis (the configuration's rate) and dismisses on the
/// projected distance; a dismissal leaves in a straight line along the release velocity
/// (along the offset when slower than `freeExitSpeed`); a spring-back runs both axes on the
/// same spring, each with its own velocity. Its offset is the distance from rest. With a zoom
/// landing (`landing`), a dismissal flies into the source instead (`ZoomFlight`).
struct PlanarMotion: ContentMotion {
    enum Kind: Sendable {
        /// Still at `translation`.
        case rest(Point)
        /// Each axis on its own spring (a spring-back or a presentation): the same spring,
        /// each axis with its own start and velocity.
        case axes(x: SpringMotion, y: SpringMotion)
        /// Leaving in a straight line: `origin + unit · s(t)`, with `s` on `travel` (from 0);
        /// fully off screen once `s` reaches `exit`.
        case leaving(origin: Point, unit: Point, travel: SpringMotion, exit: Double)
        /// Flying into the source (or out of it), and resting there once landed.
        case zoom(ZoomFlight, ZoomLanding)
    }

    var kind = Kind.rest(.zero)
    /// Where a dismissal lands instead of leaving the screen; nil: it leaves.
    var landing: ZoomLanding?
    /// Where the drag in progress started (rest, or a caught animation).
    var dragBase = Point.zero

    /// The translation at `time`.
    func translation(at time: Double) -> Point {
        switch kind {
        case .rest(let point):
            point
        case .axes(let x, let y):
            Point(x: x.value(at: time), y: y.value(at: time))
        case .leaving(let origin, let unit, let travel, _):
            origin + unit * travel.value(at: time)
        case .zoom(let flight, _):
            flight.translation(at: time)
        }
    }

    // MARK: Reading

    func offset(at time: Double) -> Double { translation(at: time).length }

    func pose(at time: Double, _ context: MotionContext) -> ContentPose {
        let translation = translation(at: time)
        var pose = ContentPose(
            offset: translation.length, translation: translation,
            progress: progress(at: translation, context.layout),
            exitPosition: exitPosition(at: time), inPlane: true)
        if case .zoom(let flight, let landing) = kind {
            let zoom = flight.progress(at: time)
            pose.progress = zoom
            pose.zoom = ZoomPose(progress: zoom, origin: flight.sizeOrigin, landing: landing)
        }
        return pose
    }

    var dragStart: Double { dragBase.length }

    var isAtRest: Bool {
        if case .rest = kind { return true }
        return false
    }

    func hitTest(_ point: Point, at time: Double, environment: some DismissEnvironment)
        -> HitRegion
    {
        // A zoom flight is not caught: its size is the zoom's, and a drag would snap it to the
        // drag's scale.
        if case .zoom = kind { return .backdrop }
        return environment.hitTest(point, translation: translation(at: time))
    }

    /// How far a straight exit has travelled (a zoom: how far its fade is); 0 otherwise.
    func exitPosition(at time: Double) -> Double {
        switch kind {
        case .leaving(_, _, let travel, _): travel.value(at: time)
        case .zoom(let flight, _): flight.fade(at: time)
        case .rest, .axes: 0
        }
    }

    /// A move between detents restarts both axes from no speed.
    func handOverVelocity(at time: Double) -> Point { .zero }

    /// How far content at `translation` is toward off screen along its own line: 0 at rest,
    /// 1 at the edge it heads to.
    func progress(at translation: Point, _ layout: DetentLayout) -> Double {
        let distance = translation.length
        guard distance > 0, distance.isFinite else { return 0 }
        let exit = layout.edges.exit(along: translation * (1 / distance))
        return exit > 0 ? min(1, distance / exit) : 1
    }

    // MARK: Placing

    /// Every detent of content in the plane is its rest; off screen is below it.
    mutating func place(atDetent index: Int?, _ context: MotionContext) {
        kind = .rest(index == nil ? Point(x: 0, y: context.layout.edges.down) : .zero)
    }

    /// Rest is the origin whatever the viewport: nothing to move.
    mutating func remap(_ map: OffsetMap, aim: Double?, _ context: MotionContext) {}

    mutating func startSpring(
        _ spring: Spring, from: Double, to: Double, _ context: MotionContext
    ) {}

    mutating func hold(_ context: MotionContext) {
        kind = .rest(translation(at: context.time))
    }

    // MARK: Dragging

    mutating func catchHere(verdict: Bool?, _ context: MotionContext) {
        let here = translation(at: context.time)
        kind = .rest(here)
        dragBase = here
    }

    mutating func readyDrag(from target: Int, takingOver: Bool, _ context: MotionContext) {
        dragBase = translation(at: context.time)
    }

    func startFollowing(_ backdrop: inout BackdropAlpha, _ context: MotionContext) {
        backdrop.mode = .curve
    }

    /// A photo's drag has no detent to pass: it is decided at its release.
    func passesLowestDetent(
        _ translation: Point, along: Double?, began: Bool, startDetent: Int,
        _ context: MotionContext
    ) -> Bool { false }

    /// The content sits at the drag's base plus `translation` (no bands, no policy).
    mutating func follow(
        _ translation: Point, along: Double?, began: Bool, startDetent: Int, verdict: Bool?,
        backdrop: inout BackdropAlpha, _ context: MotionContext
    ) {
        kind = .rest(dragBase + translation)
    }

    func releaseDestination(
        velocity: Point, startDetent: Int, verdict: Bool?, touchpad: Bool,
        _ context: MotionContext
    ) -> (destination: Int, reason: DismissReason) {
        let here = translation(at: context.time)
        let speed = velocity.isFinite ? velocity : .zero
        let distance = here.length
        let dismisses: Bool
        var reason = DismissReason.drag
        switch context.configuration.release {
        case .translation(let threshold):
            dismisses = distance >= threshold
        case .projected(let threshold, let rate):
            let projected = project(
                here, velocity: speed, with: context.projection(rate, touchpad: touchpad))
            dismisses = projected.length >= threshold
            if distance < threshold { reason = .flick }
        case .nearestDetent(let rate):
            // Off screen or back to rest, whichever is nearer to where the flick coasts.
            let projected = project(
                here, velocity: speed, with: context.projection(rate, touchpad: touchpad))
            let length = projected.length
            let layout = context.layout
            let exit =
                length > 0 ? layout.edges.exit(along: projected * (1 / length)) : layout.distance
            dismisses = length > exit / 2
            if distance <= exit / 2 { reason = .flick }
        }
        return (dismisses ? context.layout.count : 0, reason)
    }

    /// Each axis projected with `projection`.
    func project(_ point: Point, velocity: Point, with projection: VelocityProjection) -> Point {
        Point(
            x: projection.project(position: point.x, velocity: velocity.x),
            y: projection.project(position: point.y, velocity: velocity.y))
    }
}
