/// Springs, cross-fades and the ends of animations: the phases around the content's motion.
extension DismissMachine {
    /// Springs the content to detent `index` with `velocity` (UIKit's relative velocity 1
    /// unless the configuration hands over the release velocity).
    mutating func snapBack(velocity: Point, to index: Int) {
        target = content.springBack(to: index, velocity: velocity, backdrop: &backdrop, context)
        setPhase(.settling)
    }

    /// Sends the content off screen with `velocity` (reduced motion: fades it out where it
    /// is).
    mutating func startDismissal(velocity: Point) {
        isDismissAttemptPending = false
        target = layout.count
        let alphaNow = alpha()
        if configuration.reduceMotion {
            var base = alphaNow
            if case .crossFade(let current) = backdrop.mode { base = current }
            content.hold(context)
            startCrossFade(from: backdrop.opacity(at: time), to: 0)
            backdrop.mode = .crossFade(base: base)
            return setPhase(.dismissing)
        }
        backdrop.crossFade = nil
        content.leave(velocity: velocity, alpha: alphaNow, backdrop: &backdrop, context)
        setPhase(.dismissing)
    }

    /// A cross-fade of the content's opacity, as long as its share of the full fade.
    mutating func startCrossFade(from: Double, to: Double) {
        backdrop.startCrossFade(
            from: from, to: to, at: time, duration: configuration.crossFadeDuration)
    }

    /// Ends an animation that has come to rest by `time`.
    mutating func finishAnimationIfDone() {
        if let fade = backdrop.crossFade, phase == .presenting || phase == .dismissing {
            guard fade.isFinished(at: time) else { return }
            backdrop.crossFade = nil
            if phase == .presenting {
                backdrop.mode = .curve
                setPhase(.presented)
                effects.append(.notify(.didPresent(state)))
            } else {
                content.finishFadeOut(context)
                finishDismissal()
            }
            return
        }
        guard content.settle(leaving: phase == .dismissing, context) else { return }
        // Additive tracking's colour animation may outlast the steps (a release that adds
        // no step still animates the alpha back).
        guard backdrop.isSettled(at: time) else { return }
        switch phase {
        case .presenting:
            backdrop.mode = .curve
            setPhase(.presented)
            effects.append(.notify(.didPresent(state)))
        case .settling:
            // A finished colour animation rests at the curve's value there: the same number.
            backdrop.mode = .curve
            setPhase(.presented)
        case .dismissing:
            finishDismissal()
        case .dragging, .presented, .dismissed:
            break
        }
    }

    mutating func finishDismissal() {
        backdrop.mode = .fixed(0)
        setPhase(.dismissed)
        if !presentations.endReported {
            presentations.endReported = true
            effects.append(.notify(.didDismiss(state)))
        }
    }
}
