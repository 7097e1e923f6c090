/// A D-Bus value as the bridge builds and reads messages: the handful of types AT-SPI uses.
///
/// Messages are built only on the rare events the bridge answers (a method call, a phase
/// change), never per frame, so a small tree of values is cheap enough and keeps the
/// marshalling in one place (`DBusMessage`).
indirect enum DBusValue: Equatable, Sendable {
    case bool(Bool)
    case int16(Int16)
    case int32(Int32)
    case uint32(UInt32)
    case double(Double)
    case string(String)
    case objectPath(String)
    /// An array of values of signature `element` (given, so an empty array has a type too).
    case array(element: String, [DBusValue])
    /// A dictionary `a{kv}`: `key` and `value` are the signatures of its entries.
    case dictionary(key: String, value: String, [(DBusValue, DBusValue)])
    case structure([DBusValue])
    case variant(DBusValue)

    /// The value's D-Bus type signature.
    var signature: String {
        switch self {
        case .bool: "b"
        case .int16: "n"
        case .int32: "i"
        case .uint32: "u"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .array(let element, _): "a" + element
        case .dictionary(let key, let value, _): "a{" + key + value + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// An object reference `(so)`: a bus name and an object path.
    static func reference(_ reference: AccessibleReference) -> DBusValue {
        .structure([.string(reference.bus), .objectPath(reference.path)])
    }

    /// An empty `a{sv}` (the properties AT-SPI 2.46 events carry).
    static let noProperties = DBusValue.dictionary(key: "s", value: "v", [])

    /// The string inside, if this is a string or an object path.
    var stringValue: String? {
        switch self {
        case .string(let text), .objectPath(let text): text
        case .variant(let inner): inner.stringValue
        default: nil
        }
    }

    /// The integer inside, if this is an integer type.
    var intValue: Int? {
        switch self {
        case .int16(let value): Int(value)
        case .int32(let value): Int(value)
        case .uint32(let value): Int(value)
        case .variant(let inner): inner.intValue
        default: nil
        }
    }

    /// The boolean inside, if this is a boolean (or a variant holding one).
    var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .variant(let inner): inner.boolValue
        default: nil
        }
    }

    static func == (lhs: DBusValue, rhs: DBusValue) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): a == b
        case (.int16(let a), .int16(let b)): a == b
        case (.int32(let a), .int32(let b)): a == b
        case (.uint32(let a), .uint32(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.objectPath(let a), .objectPath(let b)): a == b
        case (.array(let ea, let a), .array(let eb, let b)): ea == eb && a == b
        case (.dictionary(let ka, let va, let a), .dictionary(let kb, let vb, let b)):
            ka == kb && va == vb && a.count == b.count
                && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.structure(let a), .structure(let b)): a == b
        case (.variant(let a), .variant(let b)): a == b
        default: false
        }
    }
}

/// An AT-SPI object reference: the unique bus name of the process that owns it and its path.
struct AccessibleReference: Hashable, Sendable {
    /// The owner's bus name (`:1.42`), or `""` for the null reference.
    var bus: String
    /// The object path (`/org/a11y/atspi/accessible/root`).
    var path: String

    /// The reference AT-SPI uses for "no object".
    static let null = AccessibleReference(bus: "", path: "/org/a11y/atspi/null")
}
