/// The rubber band of UIScrollView folklore: `b = (1 - 1/(x c/d + 1)) d`.
///
/// Past an edge the content moves less and less, never more than `dimension`.
package struct RubberBand: Hashable, Sendable {
    /// How stiff the band is; iOS uses 0.55.
    package var coefficient: Double
    /// The asymptote: the most the content can be pulled, usually its own size.
    package var dimension: Double

    /// A band of `dimension` points; the default stiffness is iOS's.
    package init(coefficient: Double = 0.55, dimension: Double) {
        self.coefficient = coefficient
        self.dimension = dimension
    }

    /// The banded distance for a raw overshoot `distance` (sign kept).
    package func banded(_ distance: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let x = abs(distance)
        let b = (1 - 1 / (x * coefficient / dimension + 1)) * dimension
        return distance < 0 ? -b : b
    }

    /// The raw overshoot that bands to `distance`: the inverse of `banded(_:)`.
    package func raw(forBanded distance: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let b = min(abs(distance), dimension * (1 - 1e-12))
        let x = b * dimension / ((dimension - b) * coefficient)
        return distance < 0 ? -x : x
    }
}
