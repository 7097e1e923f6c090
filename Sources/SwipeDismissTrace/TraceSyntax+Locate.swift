import SwipeDismiss

extension TraceSyntax {
    /// `error` with the line and column of what it names, when it names an event (and
    /// maybe a field) but no line: the field's value if the event has it, else the event's
    /// opening brace. A refusal of a decoded value (a negative viewport side, a time that
    /// runs backwards) then says where in the file it is.
    static func located(_ error: GestureTraceError, in bytes: [UInt8]) -> GestureTraceError {
        guard error.line == nil, let event = error.eventIndex else { return error }
        let eventPath: [JSONScanner.Step] = [.member("events"), .index(event)]
        var scanner = JSONScanner(bytes)
        var start: Int?
        while let token = scanner.next() {
            let path = scanner.path
            guard path.starts(with: eventPath) else {
                if start != nil { break }
                continue
            }
            if start == nil { start = token.range.lowerBound }
            if let field = error.field, path == eventPath + [.member(field)],
                token.kind == .word || token.kind == .string || token.kind == .open
            {
                return placed(error, at: token.range.lowerBound, in: bytes)
            }
        }
        guard let start else { return error }
        return placed(error, at: start, in: bytes)
    }

    private static func placed(_ error: GestureTraceError, at offset: Int, in bytes: [UInt8])
        -> GestureTraceError
    {
        let place = place(ofByte: offset, in: bytes)
        var located = error
        located.line = place.line
        located.column = place.column
        return located
    }
}
