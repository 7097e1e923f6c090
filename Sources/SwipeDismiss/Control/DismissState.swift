/// Where a presentation is in its life.
public enum DismissPhase: String, Hashable, Sendable, CaseIterable {
    /// The content is animating in.
    case presenting
    /// The content is at rest, on screen.
    case presented
    /// A finger (or pointer) is moving the content.
    case dragging
    /// Released short of dismissal: springing back to rest.
    case settling
    /// On its way out.
    case dismissing
    /// Gone; a new presentation may start.
    case dismissed
}

/// What the controller publishes: everything a presenter needs to lay out a frame.
public struct DismissState: Hashable, Sendable {
    /// The controller's clock when this state was computed, in seconds.
    public var time: Double
    /// The content's translation along the dismiss direction from where the presenter lays
    /// it out (the top detent), in points (negative: the wrong way).
    public var offset: Double
    /// The backdrop's alpha, 0...1.
    public var alpha: Double
    /// How far along the dismissal is: 0 at the top detent, 1 off screen (the offset over
    /// the dismiss distance when the top detent is at offset 0), clamped to 0...1.
    public var progress: Double
    /// Where the presentation is in its life at `time`.
    public var phase: DismissPhase
    /// The detent the content rests at or heads to (`.dismissed` when leaving or gone;
    /// while dragging, the detent nearest to the content).
    public var detent: Detent.ID?
    /// The content's opacity: 1 except during reduced motion's cross-fades (and 0 once
    /// dismissed).
    public var contentOpacity: Double
    /// Whether a vetoed dismissal waits for the app's answer (a presenter may show a
    /// confirmation prompt).
    public var isDismissAttemptPending: Bool
    /// The content's list's offset in points: 0 at its top, positive scrolled into it (0
    /// for content without a list).
    public var scroll: Double
    /// The content's 2-D translation from rest, in points: `direction.unit · offset` along
    /// an edge; under `.free` the pose itself, whose length is `offset`.
    public var translation: Point
    /// The content part-way into (or landed on) its zoom source; nil when it is not zooming.
    public var zoom: ZoomPose?
    /// The lowest resting detent's offset (`DetentLayout.lowest`): where a detent-sized
    /// sheet stops getting shorter and its footer starts riding down with it.
    public var lowestDetentOffset: Double

    /// A state with every field given, as a trace or a test spells it.
    public init(
        time: Double, offset: Double, alpha: Double, progress: Double, phase: DismissPhase,
        detent: Detent.ID? = .open, contentOpacity: Double = 1,
        isDismissAttemptPending: Bool = false, scroll: Double = 0, translation: Point? = nil,
        zoom: ZoomPose? = nil, lowestDetentOffset: Double = 0
    ) {
        self.time = time
        self.offset = offset
        self.alpha = alpha
        self.progress = progress
        self.phase = phase
        self.detent = detent
        self.contentOpacity = contentOpacity
        self.isDismissAttemptPending = isDismissAttemptPending
        self.scroll = scroll
        self.translation = translation ?? Point(x: 0, y: offset)
        self.zoom = zoom
        self.lowestDetentOffset = lowestDetentOffset
    }

    /// Where the content is moved to for `direction`: `direction.unit · offset` along an
    /// edge, `translation` under `.free`.
    public func translation(along direction: DismissDirection) -> Point {
        direction == .free ? translation : direction.unit * offset
    }

    /// Whether a renderer would draw something different for `other` (time aside).
    package func looksDifferent(from other: DismissState) -> Bool {
        offset != other.offset || alpha != other.alpha || phase != other.phase
            || contentOpacity != other.contentOpacity
            || isDismissAttemptPending != other.isDismissAttemptPending || scroll != other.scroll
            || translation != other.translation || zoom != other.zoom
            || lowestDetentOffset != other.lowestDetentOffset
    }
}

/// The direction in which the content leaves: one of the four edges, or `.free` (2-D).
public enum DismissDirection: String, Hashable, Sendable, CaseIterable {
    /// Leaves by the bottom edge; the content rises from it.
    case down
    /// Leaves by the top edge.
    case up
    /// Leaves by the left edge.
    case left
    /// Leaves by the right edge.
    case right
    /// Moves in any direction (two dimensions) and leaves by whichever edge its flick (or,
    /// slower, its offset) points at.
    case free

    /// The unit vector of the direction, in viewport coordinates (y grows down).
    ///
    /// `.free` has no one axis: its unit is `.down`'s, which the one-axis readings fall back
    /// to (a release from rest with no speed leaves downwards, as in a photo viewer).
    package var unit: Point {
        switch self {
        case .down, .free: Point(x: 0, y: 1)
        case .up: Point(x: 0, y: -1)
        case .left: Point(x: -1, y: 0)
        case .right: Point(x: 1, y: 0)
        }
    }

    /// The component of `vector` along this direction.
    package func component(of vector: Point) -> Double {
        vector.x * unit.x + vector.y * unit.y
    }
}
