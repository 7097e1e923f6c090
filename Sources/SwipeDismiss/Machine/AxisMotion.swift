/// Content that moves along one axis (the four edges): at rest, on a spring, or under
/// additive tracking (DESIGN §3, "Seed tracking, exactly"); a drag follows through the
/// reverse-drag rubber band and, past the lowest detent while dismissal is vetoed, the veto
/// band.
struct AxisMotion: ContentMotion {
    /// Where the content is along the dismiss direction.
    enum Kind: Sendable {
        case rest(Double)
        case spring(SpringMotion)
        /// Additive tracking, in `additive`: it lives outside this enum so that retargeting
        /// mutates its buffer in place instead of copying it.
        case additive
    }

    var kind = Kind.rest(0)
    /// Additive tracking's springs; holds one term when the configuration tracks some
    /// other way.
    var additive: AdditiveSpringMotion
    /// The direction the content leaves by.
    let direction: DismissDirection
    /// The raw (un-banded) offset the drag started from: a detent, or where a caught
    /// animation was.
    var dragBase = 0.0
    /// The last raw drag offset, before any band.
    var lastRaw = 0.0
    /// The translation of the pan's last `.changed` along the direction (the seed's
    /// `viewTranslation`, which additive tracking's release decides on); 0 until it changes.
    var lastChange = 0.0

    /// Content at rest at offset 0, tracking as `configuration` says.
    init(configuration: DismissConfiguration) {
        direction = configuration.direction
        if case .additiveSpring(let response) = configuration.tracking {
            additive = AdditiveSpringMotion(
                response: configuration.reduceMotion ? response.criticallyDamped : response)
        } else {
            additive = AdditiveSpringMotion(response: .uikit, capacity: 1)
        }
    }

    // MARK: Reading

    func offset(at time: Double) -> Double {
        switch kind {
        case .rest(let offset): offset
        case .spring(let springMotion): springMotion.value(at: time)
        case .additive: additive.value(at: time)
        }
    }

    func pose(at time: Double, _ context: MotionContext) -> ContentPose {
        let offset = offset(at: time)
        let layout = context.layout
        let span = layout.distance - layout.top
        let progress = span > 0 ? min(1, max(0, (offset - layout.top) / span)) : 0
        return ContentPose(
            offset: offset, translation: direction.unit * offset, progress: progress,
            exitPosition: offset)
    }

    var dragStart: Double { dragBase }

    var isAtRest: Bool {
        if case .rest = kind { return true }
        return false
    }

    func hitTest(_ point: Point, at time: Double, environment: some DismissEnvironment)
        -> HitRegion
    {
        environment.hitTest(point, offset: offset(at: time))
    }

    func handOverVelocity(at time: Double) -> Point {
        let velocity: Double =
            switch kind {
            case .rest: 0
            case .spring(let springMotion): springMotion.velocity(at: time)
            case .additive: additive.velocity(at: time)
            }
        return direction.unit * velocity
    }

    // MARK: Placing

    mutating func place(atDetent index: Int?, _ context: MotionContext) {
        kind = .rest(index.map(context.layout.offset(of:)) ?? context.layout.distance)
    }

    mutating func startSpring(
        _ spring: Spring, from: Double, to: Double, _ context: MotionContext
    ) {
        kind = .spring(context.springMotion(spring, from: from, to: to, velocity: 0))
    }

    mutating func remap(_ map: OffsetMap, aim: Double?, _ context: MotionContext) {
        let time = context.time
        switch kind {
        case .rest(let offset):
            kind = .rest(map(offset))
        case .spring(let springMotion):
            kind = .spring(
                context.springMotion(
                    springMotion.spring, from: map(springMotion.value(at: time)),
                    to: aim ?? map(springMotion.to),
                    velocity: springMotion.velocity(at: time) * map.scale))
        case .additive:
            let goal = aim ?? map(additive.target)
            additive.reset(to: map(additive.value(at: time)))
            additive.retarget(to: goal, at: time)
        }
        dragBase = map(dragBase)
        lastRaw = map(lastRaw)
    }

    mutating func hold(_ context: MotionContext) {
        kind = .rest(offset(at: context.time))
    }

    // MARK: Dragging

    mutating func catchHere(verdict: Bool?, _ context: MotionContext) {
        let offset = offset(at: context.time)
        kind = .rest(offset)
        dragBase = unband(offset, verdict: verdict, context)
    }

    mutating func readyDrag(from target: Int, takingOver: Bool, _ context: MotionContext) {
        // 1:1 tracking picks up where the content is; additive tracking (like the seed's
        // `transform = translation`) and a take-over always count from the detent.
        if !takingOver, case .direct = context.configuration.tracking {
            dragBase = unband(offset(at: context.time), verdict: nil, context)
        } else {
            dragBase = context.layout.offset(of: target)
        }
    }

    func startFollowing(_ backdrop: inout BackdropAlpha, _ context: MotionContext) {
        // Additive tracking animates the alpha from its previous target, kept as it is.
        if context.configuration.tracking == .direct { backdrop.mode = .curve }
    }

    func passesLowestDetent(
        _ translation: Point, along: Double?, began: Bool, startDetent: Int,
        _ context: MotionContext
    ) -> Bool {
        guard !began || context.configuration.tracking == .direct else { return false }
        let raw = dragBase + (along ?? direction.component(of: translation))
        guard let shown = reverseBanded(raw, startDetent: startDetent, context) else {
            return false
        }
        return shown > context.layout.lowest
    }

    mutating func follow(
        _ translation: Point, along: Double?, began: Bool, startDetent: Int, verdict: Bool?,
        backdrop: inout BackdropAlpha, _ context: MotionContext
    ) {
        let along = along ?? direction.component(of: translation)
        lastChange = began ? 0 : along
        // The seed's handler has no `.began` case: with additive tracking the content first
        // moves on the next change.
        guard !began || context.configuration.tracking == .direct else { return }
        let raw = dragBase + along
        lastRaw = raw
        guard var target = reverseBanded(raw, startDetent: startDetent, context) else { return }
        let lowest = context.layout.lowest
        if target > lowest, verdict == false {
            target = lowest + vetoBand(context).banded(target - lowest)
        }
        switch context.configuration.tracking {
        case .direct:
            kind = .rest(target)
        case .additiveSpring:
            stepAdditively(to: target, backdrop: &backdrop, context)
        }
    }

    /// Where a raw drag offset shows before the veto band: through the reverse-drag rubber
    /// band above the top detent, or nil where the seed ignores a drag the wrong way.
    func reverseBanded(_ raw: Double, startDetent: Int, _ context: MotionContext) -> Double? {
        let layout = context.layout
        let top = layout.top
        switch context.configuration.reverseDrag {
        case .ignore:
            // The seed: only a translation the dismiss way moves the content.
            return raw >= layout.offset(of: startDetent) ? raw : nil
        case .rubberBand(let coefficient):
            return raw >= top
                ? raw
                : top
                    + RubberBand(coefficient: coefficient, dimension: layout.distance)
                    .banded(raw - top)
        }
    }

    func releaseDestination(
        velocity: Point, startDetent: Int, verdict: Bool?, touchpad: Bool,
        _ context: MotionContext
    ) -> (destination: Int, reason: DismissReason) {
        let layout = context.layout
        let offset: Double
        switch context.configuration.tracking {
        case .direct:
            // Past a vetoed lowest detent the intent is the raw drag, not the band.
            let banded = verdict == false && lastRaw > layout.lowest
            offset = banded ? lastRaw : self.offset(at: context.time)
        case .additiveSpring:
            // The seed decides on its `viewTranslation`: the last `.changed`, not the lift.
            offset = dragBase + lastChange
        }
        let velocity = direction.component(of: velocity)
        let dismissed = layout.count
        switch context.configuration.release {
        case .translation(let threshold):
            let travelled = offset - layout.offset(of: startDetent)
            return (travelled >= threshold ? dismissed : startDetent, .drag)
        case .projected(let threshold, let rate):
            let projected = context.projection(rate, touchpad: touchpad)
                .project(position: offset, velocity: velocity)
            let line = layout.lowest + threshold
            if projected >= line { return (dismissed, offset >= line ? .drag : .flick) }
            return (layout.nearest(to: projected, includingDismissed: false), .drag)
        case .nearestDetent(let rate):
            let projected = context.projection(rate, touchpad: touchpad)
                .project(position: offset, velocity: velocity)
            let byPosition = layout.nearest(to: offset, includingDismissed: true)
            return (
                layout.nearest(to: projected, includingDismissed: true),
                byPosition == dismissed ? .drag : .flick
            )
        }
    }

    // MARK: Animating

    mutating func springBack(
        to index: Int, velocity: Point, backdrop: inout BackdropAlpha, _ context: MotionContext
    ) -> Int {
        let to = context.layout.offset(of: index)
        // Additive tracking adds one more step instead, so the content glides on from where
        // the drag had it.
        if case .additiveSpring = context.configuration.tracking {
            stepAdditively(to: to, backdrop: &backdrop, context)
            return index
        }
        let from = offset(at: context.time)
        let initial =
            context.configuration.snapBackUsesReleaseVelocity
            ? direction.component(of: velocity) : to - from
        kind = .spring(
            context.springMotion(
                context.configuration.snapBackSpring, from: from, to: to, velocity: initial))
        backdrop.mode = .curve
        return index
    }

    mutating func leave(
        velocity: Point, alpha: Double, backdrop: inout BackdropAlpha, _ context: MotionContext
    ) {
        let from = offset(at: context.time)
        let distance = context.layout.distance
        switch context.configuration.dismissStyle {
        case .clearBackdropAtOnce(let spring):
            kind = .spring(
                context.springMotion(spring, from: from, to: distance, velocity: distance - from))
            backdrop.mode = .fixed(0)
        case .fadeWithContent(let spring):
            backdrop.mode = .fade(from: from, alpha: alpha, to: distance)
            // Aimed past the edge so the content leaves at speed instead of creeping up to
            // it; `settle` ends the dismissal once it is fully off screen.
            kind = .spring(
                context.springMotion(
                    spring, from: from, to: distance * context.configuration.exitOvershoot,
                    velocity: direction.component(of: velocity)))
        }
    }

    mutating func comeIn(toDetent index: Int, _ context: MotionContext) {
        kind = .spring(
            context.springMotion(
                context.configuration.presentSpring, from: offset(at: context.time),
                to: context.layout.offset(of: index), velocity: 0))
    }

    mutating func finishFadeOut(_ context: MotionContext) {
        kind = .rest(context.layout.distance)
    }

    mutating func settle(leaving: Bool, _ context: MotionContext) -> Bool {
        let time = context.time
        let distance = context.layout.distance
        switch kind {
        case .rest:
            return true
        case .spring(let springMotion):
            // A spring the configuration made non-finite (a NaN duration, say) ends where it
            // heads instead of animating NaN for ever.
            guard springMotion.value(at: time).isFinite else {
                kind = .rest(leaving ? distance : springMotion.to)
                return true
            }
            let settled = springMotion.isSettled(at: time)
            if leaving, settled || context.hasLeft(springMotion, edge: distance) {
                // Gone rests exactly off screen, whichever comes first: a small content's
                // exit can settle (within `restDistance`) before it crosses the edge, and the
                // end must not depend on which frames saw which.
                kind = .rest(distance)
            } else if settled {
                kind = .rest(springMotion.to)
            } else {
                return false
            }
            return true
        case .additive:
            // Finished terms contribute exactly 0: dropping them changes no value.
            additive.dropFinishedTerms(at: time)
            guard additive.isSettled(at: time) else { return false }
            kind = .rest(additive.target)
            return true
        }
    }
}
