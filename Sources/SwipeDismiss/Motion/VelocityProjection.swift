/// Where a flick would come to rest under UIScrollView-style deceleration.
package struct VelocityProjection: Hashable, Sendable {
    /// The fraction of velocity kept per millisecond; UIScrollView's normal rate is 0.998.
    package var decelerationRate: Double

    /// A projection with UIScrollView's normal deceleration by default.
    package init(decelerationRate: Double = 0.998) {
        self.decelerationRate = decelerationRate
    }

    /// `position + v/1000 · r/(1 - r)`: the distance a velocity in points per second
    /// carries the content before it stops.
    package func project(position: Double, velocity: Double) -> Double {
        let r = decelerationRate
        return position + velocity / 1000 * r / (1 - r)
    }
}
