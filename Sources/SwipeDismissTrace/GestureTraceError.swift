import SwipeDismiss

/// Why a trace was refused: where (file, line and column, event index, field) and what was wrong.
public struct GestureTraceError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The index of the offending event in `events`, if the fault is in one.
    public var eventIndex: Int?
    /// The field at fault (`"t"`, `"x"`, `"viewport.width"`, …), if any.
    public var field: String?
    /// What was wrong, in words.
    public var reason: String
    /// The trace file, when the trace was read from one.
    public var file: String?
    /// The line of a syntax error in the JSON text, counted from 1.
    public var line: Int?
    /// The column of a syntax error (in Unicode scalars from the line's start), counted from 1.
    public var column: Int?

    /// An error at the given place; every place is optional.
    public init(
        eventIndex: Int? = nil, field: String? = nil, reason: String, file: String? = nil,
        line: Int? = nil, column: Int? = nil
    ) {
        self.eventIndex = eventIndex
        self.field = field
        self.reason = reason
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file, line L, column C, event N, field "f": reason`, leaving out what is unknown.
    public var description: String {
        var place: [String] = []
        if let file { place.append(file) }
        if let line {
            place.append(column.map { "line \(line), column \($0)" } ?? "line \(line)")
        }
        if let eventIndex { place.append("event \(eventIndex)") }
        if let field { place.append("field \"\(field)\"") }
        return place.isEmpty ? reason : place.joined(separator: ", ") + ": " + reason
    }
}
