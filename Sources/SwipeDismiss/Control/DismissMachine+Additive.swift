/// Additive tracking: the seed's `UIView.animate` per `.changed`, as UIKit runs it (DESIGN §3,
/// "Seed tracking, exactly").
///
/// Every move adds a step of the spring's step response toward the new offset, on top of the
/// steps in flight (`AdditiveSpringMotion`); a spring-back is one more step, to the detent.
/// Offsets are absolute, so on a sheet the steps start from the detent the drag began at.
/// The backdrop's alpha is a colour, which UIKit does not animate additively: each step
/// runs it from the previous target to the new one on the same response.
extension DismissMachine {
    /// Adds a step to `target` at `time`, and starts the alpha toward the curve's value there.
    mutating func stepAdditively(to target: Double) {
        let previousAlpha = alphaTarget
        switch motion {
        case .additive:
            break
        case .rest, .spring:
            // Start at rest where the content is: nothing in flight carries over from a
            // spring or a cross-fade, and the content does not jump.
            additive.reset(to: offset)
            motion = .additive
        }
        additive.retarget(to: target, at: time)
        alphaMode = .retarget(
            from: previousAlpha,
            to: configuration.alphaCurve.alpha(offset: target, layout: layout), start: time,
            response: additive.response)
    }

    /// Where the alpha is heading (UIKit's model value): a new colour animation starts here,
    /// not at the alpha shown now.
    var alphaTarget: Double {
        switch alphaMode {
        case .curve: configuration.alphaCurve.alpha(offset: offset, layout: layout)
        case .fade: 0
        case .fixed(let value): value
        case .presenting(let target): configuration.alphaCurve.alpha(offset: target, layout: layout)
        case .crossFade(let base): base
        case .retarget(_, let to, _, _): to
        }
    }

    /// Whether the alpha has stopped changing on its own (only a running colour animation
    /// changes it; a cross-fade is tracked by `crossFade`).
    var isAlphaSettled: Bool {
        guard case .retarget(_, _, let start, let response) = alphaMode else { return true }
        return time - start >= response.duration
    }
}
