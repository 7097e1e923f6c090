import Foundation
import SwipeDismiss

// Traces are read and written with Foundation. `TraceSyntax` checks the text first with
// `JSONSerialization` (strict, with positions); the values come from `JSONDecoder`, because
// `JSONSerialization` reads 17-digit numbers through `NSDecimalNumber` and its `doubleValue`
// is often one unit off, so a recorded trace would not read back exactly.

extension GestureTrace {
    /// Decodes and validates a trace from JSON text.
    public init(json: String) throws(GestureTraceError) {
        try self.init(jsonBytes: Array(json.utf8))
    }

    /// Decodes and validates a trace from UTF-8 JSON bytes.
    ///
    /// A syntax error names the line and column (and the event and field it lies in); a
    /// schema error names the event and the field; `validate()` then checks the bounds.
    public init(jsonBytes: [UInt8]) throws(GestureTraceError) {
        guard jsonBytes.count <= Limits.fileSize else {
            throw GestureTraceError(
                reason: "the trace is \(jsonBytes.count) bytes, more than the limit of "
                    + "\(Limits.fileSize) (\(Limits.fileSize >> 20) MiB)")
        }
        let data = Data(jsonBytes)
        try TraceSyntax.check(jsonBytes, data: data)
        do {
            self = try JSONDecoder().decode(TraceDocument.self, from: data).trace
        } catch let error as GestureTraceError {
            throw TraceSyntax.located(error, in: jsonBytes)
        } catch {
            throw GestureTraceError(
                reason: "not a readable trace: \(TraceSyntax.shown("\(error)", limit: 200))")
        }
        do {
            try validate()
        } catch {
            throw TraceSyntax.located(error, in: jsonBytes)
        }
    }

    /// The trace as JSON, one event a line; numbers round-trip exactly.
    ///
    /// Throws, naming the event and field, if the trace fails `validate()`, so no NaN,
    /// infinity or out-of-bounds number is ever written; and if the text would be longer than
    /// `Limits.fileSize`, so everything written can be read back.
    public func encoded() throws(GestureTraceError) -> String {
        try validate()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json(_ value: some Encodable, index: Int?) throws(GestureTraceError) -> String {
            do {
                return String(decoding: try encoder.encode(value), as: UTF8.self)
            } catch {
                throw GestureTraceError(eventIndex: index, reason: "cannot be written: \(error)")
            }
        }
        let size = ViewportRecord(width: viewport.width, height: viewport.height)
        var out = "{ \"viewport\": \(try json(size, index: nil)),\n  \"events\": ["
        for (index, event) in events.enumerated() {
            out += index == 0 ? "\n    " : ",\n    "
            out += try json(EventRecord(event), index: index)
        }
        out += events.isEmpty ? "] }\n" : " ] }\n"
        // What is written must read back.
        guard out.utf8.count <= Limits.fileSize else {
            throw GestureTraceError(
                reason: "the trace would be \(out.utf8.count) bytes, more than the limit of "
                    + "\(Limits.fileSize) (\(Limits.fileSize >> 20) MiB)")
        }
        return out
    }
}

/// A member name for `JSONDecoder`.
private struct Name: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The fields of one JSON object, read with errors that name the event and the field.
private struct Fields {
    let container: KeyedDecodingContainer<Name>
    let eventIndex: Int?
    /// Prepended to field names in errors (`"viewport."`).
    var prefix = ""

    func fault(_ name: String, _ reason: String) -> GestureTraceError {
        GestureTraceError(eventIndex: eventIndex, field: prefix + name, reason: reason)
    }

    func kind(_ name: String) -> String {
        (try? container.decode(JSONKind.self, forKey: Name(name)))?.name ?? "another kind of value"
    }

    func number(_ name: String, expected: String = "a number") throws -> Double {
        guard container.contains(Name(name)) else { throw fault(name, "missing") }
        do {
            return try container.decode(Double.self, forKey: Name(name))
        } catch is DecodingError {
            throw fault(name, "expected \(expected), got \(kind(name))")
        } catch {
            // JSONDecoder refuses, without a DecodingError, a number a Double cannot hold.
            throw fault(name, "expected \(expected), got one too large or too small for a Double")
        }
    }

    func string(_ name: String) throws -> String {
        guard container.contains(Name(name)) else { throw fault(name, "missing") }
        guard let text = try? container.decode(String.self, forKey: Name(name)) else {
            throw fault(name, "expected a string, got \(kind(name))")
        }
        return text
    }
}

/// The kind of a JSON value (`"a string"`, `"an array"`), for error messages.
private struct JSONKind: Decodable {
    var name: String

    init(from decoder: Decoder) {
        name = Self.name(of: decoder)
    }

    static func name(of decoder: Decoder) -> String {
        if let value = try? decoder.singleValueContainer() {
            if value.decodeNil() { return "null" }
            if (try? value.decode(Bool.self)) != nil { return "a boolean" }
            if (try? value.decode(Double.self)) != nil { return "a number" }
            if (try? value.decode(String.self)) != nil { return "a string" }
        }
        if (try? decoder.unkeyedContainer()) != nil { return "an array" }
        if (try? decoder.container(keyedBy: Name.self)) != nil { return "an object" }
        return "another kind of value"
    }
}

/// The whole document; decoding throws `GestureTraceError`.
private struct TraceDocument: Decodable {
    var trace: GestureTrace

    init(from decoder: Decoder) throws {
        guard let root = try? decoder.container(keyedBy: Name.self) else {
            throw GestureTraceError(
                reason: "expected a JSON object at the top, got \(JSONKind.name(of: decoder))")
        }
        let top = Fields(container: root, eventIndex: nil)
        guard root.contains(Name("viewport")) else { throw top.fault("viewport", "missing") }
        guard let viewport = try? root.nestedContainer(keyedBy: Name.self, forKey: Name("viewport"))
        else { throw top.fault("viewport", "expected an object, got \(top.kind("viewport"))") }
        let size = Fields(container: viewport, eventIndex: nil, prefix: "viewport.")
        let expected = "a positive finite number"
        let width = try size.number("width", expected: expected)
        let height = try size.number("height", expected: expected)
        guard root.contains(Name("events")) else { throw top.fault("events", "missing") }
        guard var list = try? root.nestedUnkeyedContainer(forKey: Name("events")) else {
            throw top.fault("events", "expected an array, got \(top.kind("events"))")
        }
        var events: [InputEvent] = []
        events.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            events.append(try list.decode(EventRecord.self).event)
        }
        trace = GestureTrace(viewport: Size(width: width, height: height), events: events)
    }
}

private struct ViewportRecord: Encodable {
    var width: Double
    var height: Double
}

/// One event as the trace holds it: `{"t": 0.016, "type": "move", "x": 195, "y": 512}`.
private struct EventRecord: Codable {
    var t: Double
    var type: String
    var x: Double?
    var y: Double?
    var key: String?
    var dx: Double?
    var dy: Double?
    var source: String?
    var width: Double?
    var height: Double?

    var event: InputEvent {
        let point = Point(x: x ?? 0, y: y ?? 0)
        let kind: InputEvent.Kind =
            switch type {
            case "down": .down(point)
            case "move": .move(point)
            case "up": .up(point)
            case "key": .key(Key(name: key ?? ""))
            case "scroll":
                .scroll(
                    dx: dx ?? 0, dy: dy ?? 0,
                    source: source.flatMap(ScrollSource.init(rawValue:)) ?? .wheel)
            case "scroll-stop": .scrollStop
            case "viewport": .viewport(Size(width: width ?? 0, height: height ?? 0))
            default: .cancel
            }
        return InputEvent(time: t, kind: kind)
    }

    init(_ event: InputEvent) {
        t = event.time
        switch event.kind {
        case .down(let point): (type, x, y) = ("down", point.x, point.y)
        case .move(let point): (type, x, y) = ("move", point.x, point.y)
        case .up(let point): (type, x, y) = ("up", point.x, point.y)
        case .key(let pressed): (type, key) = ("key", pressed.name)
        case .cancel: type = "cancel"
        case .scroll(let dx, let dy, let source):
            (type, self.dx, self.dy, self.source) = ("scroll", dx, dy, source.rawValue)
        case .scrollStop: type = "scroll-stop"
        case .viewport(let size): (type, width, height) = ("viewport", size.width, size.height)
        }
    }

    init(from decoder: Decoder) throws {
        let index = decoder.codingPath.last?.intValue
        guard let container = try? decoder.container(keyedBy: Name.self) else {
            throw GestureTraceError(
                eventIndex: index, reason: "expected an object, got \(JSONKind.name(of: decoder))")
        }
        let fields = Fields(container: container, eventIndex: index)
        t = try fields.number("t")
        type = try fields.string("type")
        switch type {
        case "down", "move", "up":
            x = try fields.number("x")
            y = try fields.number("y")
        case "key":
            key = try fields.string("key")  // validate() refuses an empty name
        case "scroll":
            dx = try fields.number("dx")
            dy = try fields.number("dy")
            let name = try fields.string("source")
            guard ScrollSource(rawValue: name) != nil else {
                throw fields.fault(
                    "source",
                    "unknown scroll source \"\(TraceSyntax.shown(name))\" (expected touchpad or wheel)"
                )
            }
            source = name
        case "viewport":
            let expected = "a positive finite number"
            width = try fields.number("width", expected: expected)
            height = try fields.number("height", expected: expected)
        case "cancel", "scroll-stop":
            break
        default:
            throw fields.fault(
                "type",
                "unknown event type \"\(TraceSyntax.shown(type))\" (expected down, move, up, key, "
                    + "cancel, scroll, scroll-stop or viewport)")
        }
    }
}
