/// How the backdrop's alpha follows the content.
public enum AlphaCurve: Hashable, Sendable {
    /// `max(floor, rest - offset · perPoint)`, never above `rest`: the seed's fixed-pixel fade.
    case linear(rest: Double, perPoint: Double, floor: Double)
    /// `rest · (1 - progress)`: the fraction of the content still on screen, so a small
    /// sheet fades as visibly as a tall one.
    case progress(rest: Double)
    /// Alpha given at detents, linear in the offset between them and flat beyond the first
    /// and last stop (FloatingPanel's per-state alpha). Stops naming no detent are skipped;
    /// a stop at an inactive detent stands at the nearest active detent above it.
    case stops([AlphaStop])

    /// The seed's curve: `max(0.1, 0.3 - y/1000)`.
    public static let seed = AlphaCurve.linear(rest: 0.3, perPoint: 0.001, floor: 0.1)

    /// The alpha at rest (for `.stops`, the largest stop).
    package var rest: Double {
        switch self {
        case .linear(let rest, _, _), .progress(let rest): rest
        case .stops(let stops): stops.map(\.alpha).max() ?? 0
        }
    }

    /// The alpha for a content offset with the detents resolved in `layout`.
    package func alpha(offset: Double, layout: DetentLayout) -> Double {
        guard case .stops(let stops) = self else {
            return alpha(offset: offset, dismissDistance: layout.distance)
        }
        var lower: (offset: Double, alpha: Double)?
        var upper: (offset: Double, alpha: Double)?
        for position in stops.indices {
            let stop = stops[position]
            // An inactive detent's stop stands at its stand-in (the nearest active above).
            guard let index = layout.activeIndex(of: stop.detent) else { continue }
            let at = layout.offset(of: index)
            if at <= offset, at > (lower?.offset ?? -.infinity) { lower = (at, stop.alpha) }
            if at >= offset, at < (upper?.offset ?? .infinity) { upper = (at, stop.alpha) }
        }
        switch (lower, upper) {
        case (let low?, let high?):
            guard high.offset > low.offset else { return low.alpha }
            return low.alpha + (high.alpha - low.alpha) * (offset - low.offset)
                / (high.offset - low.offset)
        case (let low?, nil): return low.alpha
        case (nil, let high?): return high.alpha
        case (nil, nil): return 0
        }
    }

    /// The alpha for a content offset, given the distance that takes the content off screen.
    package func alpha(offset: Double, dismissDistance: Double) -> Double {
        switch self {
        case .linear(let rest, let perPoint, let floor):
            return min(rest, max(floor, rest - offset * perPoint))
        case .progress(let rest):
            guard dismissDistance > 0 else { return rest }
            let progress = min(1, max(0, offset / dismissDistance))
            return rest * (1 - progress)
        case .stops:
            let layout = DetentLayout(
                detents: [.open], viewportExtent: dismissDistance, contentExtent: dismissDistance,
                distance: dismissDistance)
            return alpha(offset: offset, layout: layout)
        }
    }
}

/// The backdrop's alpha at one detent.
public struct AlphaStop: Hashable, Sendable {
    /// A detent, or `.dismissed` for off screen.
    public var detent: Detent.ID
    /// The backdrop's alpha there, from 0 (clear) to 1.
    public var alpha: Double

    /// A stop giving the backdrop `alpha` at the detent named `detent`.
    public init(detent: Detent.ID, alpha: Double) {
        self.detent = detent
        self.alpha = alpha
    }
}
