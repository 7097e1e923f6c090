import CX11
import SwipeDismiss

/// Pointer and key input from an X window, as timestamped `InputEvent`s.
///
/// Every ButtonPress / MotionNotify / ButtonRelease of the left button becomes a
/// down / move / up in viewport points; the window asks for full motion (no
/// PointerMotionHintMask), so every sample the server produced reaches the controller even
/// when the loop renders fewer frames than that. Escape, Space and Return become keys.
/// Losing the pointer or the focus mid-drag (another client's grab, our implicit grab
/// ending without a release, FocusOut, unmap) is a `.cancel`. Server timestamps are
/// mapped onto `clock` with `ServerTimeMapping`.
public final class X11InputSource: InputSource {
    public let clock: Clock
    /// Device pixels per point: event coordinates are divided by it.
    public var scale: Double
    private(set) var mapping = ServerTimeMapping()
    private let queue = QueuedInputSource()
    /// Whether the left button is down (a gesture is in progress).
    public private(set) var isPressed = false

    public init(clock: Clock, scale: Double = 1) {
        self.clock = clock
        self.scale = scale
    }

    public func events(upTo time: Double, into events: inout [InputEvent]) {
        queue.events(upTo: time, into: &events)
    }

    /// The oldest event not yet handed out: the loop steps soon after input arrives.
    public var nextEventTime: Double? { queue.nextEventTime }

    /// Whether events are waiting to be handed out.
    public var hasPendingEvents: Bool { queue.nextEventTime != nil }

    /// Adds an event directly (for tests and tools); an older one is moved to the last time.
    public func enqueue(_ event: InputEvent) {
        queue.enqueue(event)
    }

    private func point(_ x: Int32, _ y: Int32) -> Point {
        Point(x: Double(x) / scale, y: Double(y) / scale)
    }

    private func stamped(_ serverTime: Time) -> Double {
        mapping.map(serverTime: serverTime, now: clock.now)
    }

    /// Turns one X event into input, if it is input; returns whether it was.
    @discardableResult
    public func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case ButtonPress:
            guard event.xbutton.button == UInt32(Button1) else { return true }
            let time = stamped(event.xbutton.time)
            if isPressed { enqueue(InputEvent(time: time, kind: .cancel)) }
            isPressed = true
            enqueue(
                InputEvent(time: time, kind: .down(point(event.xbutton.x, event.xbutton.y))))
        case ButtonRelease:
            guard event.xbutton.button == UInt32(Button1) else { return true }
            let time = stamped(event.xbutton.time)
            guard isPressed else { return true }
            isPressed = false
            enqueue(InputEvent(time: time, kind: .up(point(event.xbutton.x, event.xbutton.y))))
        case MotionNotify:
            let time = stamped(event.xmotion.time)
            guard isPressed else { return true }
            enqueue(
                InputEvent(time: time, kind: .move(point(event.xmotion.x, event.xmotion.y))))
        case KeyPress:
            let time = stamped(event.xkey.time)
            let key: Key
            switch Int32(truncatingIfNeeded: Xlib.lookupKeysym(&event.xkey)) {
            case XK_Escape: key = .escape
            case XK_space: key = .space
            case XK_Return, XK_KP_Enter: key = .enter
            default: return true
            }
            enqueue(InputEvent(time: time, kind: .key(key)))
        case EnterNotify, LeaveNotify:
            let time = stamped(event.xcrossing.time)
            // Normal crossings during our implicit grab are fine (a drag may leave the
            // window); a crossing from a grab starting or ending means the grab is gone.
            let mode = event.xcrossing.mode
            if isPressed, mode == NotifyGrab || mode == NotifyUngrab { cancelGesture(at: time) }
        case FocusOut:
            // NotifyPointer is only the pointer-root focus following the pointer.
            if isPressed, event.xfocus.detail != NotifyPointer {
                cancelGesture(at: mapping.unstamped(now: clock.now))
            }
        case UnmapNotify:
            if isPressed { cancelGesture(at: mapping.unstamped(now: clock.now)) }
            return false
        default:
            return false
        }
        return true
    }

    /// Ends the gesture in progress as cancelled.
    public func cancelGesture(at time: Double) {
        guard isPressed else { return }
        isPressed = false
        enqueue(InputEvent(time: time, kind: .cancel))
    }
}
