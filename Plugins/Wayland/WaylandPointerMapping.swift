import SwipeDismiss
import SwipeDismissHost

/// What `wl_pointer` events mean to the controller, one pointer frame at a time.
///
/// Positions are surface-local, which is points. The left button (`BTN_LEFT`) presses,
/// drags and releases (`.down`, `.move`, `.up`); leaving the surface with it held cancels.
/// Axis events are grouped by `wl_pointer.frame` and told apart by `axis_source`:
/// - `finger` (a touchpad): `.scroll(…, source: .touchpad)` of the frame's summed values,
///   and `axis_stop` ends the stream with `.scrollStop` in that same frame (no timeout);
/// - `continuous`: a touchpad-like stream whose `axis_stop`, when the compositor sends one, ends
///   it (otherwise the core's timeout does);
/// - `wheel`, `wheel_tilt`, or no source (seat version < 5): `.scroll(…, source: .wheel)` of
///   `wheelPointsPerNotch` per notch (`axis_discrete`, or `axis_value120` / 120), or of the
///   value scaled by `wheelPointsPerNotch / 10` without steps (10 is libinput's and weston's
///   distance per notch). A wheel never drags the content.
///
/// Signs as in the X11 plugin: a positive vertical axis value scrolls the document down,
/// which moves content up, so `dy = -value`.
public struct WaylandPointerMapping: Sendable {
    /// Where a frame's axis events come from (`wl_pointer.axis_source`).
    public enum AxisSource: UInt32, Sendable {
        /// A wheel with discrete notches.
        case wheel = 0
        /// Fingers on a touchpad; ends with `axis_stop`.
        case finger = 1
        /// A continuous device (a trackpoint's scroll button).
        case continuous = 2
        /// A wheel tilted sideways.
        case wheelTilt = 3
    }

    /// Points per wheel notch: the host layer's `HostInput.wheelPointsPerNotch`, as on X11.
    public static let wheelPointsPerNotch = HostInput.wheelPointsPerNotch
    /// `BTN_LEFT` from `linux/input-event-codes.h`.
    public static let leftButton: UInt32 = 0x110
    /// The back buttons: `BTN_SIDE` (0x113, X11's button 8, the usual thumb button) and
    /// `BTN_BACK` (0x116, on mice that name it so). A press is the `.back` key.
    public static let backButtons: [UInt32] = [0x113, 0x116]

    /// The pointer's last position in points.
    public private(set) var position = Point.zero
    /// Whether the left button is held (a drag may be under way).
    public private(set) var isPressed = false
    /// Whether the pointer is over the surface.
    public private(set) var isInside = false

    private var moved = false
    private var button: Bool?
    private var backPressed = false
    private var left = false
    private var axis = (x: 0.0, y: 0.0)
    private var steps = (x: 0.0, y: 0.0)
    private var hasAxis = false
    private var hasSteps = false
    private var source: AxisSource?
    private var stopped = false

    /// A pointer outside the surface, nothing held.
    public init() {}

    /// `wl_pointer.enter` at `point`.
    public mutating func enter(at point: Point) {
        isInside = true
        position = point
    }

    /// `wl_pointer.leave`.
    public mutating func leave() {
        isInside = false
        left = true
    }

    /// `wl_pointer.motion` to `point`.
    public mutating func motion(to point: Point) {
        guard point.isFinite else { return }
        position = point
        moved = true
    }

    /// `wl_pointer.button`: `code` pressed or released (`BTN_LEFT` drags, a back button's
    /// press is the `.back` key, others are ignored).
    public mutating func button(_ code: UInt32, pressed: Bool) {
        if code == Self.backButtons[0] || code == Self.backButtons[1] {
            if pressed { backPressed = true }
            return
        }
        guard code == Self.leftButton else { return }
        button = pressed
    }

    /// `wl_pointer.axis`: `value` along the vertical axis (or the horizontal one).
    public mutating func axis(vertical: Bool, value: Double) {
        guard value.isFinite else { return }
        if vertical { axis.y += value } else { axis.x += value }
        hasAxis = true
    }

    /// `wl_pointer.axis_source` for this frame.
    public mutating func axisSource(_ raw: UInt32) {
        source = AxisSource(rawValue: raw)
    }

    /// `wl_pointer.axis_stop`: the fingers lifted.
    public mutating func axisStop() {
        stopped = true
    }

    /// `wl_pointer.axis_discrete` (`steps` notches) or `axis_value120` (`steps` = value / 120).
    public mutating func axisSteps(vertical: Bool, steps count: Double) {
        guard count.isFinite else { return }
        if vertical { steps.y += count } else { steps.x += count }
        hasSteps = true
    }

    /// `wl_pointer.frame`: appends what the frame's events mean, in order, to `events`.
    public mutating func frame(into events: inout [InputEvent.Kind]) {
        defer {
            moved = false
            button = nil
            backPressed = false
            left = false
            axis = (0, 0)
            steps = (0, 0)
            hasAxis = false
            hasSteps = false
            source = nil
            stopped = false
        }
        if moved, isPressed, button != false { events.append(.move(position)) }
        if let button, button != isPressed {
            isPressed = button
            events.append(button ? .down(position) : .up(position))
        }
        if hasAxis || hasSteps {
            switch source {
            case .finger?, .continuous?:
                if axis.x != 0 || axis.y != 0 {
                    events.append(.scroll(dx: -axis.x, dy: -axis.y, source: .touchpad))
                }
            case .wheel?, .wheelTilt?, nil:
                let notch = Self.wheelPointsPerNotch
                let x = hasSteps ? steps.x * notch : axis.x * notch / 10
                let y = hasSteps ? steps.y * notch : axis.y * notch / 10
                if x != 0 || y != 0 { events.append(.scroll(dx: -x, dy: -y, source: .wheel)) }
            }
        }
        if stopped, source != .wheel, source != .wheelTilt { events.append(.scrollStop) }
        if left, isPressed {
            isPressed = false
            events.append(.cancel)
        }
        if backPressed { events.append(.key(.back)) }
    }
}
