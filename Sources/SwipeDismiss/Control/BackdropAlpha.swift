/// How the controller computes the backdrop's alpha in the current phase.
enum BackdropAlpha: Equatable, Sendable {
    /// The configuration's curve of the offset.
    case curve
    /// From `alpha` at `offset` down to 0 at `target`, in step with the content.
    case fade(offset: Double, alpha: Double, target: Double)
    /// A fixed value (the seed's cleared backdrop).
    case fixed(Double)
    /// From 0 when off screen to the rest alpha when in place.
    case presenting
    /// UIKit's colour animation, which is not additive: from the previous target `from` to
    /// `to` on `response`, started at `start` (`a = from + (to − from) · s(t − start)`).
    case retarget(from: Double, to: Double, start: Double, response: SpringStepResponse)

    /// The alpha, clamped to 0...1, with the content at `offset` at `time`.
    func alpha(offset: Double, at time: Double, curve: AlphaCurve, dismissDistance distance: Double)
        -> Double
    {
        let alpha: Double
        switch self {
        case .curve:
            alpha = curve.alpha(offset: offset, dismissDistance: distance)
        case .fade(let start, let startAlpha, let target):
            let span = target - start
            let fraction = span > 0 ? min(1, max(0, (offset - start) / span)) : 1
            alpha = startAlpha * (1 - fraction)
        case .fixed(let value):
            alpha = value
        case .presenting:
            let fraction = distance > 0 ? min(1, max(0, offset / distance)) : 0
            alpha = curve.rest * (1 - fraction)
        case .retarget(let from, let to, let start, let response):
            alpha = from + (to - from) * response.value(at: time - start)
        }
        return min(1, max(0, alpha))
    }

    /// Where the alpha is heading (UIKit's model value): a new colour animation starts here.
    func target(offset: Double, curve: AlphaCurve, dismissDistance distance: Double) -> Double {
        switch self {
        case .curve: curve.alpha(offset: offset, dismissDistance: distance)
        case .fade: 0
        case .fixed(let value): value
        case .presenting: curve.rest
        case .retarget(_, let to, _, _): to
        }
    }

    /// Whether the alpha still changes on its own after `time` (only a running retarget does).
    func isSettled(at time: Double) -> Bool {
        guard case .retarget(_, _, let start, let response) = self else { return true }
        return time - start >= response.duration
    }
}
