extension RubberBand {
    /// How fast the banded distance moves per unit of raw overshoot at `distance`:
    /// `db/dx = c / (|x| c/d + 1)²`, `coefficient` at the edge, falling towards 0.
    ///
    /// A finger's velocity times this slope is the content's velocity in the band.
    package func slope(at distance: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let s = abs(distance) * coefficient / dimension + 1
        return coefficient / (s * s)
    }
}
