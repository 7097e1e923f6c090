import SwipeDismiss

/// The dismiss directions both tools' `--direction` names (DESIGN §4).
public enum DirectionChoice: String, CaseIterable, Equatable, Sendable {
    /// A direction by its `--direction` name: one of the four edges, or free (2-D).
    case down, up, left, right, free

    /// The direction the name stands for.
    public var direction: DismissDirection { DismissDirection(rawValue: rawValue) ?? .down }

    /// Reads `--direction` for `scene`: the scene's own default when not given
    /// (`SceneChoice.defaultDirection`); an unknown name is refused, and so is `free` for
    /// the sheet, whose detents and list lie along one axis.
    public static func parse(_ flags: ParsedFlags, scene: SceneChoice) throws(FlagError)
        -> DismissDirection
    {
        guard let choice = try flags.choice("--direction", as: DirectionChoice.self) else {
            return scene.defaultDirection
        }
        if choice == .free, !scene.movesFreely {
            throw FlagError(
                flag: "--direction",
                reason: .invalidValue(
                    "free",
                    expected:
                        "down, up, left or right with --scene \(scene.rawValue) (its detents "
                        + "and list lie along one axis)"))
        }
        return choice.direction
    }
}
