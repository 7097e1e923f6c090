import Foundation

/// Numbers as text for files and messages: locale-independent, and never a trap.
///
/// `String(format:)` without a locale formats in the POSIX way (a `.` for the point), and,
/// unlike converting to an integer first, takes any `Double`, however large.
public enum NumberText {
    /// `value` with `digits` decimals (0...17), `-` dropped when it rounds to zero.
    /// Non-finite values read "infinity", "-infinity" or "not a number"; callers that write
    /// data files refuse those before formatting.
    public static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return word(for: value) }
        let text = String(format: "%.\(min(max(digits, 0), 17))f", value)
        if text.hasPrefix("-"), text.utf8.allSatisfy({ "-0.".utf8.contains($0) }) {
            return String(text.dropFirst())
        }
        return text
    }

    /// `value` as short as reads well in a message: `390`, `0.25`, `1e+19`, `infinity`.
    public static func readable(_ value: Double) -> String {
        guard value.isFinite else { return word(for: value) }
        return String(format: "%.10g", value)
    }

    /// The word used for a non-finite value.
    static func word(for value: Double) -> String {
        if value.isNaN { return "not a number" }
        return value < 0 ? "-infinity" : "infinity"
    }
}

/// Whole numbers from `Double`s that may come from user input, without the trap of `Int(_:)`.
public enum WholeNumber {
    /// `value` rounded by `rule` and clamped to `range`; nil when `value` is not finite.
    public static func clamped(
        _ value: Double, to range: ClosedRange<Int>,
        rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) -> Int? {
        guard value.isFinite else { return nil }
        let rounded = value.rounded(rule)
        if rounded <= Double(range.lowerBound) { return range.lowerBound }
        if rounded >= Double(range.upperBound) { return range.upperBound }
        return Int(exactly: rounded) ?? range.upperBound
    }
}
