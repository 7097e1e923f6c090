// The photo scene owns its preset: the configuration knows no presenter.

extension DismissConfiguration {
    /// `base` for the photo scene (`PhotoPresenter`): free 2-D dragging, the backdrop at
    /// 1.0 falling as `max(0.2, 1 − distance/300)`, and a 150 pt release threshold on the
    /// 2-D distance (projected per axis when `base` projects; the seed's translation rule
    /// otherwise). A drag under `.free` always tracks the pointer 1:1: the seed's additive
    /// springs are a one-axis model.
    public static func photo(_ base: DismissConfiguration = .fluid) -> DismissConfiguration {
        var configuration = base
        configuration.direction = .free
        configuration.alphaCurve = .photo
        switch base.release {
        case .translation:
            configuration.release = .translation(threshold: PhotoPresenter.releaseThreshold)
        case .projected(_, let rate), .nearestDetent(let rate):
            configuration.release = .projected(
                threshold: PhotoPresenter.releaseThreshold, decelerationRate: rate)
        }
        return configuration
    }
}

extension AlphaCurve {
    /// The photo scene's curve: `max(0.2, 1 − distance/300)` from 1.0 at rest.
    public static let photo = AlphaCurve.linear(
        rest: 1, perPoint: 1 / PhotoPresenter.shrinkDistance, floor: 0.2)
}
