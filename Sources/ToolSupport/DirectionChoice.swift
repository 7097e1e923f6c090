import SwipeDismiss

/// The dismiss directions both tools' `--direction` names (DESIGN §4). `free` is named so that
/// asking for it gets the same clear refusal from either tool; it is not built yet.
public enum DirectionChoice: String, CaseIterable, Equatable, Sendable {
    /// A direction by its `--direction` name: one of the four edges, or free (not built yet).
    case down, up, left, right, free

    /// The edge the content leaves by; nil for `free`, which is not available.
    public var direction: DismissDirection? { DismissDirection(rawValue: rawValue) }

    /// The refusal for `--direction` naming a direction that is not available yet.
    public var unavailableError: FlagError {
        FlagError(
            flag: "--direction",
            reason: .invalidValue(
                rawValue, expected: "down, up, left or right (free is not available yet)"))
    }

    /// Reads `--direction`: nil when not given; an unknown or unavailable direction is refused.
    public static func parse(_ flags: ParsedFlags) throws(FlagError) -> DismissDirection? {
        guard let choice = try flags.choice("--direction", as: DirectionChoice.self) else {
            return nil
        }
        guard let direction = choice.direction else { throw choice.unavailableError }
        return direction
    }
}
