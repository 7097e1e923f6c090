/// One flag a tool accepts: a switch (`--force`) or a flag with a value (`--fps 30`,
/// `--fps=30`).
public struct Flag: Hashable, Sendable {
    /// The name as written, with its dashes: `--fps`.
    public let name: String
    /// Whether it takes a value.
    public let takesValue: Bool

    /// A flag that takes a value: `--name VALUE` or `--name=VALUE`.
    public static func value(_ name: String) -> Flag { Flag(name: name, takesValue: true) }
    /// A switch: present or not.
    public static func toggle(_ name: String) -> Flag { Flag(name: name, takesValue: false) }
}

/// The one strict command-line dialect the tools share.
///
/// - `--flag VALUE` and `--flag=VALUE`; a switch takes no `=VALUE`.
/// - A separate value may not be empty or look like a flag (`--out --fps 30` names `--out`);
///   negative numbers (`-5`) are values. `--flag=VALUE` passes any non-empty value verbatim.
/// - Unknown flags, repeated flags and bare arguments are refused.
/// - `--help` or `-h` stops parsing and asks for the usage text.
///
/// Every refusal is a `FlagError` that names the flag.
public struct FlagParser: Sendable {
    /// The flags the tool accepts.
    public let flags: [Flag]
    /// The names that ask for help.
    public let helpNames: Set<String>

    /// A parser for `flags`; `helpNames` ask for the usage text.
    public init(_ flags: [Flag], helpNames: Set<String> = ["--help", "-h"]) {
        self.flags = flags
        self.helpNames = helpNames
    }

    /// Parses `arguments` (without the program name).
    public func parse(_ arguments: [String]) throws(FlagError) -> ParsedFlags {
        var parsed = ParsedFlags()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                throw FlagError(flag: argument, reason: .unexpectedArgument)
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if helpNames.contains(name) {
                if let inline { throw FlagError(flag: name, reason: .takesNoValue(inline)) }
                parsed.helpRequested = true
                return parsed
            }
            guard let flag = flags.first(where: { $0.name == name }) else {
                throw FlagError(flag: name, reason: .unknownFlag)
            }
            guard !parsed.seen.contains(name) else {
                throw FlagError(flag: name, reason: .repeated)
            }
            parsed.seen.insert(name)
            guard flag.takesValue else {
                if let inline { throw FlagError(flag: name, reason: .takesNoValue(inline)) }
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < arguments.count else {
                    throw FlagError(flag: name, reason: .missingValue)
                }
                value = arguments[index]
                index += 1
                if Self.looksLikeFlag(value) {
                    throw FlagError(flag: name, reason: .valueIsAFlag(value))
                }
            }
            guard !value.isEmpty else { throw FlagError(flag: name, reason: .missingValue) }
            parsed.values[name] = value
        }
        return parsed
    }

    /// Whether a separate argument would be taken for a flag: it starts with `-` and is not
    /// a number such as `-5` or `-0.25`.
    static func looksLikeFlag(_ text: String) -> Bool {
        text.hasPrefix("-") && text.count > 1 && DecimalText.decimal(text) == nil
    }
}
