// The sheet scene owns its preset: the configuration knows no presenter.

extension DismissConfiguration {
    /// `base` for the sheet scene (`SheetPresenter`): detents `large` (top at 10 %) and
    /// `medium` (50 %), presented at `medium`, alpha 0.3 at or above `medium` falling to 0 off
    /// screen. A projected release picks the nearest detent; the seed keeps its rule
    /// (dismiss iff dragged 200 pt below where it started).
    public static func sheet(_ base: DismissConfiguration = .fluid) -> DismissConfiguration {
        var configuration = base
        configuration.detents = [SheetPresenter.large, SheetPresenter.medium]
        configuration.presentedDetent = SheetPresenter.medium.id
        configuration.alphaCurve = .sheet
        if case .projected(_, let rate) = base.release {
            configuration.release = .nearestDetent(decelerationRate: rate)
        }
        return configuration
    }
}

extension AlphaCurve {
    /// The sheet scene's curve: 0.3 at or above `medium`, linear to 0 off screen.
    public static let sheet = AlphaCurve.stops([
        AlphaStop(detent: .medium, alpha: 0.3), AlphaStop(detent: .dismissed, alpha: 0),
    ])
}
