internal import CWayland
internal import CWaylandProtocols
import Glibc
import SwipeDismiss
import SwipeDismissHost

/// Pointer, touch, scroll and key input from a Wayland seat, as timestamped `InputEvent`s.
///
/// The pointer goes through `WaylandPointerMapping` one `wl_pointer.frame` at a time (with
/// a seat older than version 5, every event is its own frame); a touchscreen through
/// `WaylandTouchMapping` (the first finger drags as the pointer does, others are ignored,
/// `cancel` springs back); keys through
/// `WaylandKeyboard` (xkbcommon): Escape, Space, Return/Enter, Page Up/Down, Home, End, and
/// `y` / `n` as `.other("y")` / `.other("n")`, a prompt's answers. The compositor's
/// millisecond timestamps are mapped onto `clock` (`DeviceTimeMapper`, a stamp of 0 being a time), so velocities come
/// from when the device reported, not when the loop read.
public final class WaylandInputSource: InputSource {
    /// The time source event times are mapped onto.
    public let clock: TimeSource
    private let display: WaylandDisplay
    private var pointer: OpaquePointer?
    private var keyboard: OpaquePointer?
    private var touch: OpaquePointer?
    private var hold: OpaquePointer?
    private lazy var cursor = WaylandCursor(display: display)
    private var holdCaught = false
    private var mapping = WaylandPointerMapping()
    private var touches = WaylandTouchMapping()
    private var keys = WaylandKeyboard()
    private var time = DeviceTimeMapper(zeroStamp: .time)
    private var frameTime: UInt32?
    private let queue = QueuedInputSource()
    private var scratch: [InputEvent.Kind] = []
    /// Whether every pointer event is a frame of its own (seat version < 5).
    private let framesEachEvent: Bool

    /// Whether the left button is held (or a finger drags, or a hold gesture holds the
    /// content).
    public var isPressed: Bool { mapping.isPressed || touches.isPressed || holdCaught }

    /// Asked when a touchpad hold begins (fingers resting, pointer-gestures v3) with the
    /// pointer's position: whether the hold should catch the content there. The host answers
    /// from its controller (an animation running, the point on the content); nil or false
    /// lets the hold pass. A caught hold is a `.down` at its begin and an `.up` at its end, so
    /// two resting fingers stop a settling sheet as a press would, and lifting them lets it
    /// settle from where it was caught.
    public var catchesOnHold: ((Point) -> Bool)?
    /// Whether the window has the seat's keyboard focus (`wl_keyboard.enter` until `leave`).
    public private(set) var hasKeyboardFocus = false {
        didSet {
            if hasKeyboardFocus != oldValue { onKeyboardFocusChange?(hasKeyboardFocus) }
        }
    }
    /// Told each time the window gains (true) or loses (false) the keyboard focus: what an
    /// accessibility bridge's `windowIsActive` follows. Nil by default.
    public var onKeyboardFocusChange: ((Bool) -> Void)?
    /// How many pointer frames were read (tests).
    public private(set) var pointerFrames = 0
    /// Whether the seat has a pointer and a keyboard.
    public var capabilities: (pointer: Bool, keyboard: Bool) { (pointer != nil, keyboard != nil) }
    /// Whether the seat has a touchscreen (`wl_touch`).
    public var hasTouch: Bool { touch != nil }

    /// A source listening to `display`'s seat (if it has one), stamping events on `clock`.
    public init(display: WaylandDisplay, clock: TimeSource) {
        self.display = display
        self.clock = clock
        framesEachEvent = display.seatVersion < 5
        scratch.reserveCapacity(8)
        display.seatCapabilitiesChanged = { [unowned self] raw in capabilities(raw) }
        capabilities(display.seatCapabilities)
    }

    deinit {
        if let hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
        if let pointer { releasePointer(pointer, version: display.seatVersion) }
        if let keyboard { releaseKeyboard(keyboard, version: display.seatVersion) }
        if let touch { releaseTouch(touch, version: display.seatVersion) }
    }

    /// The time of the first event read and not yet handed out: the controller wakes for it.
    public var nextEventTime: Double? { queue.nextEventTime }

    /// Hands out the events read so far up to `time`.
    public func events(upTo time: Double, into events: inout [InputEvent]) {
        queue.events(upTo: time, into: &events)
    }

    private func capabilities(_ raw: UInt32) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let hasPointer = raw & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = raw & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        let hasTouch = raw & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if hasTouch, touch == nil, let seat = display.seat {
            touch = wl_seat_get_touch(seat)
            wl_touch_add_listener(touch, Self.touchListener, me)
        } else if !hasTouch, let touch {
            releaseTouch(touch, version: display.seatVersion)
            self.touch = nil
            // The touchscreen went away under a finger: as a cancel.
            touched(touches.cancel(), at: nil)
        }
        if hasPointer, pointer == nil, let seat = display.seat {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, Self.pointerListener, me)
            if let gestures = display.pointerGestures, display.pointerGesturesVersion >= 3 {
                hold = zwp_pointer_gestures_v1_get_hold_gesture(gestures, pointer)
                zwp_pointer_gesture_hold_v1_add_listener(hold, Self.holdListener, me)
            }
        } else if !hasPointer, let pointer {
            if let hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
            hold = nil
            releasePointer(pointer, version: display.seatVersion)
            self.pointer = nil
        }
        if hasKeyboard, keyboard == nil, let seat = display.seat {
            keyboard = wl_seat_get_keyboard(seat)
            wl_keyboard_add_listener(keyboard, Self.keyboardListener, me)
        } else if !hasKeyboard, let keyboard {
            releaseKeyboard(keyboard, version: display.seatVersion)
            self.keyboard = nil
            hasKeyboardFocus = false
        }
    }

    /// Notes the event's compositor time; with an old seat, ends the frame at once.
    private func pointerEvent(_ milliseconds: UInt32?) {
        if let milliseconds { frameTime = milliseconds }
        if framesEachEvent { pointerFrame() }
    }

    private func pointerFrame() {
        pointerFrames += 1
        scratch.removeAll(keepingCapacity: true)
        mapping.frame(into: &scratch)
        guard !scratch.isEmpty else { return }
        let stamp = time.map(milliseconds: frameTime, now: clock.now)
        frameTime = nil
        for kind in scratch { queue.enqueue(InputEvent(time: stamp, kind: kind)) }
    }

    /// Queues what a touch event meant (if anything), stamped with its compositor time.
    private func touched(_ kind: InputEvent.Kind?, at milliseconds: UInt32?) {
        guard let kind else { return }
        queue.enqueue(
            InputEvent(time: time.map(milliseconds: milliseconds, now: clock.now), kind: kind))
    }

    private func holdBegan(_ milliseconds: UInt32) {
        let position = mapping.position
        guard !mapping.isPressed, !touches.isPressed, !holdCaught, catchesOnHold?(position) == true
        else { return }
        holdCaught = true
        queue.enqueue(
            InputEvent(
                time: time.map(milliseconds: milliseconds, now: clock.now), kind: .down(position)))
    }

    private func holdEnded(_ milliseconds: UInt32) {
        guard holdCaught else { return }
        holdCaught = false
        queue.enqueue(
            InputEvent(
                time: time.map(milliseconds: milliseconds, now: clock.now),
                kind: .up(mapping.position)))
    }

    private func key(_ milliseconds: UInt32, _ code: UInt32, pressed: Bool) {
        guard pressed, let key = keys.key(forEvdevCode: code) else { return }
        queue.enqueue(
            InputEvent(time: time.map(milliseconds: milliseconds, now: clock.now), kind: .key(key)))
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandInputSource {
        Unmanaged<WaylandInputSource>.fromOpaque(data!).takeUnretainedValue()
    }

    private static func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
        Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    }

    nonisolated(unsafe) private static let pointerListener:
        UnsafeMutablePointer<wl_pointer_listener> = {
            let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
            listener.initialize(
                to: wl_pointer_listener(
                    enter: { data, pointer, serial, _, x, y in
                        let source = from(data)
                        if let pointer { source.cursor?.show(on: pointer, serial: serial) }
                        source.mapping.enter(at: point(x, y))
                        source.pointerEvent(nil)
                    },
                    leave: { data, _, _, _ in
                        let source = from(data)
                        source.mapping.leave()
                        source.pointerEvent(nil)
                    },
                    motion: { data, _, time, x, y in
                        let source = from(data)
                        source.mapping.motion(to: point(x, y))
                        source.pointerEvent(time)
                    },
                    button: { data, _, _, time, button, state in
                        let source = from(data)
                        source.mapping.button(
                            button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
                        source.pointerEvent(time)
                    },
                    axis: { data, _, time, axis, value in
                        let source = from(data)
                        source.mapping.axis(
                            vertical: axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue,
                            value: wl_fixed_to_double(value))
                        source.pointerEvent(time)
                    },
                    frame: { data, _ in from(data).pointerFrame() },
                    axis_source: { data, _, raw in from(data).mapping.axisSource(raw) },
                    axis_stop: { data, _, time, _ in
                        let source = from(data)
                        source.mapping.axisStop()
                        source.pointerEvent(time)
                    },
                    axis_discrete: { data, _, axis, steps in
                        from(data).mapping.axisSteps(
                            vertical: axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue,
                            steps: Double(steps))
                    },
                    axis_value120: { data, _, axis, value in
                        from(data).mapping.axisSteps(
                            vertical: axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue,
                            steps: Double(value) / 120)
                    }))
            return listener
        }()

    nonisolated(unsafe) private static let holdListener:
        UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener> = {
            let listener = UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener>.allocate(
                capacity: 1)
            listener.initialize(
                to: zwp_pointer_gesture_hold_v1_listener(
                    begin: { data, _, _, time, _, _ in from(data).holdBegan(time) },
                    end: { data, _, _, time, _ in from(data).holdEnded(time) }))
            return listener
        }()

    nonisolated(unsafe) private static let touchListener: UnsafeMutablePointer<wl_touch_listener> =
        {
            let listener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
            listener.initialize(
                to: wl_touch_listener(
                    down: { data, _, _, time, _, id, x, y in
                        let source = from(data)
                        let blocked = source.mapping.isPressed || source.holdCaught
                        source.touched(
                            source.touches.down(id: id, at: point(x, y), blocked: blocked),
                            at: time)
                    },
                    up: { data, _, _, time, id in
                        let source = from(data)
                        source.touched(source.touches.up(id: id), at: time)
                    },
                    motion: { data, _, time, id, x, y in
                        let source = from(data)
                        source.touched(source.touches.motion(id: id, to: point(x, y)), at: time)
                    },
                    frame: { _, _ in },
                    cancel: { data, _ in
                        let source = from(data)
                        source.touched(source.touches.cancel(), at: nil)
                    },
                    shape: { _, _, _, _, _ in },
                    orientation: { _, _, _, _ in }))
            return listener
        }()

    nonisolated(unsafe) private static let keyboardListener:
        UnsafeMutablePointer<wl_keyboard_listener> = {
            let listener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
            listener.initialize(
                to: wl_keyboard_listener(
                    keymap: { data, _, format, fd, size in
                        from(data).keys.load(format: format, descriptor: fd, size: Int(size))
                    },
                    enter: { data, _, _, _, _ in from(data).hasKeyboardFocus = true },
                    leave: { data, _, _, _ in from(data).hasKeyboardFocus = false },
                    key: { data, _, _, time, key, state in
                        from(data).key(
                            time, key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
                    },
                    modifiers: { data, _, _, depressed, latched, locked, group in
                        from(data).keys.modifiers(
                            depressed: depressed, latched: latched, locked: locked, group: group)
                    },
                    repeat_info: { _, _, _, _ in }))
            return listener
        }()
}

/// `release` (version 3 and later) or `destroy`.
private func releasePointer(_ pointer: OpaquePointer, version: UInt32) {
    if version >= 3 { wl_pointer_release(pointer) } else { wl_pointer_destroy(pointer) }
}

private func releaseTouch(_ touch: OpaquePointer, version: UInt32) {
    if version >= 3 { wl_touch_release(touch) } else { wl_touch_destroy(touch) }
}

private func releaseKeyboard(_ keyboard: OpaquePointer, version: UInt32) {
    if version >= 3 { wl_keyboard_release(keyboard) } else { wl_keyboard_destroy(keyboard) }
}
