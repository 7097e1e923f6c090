import Foundation

/// One forward pass over JSON text that knows, at each token, the member names and array
/// indices that lead to it (`events`, `3`, `x`), so that an error can name its event and field.
///
/// Foundation reads traces (`GestureTraceCoding.swift`); this builds no values. It is kept for
/// three things Foundation on Linux does not do:
/// - place an error: `JSONSerialization` gives a byte offset ("around character 57"), or for
///   a lone surrogate or a number beyond a `Double` nothing at all; `JSONDecoder` gives neither;
/// - refuse trailing commas (`[1,]`), which both of Foundation's readers accept;
/// - refuse a repeated member name, which `JSONSerialization` resolves to the last value and
///   `JSONDecoder` to the first, so two readers of one file could disagree.
///
/// It keeps its own stack (no recursion, so no nesting can exhaust the thread's stack), does
/// no arithmetic that can overflow, and reads any bytes; `TraceFuzzTests` holds it to that.
struct JSONScanner {
    /// A lexical token: one punctuation byte, a whole string (quotes included) or a run of
    /// other bytes (a number, a literal, or junk).
    struct Token {
        enum Kind { case open, close, comma, colon, string, word }
        var kind: Kind
        var range: Range<Int>
    }

    /// One step of the path to a token: a member name or an array index.
    enum Step: Equatable {
        case member(String)
        case index(Int)
    }

    /// An open object or array, and where in it the scan is.
    private struct Frame {
        var isObject: Bool
        var index = 0
        var name: String?
        var expectsName = true
        var names: [String] = []
    }

    private let bytes: [UInt8]
    private var position: Int
    private var frames: [Frame] = []
    /// The token last returned; its effect on the frames is applied by the next call.
    private var pending: Token?
    private let keepsNames: Bool
    /// Set by `next()` when the member name it returned was already used in its object.
    private(set) var repeatedName: String?

    init(_ bytes: [UInt8], keepsNames: Bool = false) {
        self.bytes = bytes
        self.keepsNames = keepsNames
        position = Self.byteOrderMarkLength(bytes)
    }

    /// The number of bytes of a UTF-8 byte-order mark at the start (0 or 3).
    static func byteOrderMarkLength(_ bytes: [UInt8]) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The path to the token `next()` returned last.
    var path: [Step] {
        frames.compactMap { frame in
            guard frame.isObject else { return .index(frame.index) }
            return frame.expectsName ? nil : frame.name.map(Step.member)
        }
    }

    /// The next token, or nil at the end of the text.
    mutating func next() -> Token? {
        if let pending { apply(pending) }
        pending = nil
        repeatedName = nil
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        guard position < bytes.count else { return nil }
        let start = position
        let kind: Token.Kind
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): kind = .open
        case UInt8(ascii: "}"), UInt8(ascii: "]"): kind = .close
        case UInt8(ascii: ","): kind = .comma
        case UInt8(ascii: ":"): kind = .colon
        case UInt8(ascii: "\""): kind = .string
        default: kind = .word
        }
        switch kind {
        case .string: position = endOfString(from: start)
        case .word:
            position += 1
            while position < bytes.count, !Self.endsWord(bytes[position]) { position += 1 }
        default: position += 1
        }
        let token = Token(kind: kind, range: start..<position)
        if kind == .string, let last = frames.indices.last, frames[last].isObject,
            frames[last].expectsName
        {
            let name = memberName(token.range)
            frames[last].name = name
            if keepsNames {
                if frames[last].names.contains(name) { repeatedName = name }
                frames[last].names.append(name)
            }
        }
        pending = token
        return token
    }

    /// Applies the token's effect on the open containers, once the path to it has been read.
    private mutating func apply(_ token: Token) {
        switch token.kind {
        case .open:
            frames.append(Frame(isObject: bytes[token.range.lowerBound] == UInt8(ascii: "{")))
        case .close:
            if !frames.isEmpty { frames.removeLast() }
        case .comma:
            guard let last = frames.indices.last else { return }
            if frames[last].isObject {
                frames[last].expectsName = true
                frames[last].name = nil
            } else {
                frames[last].index += 1
            }
        case .string:
            if let last = frames.indices.last, frames[last].isObject {
                frames[last].expectsName = false
            }
        case .colon, .word:
            break
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || "{}[],:\"".utf8.contains(byte)
    }

    /// The index just past the string that starts at `start`, or the end of the text.
    private func endOfString(from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// A member name as its reader sees it; escapes are decoded by Foundation.
    private func memberName(_ range: Range<Int>) -> String {
        let body = bytes[min(range.lowerBound + 1, range.upperBound)..<range.upperBound]
        if !body.contains(UInt8(ascii: "\\")) {
            return String(
                decoding: body.dropLast(body.last == UInt8(ascii: "\"") ? 1 : 0),
                as: UTF8.self)
        }
        let quoted = Data(bytes[range])
        return (try? JSONDecoder().decode(String.self, from: quoted))
            ?? String(decoding: body, as: UTF8.self)
    }

    /// The first `\u` escape in the string token at `range` that is half a surrogate pair.
    func loneSurrogate(in range: Range<Int>) -> Int? {
        var index = range.lowerBound + 1
        while index < range.upperBound {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u"),
                let code = hex4(at: index + 2)
            else {
                index += 2
                continue
            }
            switch code {
            case 0xD800...0xDBFF:
                guard index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                    bytes[index + 7] == UInt8(ascii: "u"), let low = hex4(at: index + 8),
                    (0xDC00...0xDFFF).contains(low)
                else { return index }
                index += 12
            case 0xDC00...0xDFFF:
                return index
            default:
                index += 6
            }
        }
        return nil
    }

    /// The four hex digits at `index` as a number, if there are four.
    private func hex4(at index: Int) -> UInt32? {
        guard index >= 0, index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The text of a token, cut to `limit` scalars, with control characters shown as `?`.
    func text(of range: Range<Int>, limit: Int = 24) -> String {
        let end = min(range.upperBound, range.lowerBound + limit * 4)
        var scalars = String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
            .unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }
        let cut = scalars.count > limit || end < range.upperBound
        if scalars.count > limit { scalars.removeLast(scalars.count - limit) }
        var out = String(String.UnicodeScalarView(scalars))
        if cut { out += "…" }
        return out
    }
}
