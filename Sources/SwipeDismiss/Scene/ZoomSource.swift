/// Where a zoom dismissal lands: the rectangle on the screen behind (a thumbnail) the content
/// came from, and its corner radius, in viewport points.
///
/// iOS's zoom transition asks its `sourceViewProvider` for this at presentation and again at
/// dismissal; here a `PhotoPresenter`'s `sourceProvider` answers, and the controller hands the
/// answer to the machine before each call, so the dismissal lands on the source the app shows
/// when it starts (after paging to another photo, that photo's thumbnail).
public struct ZoomSource: Hashable, Sendable {
    /// The source's frame in viewport points.
    public var frame: Rect
    /// The source's corner radius in points (0: square corners).
    public var cornerRadius: Double

    /// A source at `frame` with `cornerRadius`.
    public init(frame: Rect, cornerRadius: Double = 0) {
        self.frame = frame
        self.cornerRadius = cornerRadius
    }

    /// Whether the source can be landed on: finite, a positive width and height, and a corner
    /// radius from 0 to half the shorter side.
    package var isValid: Bool {
        frame.origin.isFinite && frame.width.isFinite && frame.height.isFinite
            && frame.width > 0 && frame.height > 0 && cornerRadius.isFinite && cornerRadius >= 0
            && cornerRadius <= min(frame.width, frame.height) / 2
    }
}

/// What the machine needs to land the content on a source: the source, and where the content
/// rests (its centre is the translation's origin, its size the size it shrinks from).
public struct ZoomLanding: Hashable, Sendable {
    /// The rectangle and corner radius to land on.
    public var source: ZoomSource
    /// The content's frame at rest, in viewport points.
    public var restFrame: Rect

    /// The translation from rest that puts the content's centre on the source's centre.
    package var translation: Point { source.frame.center - restFrame.center }
}

/// The content part-way into (or out of) its source: `DismissState.zoom` while a zoom flight
/// runs and after it lands.
///
/// A presenter draws the content's frame (clipped) at `size(restScale:)`, centred on the rest
/// centre plus `DismissState.translation`, with corner radius `cornerRadius`.
public struct ZoomPose: Hashable, Sendable {
    /// 0 where the flight started from the dragged content, 1 on the source.
    public var progress: Double
    /// The content's translation when the flight started (the size it shrinks from is the
    /// presenter's scale there).
    public var origin: Point
    /// The landing flown to (or from).
    public var landing: ZoomLanding

    /// The drawn (clipped) frame's size, from the rest frame at `restScale` (the presenter's
    /// scale at `origin`) to the source's size.
    package func size(restScale: Double) -> Size {
        let rest = landing.restFrame.size
        let target = landing.source.frame.size
        return Size(
            width: rest.width * restScale + (target.width - rest.width * restScale) * progress,
            height: rest.height * restScale + (target.height - rest.height * restScale) * progress)
    }

    /// The drawn frame's corner radius: from square to the source's radius.
    package var cornerRadius: Double { landing.source.cornerRadius * progress }
}
