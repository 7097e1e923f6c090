/// Where a flick would come to rest under UIScrollView-style deceleration.
public struct VelocityProjection: Hashable, Sendable {
    /// The fraction of velocity kept per millisecond; UIScrollView's normal rate is 0.998.
    public var decelerationRate: Double

    /// A projection with UIScrollView's normal deceleration by default.
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
