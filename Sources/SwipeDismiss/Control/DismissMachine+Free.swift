/// The content's pose under `.free`: a 2-D translation from rest, at rest or animating.
///
/// Everything is evaluated in closed form at a given time, per axis, so the pose at a time
/// does not depend on the frame rate.
struct FreeMotion: Sendable {
    enum Kind: Sendable {
        /// Still at `translation`.
        case rest(Point)
        /// Each axis on its own spring (a spring-back or a presentation): the same spring,
        /// each axis with its own start and velocity.
        case axes(x: SpringMotion, y: SpringMotion)
        /// Leaving in a straight line: `origin + unit · s(t)`, with `s` on `travel` (from 0);
        /// fully off screen once `s` reaches `exit`.
        case leaving(origin: Point, unit: Point, travel: SpringMotion, exit: Double)
    }

    var kind = Kind.rest(.zero)

    /// The translation at `time`.
    func translation(at time: Double) -> Point {
        switch kind {
        case .rest(let point):
            point
        case .axes(let x, let y):
            Point(x: x.value(at: time), y: y.value(at: time))
        case .leaving(let origin, let unit, let travel, _):
            origin + unit * travel.value(at: time)
        }
    }

    /// How far a straight exit has travelled at `time`; nil for any other motion.
    func travel(at time: Double) -> Double? {
        guard case .leaving(_, _, let travel, _) = kind else { return nil }
        return travel.value(at: time)
    }
}

/// `.free` (2-D) dragging: the content follows the pointer in x and y, 1:1; a release
/// projects each axis (the configuration's rate) and dismisses on the projected distance;
/// a dismissal leaves in a straight line along the release velocity (along the offset when
/// slower than `freeExitSpeed`); a spring-back runs both axes on the same spring, each with
/// its own velocity. `offset` is the distance from rest.
extension DismissMachine {
    /// Whether the content moves in two dimensions.
    var isFree: Bool { configuration.direction == .free }

    /// The content's 2-D translation at `time`.
    public var translation: Point {
        isFree ? free.translation(at: time) : configuration.direction.unit * offset
    }

    /// Catches the content where it is (a press during an animation, or at rest).
    mutating func grabFree() {
        let here = free.translation(at: time)
        switch phase {
        case .presenting, .settling:
            guard configuration.catchesAnimations, crossFade == nil else { return }
            free.kind = .rest(here)
            freeDragBase = here
            startDetent = 0
            alphaMode = .curve
            setPhase(.dragging)
        case .presented:
            startDetent = 0
            dragVerdict = nil
            freeDragBase = here
        case .dragging, .dismissing, .dismissed:
            break
        }
    }

    /// Follows the pointer: the content sits at the drag's base plus `translation`.
    mutating func moveFree(translation: Point) {
        switch phase {
        case .presented:
            alphaMode = .curve
        case .settling, .presenting:
            if configuration.catchesAnimations { return }
            // A drag that starts while an uncatchable animation runs takes over from it,
            // from where the content is.
            freeDragBase = free.translation(at: time)
            crossFade = nil
            alphaMode = .curve
        case .dragging:
            break
        case .dismissing, .dismissed:
            return
        }
        free.kind = .rest(freeDragBase + translation)
        setPhase(.dragging)
    }

    /// Decides a release with `velocity` (points per second, per axis).
    mutating func releaseFree(velocity: Point, environment: some DismissEnvironment) {
        guard phase == .dragging else { return }
        let here = free.translation(at: time)
        let speed = velocity.isFinite ? velocity : .zero
        let distance = here.length
        let dismisses: Bool
        var reason = DismissReason.drag
        switch configuration.release {
        case .translation(let threshold):
            dismisses = distance >= threshold
        case .projected(let threshold, let rate):
            let projected = project(here, velocity: speed, rate: projectionRate(rate))
            dismisses = projected.length >= threshold
            if distance < threshold { reason = .flick }
        case .nearestDetent(let rate):
            // Off screen or back to rest, whichever is nearer to where the flick coasts.
            let projected = project(here, velocity: speed, rate: projectionRate(rate))
            let length = projected.length
            let exit =
                length > 0 ? layout.edges.exit(along: projected * (1 / length)) : layout.distance
            dismisses = length > exit / 2
            if distance <= exit / 2 { reason = .flick }
        }
        guard dismisses else { return snapBackFree(velocity: speed) }
        if allows(reason, environment: environment) {
            startFreeDismissal(velocity: speed)
        } else {
            snapBackFree(velocity: speed)
        }
    }

    /// Each axis projected with `rate` (`VelocityProjection`).
    func project(_ point: Point, velocity: Point, rate: Double) -> Point {
        let projection = VelocityProjection(decelerationRate: rate)
        return Point(
            x: projection.project(position: point.x, velocity: velocity.x),
            y: projection.project(position: point.y, velocity: velocity.y))
    }

    /// Springs both axes back to rest, each with its own velocity (UIKit's relative velocity
    /// 1 per axis unless the configuration hands over the release velocity).
    mutating func snapBackFree(velocity: Point) {
        target = 0
        let here = free.translation(at: time)
        let initial = configuration.snapBackUsesReleaseVelocity ? velocity : here * -1
        free.kind = axesFromHere(configuration.snapBackSpring, to: .zero, velocity: initial)
        alphaMode = .curve
        setPhase(.settling)
    }

    /// Both axes on `spring` from where the content is to `destination`.
    func axesFromHere(_ spring: Spring, to destination: Point, velocity: Point)
        -> FreeMotion.Kind
    {
        let here = free.translation(at: time)
        return .axes(
            x: springMotion(spring, from: here.x, to: destination.x, velocity: velocity.x),
            y: springMotion(spring, from: here.y, to: destination.y, velocity: velocity.y))
    }

    /// Sends the content off screen in a straight line: along `velocity` when at least
    /// `freeExitSpeed`, else along its offset (down from rest), at the velocity's speed
    /// along that line (reduced motion: fades it out where it is).
    mutating func startFreeDismissal(velocity: Point) {
        isDismissAttemptPending = false
        target = layout.count
        let here = free.translation(at: time)
        let alpha = freeAlpha(at: here)
        if configuration.reduceMotion {
            let base: Double
            if case .crossFade(let current) = alphaMode { base = current } else { base = alpha }
            free.kind = .rest(here)
            startCrossFade(from: crossFade?.value(at: time) ?? 1, to: 0)
            alphaMode = .crossFade(base: base)
            return setPhase(.dismissing)
        }
        crossFade = nil
        let speed = velocity.isFinite ? velocity.length : 0
        let unit: Point
        if speed >= configuration.freeExitSpeed {
            unit = velocity * (1 / speed)
        } else if here.length > 0 {
            unit = here * (1 / here.length)
        } else {
            unit = DismissDirection.free.unit
        }
        let along = speed >= configuration.freeExitSpeed ? speed : max(0, dot(velocity, unit))
        let exit = layout.edges.exit(from: here, along: unit)
        let travel: SpringMotion
        switch configuration.dismissStyle {
        case .clearBackdropAtOnce(let spring):
            // UIKit's relative velocity 1, like the one-axis seed exit.
            travel = springMotion(spring, from: 0, to: exit, velocity: exit)
            alphaMode = .fixed(0)
        case .fadeWithContent(let spring):
            let beyond = (configuration.exitOvershoot - 1) * layout.edges.exit(along: unit)
            travel = springMotion(spring, from: 0, to: exit + beyond, velocity: along)
            alphaMode = .fade(offset: 0, alpha: alpha, target: exit)
        }
        free.kind = .leaving(origin: here, unit: unit, travel: travel, exit: exit)
        setPhase(.dismissing)
    }

    private func dot(_ a: Point, _ b: Point) -> Double {
        guard a.isFinite else { return 0 }
        return a.x * b.x + a.y * b.y
    }

    /// Brings the content back from wherever it is (off screen, or leaving) to rest.
    mutating func presentFree() {
        if configuration.reduceMotion {
            let opacity = phase == .dismissed ? 0 : (crossFade?.value(at: time) ?? 1)
            free.kind = .rest(.zero)
            startCrossFade(from: opacity, to: 1)
            alphaMode = .crossFade(base: configuration.alphaCurve.rest)
        } else {
            crossFade = nil
            free.kind = axesFromHere(configuration.presentSpring, to: .zero, velocity: .zero)
            alphaMode = .presenting(target: 0)
        }
        setPhase(.presenting)
    }

    /// Ends a 2-D animation that has come to rest by `time`; false while one still runs.
    mutating func finishFreeMotionIfDone() -> Bool {
        switch free.kind {
        case .rest:
            return true
        case .axes(let x, let y):
            guard x.isSettled(at: time), y.isSettled(at: time) else { return false }
            free.kind = .rest(Point(x: x.to, y: y.to))
            return true
        case .leaving(let origin, let unit, let travel, let exit):
            guard travel.isSettled(at: time) || hasLeft(travel, edge: exit) else { return false }
            free.kind = .rest(origin + unit * exit)
            return true
        }
    }

    /// How far content at `translation` is toward off screen along its own line: 0 at rest,
    /// 1 at the edge it heads to.
    func freeProgress(at translation: Point) -> Double {
        let distance = translation.length
        guard distance > 0, distance.isFinite else { return 0 }
        let exit = layout.edges.exit(along: translation * (1 / distance))
        return exit > 0 ? min(1, distance / exit) : 1
    }

    /// The backdrop's alpha with the content at `translation`.
    func freeAlpha(at translation: Point) -> Double {
        let alpha: Double
        switch alphaMode {
        case .fade(_, let start, let exit):
            let travelled = free.travel(at: time) ?? 0
            alpha = exit > 0 ? start * (1 - min(1, max(0, travelled / exit))) : 0
        case .presenting:
            alpha = configuration.alphaCurve.rest * (1 - freeProgress(at: translation))
        case .curve, .fixed, .crossFade, .retarget:
            return currentAlpha(offset: translation.length)
        }
        return min(1, max(0, alpha))
    }
}
