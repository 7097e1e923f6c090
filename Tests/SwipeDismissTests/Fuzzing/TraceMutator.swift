import SwipeDismissTestSupport

/// Turns a valid trace into a hostile one: flipped bytes, truncation, inserted escapes and
/// surrogates, odd numbers, wrong types, deep nesting, repeated names, trailing commas.
///
/// Everything it does is drawn from its generator, so a case is reproduced from its seed.
struct TraceMutator {
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// Numbers at and beyond every edge a trace reader has: ranges, limits, grammar.
    static let oddNumbers: [String] = [
        "1e308", "-1e308", "1e309", "-1e309", "1e999", "-0", "-0.0", "0", "1e19", "-1e19",
        "9223372036854775807", "9223372036854775808", "18446744073709551616", "0195", "00",
        "-01", "1e-400", "5e-324", "2.2250738585072014e-308", "123456789012345678901234567890",
        "0.1e1", "1E+2", "1e", "1.", ".5", "+1", "0x10", "NaN", "Infinity", "-Infinity", "1_0",
        "86400", "86400.000001", "16384", "16384.000001", "32767", "32767.000001", "32768", "0.1",
        "0.09999999999999999",
        "0.01", "1e-300", "1000000", "1000000.0000001",
        "-1000000", "-1000000.0000001", "1e6", "-1e6", String(repeating: "9", count: 400),
        "0." + String(repeating: "0", count: 400) + "1", "1e+99999999999999999999", "--1",
    ]

    /// Escapes, surrogates (lone, paired, reversed) and raw bytes to put inside strings.
    static let escapes: [String] = [
        #"\ud800"#, #"\udc00"#, #"\ud800\u0041"#, #"\ud800\ud800"#, #"\udc00\ud800"#,
        #"\udbff\udfff"#, #"\ud83d\ude00"#, #"\u0000"#, #"\u00e9"#, #"\""#, #"\\"#, #"\/"#,
        #"\x"#, #"\u12G4"#, #"\u"#, #"\"#, #"\ud800\u"#, "\u{7F}", "\t", "é", "😀",
    ]

    /// Values of every JSON kind, to put where a number or a string belongs.
    static let values: [String] = [
        #""text""#, #""""#, "true", "false", "null", "[]", "{}", "[1, 2]", #"{"x": 1}"#,
        #""down""#, #""move""#, #""up""#, #""key""#, #""cancel""#, #""scroll""#,
    ]

    static let names = ["t", "type", "x", "y", "key", "viewport", "events", "width", "height"]

    /// Invalid or unusual UTF-8 sequences.
    static let rawBytes: [[UInt8]] = [
        [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0x00],
        [0xEF, 0xBB, 0xBF], [0xE2, 0x80, 0xA8],
    ]

    mutating func below(_ bound: Int) -> Int {
        bound <= 1 ? 0 : Int(truncatingIfNeeded: random.next() % UInt64(bound))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// One to three mutations of `bytes`, or now and then a soup of JSON tokens instead.
    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        if below(50) == 0 { return soup() }
        var out = bytes
        for _ in 0...below(3) { mutateOnce(&out) }
        return out
    }

    private mutating func mutateOnce(_ out: inout [UInt8]) {
        switch below(12) {
        case 0: flipByte(&out)
        case 1: out.removeLast(below(out.count + 1))
        case 2: insert(Array(pick(Self.escapes).utf8), after: UInt8(ascii: "\""), in: &out)
        case 3, 4: replaceNumber(with: pick(Self.oddNumbers), in: &out)
        case 5: replaceNumber(with: pick(Self.values), in: &out)
        case 6: replaceNumber(with: nesting(), in: &out)
        case 7:
            let member = "\"\(pick(Self.names))\": \(pick(Self.oddNumbers + Self.values)), "
            insert(Array(member.utf8), after: UInt8(ascii: "{"), in: &out)
        case 8: insertTrailingComma(in: &out)
        case 9: insert(pick(Self.rawBytes), after: UInt8(ascii: "\""), in: &out)
        case 10: cutOrRepeat(&out)
        default: replaceString(in: &out)
        }
    }

    /// Up to 200 tokens in any order: unbalanced brackets, stray colons and commas, names.
    private mutating func soup() -> [UInt8] {
        let pieces =
            ["{", "}", "[", "]", ",", ":", " ", "\n", #""viewport""#, #""events""#]
            + Self.names.map { "\"\($0)\"" } + Self.oddNumbers + Self.values
            + Self.escapes.map { "\"\($0)\"" }
        var out: [UInt8] = []
        for _ in 0..<below(200) { out += Array(pick(pieces).utf8) }
        return out
    }

    private mutating func flipByte(_ out: inout [UInt8]) {
        guard !out.isEmpty else { return }
        let index = below(out.count)
        let specials = Array("\"\\{}[],:-0e. \n".utf8) + [0x00, 0x80, 0xFF]
        if below(2) == 0 {
            out[index] ^= 1 << UInt8(truncatingIfNeeded: below(8))
        } else {
            out[index] = pick(specials)
        }
    }

    /// Nested arrays or objects, sometimes unclosed, up to 2000 deep.
    private mutating func nesting() -> String {
        let depth = 1 + below(below(2) == 0 ? 40 : 2000)
        let closed = below(4) != 0
        if below(2) == 0 {
            return String(repeating: "[", count: depth) + "1"
                + (closed ? String(repeating: "]", count: depth) : "")
        }
        return String(repeating: #"{"a": "#, count: depth) + "1"
            + (closed ? String(repeating: "}", count: depth) : "")
    }

    /// The first index at or after a random start (wrapping round) whose byte passes `test`.
    private mutating func randomIndex(in bytes: [UInt8], where test: (UInt8) -> Bool) -> Int? {
        guard !bytes.isEmpty else { return nil }
        let start = below(bytes.count)
        return bytes[start...].firstIndex(where: test) ?? bytes[..<start].firstIndex(where: test)
    }

    /// Inserts `insertion` just after a random occurrence of `byte` (or anywhere if none).
    private mutating func insert(_ insertion: [UInt8], after byte: UInt8, in out: inout [UInt8]) {
        let at = randomIndex(in: out) { $0 == byte }.map { $0 + 1 } ?? below(out.count + 1)
        out.insert(contentsOf: insertion, at: at)
    }

    /// Replaces a random number (or, with none, inserts `text` after a colon).
    private mutating func replaceNumber(with text: String, in out: inout [UInt8]) {
        // A number starts right after a colon, a comma or a space; digits are enough to find it.
        guard let digit = randomIndex(in: out, where: { (0x30...0x39).contains($0) }) else {
            insert(Array(text.utf8), after: UInt8(ascii: ":"), in: &out)
            return
        }
        let numeric: (UInt8) -> Bool = { "0123456789+-.eE".utf8.contains($0) }
        let start = out[..<digit].lastIndex { !numeric($0) }.map { $0 + 1 } ?? 0
        let end = out[digit...].firstIndex { !numeric($0) } ?? out.count
        out.replaceSubrange(start..<end, with: Array(text.utf8))
    }

    private mutating func insertTrailingComma(in out: inout [UInt8]) {
        let closer = randomIndex(in: out) { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "}") }
        guard let closer else { return }
        out.insert(UInt8(ascii: ","), at: closer)
    }

    /// Deletes or repeats a short run of bytes.
    private mutating func cutOrRepeat(_ out: inout [UInt8]) {
        guard !out.isEmpty else { return }
        let start = below(out.count)
        let end = min(out.count, start + 1 + below(64))
        if below(2) == 0 {
            out.removeSubrange(start..<end)
        } else {
            out.insert(contentsOf: out[start..<end], at: below(out.count + 1))
        }
    }

    /// Replaces the contents of a random string with an escape or a long text.
    private mutating func replaceString(in out: inout [UInt8]) {
        guard let open = randomIndex(in: out, where: { $0 == UInt8(ascii: "\"") }),
            let close = out[(open + 1)...].firstIndex(of: UInt8(ascii: "\""))
        else { return }
        let text =
            below(4) == 0 ? String(repeating: "Escape", count: below(2000)) : pick(Self.escapes)
        out.replaceSubrange(open + 1..<close, with: Array(text.utf8))
    }
}
