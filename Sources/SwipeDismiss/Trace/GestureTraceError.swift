/// Why a trace was refused: where (event index and field) and what was wrong.
public struct GestureTraceError: Error, CustomStringConvertible, Equatable {
    /// The index of the offending event in `events`, if the fault is in one.
    public var eventIndex: Int?
    /// The field at fault (`"t"`, `"x"`, `"viewport.width"`, …), if any.
    public var field: String?
    public var reason: String
    /// The trace file, when the trace was read from one.
    public var file: String?

    public init(eventIndex: Int? = nil, field: String? = nil, reason: String, file: String? = nil) {
        self.eventIndex = eventIndex
        self.field = field
        self.reason = reason
        self.file = file
    }

    public var description: String {
        var place: [String] = []
        if let file { place.append(file) }
        if let eventIndex { place.append("event \(eventIndex)") }
        if let field { place.append("field \"\(field)\"") }
        return place.isEmpty ? reason : place.joined(separator: ", ") + ": " + reason
    }
}
