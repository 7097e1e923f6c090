/// A refused command line. Every case names the flag (or argument) at fault; a tool
/// prints `description` and exits with `FlagError.exitStatus`.
public struct FlagError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Why the command line was refused.
    public enum Reason: Equatable, Sendable {
        /// The flag was last on the line, or its value was empty.
        case missingValue
        /// The next argument, meant as the value, is itself a flag.
        case valueIsAFlag(String)
        /// Not a flag the tool knows.
        case unknownFlag
        /// The flag appeared twice.
        case repeated
        /// A switch was written `--flag=value`.
        case takesNoValue(String)
        /// Not a plain decimal number (hex, exponent, sign `+`, spaces, empty).
        case notADecimalNumber(String, integer: Bool)
        /// A number outside what the flag accepts; `expected` says what it accepts.
        case outOfRange(String, expected: String)
        /// A value the flag does not accept; `expected` lists what it does.
        case invalidValue(String, expected: String)
        /// A flag the tool cannot do without is absent.
        case required(placeholder: String)
        /// The flag goes only with another, which is absent (`--replay FILE`).
        case needs(String)
        /// A bare argument where only flags are accepted.
        case unexpectedArgument
    }

    /// The exit status for a refused command line.
    public static let exitStatus: Int32 = 2

    /// The flag as written (`--fps`), or the stray argument.
    public var flag: String
    /// What is wrong with it.
    public var reason: Reason

    /// A refusal of `flag` for `reason`.
    public init(flag: String, reason: Reason) {
        self.flag = flag
        self.reason = reason
    }

    /// The message a tool prints, naming the flag.
    public var description: String {
        switch reason {
        case .missingValue:
            return "\(flag) needs a value"
        case .valueIsAFlag(let next):
            return "\(flag) needs a value, but the next argument is the flag \"\(next)\" "
                + "(write \(flag)=\(next) if that is really the value)"
        case .unknownFlag:
            return "unknown flag \(flag)"
        case .repeated:
            return "\(flag) is given more than once"
        case .takesNoValue(let value):
            return "\(flag) takes no value (got \"\(value)\")"
        case .notADecimalNumber(let text, let integer):
            let kind = integer ? "a whole number in plain decimal" : "a plain decimal number"
            return "\(flag): expected \(kind), got \"\(text)\""
        case .outOfRange(let text, let expected):
            return "\(flag): expected \(expected), got \"\(text)\""
        case .invalidValue(let text, let expected):
            return "\(flag): expected \(expected), got \"\(text)\""
        case .required(let placeholder):
            return "\(flag) \(placeholder) is required"
        case .needs(let other):
            return "\(flag) needs \(other)"
        case .unexpectedArgument:
            return "unexpected argument \"\(flag)\" (every value follows its flag)"
        }
    }
}
