extension Layer {
    /// Poses a layer that every bundled presenter poses alike for `state`: the backdrop at
    /// `state.alpha`, a decoration (the "present again" hint) shown only once dismissed, the
    /// screen behind as drawn. A content layer is left to its presenter.
    package mutating func poseBackground(for state: DismissState) {
        switch role {
        case .backdrop:
            opacity = state.alpha
        case .decoration:
            opacity = state.phase == .dismissed ? 1 : 0
        case .content, .presenting:
            break
        }
    }
}

extension DismissState {
    /// The content layer's opacity: `contentOpacity` while shown, 0 once dismissed.
    package var shownContentOpacity: Double { phase == .dismissed ? 0 : contentOpacity }
}

extension Scene {
    /// Poses every layer for `state` as a presenter with one content layer and the bundled
    /// backdrop and hint does (`Layer.poseBackground(for:)`), handing each content layer to
    /// `poseContent` with its opacity already set. Allocates nothing.
    package mutating func pose(for state: DismissState, content poseContent: (inout Layer) -> Void)
    {
        for index in layers.indices {
            guard layers[index].role == .content else {
                layers[index].poseBackground(for: state)
                continue
            }
            layers[index].opacity = state.shownContentOpacity
            poseContent(&layers[index])
        }
    }
}
