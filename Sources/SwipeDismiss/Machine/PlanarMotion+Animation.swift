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
        let configuration = context.configuration
        let layout = context.layout
        let velocity = velocity.isFinite ? velocity : .zero
        let here = translation(at: context.time)
        let speed = velocity.length
        let unit: Point
        if speed >= configuration.freeExitSpeed {
            unit = velocity * (1 / speed)
        } else if here.length > 0 {
            unit = here * (1 / here.length)
        } else {
            unit = DismissDirection.free.unit
        }
        let along =
            speed >= configuration.freeExitSpeed
            ? speed : max(0, velocity.x * unit.x + velocity.y * unit.y)
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

    /// Brings the content back from wherever it is (off screen, or leaving) to rest.
    mutating func comeIn(toDetent index: Int, _ context: MotionContext) {
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
        }
    }
}
