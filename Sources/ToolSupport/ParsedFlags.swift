/// What `FlagParser` found: the switches that were given and each flag's text, with typed
/// accessors that refuse bad values by naming the flag.
public struct ParsedFlags: Equatable, Sendable {
    /// Whether `--help` (or `-h`) was given; parsing stopped there.
    public internal(set) var helpRequested = false
    var values: [String: String] = [:]
    var seen: Set<String> = []

    /// Whether the flag (a switch, or a flag with a value) was given.
    public func isSet(_ name: String) -> Bool { seen.contains(name) }

    /// The flag's text, or nil when it was not given.
    public func string(_ name: String) -> String? { values[name] }

    /// The flag's text; throws `.required` naming it when it was not given.
    public func requiredString(_ name: String, placeholder: String) throws(FlagError) -> String {
        guard let text = values[name] else {
            throw FlagError(flag: name, reason: .required(placeholder: placeholder))
        }
        return text
    }

    /// The flag as a whole number in plain decimal within `range`, or nil when not given.
    public func integer(_ name: String, in range: ClosedRange<Int>) throws(FlagError) -> Int? {
        guard let text = values[name] else { return nil }
        guard DecimalText.isInteger(text) else {
            throw FlagError(flag: name, reason: .notADecimalNumber(text, integer: true))
        }
        guard let number = Int(text), range.contains(number) else {
            throw FlagError(
                flag: name,
                reason: .outOfRange(
                    text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)"
                ))
        }
        return number
    }

    /// The flag as a plain decimal number within `range`, or nil when not given.
    public func decimal(_ name: String, in range: ClosedRange<Double>) throws(FlagError) -> Double?
    {
        guard let text = values[name] else { return nil }
        guard let number = DecimalText.decimal(text) else {
            throw FlagError(flag: name, reason: .notADecimalNumber(text, integer: false))
        }
        guard range.contains(number) else {
            let low = NumberText.readable(range.lowerBound)
            let high = NumberText.readable(range.upperBound)
            throw FlagError(
                flag: name, reason: .outOfRange(text, expected: "a number from \(low) to \(high)"))
        }
        return number
    }

    /// The flag as one of `Choice`'s raw values, or nil when not given.
    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, as type: Choice.Type = Choice.self
    ) throws(FlagError) -> Choice? where Choice.RawValue == String {
        guard let text = values[name] else { return nil }
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            throw FlagError(flag: name, reason: .invalidValue(text, expected: listing(names)))
        }
        return value
    }

    /// The flag converted by `convert`, or nil when not given; a nil from `convert` is
    /// refused with `expected` in the message.
    public func value<Value>(
        _ name: String, expected: String, _ convert: (String) -> Value?
    ) throws(FlagError) -> Value? {
        guard let text = values[name] else { return nil }
        guard let value = convert(text) else {
            throw FlagError(flag: name, reason: .invalidValue(text, expected: expected))
        }
        return value
    }
}

/// "a, b or c".
func listing(_ names: [String]) -> String {
    guard names.count > 1, let last = names.last else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + last
}

/// The plain decimal grammar the flags accept: an optional `-`, digits, and for decimals an
/// optional `.` with digits. No `+`, no spaces, no exponent, no hex, no `inf` or `nan`.
enum DecimalText {
    /// Whether `text` is `-?[0-9]+`.
    static func isInteger(_ text: String) -> Bool {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// `text` as a number if it is `-?[0-9]+(\.[0-9]*)?` or `-?\.[0-9]+`; else nil.
    static func decimal(_ text: String) -> Double? {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let whole = bytes.prefix(while: isDigit)
        var rest = bytes.dropFirst(whole.count)
        var fraction = rest.prefix(0)
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: isDigit)
            rest = rest.dropFirst(fraction.count)
        }
        guard rest.isEmpty, !whole.isEmpty || !fraction.isEmpty else { return nil }
        guard let number = Double(text), number.isFinite else { return nil }
        return number
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
