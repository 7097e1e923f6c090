/// The rubber band of UIScrollView folklore: `b = (1 - 1/(x c/d + 1)) d`.
///
/// Past an edge the content moves less and less, never more than `dimension`.
public struct RubberBand: Hashable, Sendable {
    /// How stiff the band is; iOS uses 0.55.
    public var coefficient: Double
    /// The asymptote: the most the content can be pulled, usually its own size.
    public var dimension: Double

    public init(coefficient: Double = 0.55, dimension: Double) {
        self.coefficient = coefficient
        self.dimension = dimension
    }

    /// The banded distance for a raw overshoot `distance` (sign kept).
    public func banded(_ distance: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let x = abs(distance)
        let b = (1 - 1 / (x * coefficient / dimension + 1)) * dimension
        return distance < 0 ? -b : b
    }

    /// The raw overshoot that bands to `distance`: the inverse of `banded(_:)`.
    public func raw(forBanded distance: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let b = min(abs(distance), dimension * (1 - 1e-12))
        let x = b * dimension / ((dimension - b) * coefficient)
        return distance < 0 ? -x : x
    }
}

/// Where a flick would come to rest under UIScrollView-style deceleration.
public struct VelocityProjection: Hashable, Sendable {
    /// The fraction of velocity kept per millisecond; UIScrollView's normal rate is 0.998.
    public var decelerationRate: Double

    public init(decelerationRate: Double = 0.998) {
        self.decelerationRate = decelerationRate
    }

    /// `position + v/1000 · r/(1 - r)`: the distance a velocity in points per second
    /// carries the content before it stops.
    public func project(position: Double, velocity: Double) -> Double {
        let r = decelerationRate
        return position + velocity / 1000 * r / (1 - r)
    }
}
