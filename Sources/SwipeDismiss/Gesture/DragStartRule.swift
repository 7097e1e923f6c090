/// Whether a drag may move the content, as data the machine checks when a press becomes a
/// pan: iOS's `interactiveDismissShouldBegin(_:)`, which is asked with the press location and
/// the velocity, answered here by a value instead of a call (a reducer never calls out).
///
/// A refused press is ignored until it is released: the content does not move, nothing is
/// tapped. A drag that catches a running animation is not asked (it already holds the
/// content); neither is a touchpad pan (it has no press).
public struct DragStartRule: Hashable, Sendable {
    /// Presses inside any of these rectangles (viewport points) never move the content: a
    /// scrubber, a toolbar, a strip along the top of a photo.
    public var excludedRegions: [Rect]
    /// The directions a drag may start in: the edge its velocity points at (its translation
    /// when it has no speed yet), by the larger component; nil allows every direction.
    /// `.free` in the set allows every direction too.
    public var directions: Set<DismissDirection>?
    /// The least speed a drag may start with, in points per second (0: any).
    public var minimumSpeed: Double

    /// A rule refusing presses in `excludedRegions`, drags starting in a direction outside
    /// `directions`, and drags slower than `minimumSpeed`.
    public init(
        excludedRegions: [Rect] = [], directions: Set<DismissDirection>? = nil,
        minimumSpeed: Double = 0
    ) {
        self.excludedRegions = excludedRegions
        self.directions = directions
        self.minimumSpeed = minimumSpeed
    }

    /// Every drag may begin (the default).
    public static let always = DragStartRule()

    /// Whether a drag pressed at `location`, moving at `velocity` (points per second) and
    /// `translation` from the press, may move the content. Non-finite input is refused.
    package func allows(location: Point, velocity: Point, translation: Point) -> Bool {
        guard location.isFinite else { return false }
        for region in excludedRegions where region.contains(location) { return false }
        let velocity = velocity.isFinite ? velocity : .zero
        if minimumSpeed > 0, !(velocity.length >= minimumSpeed) { return false }
        guard let directions, !directions.contains(.free) else { return true }
        let heading = velocity.length > 0 ? velocity : translation
        guard heading.isFinite, heading != .zero else { return false }
        let edge: DismissDirection =
            abs(heading.y) >= abs(heading.x)
            ? (heading.y > 0 ? .down : .up) : (heading.x > 0 ? .right : .left)
        return directions.contains(edge)
    }
}
