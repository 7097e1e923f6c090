/// The physics of a scrollable list: its glide, its rubber band and its spring back.
package struct ScrollConfiguration: Hashable, Sendable {
    /// The fraction of a fling's velocity kept per millisecond; UIScrollView's normal is 0.998.
    package var decelerationRate: Double
    /// The rubber band's stiffness past either end; its dimension is the viewport length.
    package var rubberBandCoefficient: Double
    /// The spring that brings an over-scrolled list back to its edge.
    package var bounceSpring: Spring
    /// Below this speed, in points per second, a glide stops (the jump to its rest point is
    /// the glide still left, `restSpeed/k`: 0.499 pt at 1 pt/s and 0.998).
    package var restSpeed: Double
    /// How near the edge, in points, the spring back must come (with `restSpeed`) to be settled.
    package var restDistance: Double

    /// A configuration; the defaults are UIScrollView's rate and band, and a critically damped
    /// 0.4 s spring back that never overshoots the edge it returns to when released at rest.
    package init(
        decelerationRate: Double = 0.998, rubberBandCoefficient: Double = 0.55,
        bounceSpring: Spring = Spring(response: 0.4, dampingRatio: 1), restSpeed: Double = 1,
        restDistance: Double = 0.5
    ) {
        self.decelerationRate = decelerationRate
        self.rubberBandCoefficient = rubberBandCoefficient
        self.bounceSpring = bounceSpring
        self.restSpeed = restSpeed
        self.restDistance = restDistance
    }

    /// Throws a `ScrollMotionError` naming the first field that cannot work.
    package func validate() throws(ScrollMotionError) {
        func check(_ field: String, _ value: Double, _ ok: Bool, _ rule: String)
            throws(ScrollMotionError)
        {
            guard value.isFinite, ok else {
                throw ScrollMotionError(field: field, value: value, rule: rule)
            }
        }
        try check(
            "decelerationRate", decelerationRate, decelerationRate > 0 && decelerationRate < 1,
            "must be finite, strictly between 0 and 1")
        try check(
            "rubberBandCoefficient", rubberBandCoefficient, rubberBandCoefficient > 0,
            "must be finite and positive")
        try check(
            "bounceSpring.mass", bounceSpring.mass, bounceSpring.mass > 0,
            "must be finite and positive")
        try check(
            "bounceSpring.stiffness", bounceSpring.stiffness, bounceSpring.stiffness > 0,
            "must be finite and positive")
        try check(
            "bounceSpring.damping", bounceSpring.damping, bounceSpring.damping > 0,
            "must be finite and positive, or the spring back never settles")
        try check("restSpeed", restSpeed, restSpeed > 0, "must be finite and positive")
        try check("restDistance", restDistance, restDistance > 0, "must be finite and positive")
    }
}

/// Which ends of a list may rubber-band when a drag pushes past them.
package struct ScrollEdges: OptionSet, Hashable, Sendable {
    /// The edges as bits: 1 for the top, 2 for the bottom.
    package let rawValue: UInt8
    /// The edges whose bits are set in `rawValue`.
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The top end, offset 0.
    package static let top = ScrollEdges(rawValue: 1)
    /// The bottom end, `maxOffset`.
    package static let bottom = ScrollEdges(rawValue: 2)
    /// Both ends.
    package static let both: ScrollEdges = [.top, .bottom]
}

/// Why a scroll model was refused: the field, its value and the rule it broke.
public struct ScrollMotionError: Error, CustomStringConvertible, Equatable {
    /// The field at fault (`"contentLength"`, `"decelerationRate"`, …).
    public var field: String
    /// The value that was refused.
    public var value: Double
    /// The rule it broke, as the end of a sentence ("must be finite and ≥ 0").
    public var rule: String

    /// The whole complaint as one sentence.
    public var description: String { "scroll \(field) is \(value): it \(rule)" }
}
