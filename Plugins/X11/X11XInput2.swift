package import CX11

/// XInput 2.2 on one connection: selects pointer, touch and smooth-scroll events on a
/// window and turns their event cookies into `XI2DeviceEvent`s for `XInput2Mapping`.
///
/// Made with `init?(display:)`, which is nil when the server lacks XInput 2.2 (the caller
/// falls back to core events and says so once; `probe(_:)` says why).
public final class X11XInput2 {
    /// Whether and which XInput2 a server offers.
    public enum Availability: Equatable, Sendable {
        /// The server speaks `major.minor` (at least 2.2) to us.
        case available(major: Int32, minor: Int32)
        /// The server has no XInputExtension.
        case noExtension
        /// The server's XInput is older than 2.2 (no touch events); 1.0 when it does not
        /// answer `XIQueryVersion` at all.
        case tooOld(major: Int32, minor: Int32)

        /// One line for stderr, such as `XInput 2.0 is older than 2.2`.
        public var description: String {
            switch self {
            case .available(let major, let minor): "XInput \(major).\(minor)"
            case .noExtension: "the X server has no XInput extension"
            case .tooOld(let major, let minor): "XInput \(major).\(minor) is older than 2.2"
            }
        }
    }

    /// The connection the extension is used on.
    public let display: X11Display
    /// The extension's major opcode: event cookies carry it as `extension`.
    public let opcode: Int32
    /// The version the server agreed to (2.2 or later).
    public let major: Int32
    /// The minor part of the agreed version (at least 2 when the major is 2).
    public let minor: Int32
    /// The master pointer events are selected on: the client pointer, else the first master
    /// pointer the server lists.
    public let masterPointer: Int32
    /// Whether the last `select(on:)` got touch events too (another client may hold them).
    public private(set) var touchSelected = false

    /// Asks the server for XInput 2.2 (`XQueryExtension`, `XIQueryVersion`).
    public static func probe(_ display: X11Display) -> Availability {
        guard Xlib.inputExtensionOpcode(display.pointer) != nil else { return .noExtension }
        let version = Xlib.queryInputVersion(display.pointer, major: 2, minor: 2)
        return availability(hasExtension: true, version: version)
    }

    /// What a server offers, from whether it has the extension and the version its
    /// `XIQueryVersion` answered (nil: it did not answer, so it only speaks XI 1.x).
    public static func availability(hasExtension: Bool, version: (major: Int32, minor: Int32)?)
        -> Availability
    {
        guard hasExtension else { return .noExtension }
        guard let (major, minor) = version else { return .tooOld(major: 1, minor: 0) }
        guard major > 2 || (major == 2 && minor >= 2) else {
            return .tooOld(major: major, minor: minor)
        }
        return .available(major: major, minor: minor)
    }

    /// XInput 2.2 on `display`, or nil when the server lacks it.
    public init?(display: X11Display) {
        guard case .available(let major, let minor) = Self.probe(display),
            let opcode = Xlib.inputExtensionOpcode(display.pointer)
        else { return nil }
        self.display = display
        self.opcode = opcode
        self.major = major
        self.minor = minor
        masterPointer =
            Xlib.clientPointer(display.pointer) ?? Xlib.firstMasterPointer(display.pointer)
            ?? Int32(XIAllMasterDevices)
    }

    /// Selects motion, buttons, touches and device changes from the master pointer on
    /// `window` (`XISelectEvents`), waiting for the server's answer. Touches are dropped
    /// from the selection when the server refuses them (only one client may select them
    /// on a window). Returns whether the pointer events were selected.
    @discardableResult
    public func select(on window: X11Window) -> Bool {
        let pointerEvents = [XI_Motion, XI_ButtonPress, XI_ButtonRelease, XI_DeviceChanged]
        let touchEvents = [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd]
        if selectChecked(window, pointerEvents + touchEvents) {
            touchSelected = true
            return true
        }
        touchSelected = false
        return selectChecked(window, pointerEvents)
    }

    private func selectChecked(_ window: X11Window, _ types: [Int32]) -> Bool {
        // Trapped, not counted by the plugin's handler: that one is opt-in, and Xlib's
        // default would end the process on a server that refuses touch events.
        Xlib.trappingErrors(display.pointer) {
            Xlib.selectInputEvents(display.pointer, window.id, device: masterPointer, types: types)
        }
    }

    /// The device event in `event`, if it is an XInput2 event this plugin reads
    /// (`XGetEventData`, copied, then `XFreeEventData`). Package-only, as Xlib's types are.
    package func deviceEvent(from event: inout XEvent) -> XI2DeviceEvent? {
        guard event.type == GenericEvent, event.xcookie.extension == opcode else { return nil }
        let evtype = event.xcookie.evtype
        switch evtype {
        case XI_Motion, XI_ButtonPress, XI_ButtonRelease, XI_TouchBegin, XI_TouchUpdate,
            XI_TouchEnd:
            break
        default:
            return nil
        }
        guard Xlib.getEventData(display.pointer, &event.xcookie) else { return nil }
        defer { Xlib.freeEventData(display.pointer, &event.xcookie) }
        guard let data = event.xcookie.data else { return nil }
        let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        return XI2DeviceEvent(
            type: evtype, sourceID: device.sourceid, detail: device.detail,
            flags: device.flags, time: device.time, x: device.event_x, y: device.event_y,
            valuators: XI2Valuators(
                mask: UnsafePointer(device.valuators.mask),
                maskLength: Int(device.valuators.mask_len),
                values: UnsafePointer(device.valuators.values)))
    }

    /// Handles one X event if it is ours: a device event is mapped (querying its source
    /// device first if the mapping does not know it yet); a device change re-reads the
    /// changed device. Returns whether the event was an XInput2 event. Package-only, as
    /// Xlib's types are.
    @discardableResult
    package func handle(
        _ event: inout XEvent, mapping: inout XInput2Mapping,
        into output: inout [XI2MappedEvent]
    ) -> Bool {
        guard event.type == GenericEvent, event.xcookie.extension == opcode else { return false }
        if event.xcookie.evtype == XI_DeviceChanged {
            if let source = changedDevice(&event) { refresh(source, in: &mapping) }
            return true
        }
        guard let device = deviceEvent(from: &event) else { return true }
        if !mapping.knowsDevice(device.sourceID) { refresh(device.sourceID, in: &mapping) }
        mapping.handle(device, into: &output)
        return true
    }

    /// Reads every slave pointer's kind, scroll axes and current scroll values into
    /// `mapping` (`XIQueryDevice(XIAllDevices)`); call at start and when the pointer
    /// re-enters the window, so no scroll delta is lost or doubled.
    package func refreshDevices(in mapping: inout XInput2Mapping) {
        for (device, vertical, horizontal) in devices(Int32(XIAllDevices)) {
            mapping.update(device, verticalValue: vertical, horizontalValue: horizontal)
        }
    }

    /// Reads one device into `mapping`.
    package func refresh(_ id: Int32, in mapping: inout XInput2Mapping) {
        guard let (device, vertical, horizontal) = devices(id).first else { return }
        mapping.update(device, verticalValue: vertical, horizontalValue: horizontal)
    }

    /// The slave pointers `id` names (one device, or all), with their scroll valuators'
    /// current values.
    package func devices(_ id: Int32) -> [(XI2SourceDevice, Double?, Double?)] {
        var result: [(XI2SourceDevice, Double?, Double?)] = []
        Xlib.queryDevices(display.pointer, id) { info in
            guard info.use == XISlavePointer || info.use == XIFloatingSlave else { return }
            result.append(describe(info))
        }
        return result
    }

    private func describe(_ info: XIDeviceInfo) -> (XI2SourceDevice, Double?, Double?) {
        var values: [Int: Double] = [:]
        var vertical: XI2ScrollAxis?
        var horizontal: XI2ScrollAxis?
        var touchMode: Int32?
        for index in 0..<Int(info.num_classes) {
            guard let any = info.classes[index] else { continue }
            switch any.pointee.type {
            case XIValuatorClass:
                let valuator = UnsafeRawPointer(any).load(as: XIValuatorClassInfo.self)
                values[Int(valuator.number)] = valuator.value
            case XIScrollClass:
                let scroll = UnsafeRawPointer(any).load(as: XIScrollClassInfo.self)
                let axis = XI2ScrollAxis(number: Int(scroll.number), increment: scroll.increment)
                if scroll.scroll_type == XIScrollTypeVertical {
                    vertical = axis
                } else {
                    horizontal = axis
                }
            case XITouchClass:
                touchMode = UnsafeRawPointer(any).load(as: XITouchClassInfo.self).mode
            default:
                break
            }
        }
        let name = info.name.map { String(cString: $0) } ?? ""
        let kind = XI2SourceDevice.kind(
            name: name, touchMode: touchMode,
            hasTouchpadProperty: Xlib.hasAnyProperty(
                display.pointer, device: info.deviceid,
                named: ["libinput Tapping Enabled", "Synaptics Off"]))
        let device = XI2SourceDevice(
            id: info.deviceid, kind: kind, vertical: vertical, horizontal: horizontal)
        return (
            device, vertical.flatMap { values[$0.number] }, horizontal.flatMap { values[$0.number] }
        )
    }

    /// The slave whose classes changed, for an `XI_DeviceChanged` of reason DeviceChange
    /// (a slave switch needs nothing: scroll state is kept per slave).
    private func changedDevice(_ event: inout XEvent) -> Int32? {
        guard Xlib.getEventData(display.pointer, &event.xcookie) else { return nil }
        defer { Xlib.freeEventData(display.pointer, &event.xcookie) }
        guard let data = event.xcookie.data else { return nil }
        let changed = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
        return changed.reason == XIDeviceChange ? changed.sourceid : nil
    }
}

extension Xlib {
    // MARK: XInput2

    /// `XQueryExtension("XInputExtension")`: the major opcode, or nil when absent.
    static func inputExtensionOpcode(_ display: DisplayPointer) -> Int32? {
        var opcode: Int32 = 0
        var event: Int32 = 0
        var error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else {
            return nil
        }
        return opcode
    }

    /// `XIQueryVersion`: announces `major.minor` and returns what the server supports;
    /// nil when the request failed (a server without XI2).
    static func queryInputVersion(_ display: DisplayPointer, major: Int32, minor: Int32)
        -> (major: Int32, minor: Int32)?
    {
        var major = major
        var minor = minor
        guard XIQueryVersion(display, &major, &minor) == Success else { return nil }
        return (major, minor)
    }

    /// `XIGetClientPointer(None)`: the master pointer this client's core requests use; nil
    /// until the server has picked one (its Bool result only says whether one was set
    /// explicitly, and the id is 0 while none is).
    static func clientPointer(_ display: DisplayPointer) -> Int32? {
        var device: Int32 = 0
        _ = XIGetClientPointer(display, Window(None), &device)
        return device > 1 ? device : nil
    }

    /// The first master pointer `XIQueryDevice(XIAllMasterDevices)` lists.
    static func firstMasterPointer(_ display: DisplayPointer) -> Int32? {
        var found: Int32?
        queryDevices(display, Int32(XIAllMasterDevices)) { info in
            if found == nil, info.use == XIMasterPointer { found = info.deviceid }
        }
        return found
    }

    /// `XISelectEvents` of `types` from `device` on `window`.
    static func selectInputEvents(
        _ display: DisplayPointer, _ window: Window, device: Int32, types: [Int32]
    ) {
        var bits = [UInt8](repeating: 0, count: (Int(XI_LASTEVENT) + 8) / 8)
        for type in types { bits[Int(type) / 8] |= UInt8(1 << (Int(type) % 8)) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(
                deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
    }

    /// `XGetEventData`: fetches a generic event's data; false if it is not available.
    static func getEventData(_ display: DisplayPointer, _ cookie: inout XGenericEventCookie)
        -> Bool
    {
        XGetEventData(display, &cookie) != 0
    }

    /// `XFreeEventData`.
    static func freeEventData(_ display: DisplayPointer, _ cookie: inout XGenericEventCookie) {
        XFreeEventData(display, &cookie)
    }

    /// `XIQueryDevice` of `id` (a device, `XIAllDevices` or `XIAllMasterDevices`), calling
    /// `body` for each device before `XIFreeDeviceInfo`.
    static func queryDevices(
        _ display: DisplayPointer, _ id: Int32, _ body: (XIDeviceInfo) -> Void
    ) {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, id, &count) else { return }
        defer { XIFreeDeviceInfo(infos) }
        for index in 0..<Int(count) { body(infos[index]) }
    }

    /// `XIListProperties`: whether `device` has any property named in `names` (atoms looked
    /// up with only-if-exists, so nothing is interned).
    static func hasAnyProperty(_ display: DisplayPointer, device: Int32, named names: [String])
        -> Bool
    {
        let wanted = names.map { XInternAtom(display, $0, 1) }.filter { $0 != 0 }
        guard !wanted.isEmpty else { return false }
        var count: Int32 = 0
        guard let atoms = XIListProperties(display, device, &count) else { return false }
        defer { XFree(atoms) }
        return (0..<Int(count)).contains { wanted.contains(atoms[$0]) }
    }
}
