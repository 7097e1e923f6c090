/// Additive tracking and the bands: the seed's `UIView.animate` per `.changed`, as UIKit runs
/// it (DESIGN §3, "Seed tracking, exactly"), and the inverse of the drag's bands.
///
/// Every move adds a step of the spring's step response toward the new offset, on top of the
/// steps in flight (`AdditiveSpringMotion`); a spring-back is one more step, to the detent.
/// Offsets are absolute, so on a sheet the steps start from the detent the drag began at.
/// The backdrop's alpha is a colour, which UIKit does not animate additively: each step
/// runs it from the previous target to the new one on the same response.
extension AxisMotion {
    /// Adds a step to `target` at the context's time, and starts the alpha toward the
    /// curve's value there.
    mutating func stepAdditively(
        to target: Double, backdrop: inout BackdropAlpha, _ context: MotionContext
    ) {
        let time = context.time
        let curve = context.configuration.alphaCurve
        let previousAlpha = backdrop.target(
            offset: offset(at: time), curve: curve, layout: context.layout)
        switch kind {
        case .additive:
            break
        case .rest, .spring:
            // Start at rest where the content is: nothing in flight carries over from a
            // spring or a cross-fade, and the content does not jump.
            additive.reset(to: offset(at: time))
            kind = .additive
        }
        additive.retarget(to: target, at: time)
        backdrop.mode = .retarget(
            from: previousAlpha, to: curve.alpha(offset: target, layout: context.layout),
            start: time, response: additive.response)
    }

    /// The band past the lowest detent while dismissal is vetoed.
    func vetoBand(_ context: MotionContext) -> RubberBand {
        RubberBand(
            coefficient: context.configuration.vetoResistance,
            dimension: context.layout.distance - context.layout.lowest)
    }

    /// The raw drag offset that shows as `offset`: the inverse of the bands (the veto band
    /// only when the drag's `verdict` was no).
    func unband(_ offset: Double, verdict: Bool?, _ context: MotionContext) -> Double {
        let layout = context.layout
        let top = layout.top
        if offset < top, case .rubberBand(let coefficient) = context.configuration.reverseDrag {
            return top
                + RubberBand(coefficient: coefficient, dimension: layout.distance)
                .raw(forBanded: offset - top)
        }
        if offset > layout.lowest, verdict == false {
            return layout.lowest + vetoBand(context).raw(forBanded: offset - layout.lowest)
        }
        return offset
    }
}
