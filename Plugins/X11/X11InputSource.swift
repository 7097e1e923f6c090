package import CX11
import SwipeDismiss

/// Pointer and key input from an X window, as timestamped `InputEvent`s.
///
/// Every ButtonPress / MotionNotify / ButtonRelease of the left button becomes a
/// down / move / up in viewport points; the window asks for full motion (no
/// PointerMotionHintMask), so every sample the server produced reaches the controller even
/// when the loop renders fewer frames than that. Escape, Space and Return become keys, and
/// `y` and `n` (either case) become `.other("y")` and `.other("n")`, a prompt's answers.
/// Losing the pointer or the focus mid-drag (another client's grab, our implicit grab
/// ending without a release, FocusOut, unmap) is a `.cancel`. Server timestamps are
/// mapped onto `clock` with `ServerTimeMapping`; a synthetic event (`send_event`, from
/// another client's `XSendEvent`) or one stamped `CurrentTime` (0) carries no real time,
/// so it is stamped when it is read.
public final class X11InputSource: InputSource {
    public let clock: Clock
    /// Device pixels per point: event coordinates are divided by it.
    public var scale: Double
    private(set) var mapping = ServerTimeMapping()
    private let queue = QueuedInputSource()
    private struct RawEvent {
        var serverTime: Time?
        var kind: InputEvent.Kind
    }
    /// Events read but not yet mapped onto the clock.
    private var batch: [RawEvent] = []
    /// Whether the left button is down (a gesture is in progress).
    public private(set) var isPressed = false

    public init(clock: Clock, scale: Double = 1) {
        self.clock = clock
        self.scale = scale
    }

    public func events(upTo time: Double, into events: inout [InputEvent]) {
        mapBatch()
        queue.events(upTo: time, into: &events)
    }

    /// The oldest event not yet handed out: the loop steps soon after input arrives.
    public var nextEventTime: Double? {
        mapBatch()
        return queue.nextEventTime
    }

    /// Adds an event directly (for tests and tools); an older one is moved to the last time.
    package func enqueue(_ event: InputEvent) {
        mapBatch()
        queue.enqueue(event)
    }

    private func point(_ x: Int32, _ y: Int32) -> Point {
        Point(x: Double(x) / scale, y: Double(y) / scale)
    }

    /// Lets `serverTime` refine the clock offset at its read time; returns it for `add`, or
    /// nil (stamp it when read) for a synthetic event or `CurrentTime`: the sender chose
    /// that stamp, and mapping it would back-date the event to the last real one.
    private func stamped(_ serverTime: Time, of event: XEvent) -> Time? {
        guard event.xany.send_event == 0, serverTime != Time(CurrentTime) else { return nil }
        mapping.observe(serverTime: serverTime, now: clock.now)
        return serverTime
    }

    /// Holds an event until the batch read with it is complete (see `mapBatch`).
    private func add(_ serverTime: Time?, _ kind: InputEvent.Kind) {
        batch.append(RawEvent(serverTime: serverTime, kind: kind))
    }

    /// Maps the events read since the last call onto the clock, all with the offset that
    /// the newest of them settled: a burst read at once keeps the server's spacing instead
    /// of collapsing onto the read times (which made flicks of a million points a second).
    private func mapBatch() {
        guard !batch.isEmpty else { return }
        let now = clock.now
        for raw in batch {
            let time =
                raw.serverTime.map { mapping.map(serverTime: $0, now: now) }
                ?? mapping.unstamped(now: now)
            queue.enqueue(InputEvent(time: time, kind: raw.kind))
        }
        batch.removeAll(keepingCapacity: true)
    }

    /// Turns one X event into input, if it is input; returns whether it was.
    @discardableResult
    package func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case ButtonPress:
            guard event.xbutton.button == UInt32(Button1) else { return true }
            let time = stamped(event.xbutton.time, of: event)
            if isPressed { add(time, .cancel) }
            isPressed = true
            add(time, .down(point(event.xbutton.x, event.xbutton.y)))
        case ButtonRelease:
            guard event.xbutton.button == UInt32(Button1) else { return true }
            let time = stamped(event.xbutton.time, of: event)
            guard isPressed else { return true }
            isPressed = false
            add(time, .up(point(event.xbutton.x, event.xbutton.y)))
        case MotionNotify:
            let time = stamped(event.xmotion.time, of: event)
            guard isPressed else { return true }
            add(time, .move(point(event.xmotion.x, event.xmotion.y)))
        case KeyPress:
            let time = stamped(event.xkey.time, of: event)
            let key: Key
            switch Int32(truncatingIfNeeded: Xlib.lookupKeysym(&event.xkey)) {
            case XK_Escape: key = .escape
            case XK_space: key = .space
            case XK_Return, XK_KP_Enter: key = .enter
            // The answers to a confirmation prompt (the core's default confirm and
            // decline keys), named as traces name them.
            case XK_y, XK_Y: key = .other("y")
            case XK_n, XK_N: key = .other("n")
            default: return true
            }
            add(time, .key(key))
        case EnterNotify, LeaveNotify:
            let time = stamped(event.xcrossing.time, of: event)
            // Normal crossings during our implicit grab are fine (a drag may leave the
            // window); a crossing from a grab starting or ending means the grab is gone.
            let mode = event.xcrossing.mode
            if isPressed, mode == NotifyGrab || mode == NotifyUngrab {
                isPressed = false
                add(time, .cancel)
            }
        case FocusOut:
            // NotifyPointer is only the pointer-root focus following the pointer.
            if isPressed, event.xfocus.detail != NotifyPointer {
                isPressed = false
                add(nil, .cancel)
            }
        case UnmapNotify:
            if isPressed {
                isPressed = false
                add(nil, .cancel)
            }
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
