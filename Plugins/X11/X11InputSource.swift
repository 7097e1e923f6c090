package import CX11
import Glibc
import SwipeDismiss

/// Pointer, scroll and key input from an X window, as timestamped `InputEvent`s.
///
/// With XInput 2.2 (`init(clock:scale:window:useXInput2:)` on a server that has it) the
/// pointer, touches and smooth scrolling come from XI2 device events through
/// `XInput2Mapping`: sub-pixel positions, the first touch as a pointer, a touchpad's scroll
/// valuators as `.scroll(…, source: .touchpad)` with its scroll-stop, and wheel buttons 4–7
/// as `.wheel`, each counted once. A client that selects XI2 on a window gets no core
/// button or motion events from it, so nothing arrives twice. Without XI2 (an older server,
/// `SWIPEDISMISS_NO_XI2=1`, or `init(clock:scale:)`) it reads core events: every
/// ButtonPress / MotionNotify / ButtonRelease of the left button becomes a down / move / up
/// in viewport points, and buttons 4–7 are wheel clicks of 53 pt.
///
/// The window asks for full motion (no PointerMotionHintMask), so every sample the server
/// produced reaches the controller even when the loop renders fewer frames than that.
/// Keys go through the core's one keysym table (`Key(keysym:modifiers:)`, shared with the
/// Wayland plugin): Escape, Space, Return, the page keys, Tab and Shift+Tab, Ctrl+Up and
/// Ctrl+Down, `XF86Back` and Alt+Left, and `y` and `n` (a prompt's answers); mouse button 8
/// is the back key too (core and XInput2 paths). Losing the pointer or the focus
/// mid-drag (another client's grab, our implicit grab ending without a release, FocusOut,
/// unmap) is a `.cancel`. Server timestamps are mapped onto `clock` with
/// `ServerTimeMapping`; a synthetic event (`send_event`, from another client's
/// `XSendEvent`) or one stamped `CurrentTime` (0) carries no real time, so it is stamped
/// when it is read.
public final class X11InputSource: InputSource {
    /// Which X input path a source reads.
    public enum Path: Equatable, Sendable {
        /// XInput2 at the version the server agreed to.
        case xinput2(major: Int32, minor: Int32)
        /// Core X events, and why not XInput2.
        case core(reason: String)

        /// One line for stderr, such as `input: XInput 2.4` or
        /// `input: core X events (XInput 2.0 is older than 2.2)`.
        public var description: String {
            switch self {
            case .xinput2(let major, let minor): "input: XInput \(major).\(minor)"
            case .core(let reason): "input: core X events (\(reason))"
            }
        }
    }

    /// The environment variable that, set to anything but empty or `0`, turns XInput2 off.
    public static let disableXInput2Variable = "SWIPEDISMISS_NO_XI2"

    /// The time source that server timestamps are mapped onto.
    public let clock: TimeSource
    /// Device pixels per point: event coordinates are divided by it.
    public var scale: Double {
        didSet { xiMapping.scale = scale }
    }
    /// The input path in use.
    public let path: Path
    private(set) var mapping = ServerTimeMapping()
    private let queue = QueuedInputSource()
    private struct RawEvent {
        var serverTime: Time?
        var kind: InputEvent.Kind
    }
    /// Events read but not yet mapped onto the clock.
    private var batch: [RawEvent] = []
    /// Whether the left button is down under core events.
    private var corePressed = false
    private let xinput: X11XInput2?
    private var xiMapping: XInput2Mapping
    private var mapped: [XI2MappedEvent] = []

    /// Whether a gesture (the left button, or under XInput2 a driving touch) is down.
    public var isPressed: Bool { xinput == nil ? corePressed : xiMapping.isPressed }

    /// A source reading core X events only (handed to it by the event loop).
    public init(clock: TimeSource, scale: Double = 1) {
        self.clock = clock
        self.scale = scale
        path = .core(reason: "XInput2 not requested")
        xinput = nil
        xiMapping = XInput2Mapping(scale: scale, touchSelected: false)
        batch.reserveCapacity(16)
    }

    /// A source for `window` that selects XInput 2.2 events on it when the server has
    /// them and `useXInput2` (by default: unless `SWIPEDISMISS_NO_XI2` is set); otherwise
    /// it reads core events, and `path` says why. Call before mapping the window.
    public init(
        clock: TimeSource, scale: Double = 1, window: X11Window,
        useXInput2: Bool = X11InputSource.xinput2Allowed()
    ) {
        self.clock = clock
        self.scale = scale
        batch.reserveCapacity(16)
        mapped.reserveCapacity(16)
        var chosen: X11XInput2?
        if !useXInput2 {
            path = .core(reason: "XInput2 turned off")
        } else if let xinput = X11XInput2(display: window.display) {
            if xinput.select(on: window) {
                chosen = xinput
                path = .xinput2(major: xinput.major, minor: xinput.minor)
            } else {
                path = .core(reason: "the server refused the XInput2 selection")
            }
        } else {
            path = .core(reason: X11XInput2.probe(window.display).description)
        }
        xinput = chosen
        xiMapping = XInput2Mapping(scale: scale, touchSelected: chosen?.touchSelected ?? false)
        chosen?.refreshDevices(in: &xiMapping)
    }

    /// Whether the process environment allows XInput2 (`SWIPEDISMISS_NO_XI2` unset, empty
    /// or `0`).
    public static func xinput2Allowed() -> Bool {
        xinput2Allowed(variable: getenv(disableXInput2Variable).map { String(cString: $0) })
    }

    /// Whether a value of `SWIPEDISMISS_NO_XI2` (nil: unset) allows XInput2.
    public static func xinput2Allowed(variable value: String?) -> Bool {
        guard let value else { return true }
        return value.isEmpty || value == "0"
    }

    /// Maps the X events read so far and hands over the queued input due by `time`.
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
        observe(serverTime)
        return serverTime
    }

    /// Lets a real server time refine the clock offset at its read time.
    private func observe(_ serverTime: Time) {
        guard serverTime != Time(CurrentTime) else { return }
        mapping.observe(serverTime: serverTime, now: clock.now)
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

    /// Turns one X event a host read itself into input, if it is input; returns whether it
    /// was. `event` points to an `XEvent` just returned by `XNextEvent` on the window's
    /// connection (a host with its own Xlib binding passes `&event`); for XInput2 events the
    /// cookie must still be unread.
    @discardableResult
    public func handle(event: UnsafeMutableRawPointer) -> Bool {
        handle(&event.assumingMemoryBound(to: XEvent.self).pointee)
    }

    /// Turns one X event into input, if it is input; returns whether it was.
    ///
    /// The event loop calls it right after `XNextEvent`, so an XInput2 cookie is still
    /// unread. Package-only: Xlib's types are not part of the public API.
    @discardableResult
    package func handle(_ event: inout XEvent) -> Bool {
        if let xinput, xinput.handle(&event, mapping: &xiMapping, into: &mapped) {
            // Hover motion maps to nothing but still teaches the clock offset.
            if let time = xiMapping.lastServerTime { observe(Time(time)) }
            flushMapped()
            return true
        }
        switch event.type {
        case ButtonPress:
            let time = stamped(event.xbutton.time, of: event)
            let button = event.xbutton.button
            if let click = Self.wheelClick(button: button) {
                add(time, click)
                return true
            }
            if let key = Key(mouseButton: button) {
                // Button 8 is back, anywhere in the window.
                add(time, .key(key))
                return true
            }
            guard button == UInt32(Button1) else { return true }
            if corePressed { add(time, .cancel) }
            corePressed = true
            add(time, .down(point(event.xbutton.x, event.xbutton.y)))
        case ButtonRelease:
            guard event.xbutton.button == UInt32(Button1) else { return true }
            let time = stamped(event.xbutton.time, of: event)
            guard corePressed else { return true }
            corePressed = false
            add(time, .up(point(event.xbutton.x, event.xbutton.y)))
        case MotionNotify:
            let time = stamped(event.xmotion.time, of: event)
            guard corePressed else { return true }
            add(time, .move(point(event.xmotion.x, event.xmotion.y)))
        case KeyPress:
            let time = stamped(event.xkey.time, of: event)
            // The one keysym table (the core's `Key(keysym:modifiers:)`), on the unshifted
            // keysym with the event's modifiers: Shift+Tab is Tab with Shift here.
            let keysym = UInt32(truncatingIfNeeded: Xlib.lookupKeysym(&event.xkey))
            let modifiers = KeyModifiers(x11State: UInt32(truncatingIfNeeded: event.xkey.state))
            guard let key = Key(keysym: keysym, modifiers: modifiers) else { return true }
            add(time, .key(key))
        case EnterNotify, LeaveNotify:
            let time = stamped(event.xcrossing.time, of: event)
            // Normal crossings during our implicit grab are fine (a drag may leave the
            // window); a crossing from a grab starting or ending means the grab is gone.
            let mode = event.xcrossing.mode
            if mode == NotifyGrab || mode == NotifyUngrab {
                cancelPress(time)
            } else if event.type == EnterNotify, mode == NotifyNormal {
                // The scroll valuators may have moved while the pointer was elsewhere:
                // reseed every baseline so the first delta back is neither lost nor doubled.
                xinput?.refreshDevices(in: &xiMapping)
            }
        case FocusOut:
            // NotifyPointer is only the pointer-root focus following the pointer.
            if event.xfocus.detail != NotifyPointer { cancelPress(nil) }
        case UnmapNotify:
            cancelPress(nil)
            return false
        default:
            return false
        }
        return true
    }

    /// A core wheel button (4–7: up, down, left, right) as one 53 pt `.wheel` scroll,
    /// signed like a drag (button 5 moves content up: `dy = -53`).
    static func wheelClick(button: UInt32) -> InputEvent.Kind? {
        let click = XInput2Mapping.wheelPointsPerClick
        switch button {
        case 4: return .scroll(dx: 0, dy: click, source: .wheel)
        case 5: return .scroll(dx: 0, dy: -click, source: .wheel)
        case 6: return .scroll(dx: click, dy: 0, source: .wheel)
        case 7: return .scroll(dx: -click, dy: 0, source: .wheel)
        default: return nil
        }
    }

    /// The gesture in progress was taken away (grab, focus or window lost).
    private func cancelPress(_ time: Time?) {
        if xinput != nil {
            xiMapping.cancel(serverTime: time.map { UInt($0) }, into: &mapped)
            flushMapped()
        } else if corePressed {
            corePressed = false
            add(time, .cancel)
        }
    }

    /// Moves what the XInput2 mapping produced into the batch.
    private func flushMapped() {
        for item in mapped {
            let time = item.serverTime.flatMap { $0 == 0 ? nil : Time($0) }
            add(time, Self.kind(item.input))
        }
        mapped.removeAll(keepingCapacity: true)
    }

    /// The input event an XInput2 mapping result stands for.
    static func kind(_ input: XI2Input) -> InputEvent.Kind {
        switch input {
        case .down(let p): .down(p)
        case .move(let p): .move(p)
        case .up(let p): .up(p)
        case .scroll(let dx, let dy, let source): .scroll(dx: dx, dy: dy, source: source)
        case .scrollStop: .scrollStop
        case .cancel: .cancel
        case .key(let key): .key(key)
        }
    }

    /// Ends the gesture in progress as cancelled.
    public func cancelGesture(at time: Double) {
        guard isPressed else { return }
        if xinput != nil {
            xiMapping.cancel(serverTime: nil, into: &mapped)
            mapped.removeAll(keepingCapacity: true)
        }
        corePressed = false
        enqueue(InputEvent(time: time, kind: .cancel))
    }
}
