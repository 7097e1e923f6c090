import SwipeDismiss

/// The scenes `--scene` names (DESIGN §4). `photo` is named so that asking for it gets a
/// clear refusal; it is not built yet.
enum SceneChoice: String, CaseIterable, Equatable {
    case card, sheet, photo

    /// Whether this build can export the scene.
    var isAvailable: Bool { self != .photo }

    /// The presenter that lays the scene out; nil for a scene that is not available.
    func makePresenter() -> Presenter? {
        switch self {
        case .card: CardPresenter()
        case .sheet: SheetPresenter()
        case .photo: nil
        }
    }

    /// `preset` adapted to the scene (the sheet's detents and dim stops), with reduced
    /// motion switched on if asked.
    func configuration(preset: DismissConfiguration, reduceMotion: Bool) -> DismissConfiguration {
        var configuration = self == .sheet ? DismissConfiguration.sheet(preset) : preset
        if reduceMotion { configuration.reduceMotion = true }
        return configuration
    }

    /// The `detent` column of `samples.csv`: the sheet names its detent, other scenes leave
    /// it empty.
    func detentColumn(_ state: DismissState) -> String {
        self == .sheet ? state.detent : ""
    }
}
