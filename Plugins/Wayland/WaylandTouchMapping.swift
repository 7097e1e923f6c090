import SwipeDismiss

/// What `wl_touch` events mean to the controller: the first finger drags as the pointer's
/// left button does, other fingers are ignored.
///
/// A `down` with no finger tracked (and nothing else pressing) is `.down` at its point and
/// that finger is tracked; its `motion` is `.move`, its `up` is `.up` where it was last seen.
/// Fingers that land while one is tracked, and everything they do, mean nothing, also after
/// the first lifts (a new drag starts only with a new `down`). `cancel` (the compositor took
/// the touch sequence over, for a system gesture) is `.cancel`, so the content springs back
/// as when a pointer drag leaves the window. Positions are surface-local, which is points.
public struct WaylandTouchMapping: Sendable {
    /// The id of the tracked finger (the one that drags), if any.
    public private(set) var finger: Int32?
    /// Where the tracked finger was last seen, in points.
    public private(set) var position = Point.zero

    /// Whether a finger is down and dragging.
    public var isPressed: Bool { finger != nil }

    /// No finger down.
    public init() {}

    /// `wl_touch.down` of touch point `id` at `point`; `blocked` when something else (the
    /// pointer's button) already presses, so that this finger is ignored.
    public mutating func down(id: Int32, at point: Point, blocked: Bool = false)
        -> InputEvent.Kind?
    {
        guard finger == nil, !blocked, point.isFinite else { return nil }
        finger = id
        position = point
        return .down(point)
    }

    /// `wl_touch.motion` of touch point `id` to `point`.
    public mutating func motion(id: Int32, to point: Point) -> InputEvent.Kind? {
        guard id == finger, point.isFinite else { return nil }
        position = point
        return .move(point)
    }

    /// `wl_touch.up` of touch point `id`.
    public mutating func up(id: Int32) -> InputEvent.Kind? {
        guard id == finger else { return nil }
        finger = nil
        return .up(position)
    }

    /// `wl_touch.cancel`: every touch point is gone.
    public mutating func cancel() -> InputEvent.Kind? {
        guard finger != nil else { return nil }
        finger = nil
        return .cancel
    }
}
