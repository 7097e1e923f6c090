/// The plane's animations: both axes springing back (or in) on one spring, and the straight
/// exit.
extension PlanarMotion {
    /// Springs both axes back to rest, each with its own velocity (UIKit's relative velocity
    /// 1 per axis unless the configuration hands over the release velocity); rest is every
    /// detent of content in the plane.
    mutating func springBack(
        to index: Int, velocity: Point, backdrop: inout BackdropAlpha, _ context: MotionContext
    ) -> Int {
        let speed = velocity.isFinite ? velocity : .zero
        let here = translation(at: context.time)
        let initial = context.configuration.snapBackUsesReleaseVelocity ? speed : here * -1
        kind = axesFromHere(
            context.configuration.snapBackSpring, to: .zero, velocity: initial, context)
        backdrop.mode = .curve
        return 0
    }

    /// Both axes on `spring` from where the content is to `destination`.
    func axesFromHere(
        _ spring: Spring, to destination: Point, velocity: Point, _ context: MotionContext
    ) -> Kind {
        let here = translation(at: context.time)
        return .axes(
            x: context.springMotion(spring, from: here.x, to: destination.x, velocity: velocity.x),
            y: context.springMotion(spring, from: here.y, to: destination.y, velocity: velocity.y))
    }

    /// Sends the content off screen in a straight line: along `velocity` when at least
    /// `freeExitSpeed`, else along its offset (down from rest), at the velocity's speed
    /// along that line.
    mutating func leave(
        velocity: Point, alpha: Double, backdrop: inout BackdropAlpha, _ context: MotionContext
    ) {
        if let landing {
            return land(on: landing, velocity: velocity, alpha: alpha, backdrop: &backdrop, context)
        }
        let configuration = context.configuration
        let layout = context.layout
        let velocity = velocity.isFinite ? velocity : .zero
        let here = translation(at: context.time)
        let speed = velocity.length
        // `speed > 0` too: a `freeExitSpeed` of 0 (refused by `validate()`, which an app
        // may not call) must not make a still release divide by its zero speed.
        let alongVelocity = speed > 0 && speed >= configuration.freeExitSpeed
        let unit: Point
        if alongVelocity {
            unit = velocity * (1 / speed)
        } else if here.length > 0 {
            unit = here * (1 / here.length)
        } else {
            unit = DismissDirection.free.unit
        }
        let along = alongVelocity ? speed : max(0, velocity.x * unit.x + velocity.y * unit.y)
        let exit = layout.edges.exit(from: here, along: unit)
        let travel: SpringMotion
        switch configuration.dismissStyle {
        case .clearBackdropAtOnce(let spring):
            // UIKit's relative velocity 1, like the one-axis seed exit.
            travel = context.springMotion(spring, from: 0, to: exit, velocity: exit)
            backdrop.mode = .fixed(0)
        case .fadeWithContent(let spring):
            let beyond = (configuration.exitOvershoot - 1) * layout.edges.exit(along: unit)
            travel = context.springMotion(spring, from: 0, to: exit + beyond, velocity: along)
            backdrop.mode = .fade(from: 0, alpha: alpha, to: exit)
        }
        kind = .leaving(origin: here, unit: unit, travel: travel, exit: exit)
    }

    /// Flies the content from where it is, with `velocity`, into `landing`'s source, the
    /// backdrop fading from `alpha` to 0 in step with the zoom.
    mutating func land(
        on landing: ZoomLanding, velocity: Point, alpha: Double, backdrop: inout BackdropAlpha,
        _ context: MotionContext
    ) {
        let flight = ZoomFlight(
            start: context.time, origin: translation(at: context.time), velocity: velocity,
            target: landing.translation, progressFrom: 0, progressTo: 1)
        kind = .zoom(flight, landing)
        backdrop.mode = .fade(from: 0, alpha: alpha, to: 1)
    }

    /// Brings the content back from wherever it is (off screen, or leaving) to rest; from a
    /// source it landed on, it zooms back out of it.
    mutating func comeIn(toDetent index: Int, _ context: MotionContext) {
        if case .zoom(let flight, let landing) = kind, flight.progressTo == 1 {
            let time = context.time
            var back = ZoomFlight(
                start: time, origin: flight.translation(at: time), velocity: .zero,
                target: .zero, progressFrom: flight.progress(at: time), progressTo: 0)
            // Out of the source it grows back to the rest size, not the dragged one.
            back.sizeOrigin = .zero
            kind = .zoom(back, landing)
            return
        }
        kind = axesFromHere(
            context.configuration.presentSpring, to: .zero, velocity: .zero, context)
    }

    /// The content stays where it faded out.
    mutating func finishFadeOut(_ context: MotionContext) {}

    mutating func settle(leaving: Bool, _ context: MotionContext) -> Bool {
        let time = context.time
        switch kind {
        case .rest:
            return true
        case .axes(let x, let y):
            guard x.isSettled(at: time), y.isSettled(at: time) else { return false }
            kind = .rest(Point(x: x.to, y: y.to))
            return true
        case .leaving(let origin, let unit, let travel, let exit):
            guard travel.isSettled(at: time) || context.hasLeft(travel, edge: exit) else {
                return false
            }
            kind = .rest(origin + unit * exit)
            return true
        case .zoom(let flight, _):
            guard flight.isFinished(at: time) else { return false }
            // Landed, the content stays drawn on its source; back out, it is at rest.
            if flight.progressTo == 0 { kind = .rest(flight.translation(at: time)) }
            return true
        }
    }
}
