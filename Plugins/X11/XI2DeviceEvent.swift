internal import CX11

/// The XInput2 event types `XInput2Mapping` reads (`evtype`, from `XI2.h`).
package enum XI2EventType {
    /// A pointer button went down (`XI_ButtonPress`).
    package static let buttonPress = Int32(XI_ButtonPress)
    /// A pointer button went up (`XI_ButtonRelease`).
    package static let buttonRelease = Int32(XI_ButtonRelease)
    /// The pointer moved or a valuator changed (`XI_Motion`).
    package static let motion = Int32(XI_Motion)
    /// A touch started (`XI_TouchBegin`).
    package static let touchBegin = Int32(XI_TouchBegin)
    /// A touch moved (`XI_TouchUpdate`).
    package static let touchUpdate = Int32(XI_TouchUpdate)
    /// A touch ended (`XI_TouchEnd`).
    package static let touchEnd = Int32(XI_TouchEnd)
}

/// The XIDeviceEvent `flags` bits the mapping reads (`XI2.h`).
package enum XI2EventFlag {
    /// On a pointer event: the server made it up from another event (a smooth-scroll
    /// valuator from a legacy wheel button or the other way round, or a pointer event from
    /// a touch), to serve older clients.
    package static let pointerEmulated = Int32(XIPointerEmulated)
    /// On a touch event: this touch also drives the emulated pointer.
    package static let touchEmulatingPointer = Int32(XITouchEmulatingPointer)
}

/// Fixed-point numbers as the XInput2 wire protocol carries them.
package enum XI2FixedPoint {
    /// An FP16.16 value (`FP1616` in `XI2proto.h`: a signed 16-bit integer part and a
    /// 16-bit fraction) as a Double. Every FP16.16 value is exact in a Double.
    ///
    /// Xlib already converts an XIDeviceEvent's `event_x`/`event_y` to doubles; this is for
    /// raw protocol values (an XCB reply, a captured event) and for tests that start from
    /// the wire form.
    package static func double(fromFP1616 raw: Int32) -> Double {
        Double(raw) / 65536
    }

    /// The FP16.16 value nearest `value`, clamped to the representable range
    /// (−32768 … 32767.99998); NaN gives 0.
    package static func fp1616(from value: Double) -> Int32 {
        guard !value.isNaN else { return 0 }
        let scaled = (value * 65536).rounded()
        if scaled >= Double(Int32.max) { return .max }
        if scaled <= Double(Int32.min) { return .min }
        return Int32(scaled)
    }
}

/// The valuators an XIDeviceEvent carries (`XIValuatorState`), in fixed storage.
///
/// XI2 sends only the valuators that changed: a bit mask by valuator number plus the values
/// of the set bits, in order. This keeps valuators 0–63 and the first `capacity` values (a
/// pointer has 2–6 valuators; the scroll ones are usually 2 and 3), so converting an event
/// never allocates.
package struct XI2Valuators: Equatable, Sendable {
    /// How many values are kept.
    package static let capacity = 16
    /// Bit `n` is set when valuator `n` is present.
    package private(set) var mask: UInt64 = 0
    private var values = InlineArray<16, Double>(repeating: 0)
    private var count = 0

    /// No valuators.
    package init() {}

    /// The valuators in `numbers`, as a test or a tool writes them: `[3: -15.0]`.
    package init(_ numbers: [Int: Double]) {
        for (number, value) in numbers.sorted(by: { $0.key < $1.key }) {
            append(number: number, value: value)
        }
    }

    /// Reads an `XIValuatorState`: `maskLength` bytes of mask, then one value per set bit.
    package init(mask: UnsafePointer<UInt8>?, maskLength: Int, values: UnsafePointer<Double>?) {
        guard let mask, let values, maskLength > 0 else { return }
        var index = 0
        for byte in 0..<maskLength {
            let bits = mask[byte]
            guard bits != 0 else { continue }
            for bit in 0..<8 where bits & (1 << bit) != 0 {
                append(number: byte * 8 + bit, value: values[index])
                index += 1
            }
        }
    }

    /// Valuator `number`'s value, if the event carries it.
    package func value(_ number: Int) -> Double? {
        guard (0..<64).contains(number), mask & (1 << UInt64(number)) != 0 else { return nil }
        let index = (mask & ((1 << UInt64(number)) - 1)).nonzeroBitCount
        return index < count ? values[index] : nil
    }

    /// Whether no valuator is present.
    package var isEmpty: Bool { mask == 0 }

    private mutating func append(number: Int, value: Double) {
        guard (0..<64).contains(number), count < Self.capacity else { return }
        mask |= 1 << UInt64(number)
        values[count] = value
        count += 1
    }

    /// Equal when the same valuators are present with the same values.
    package static func == (lhs: XI2Valuators, rhs: XI2Valuators) -> Bool {
        guard lhs.mask == rhs.mask, lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where lhs.values[index] != rhs.values[index] {
            return false
        }
        return true
    }
}

/// The fields of an `XIDeviceEvent` that `XInput2Mapping` reads, as plain Swift values.
///
/// The live path fills one from the event cookie (`X11XInput2.deviceEvent(from:)`); tests
/// build them by hand, so the mapping needs no server.
package struct XI2DeviceEvent: Equatable, Sendable {
    /// `XI_Motion`, `XI_ButtonPress`, … (see `XI2EventType`).
    package var type: Int32
    /// The slave device that produced it (`sourceid`); scroll classes are per source.
    package var sourceID: Int32
    /// The button number, or the touch id.
    package var detail: Int32
    /// `XIPointerEmulated`, `XITouchEmulatingPointer`, … (see `XI2EventFlag`).
    package var flags: Int32
    /// The server time in milliseconds.
    package var time: UInt
    /// The position in window pixels, with the fraction the server knows (FP16.16 on the
    /// wire).
    package var x: Double
    /// The vertical position in window pixels, with the fraction the server knows.
    package var y: Double
    /// The valuators that changed with this event.
    package var valuators: XI2Valuators

    /// An event of `type` at server time `time`; the rest default to device 2 at (0, 0).
    package init(
        type: Int32, sourceID: Int32 = 2, detail: Int32 = 0, flags: Int32 = 0, time: UInt,
        x: Double = 0, y: Double = 0, valuators: XI2Valuators = XI2Valuators()
    ) {
        self.type = type
        self.sourceID = sourceID
        self.detail = detail
        self.flags = flags
        self.time = time
        self.x = x
        self.y = y
        self.valuators = valuators
    }

    /// Whether `flag` is set.
    package func has(_ flag: Int32) -> Bool { flags & flag != 0 }
}

/// One scroll axis of a device (`XIScrollClassInfo`).
package struct XI2ScrollAxis: Hashable, Sendable {
    /// The valuator number carrying it.
    package var number: Int
    /// The valuator change that makes one legacy scroll button event (one wheel click). A
    /// negative increment means the driver reports this axis reversed (natural scrolling
    /// under some drivers); dividing by it honours that.
    package var increment: Double

    /// An axis on valuator `number` with `increment` valuator units per wheel click.
    package init(number: Int, increment: Double) {
        self.number = number
        self.increment = increment
    }
}

/// What the mapping knows of a slave pointer device: its kind and its scroll axes.
package struct XI2SourceDevice: Hashable, Sendable {
    /// What kind of hand the device follows.
    package enum Kind: Hashable, Sendable {
        /// Smooth scrolling that follows fingers (may drag).
        case touchpad
        /// Touch events at screen positions.
        case touchscreen
        /// Anything else: a mouse, whose scrolling is a wheel.
        case mouse
    }

    /// The device id (`sourceid` on its events).
    package var id: Int32
    /// What kind of device it is, which decides how its scrolling and touches map.
    package var kind: Kind
    /// The vertical scroll axis, if it has one.
    package var vertical: XI2ScrollAxis?
    /// The horizontal scroll axis, if it has one.
    package var horizontal: XI2ScrollAxis?

    /// A device `id` of `kind` with the given scroll axes.
    package init(
        id: Int32, kind: Kind, vertical: XI2ScrollAxis? = nil, horizontal: XI2ScrollAxis? = nil
    ) {
        self.id = id
        self.kind = kind
        self.vertical = vertical
        self.horizontal = horizontal
    }

    /// The kind of a device from what `XIQueryDevice` and its properties say.
    ///
    /// As GNOME's settings daemon: a device with a libinput or synaptics touchpad property
    /// (`libinput Tapping Enabled`, `Synaptics Off`) is a touchpad. As GTK: a touch class in
    /// `XIDependentTouch` mode is a touchpad, in `XIDirectTouch` mode a touchscreen. A name
    /// with "touchpad" or "trackpad" is a touchpad when nothing else said so.
    package static func kind(name: String, touchMode: Int32?, hasTouchpadProperty: Bool) -> Kind {
        if hasTouchpadProperty { return .touchpad }
        if touchMode == Int32(XIDependentTouch) { return .touchpad }
        if touchMode == Int32(XIDirectTouch) { return .touchscreen }
        let lowered = name.utf8.map { (65...90).contains($0) ? $0 | 0x20 : $0 }  // ASCII A-Z
        if holds(lowered, "touchpad") || holds(lowered, "trackpad") { return .touchpad }
        return .mouse
    }

    /// Whether `word` appears in `bytes`, byte for byte. Not `String.contains`: with Foundation
    /// visible (the core imports it) that is `NSString`'s search, and running it at start, once
    /// a device, pulled CoreFoundation's string search and Unicode tables into the demo's start.
    private static func holds(_ bytes: [UInt8], _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard count <= bytes.count else { return false }
        let pattern = UnsafeBufferPointer(start: word.utf8Start, count: count)
        return (0...(bytes.count - count)).contains { start in
            pattern.indices.allSatisfy { bytes[start + $0] == pattern[$0] }
        }
    }
}
