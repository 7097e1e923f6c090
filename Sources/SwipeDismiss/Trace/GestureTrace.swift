import Foundation

/// A recorded gesture: the JSON contract that `x11-demo --record` writes and
/// `cairo-export --trace` reads.
///
/// ```json
/// { "viewport": { "width": 390, "height": 844 },
///   "events": [ { "t": 0.000, "type": "down", "x": 195, "y": 500 }, … ] }
/// ```
/// `t` is seconds from the trace start and never decreases; `x`, `y` are viewport points.
public struct GestureTrace: Equatable, Sendable {
    public var viewport: Size
    /// Events with times in seconds from the trace's start.
    public var events: [InputEvent]

    public init(viewport: Size, events: [InputEvent]) {
        self.viewport = viewport
        self.events = events
    }

    /// The time of the last event (0 for an empty trace).
    public var duration: Double { events.last?.time ?? 0 }

    /// Throws unless every number is finite, the viewport positive, and times never decrease.
    public func validate() throws(GestureTraceError) {
        for (name, value) in [
            ("viewport.width", viewport.width), ("viewport.height", viewport.height),
        ] {
            guard value.isFinite, value > 0 else {
                throw GestureTraceError(
                    field: name, reason: "expected a positive finite number, got \(value)")
            }
        }
        var previous = 0.0
        for (index, event) in events.enumerated() {
            guard event.time.isFinite else {
                throw GestureTraceError(
                    eventIndex: index, field: "t",
                    reason: "expected a finite number, got \(event.time)")
            }
            guard event.time >= 0 else {
                throw GestureTraceError(
                    eventIndex: index, field: "t",
                    reason: "time \(event.time) is before the trace start (0)")
            }
            guard event.time >= previous else {
                throw GestureTraceError(
                    eventIndex: index, field: "t",
                    reason: "time \(event.time) is earlier than the previous event's \(previous)")
            }
            previous = event.time
            if let location = event.location {
                for (name, value) in [("x", location.x), ("y", location.y)] where !value.isFinite {
                    throw GestureTraceError(
                        eventIndex: index, field: name,
                        reason: "expected a finite number, got \(value)")
                }
            }
        }
    }

    // MARK: Decoding

    /// Decodes and validates a trace from JSON text.
    public init(json: String) throws(GestureTraceError) {
        try self.init(jsonBytes: Array(json.utf8))
    }

    /// Decodes and validates a trace from JSON bytes.
    public init(jsonBytes: [UInt8]) throws(GestureTraceError) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes: jsonBytes)
        } catch let error as JSONSyntaxError {
            throw GestureTraceError(reason: "not valid JSON: \(error)")
        } catch {
            throw GestureTraceError(reason: "not valid JSON: \(error)")
        }
        guard case .object = root else {
            throw GestureTraceError(
                reason: "expected a JSON object at the top, got \(root.kindName)")
        }
        guard let viewportValue = root["viewport"] else {
            throw GestureTraceError(field: "viewport", reason: "missing")
        }
        guard case .object = viewportValue else {
            throw GestureTraceError(
                field: "viewport", reason: "expected an object, got \(viewportValue.kindName)")
        }
        func dimension(_ name: String) throws(GestureTraceError) -> Double {
            guard let value = viewportValue[name] else {
                throw GestureTraceError(field: "viewport.\(name)", reason: "missing")
            }
            guard case .number(let number) = value, number.isFinite, number > 0 else {
                throw GestureTraceError(
                    field: "viewport.\(name)",
                    reason: "expected a positive finite number, got \(value.kindName)")
            }
            return number
        }
        let size = Size(width: try dimension("width"), height: try dimension("height"))
        guard let eventsValue = root["events"] else {
            throw GestureTraceError(field: "events", reason: "missing")
        }
        guard case .array(let items) = eventsValue else {
            throw GestureTraceError(
                field: "events", reason: "expected an array, got \(eventsValue.kindName)")
        }
        var events: [InputEvent] = []
        events.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            events.append(try Self.decodeEvent(item, index: index))
        }
        self.init(viewport: size, events: events)
        try validate()
    }

    private static func decodeEvent(_ item: JSONValue, index: Int) throws(GestureTraceError)
        -> InputEvent
    {
        guard case .object = item else {
            throw GestureTraceError(
                eventIndex: index, reason: "expected an object, got \(item.kindName)")
        }
        func number(_ field: String) throws(GestureTraceError) -> Double {
            guard let value = item[field] else {
                throw GestureTraceError(eventIndex: index, field: field, reason: "missing")
            }
            guard case .number(let number) = value else {
                throw GestureTraceError(
                    eventIndex: index, field: field,
                    reason: "expected a number, got \(value.kindName)")
            }
            guard number.isFinite else {
                throw GestureTraceError(
                    eventIndex: index, field: field,
                    reason: "expected a finite number, got \(value.kindName)")
            }
            return number
        }
        func string(_ field: String) throws(GestureTraceError) -> String {
            guard let value = item[field] else {
                throw GestureTraceError(eventIndex: index, field: field, reason: "missing")
            }
            guard case .string(let text) = value else {
                throw GestureTraceError(
                    eventIndex: index, field: field,
                    reason: "expected a string, got \(value.kindName)")
            }
            return text
        }
        let time = try number("t")
        let type = try string("type")
        let kind: InputEvent.Kind
        switch type {
        case "down": kind = .down(Point(x: try number("x"), y: try number("y")))
        case "move": kind = .move(Point(x: try number("x"), y: try number("y")))
        case "up": kind = .up(Point(x: try number("x"), y: try number("y")))
        case "key":
            let name = try string("key")
            guard !name.isEmpty else {
                throw GestureTraceError(eventIndex: index, field: "key", reason: "empty key name")
            }
            kind = .key(Key(name: name))
        case "cancel": kind = .cancel
        default:
            throw GestureTraceError(
                eventIndex: index, field: "type",
                reason: "unknown event type \"\(type)\" (expected down, move, up, key or cancel)")
        }
        return InputEvent(time: time, kind: kind)
    }

    // MARK: Files

    /// Reads and validates the trace at `path`; errors name the file.
    public static func load(path: String) throws(GestureTraceError) -> GestureTrace {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
        {
            throw GestureTraceError(
                reason: "cannot read the trace file: it is a folder", file: path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw GestureTraceError(reason: "cannot read the trace file: \(reason)", file: path)
        }
        do {
            return try GestureTrace(jsonBytes: Array(data))
        } catch {
            var located = error
            located.file = path
            throw located
        }
    }

    /// Writes the trace to `path` whole or not at all (temporary file, then rename).
    public func write(path: String) throws {
        try validate()
        let url = URL(fileURLWithPath: path)
        try Data(encoded().utf8).write(to: url, options: .atomic)
    }

    // MARK: Encoding

    /// The trace as JSON, one event a line; numbers round-trip exactly.
    public func encoded() -> String {
        var out = "{ \"viewport\": { \"width\": \(Self.format(viewport.width)), "
        out += "\"height\": \(Self.format(viewport.height)) },\n  \"events\": ["
        for (index, event) in events.enumerated() {
            out += index == 0 ? "\n    " : ",\n    "
            out += "{ \"t\": \(Self.format(event.time)), "
            switch event.kind {
            case .down(let p): out += "\"type\": \"down\", \(Self.format(p)) }"
            case .move(let p): out += "\"type\": \"move\", \(Self.format(p)) }"
            case .up(let p): out += "\"type\": \"up\", \(Self.format(p)) }"
            case .key(let key): out += "\"type\": \"key\", \"key\": \(Self.quote(key.name)) }"
            case .cancel: out += "\"type\": \"cancel\" }"
            }
        }
        out += events.isEmpty ? "] }\n" : " ] }\n"
        return out
    }

    private static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    private static func format(_ point: Point) -> String {
        "\"x\": \(format(point.x)), \"y\": \(format(point.y))"
    }

    private static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
