import Foundation
import SwipeDismiss

/// Where in a JSON text something is: its line and column, and the event and field it lies in.
struct JSONPlace {
    var line: Int
    var column: Int
    var eventIndex: Int?
    var field: String?
    /// The token there, shortened for a message (nil at the end of the text).
    var token: String?

    /// A trace error at this place.
    func error(_ reason: String) -> GestureTraceError {
        GestureTraceError(
            eventIndex: eventIndex, field: field, reason: reason, line: line, column: column)
    }
}

/// The JSON syntax a trace must have before it is decoded, with errors that say where.
///
/// `JSONSerialization` judges the syntax: it reads the whole text eagerly and refuses numbers
/// with leading zeros, bad escapes, lone surrogates, raw control characters and nesting past
/// 512 levels. `JSONDecoder`, which then decodes the trace, is lazy: it skips members the trace
/// does not use without checking them (`"note": 0195` passes) and reports no position.
/// `JSONScanner` places what `JSONSerialization` reports and refuses what both accept.
enum TraceSyntax {
    /// Literals that other JSON dialects use for non-finite numbers.
    private static let nonFiniteWords: Set<String> = [
        "NaN", "+NaN", "-NaN", "Infinity", "+Infinity", "-Infinity",
    ]

    /// Throws unless `bytes` are one JSON value, in UTF-8, as RFC 8259 defines it.
    static func check(_ bytes: [UInt8], data: Data) throws(GestureTraceError) {
        // Foundation would read UTF-16 and UTF-32 too; a zero byte is where they show.
        if let zero = bytes.firstIndex(of: 0) {
            throw place(ofByte: zero, in: bytes).error(
                "not UTF-8 JSON: a zero byte (traces are UTF-8 text, not UTF-16 or UTF-32)")
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        } catch {
            throw explain(error, in: bytes)
        }
        if let leniency = firstLeniency(in: bytes) { throw leniency }
    }

    /// Turns `JSONSerialization`'s error into one that names the line, column, event and field.
    static func explain(_ error: Error, in bytes: [UInt8]) -> GestureTraceError {
        let message =
            (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        let (summary, offset) = splitOffset(message)
        if let offset {
            // Foundation counts from after a byte-order mark.
            let bom = JSONScanner.byteOrderMarkLength(bytes)
            let place = place(ofByte: offset < bytes.count ? offset + bom : bytes.count, in: bytes)
            if let token = place.token, nonFiniteWords.contains(token) {
                return place.error(
                    "expected a finite number, got \(token) (JSON has no NaN or Infinity)")
            }
            return place.error("not valid JSON: \(summary)\(quoted(place.token))")
        }
        if let fault = firstUnplacedFault(in: bytes) { return fault }
        if message.lowercased().contains("end of file") {
            return place(ofByte: bytes.count, in: bytes).error("not valid JSON: \(summary)")
        }
        return GestureTraceError(reason: "not valid JSON: \(summary)")
    }

    /// ` at "token"` for a message (a string token keeps its own quotes).
    private static func quoted(_ token: String?) -> String {
        guard let token else { return " at the end of the text" }
        return token.hasPrefix("\"") ? " at \(token)" : " at \"\(token)\""
    }

    /// Splits "Invalid value around character 12." into ("invalid value", 12).
    static func splitOffset(_ message: String) -> (summary: String, offset: Int?) {
        var text = Substring(message)
        if text.hasSuffix(".") { text.removeLast() }
        let digits = text.reversed().prefix { ("0"..."9").contains($0) }
        let head = text.dropLast(digits.count)
        var summary = text
        var offset: Int?
        if !digits.isEmpty {
            for phrase in [" around character ", " starting from character ", " at "]
            where head.hasSuffix(phrase) {
                summary = head.dropLast(phrase.count)
                offset = Int(String(digits.reversed()))
                break
            }
        }
        return (summary.prefix(1).lowercased() + summary.dropFirst(), offset)
    }

    /// The line, column and path of the byte at `offset` (clamped to the text); an offset
    /// inside a word (a number or a literal) is moved to the word's start.
    static func place(ofByte offset: Int, in bytes: [UInt8]) -> JSONPlace {
        var scanner = JSONScanner(bytes)
        while let token = scanner.next() {
            guard token.range.upperBound > offset else { continue }
            let start = token.kind == .word ? min(offset, token.range.lowerBound) : offset
            return place(ofByte: start, path: scanner.path, token: token.range, scanner, bytes)
        }
        return place(ofByte: offset, path: scanner.path, token: nil, scanner, bytes)
    }

    /// The first trailing comma or repeated member name: JSON that Foundation accepts but
    /// RFC 8259 does not (or, for names, leaves each reader to resolve its own way).
    static func firstLeniency(in bytes: [UInt8]) -> GestureTraceError? {
        var scanner = JSONScanner(bytes, keepsNames: true)
        var comma: Range<Int>?
        while let token = scanner.next() {
            if token.kind == .close, let comma {
                let closer = scanner.text(of: token.range)
                return place(
                    ofByte: comma.lowerBound, path: scanner.path, token: comma, scanner, bytes
                ).error(
                    "not valid JSON: a comma before \"\(closer)\" (JSON has no trailing commas)")
            }
            if let name = scanner.repeatedName {
                return place(
                    ofByte: token.range.lowerBound, path: scanner.path + [.member(name)],
                    token: token.range, scanner, bytes
                ).error("the member name \"\(name)\" appears twice in one object")
            }
            comma = token.kind == .comma ? token.range : nil
        }
        return nil
    }

    /// The first fault `JSONSerialization` reports without a position: half a surrogate pair
    /// in a `\u` escape, or a number too large for a `Double`.
    static func firstUnplacedFault(in bytes: [UInt8]) -> GestureTraceError? {
        var scanner = JSONScanner(bytes)
        while let token = scanner.next() {
            switch token.kind {
            case .string:
                guard let at = scanner.loneSurrogate(in: token.range) else { continue }
                let escape = scanner.text(of: at..<min(at + 6, token.range.upperBound))
                return place(ofByte: at, path: scanner.path, token: token.range, scanner, bytes)
                    .error("not valid JSON: \"\(escape)\" is half of a UTF-16 surrogate pair")
            case .word:
                let word = bytes[token.range]
                guard word.allSatisfy({ "0123456789+-.eE".utf8.contains($0) }),
                    let value = Double(String(decoding: word, as: UTF8.self)), value.isInfinite
                else { continue }
                return place(
                    ofByte: token.range.lowerBound, path: scanner.path, token: token.range,
                    scanner, bytes
                ).error(
                    "expected a finite number, got \(scanner.text(of: token.range)), which is "
                        + "beyond the range of a Double (it would be infinite)")
            default:
                continue
            }
        }
        return nil
    }

    private static func place(
        ofByte offset: Int, path: [JSONScanner.Step], token: Range<Int>?,
        _ scanner: JSONScanner, _ bytes: [UInt8]
    ) -> JSONPlace {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        bytes.withUnsafeBufferPointer { buffer in
            for index in min(JSONScanner.byteOrderMarkLength(bytes), end)..<end {
                if buffer[index] == 0x0A {  // a newline
                    line += 1
                    column = 1
                } else if buffer[index] & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
                    column += 1
                }
            }
        }
        var steps = path[...]
        var eventIndex: Int?
        if path.count >= 2, path[0] == .member("events"), case .index(let index) = path[1] {
            eventIndex = index
            steps = path.dropFirst(2)
        }
        var field = ""
        for step in steps {
            switch step {
            case .member(let name): field += (field.isEmpty ? "" : ".") + shown(name)
            case .index(let index): field += "[\(index)]"
            }
        }
        return JSONPlace(
            line: line, column: column, eventIndex: eventIndex,
            field: field.isEmpty ? nil : shown(field, limit: 60),
            token: token.map { scanner.text(of: $0) })
    }

    /// Text from a trace fit for a message: control characters as `?`, at most `limit`
    /// characters.
    static func shown(_ text: String, limit: Int = 40) -> String {
        let scalars = text.unicodeScalars.prefix(limit).map {
            $0.value < 0x20 || $0.value == 0x7F ? "?" : $0
        }
        let shown = String(String.UnicodeScalarView(scalars))
        return text.unicodeScalars.count > limit ? shown + "…" : shown
    }
}
