import SwipeDismiss

/// The scenes both tools' `--scene` names (DESIGN §4). `photo` is named so that asking for it
/// gets the same clear refusal from either tool; it is not built yet.
public enum SceneChoice: String, CaseIterable, Equatable, Sendable {
    /// A scene by its `--scene` name: the card, the sheet, or the photo (not built yet).
    case card, sheet, photo

    /// Whether this build can show the scene.
    public var isAvailable: Bool { self != .photo }

    /// The refusal for `--scene` naming a scene that is not available yet.
    public var unavailableError: FlagError {
        FlagError(
            flag: "--scene",
            reason: .invalidValue(rawValue, expected: "card or sheet (photo is not available yet)"))
    }

    /// Reads `--scene`: nil when not given; an unknown or unavailable scene is refused.
    public static func parse(_ flags: ParsedFlags) throws(FlagError) -> SceneChoice? {
        guard let scene = try flags.choice("--scene", as: SceneChoice.self) else { return nil }
        guard scene.isAvailable else { throw scene.unavailableError }
        return scene
    }

    /// The presenter that lays the scene out; nil for a scene that is not available.
    public func makePresenter() -> Presenter? {
        switch self {
        case .card: CardPresenter()
        case .sheet: SheetPresenter()
        case .photo: nil
        }
    }

    /// `preset` adapted to the scene (the sheet's detents and dim stops), with reduced
    /// motion switched on if asked.
    public func configuration(preset: DismissConfiguration, reduceMotion: Bool)
        -> DismissConfiguration
    {
        var configuration = self == .sheet ? DismissConfiguration.sheet(preset) : preset
        if reduceMotion { configuration.reduceMotion = true }
        return configuration
    }

    /// The `detent` column of `samples.csv` and `--events`: the sheet names its detent,
    /// other scenes leave it empty.
    public func detentColumn(_ state: DismissState) -> String {
        self == .sheet ? state.detent : ""
    }
}
