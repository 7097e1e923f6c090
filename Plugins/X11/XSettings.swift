internal import CX11

/// The desktop's settings as an XSETTINGS manager publishes them, parsed from the
/// `_XSETTINGS_SETTINGS` property of the `_XSETTINGS_S<screen>` selection owner.
///
/// The format (freedesktop XSETTINGS spec): a byte-order byte (0 little-endian, 1
/// big-endian) and 3 unused bytes, a CARD32 serial, a CARD32 setting count, then per
/// setting a type byte (0 integer, 1 string, 2 colour), an unused byte, a CARD16 name
/// length, the name padded to 4 bytes, a CARD32 last-change serial and the value: an INT32;
/// a CARD32 length and the bytes padded to 4; or four CARD16s (red, blue, green, alpha).
public struct XSettings: Hashable, Sendable {
    /// One setting's value.
    public enum Value: Hashable, Sendable {
        /// An INT32 setting, such as a boolean flag.
        case integer(Int32)
        /// A string setting, such as a theme name.
        case string(String)
        /// A colour setting as four 16-bit channels, in the spec's order.
        case color(red: UInt16, blue: UInt16, green: UInt16, alpha: UInt16)
    }

    /// The manager's serial, bumped on every change.
    public var serial: UInt32
    /// Every setting by name, such as `Net/EnableAnimations`.
    public var values: [String: Value]

    /// Settings with the given serial and values (empty by default).
    public init(serial: UInt32 = 0, values: [String: Value] = [:]) {
        self.serial = serial
        self.values = values
    }

    /// `Net/EnableAnimations`, or `Gtk/EnableAnimations` when the first is absent, if an
    /// integer.
    public var enableAnimations: Bool? {
        for name in ["Net/EnableAnimations", "Gtk/EnableAnimations"] {
            if case .integer(let value)? = values[name] { return value != 0 }
        }
        return nil
    }

    /// Whether the desktop asks for reduced motion: either animations setting is 0.
    public var prefersReducedMotion: Bool {
        for name in ["Net/EnableAnimations", "Gtk/EnableAnimations"] {
            if case .integer(0)? = values[name] { return true }
        }
        return false
    }

    /// Parses the bytes of an `_XSETTINGS_SETTINGS` property.
    public init(parsing bytes: [UInt8]) throws(XSettingsError) {
        var reader = Reader(bytes: bytes)
        let order = try reader.byte("byte order")
        switch order {
        case 0: reader.bigEndian = false
        case 1: reader.bigEndian = true
        default: throw XSettingsError(offset: 0, reason: "byte order \(order) is neither 0 nor 1")
        }
        try reader.skip(3, "header padding")
        serial = try reader.card32("serial")
        let count = try reader.card32("setting count")
        values = [:]
        for index in 0..<count {
            let start = reader.offset
            let type = try reader.byte("type of setting \(index)")
            try reader.skip(1, "padding of setting \(index)")
            let nameLength = Int(try reader.card16("name length of setting \(index)"))
            let name = try reader.string(nameLength, "name of setting \(index)")
            _ = try reader.card32("last-change serial of \(name)")
            switch type {
            case 0:
                values[name] = .integer(Int32(bitPattern: try reader.card32("value of \(name)")))
            case 1:
                let length = try reader.card32("length of \(name)")
                guard length <= UInt32(bytes.count) else {
                    throw XSettingsError(
                        offset: reader.offset - 4, reason: "\(name) claims \(length) bytes")
                }
                values[name] = .string(try reader.string(Int(length), "value of \(name)"))
            case 2:
                values[name] = .color(
                    red: try reader.card16("red of \(name)"),
                    blue: try reader.card16("blue of \(name)"),
                    green: try reader.card16("green of \(name)"),
                    alpha: try reader.card16("alpha of \(name)"))
            default:
                throw XSettingsError(offset: start, reason: "setting \(index) has type \(type)")
            }
        }
    }

    /// Reads bytes in the property's byte order, failing with the offset and the field.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var bigEndian = false

        mutating func take(_ count: Int, _ field: String) throws(XSettingsError) -> ArraySlice<
            UInt8
        > {
            guard count >= 0, count <= bytes.count - offset else {
                throw XSettingsError(
                    offset: offset, reason: "\(field) runs past the end (\(bytes.count) bytes)")
            }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func skip(_ count: Int, _ field: String) throws(XSettingsError) {
            _ = try take(count, field)
        }

        mutating func byte(_ field: String) throws(XSettingsError) -> UInt8 {
            try take(1, field).first ?? 0
        }

        mutating func card16(_ field: String) throws(XSettingsError) -> UInt16 {
            let raw = try take(2, field).reduce(0) { $0 << 8 | UInt16($1) }
            return bigEndian ? raw : raw.byteSwapped
        }

        mutating func card32(_ field: String) throws(XSettingsError) -> UInt32 {
            let raw = try take(4, field).reduce(0) { $0 << 8 | UInt32($1) }
            return bigEndian ? raw : raw.byteSwapped
        }

        /// `count` bytes of UTF-8, then padding to a multiple of 4.
        mutating func string(_ count: Int, _ field: String) throws(XSettingsError) -> String {
            let text = try take(count, field)
            try skip((4 - count % 4) % 4, "padding of \(field)")
            return String(decoding: text, as: UTF8.self)
        }
    }
}

/// Why XSETTINGS bytes could not be parsed: the byte offset and what was wrong there.
public struct XSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The byte offset where parsing failed.
    public var offset: Int
    /// What was wrong at that offset.
    public var reason: String

    /// One line naming the offset and the reason.
    public var description: String { "XSETTINGS at byte \(offset): \(reason)" }
}

extension XSettings {
    /// The most a settings property may hold, in bytes; real ones are a few kilobytes.
    static let maximumBytes = 1 << 20

    /// The settings the screen's XSETTINGS manager publishes, or nil when no manager runs
    /// (no owner of `_XSETTINGS_S<screen>`, or no `_XSETTINGS_SETTINGS` on it).
    ///
    /// Calls `XInternAtom`, `XGetSelectionOwner`, `XGetWindowProperty` and `XFree`.
    public static func read(from display: X11Display) throws(XSettingsError) -> XSettings? {
        let selection = XInternAtom(display.pointer, "_XSETTINGS_S\(display.screen)", 0)
        let owner = XGetSelectionOwner(display.pointer, selection)
        guard owner != 0 else { return nil }
        let property = XInternAtom(display.pointer, "_XSETTINGS_SETTINGS", 0)
        return try Xlib.withProperty(
            display.pointer, owner, property, type: property, longs: maximumBytes / 4
        ) { (type, format, count, data) throws(XSettingsError) in
            guard type == property, format == 8 else { return nil }
            return try XSettings(parsing: Array(UnsafeBufferPointer(start: data, count: count)))
        }
    }
}
