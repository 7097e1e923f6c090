import SwipeDismiss
import SwipeDismissHost

/// What an XInput2 event means to the controller, in points.
package enum XI2Input: Equatable, Sendable {
    /// The gesture's pointer (button 1, or the driving touch) went down.
    case down(Point)
    /// It moved while down.
    case move(Point)
    /// It lifted.
    case up(Point)
    /// A scroll in points, signed like a pointer drag (positive `dy` moves content down).
    case scroll(dx: Double, dy: Double, source: ScrollSource)
    /// The touchpad's fingers lifted (a zero-delta scroll event).
    case scrollStop
    /// The gesture was taken away (a second touch, a grab, a cancel from the caller).
    case cancel
    /// A button that stands for a key (button 8: `.back`, `Key(mouseButton:)`).
    case key(Key)
}

/// An `XI2Input` with the server time of the event it came from (nil: none known).
package struct XI2MappedEvent: Equatable, Sendable {
    /// The server time of the source event in milliseconds, or nil when none is known.
    package var serverTime: UInt?
    /// What the event means to the controller.
    package var input: XI2Input

    /// An input stamped with `serverTime`.
    package init(serverTime: UInt?, input: XI2Input) {
        self.serverTime = serverTime
        self.input = input
    }
}

/// Turns XInput2 device events into pointer, scroll and touch input: a pure state machine.
///
/// **Smooth scrolling.** A scroll valuator is absolute: the delta is the change since the
/// last value seen from the same source device, divided by the axis's increment (one
/// increment is one wheel click). The first value after `update` without a baseline or
/// after `resetScrollBaselines()` (call it when the pointer re-enters the window: the
/// valuator moved while we were not watching) only sets the baseline. Units become points:
/// `touchpadPointsPerIncrement` (15) for a touchpad, `wheelPointsPerClick` (53) otherwise.
/// The sign is the server's, so natural scrolling comes through as the user set it: a unit
/// of +1 is one click "down" (button 5), which moves content up, so `dy = -units × points`.
/// A touchpad event whose scroll valuators did not move is its scroll-stop: xf86-input-
/// libinput posts the fingers-lifted axis event as a zero delta, which GTK reads the same
/// way.
///
/// **Wheel buttons.** Buttons 4–7 (up, down, left, right) are one click each: `dy = +53`
/// for 4, `-53` for 5, `dx = +53` for 6, `-53` for 7, with source `.wheel`.
///
/// **No double counting.** XI 2.1 servers emulate each way: a smooth-scroll device also
/// sends buttons 4–7, and a legacy wheel button also moves the scroll valuator. Either
/// copy carries `XIPointerEmulated`, so emulated buttons 4–7 are dropped (their valuator
/// motion was counted) and emulated valuator motion only moves the baseline (its button
/// was counted). With `touchSelected`, pointer events emulated from a touch are dropped
/// too, since the touch itself arrives.
///
/// **Touch.** The first touch down on a touchscreen drives the gesture as down/move/up.
/// A second touch while it is down cancels the gesture (`.cancel`), and every touch after
/// that is ignored until all have lifted. Touches from a touchpad (dependent touch) are
/// not gestures here; its scrolling arrives as valuators.
package struct XInput2Mapping: Sendable {
    /// Points per touchpad scroll increment: xf86-input-libinput scales its scroll valuator
    /// so one increment (15 units) is its "Scrolling Pixel Distance" (default 15) of
    /// libinput's normalised finger travel; 15 pt per increment gives back that travel, as
    /// a Wayland client receives it.
    package static let touchpadPointsPerIncrement = 15.0
    /// Points per wheel click: the host layer's `HostInput.wheelPointsPerNotch`.
    package static let wheelPointsPerClick = HostInput.wheelPointsPerNotch

    /// Device pixels per point: event positions are divided by it.
    package var scale: Double
    /// Whether touch events are selected (so pointer events emulated from touches are
    /// duplicates).
    package var touchSelected: Bool
    /// Points per touchpad scroll increment used by this mapping (15 unless changed).
    package var touchpadPointsPerIncrement = Self.touchpadPointsPerIncrement
    /// Points per wheel click used by this mapping (53 unless changed).
    package var wheelPointsPerClick = Self.wheelPointsPerClick

    private struct Device: Sendable {
        var info: XI2SourceDevice
        var lastVertical: Double?
        var lastHorizontal: Double?
    }

    private enum Driver: Equatable, Sendable {
        case idle
        case pointer
        case touch(Int32)
        /// A second touch cancelled the gesture; nothing drives until all touches lift.
        case cancelled
    }

    private var devices: [Int32: Device] = [:]
    private var driver = Driver.idle
    private var touches: Set<Int32> = []
    private var lastPoint: Point?

    /// A mapping for `scale` device pixels per point, knowing no devices yet.
    package init(scale: Double = 1, touchSelected: Bool = true) {
        self.scale = scale
        self.touchSelected = touchSelected
        touches.reserveCapacity(16)
    }

    /// The server time of the last event handled, whatever it produced (hover motion
    /// produces nothing but still tells the time).
    package private(set) var lastServerTime: UInt?

    /// Whether a gesture (button 1 or a driving touch) is down.
    package var isPressed: Bool {
        switch driver {
        case .pointer, .touch: true
        case .idle, .cancelled: false
        }
    }

    /// Whether the mapping has `update`d the source device `id` (the live side queries
    /// the server for an unknown one).
    package func knowsDevice(_ id: Int32) -> Bool { devices[id] != nil }

    /// Records a device's kind and scroll axes, with its scroll valuators' current values
    /// as baselines when known (`XIQueryDevice` reports them).
    package mutating func update(
        _ device: XI2SourceDevice, verticalValue: Double? = nil, horizontalValue: Double? = nil
    ) {
        devices[device.id] = Device(
            info: device, lastVertical: verticalValue, lastHorizontal: horizontalValue)
    }

    /// Forgets every scroll baseline (the valuators may have moved out of our sight).
    package mutating func resetScrollBaselines() {
        for id in devices.keys {
            devices[id]?.lastVertical = nil
            devices[id]?.lastHorizontal = nil
        }
    }

    /// Maps one event; appends what it means to `output` (the caller reuses the buffer).
    package mutating func handle(_ event: XI2DeviceEvent, into output: inout [XI2MappedEvent]) {
        lastServerTime = event.time
        let emulated = event.has(XI2EventFlag.pointerEmulated)
        switch event.type {
        case XI2EventType.motion:
            let scrolled = scroll(event, emulated: emulated, into: &output)
            if emulated && touchSelected && !scrolled { return }
            guard case .pointer = driver else { return }
            move(to: point(event), time: event.time, into: &output)
        case XI2EventType.buttonPress:
            switch event.detail {
            case 4...7:
                guard !emulated else { return }
                let click = wheelPointsPerClick
                let (dx, dy): (Double, Double) =
                    switch event.detail {
                    case 4: (0, click)
                    case 5: (0, -click)
                    case 6: (click, 0)
                    default: (-click, 0)
                    }
                emit(event.time, .scroll(dx: dx, dy: dy, source: .wheel), into: &output)
            case 1:
                guard !(emulated && touchSelected) else { return }
                switch driver {
                case .pointer:
                    // A press without a release of the one before: that gesture is lost.
                    emit(event.time, .cancel, into: &output)
                case .idle:
                    guard touches.isEmpty else { return }
                case .touch, .cancelled:
                    return
                }
                driver = .pointer
                press(at: point(event), time: event.time, into: &output)
            default:
                // Button 8 is back (the core's table), wherever the pointer is.
                guard !emulated,
                    let key = Key(mouseButton: UInt32(truncatingIfNeeded: event.detail))
                else { return }
                emit(event.time, .key(key), into: &output)
            }
        case XI2EventType.buttonRelease:
            guard event.detail == 1, !(emulated && touchSelected), case .pointer = driver else {
                return
            }
            driver = .idle
            emit(event.time, .up(point(event)), into: &output)
        case XI2EventType.touchBegin, XI2EventType.touchUpdate, XI2EventType.touchEnd:
            guard devices[event.sourceID]?.info.kind != .touchpad else { return }
            touch(event, into: &output)
        default:
            return
        }
    }

    /// Takes the gesture away (focus or grab lost): a press or a driving touch ends with
    /// `.cancel`; remaining touches are ignored until they lift.
    package mutating func cancel(serverTime: UInt?, into output: inout [XI2MappedEvent]) {
        switch driver {
        case .pointer:
            driver = .idle
        case .touch:
            driver = touches.isEmpty ? .idle : .cancelled
        case .idle, .cancelled:
            return
        }
        emit(serverTime, .cancel, into: &output)
    }

    // MARK: Private

    private func point(_ event: XI2DeviceEvent) -> Point {
        Point(x: event.x / scale, y: event.y / scale)
    }

    private func emit(_ time: UInt?, _ input: XI2Input, into output: inout [XI2MappedEvent]) {
        output.append(XI2MappedEvent(serverTime: time, input: input))
    }

    private mutating func press(at point: Point, time: UInt, into output: inout [XI2MappedEvent]) {
        lastPoint = point
        emit(time, .down(point), into: &output)
    }

    /// A move, unless the point is where the last one was (a scroll-only motion event).
    private mutating func move(to point: Point, time: UInt, into output: inout [XI2MappedEvent]) {
        guard point != lastPoint else { return }
        lastPoint = point
        emit(time, .move(point), into: &output)
    }

    private mutating func touch(_ event: XI2DeviceEvent, into output: inout [XI2MappedEvent]) {
        let id = event.detail
        switch event.type {
        case XI2EventType.touchBegin:
            let first = touches.isEmpty
            touches.insert(id)
            switch driver {
            case .idle where first:
                driver = .touch(id)
                press(at: point(event), time: event.time, into: &output)
            case .touch:
                driver = .cancelled
                emit(event.time, .cancel, into: &output)
            case .idle, .pointer, .cancelled:
                return
            }
        case XI2EventType.touchUpdate:
            guard driver == .touch(id) else { return }
            move(to: point(event), time: event.time, into: &output)
        default:  // touchEnd
            touches.remove(id)
            if driver == .touch(id) {
                driver = .idle
                emit(event.time, .up(point(event)), into: &output)
            } else if driver == .cancelled, touches.isEmpty {
                driver = .idle
            }
        }
    }

    private enum AxisChange {
        /// The event does not carry the axis.
        case absent
        /// The first value seen: it only sets the baseline.
        case baseline
        /// The change since the last value, in increments.
        case units(Double)

        var units: Double? {
            if case .units(let units) = self { return units }
            return nil
        }
    }

    /// Reads the event's scroll valuators; returns whether it carried any.
    private mutating func scroll(
        _ event: XI2DeviceEvent, emulated: Bool, into output: inout [XI2MappedEvent]
    ) -> Bool {
        guard var device = devices[event.sourceID] else { return false }
        let vertical = Self.change(device.info.vertical, event.valuators, &device.lastVertical)
        let horizontal = Self.change(
            device.info.horizontal, event.valuators, &device.lastHorizontal)
        devices[event.sourceID] = device
        if case .absent = vertical, case .absent = horizontal { return false }
        // Emulated from a wheel button (counted as the button), or only a new baseline.
        guard !emulated, vertical.units != nil || horizontal.units != nil else { return true }
        let down = vertical.units ?? 0
        let right = horizontal.units ?? 0
        let touchpad = device.info.kind == .touchpad
        if down == 0, right == 0 {
            if touchpad { emit(event.time, .scrollStop, into: &output) }
            return true
        }
        let points = touchpad ? touchpadPointsPerIncrement : wheelPointsPerClick
        let source: ScrollSource = touchpad ? .touchpad : .wheel
        emit(
            event.time, .scroll(dx: -right * points, dy: -down * points, source: source),
            into: &output)
        return true
    }

    private static func change(
        _ axis: XI2ScrollAxis?, _ valuators: XI2Valuators, _ last: inout Double?
    ) -> AxisChange {
        guard let axis, let value = valuators.value(axis.number) else { return .absent }
        guard value.isFinite, axis.increment.isFinite, axis.increment != 0 else { return .absent }
        defer { last = value }
        guard let previous = last else { return .baseline }
        return .units((value - previous) / axis.increment)
    }
}
