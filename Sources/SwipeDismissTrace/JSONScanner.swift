import Foundation
import SwipeDismiss

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
        /// The member name being read, as a string token.
        var name: Range<Int>?
        var expectsName = true
        /// The names seen so far by a hash of their decoded text (kept on request); a
        /// dictionary, so that an object with very many members is still read in linear time.
        var names: [UInt64: Range<Int>] = [:]
    }

    private let bytes: [UInt8]
    private var position: Int
    /// The innermost open container (nil outside all), and those around it.
    private var top: Frame?
    private var outer: [Frame] = []
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
        (outer + (top.map { [$0] } ?? [])).compactMap { frame in
            guard frame.isObject else { return .index(frame.index) }
            guard !frame.expectsName, let name = frame.name else { return nil }
            return .member(memberName(name))
        }
    }

    /// The next token, or nil at the end of the text.
    mutating func next() -> Token? {
        if let pending { apply(pending) }
        pending = nil
        repeatedName = nil
        let from = position
        guard let token = bytes.withUnsafeBufferPointer({ Self.lex($0, from: from) }) else {
            position = bytes.count
            return nil
        }
        position = token.range.upperBound
        if token.kind == .string, top?.isObject == true, top?.expectsName == true {
            top?.name = token.range
            if keepsNames {
                let hash = nameHash(token.range)
                if let seen = top?.names[hash] {
                    // Equal hashes are almost surely equal names; make sure.
                    let name = memberName(token.range)
                    if memberName(seen) == name { repeatedName = name }
                } else {
                    top?.names[hash] = token.range
                }
            }
        }
        pending = token
        return token
    }

    /// The token at or after `from` (past whitespace), read from the raw buffer so that it is
    /// quick in debug builds too (hence byte values rather than `UInt8(ascii:)`).
    private static func lex(_ buffer: UnsafeBufferPointer<UInt8>, from: Int) -> Token? {
        var index = from
        while index < buffer.count, isWhitespace(buffer[index]) { index += 1 }
        guard index < buffer.count else { return nil }
        let start = index
        let kind: Token.Kind
        switch buffer[start] {
        case 0x7B, 0x5B: kind = .open  // { [
        case 0x7D, 0x5D: kind = .close  // } ]
        case 0x2C: kind = .comma  // ,
        case 0x3A: kind = .colon  // :
        case 0x22: kind = .string  // "
        default: kind = .word
        }
        index += 1
        switch kind {
        case .string:
            while index < buffer.count {
                let byte = buffer[index]
                index += byte == 0x5C ? 2 : 1  // a backslash escapes the next byte
                if byte == 0x22 { break }  // the closing quote
            }
            index = min(index, buffer.count)
        case .word:
            while index < buffer.count, !endsWord(buffer[index]) { index += 1 }
        default:
            break
        }
        return Token(kind: kind, range: start..<index)
    }

    /// FNV-1a of a member name's decoded UTF-8, to find repeated names quickly.
    private func nameHash(_ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var body = bytes[min(range.lowerBound + 1, range.upperBound)..<range.upperBound]
        if body.last == 0x22 { body.removeLast() }  // the closing quote
        if body.contains(0x5C) {
            memberName(range).utf8.forEach(mix)
        } else {
            body.forEach(mix)
        }
        return hash
    }

    /// Applies the token's effect on the open containers, once the path to it has been read.
    private mutating func apply(_ token: Token) {
        switch token.kind {
        case .open:
            if let top { outer.append(top) }
            top = Frame(isObject: bytes[token.range.lowerBound] == 0x7B)  // {
        case .close:
            top = outer.popLast()
        case .comma:
            guard top != nil else { return }
            if top?.isObject == true {
                top?.expectsName = true
            } else {
                top?.index += 1
            }
        case .string:
            if top?.isObject == true {
                top?.expectsName = false
            }
        case .colon, .word:
            break
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D: true
        default: false
        }
    }

    /// Whether `byte` is whitespace or punctuation, which end a run of other bytes.
    private static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, 0x7B, 0x5B, 0x7D, 0x5D, 0x2C, 0x3A, 0x22: true
        default: false
        }
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
