/// The backdrop's alpha as a value: how it follows the content now, and the content's own
/// opacity during a reduced-motion cross-fade (which the alpha may follow).
///
/// The alpha is a function of the mode, the time, the content's pose (`ContentPose`: where
/// it is, how far along its way out, how far in) and the curve: it asks the content nothing.
struct BackdropAlpha: Sendable {
    enum Mode: Sendable {
        /// The configuration's curve of the offset.
        case curve
        /// From `alpha` at exit position `from` down to 0 at `to`, in step with the content.
        case fade(from: Double, alpha: Double, to: Double)
        /// A fixed value (the seed's cleared backdrop).
        case fixed(Double)
        /// Rising from 0 off screen to the curve's alpha at `target`, the detent the content
        /// comes to (the content motion says how far in it is).
        case presenting(target: Double)
        /// `base` times the content's cross-fade opacity (reduced motion).
        case crossFade(base: Double)
        /// UIKit's colour animation under additive tracking, which is not additive: from the
        /// previous target `from` to `to` on `response`, started at `start`
        /// (`a = from + (to − from) · s(t − start)`).
        case retarget(from: Double, to: Double, start: Double, response: SpringStepResponse)
        /// From `fromAlpha` with the content at offset `from` to `toAlpha` at `to`, linear in
        /// the content's way between them and flat beyond: a move the layout caused (a detent
        /// that became inactive or moved), which never dips the backdrop.
        case between(from: Double, fromAlpha: Double, to: Double, toAlpha: Double)
    }

    /// How the alpha follows the content now.
    var mode = Mode.curve
    /// The content's opacity during a reduced-motion cross-fade; nil otherwise.
    var crossFade: Tween?

    /// The content's opacity at `time` (1 unless cross-fading).
    func opacity(at time: Double) -> Double { crossFade?.value(at: time) ?? 1 }

    /// Starts a cross-fade of the content's opacity at `time`, as long as its share of a full
    /// fade of `duration`.
    mutating func startCrossFade(from: Double, to: Double, at time: Double, duration: Double) {
        crossFade = Tween(
            from: from, to: to, startTime: time, duration: duration * min(1, abs(to - from)))
    }

    /// The alpha at `time` with the content at `pose`, `curve` in `layout` where the mode
    /// follows it.
    func value(at time: Double, pose: ContentPose, curve: AlphaCurve, layout: DetentLayout)
        -> Double
    {
        let offset = pose.offset
        let alpha: Double
        switch mode {
        case .curve:
            alpha = curve.alpha(offset: offset, layout: layout)
        case .fade(let start, let startAlpha, let end):
            let span = end - start
            let fraction = span > 0 ? min(1, max(0, (pose.exitPosition - start) / span)) : 1
            alpha = startAlpha * (1 - fraction)
        case .fixed(let value):
            alpha = value
        case .presenting where pose.inPlane:
            // In the plane every detent is rest: the alpha rises with the way in.
            alpha = curve.rest * (1 - pose.progress)
        case .presenting(let target):
            let span = layout.distance - target
            let fraction = span > 0 ? min(1, max(0, (offset - target) / span)) : 0
            alpha = curve.alpha(offset: target, layout: layout) * (1 - fraction)
        case .crossFade(let base):
            alpha = base * opacity(at: time)
        case .retarget(let from, let to, let start, let response):
            let elapsed = time - start
            alpha =
                elapsed >= response.duration ? to : from + (to - from) * response.value(at: elapsed)
        case .between(let from, let fromAlpha, let to, let toAlpha):
            let span = to - from
            let fraction = span != 0 ? min(1, max(0, (offset - from) / span)) : 1
            alpha = fromAlpha + (toAlpha - fromAlpha) * fraction
        }
        return min(1, max(0, alpha))
    }

    /// The alpha with the content at rest at `pose`: `curve`'s there (in the plane, where
    /// every detent is rest, its rest alpha).
    static func resting(at pose: ContentPose, curve: AlphaCurve, layout: DetentLayout) -> Double {
        pose.inPlane ? curve.rest : curve.alpha(offset: pose.offset, layout: layout)
    }

    /// Where the alpha is heading (UIKit's model value), with the content at `offset`: a new
    /// colour animation starts here, not at the alpha shown now.
    func target(offset: Double, curve: AlphaCurve, layout: DetentLayout) -> Double {
        switch mode {
        case .curve: curve.alpha(offset: offset, layout: layout)
        case .fade: 0
        case .fixed(let value): value
        case .presenting(let target): curve.alpha(offset: target, layout: layout)
        case .crossFade(let base): base
        case .retarget(_, let to, _, _): to
        case .between(_, _, _, let toAlpha): toAlpha
        }
    }

    /// Whether the alpha has stopped changing on its own at `time` (only a running colour
    /// animation changes it; a cross-fade is the content's `crossFade`).
    func isSettled(at time: Double) -> Bool {
        guard case .retarget(_, _, let start, let response) = mode else { return true }
        return time - start >= response.duration
    }
}
