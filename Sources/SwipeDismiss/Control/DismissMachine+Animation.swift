/// Springs, cross-fades and the backdrop's alpha.
extension DismissMachine {
    /// Springs the content to detent `index` (UIKit's relative velocity 1 unless the
    /// configuration hands over the release velocity). Additive tracking adds one more step
    /// instead, so the content glides on from where the drag had it.
    mutating func snapBack(velocity: Double, to index: Int) {
        if isFree { return snapBackFree(velocity: .zero) }
        target = index
        let to = layout.offset(of: index)
        if case .additiveSpring = configuration.tracking {
            stepAdditively(to: to)
            return setPhase(.settling)
        }
        let from = offset
        let initial = configuration.snapBackUsesReleaseVelocity ? velocity : to - from
        motion = springFromHere(configuration.snapBackSpring, to: to, velocity: initial)
        alphaMode = .curve
        setPhase(.settling)
    }

    /// Sends the content off screen (reduced motion: fades it out where it is).
    mutating func startDismissal(velocity: Double) {
        if isFree { return startFreeDismissal(velocity: .zero) }
        isDismissAttemptPending = false
        target = layout.count
        let from = offset
        let distance = layout.distance
        if configuration.reduceMotion {
            let base: Double
            if case .crossFade(let current) = alphaMode {
                base = current
            } else {
                base = currentAlpha(offset: from)
            }
            motion = .rest(from)
            startCrossFade(from: crossFade?.value(at: time) ?? 1, to: 0)
            alphaMode = .crossFade(base: base)
            return setPhase(.dismissing)
        }
        crossFade = nil
        switch configuration.dismissStyle {
        case .clearBackdropAtOnce(let spring):
            motion = springFromHere(spring, to: distance, velocity: distance - from)
            alphaMode = .fixed(0)
        case .fadeWithContent(let spring):
            alphaMode = .fade(offset: from, alpha: currentAlpha(offset: from), target: distance)
            // Aimed past the edge so the content leaves at speed instead of creeping up to
            // it; `finishAnimationIfDone` ends the dismissal once it is fully off screen.
            motion = springFromHere(
                spring, to: distance * configuration.exitOvershoot, velocity: velocity)
        }
        setPhase(.dismissing)
    }

    /// A cross-fade of the content's opacity, as long as its share of the full fade.
    mutating func startCrossFade(from: Double, to: Double) {
        let duration = configuration.crossFadeDuration * min(1, abs(to - from))
        crossFade = Tween(from: from, to: to, startTime: time, duration: duration)
    }

    /// `spring` as the configuration wants it: critically damped under reduced motion.
    func effective(_ spring: Spring) -> Spring {
        configuration.reduceMotion ? spring.criticallyDamped : spring
    }

    /// A spring motion from where the content is now, starting now.
    func springFromHere(_ spring: Spring, to target: Double, velocity: Double) -> Motion {
        .spring(springMotion(spring, from: offset, to: target, velocity: velocity))
    }

    /// `spring` (as `effective` makes it) from `from` to `to`, starting now with `velocity`
    /// and the configuration's rest thresholds: every animation of the machine is one.
    func springMotion(_ spring: Spring, from: Double, to: Double, velocity: Double)
        -> SpringMotion
    {
        SpringMotion(
            spring: effective(spring), from: from, to: to, initialVelocity: velocity,
            startTime: time, restDistance: configuration.restDistance,
            restSpeed: configuration.restSpeed)
    }

    /// Ends an animation that has come to rest by `time`.
    mutating func finishAnimationIfDone() {
        if let fade = crossFade, phase == .presenting || phase == .dismissing {
            guard fade.isFinished(at: time) else { return }
            crossFade = nil
            if phase == .presenting {
                alphaMode = .curve
                setPhase(.presented)
                effects.append(.notify(.didPresent(state)))
            } else {
                if !isFree { motion = .rest(layout.distance) }
                finishDismissal()
            }
            return
        }
        if isFree {
            guard finishFreeMotionIfDone() else { return }
        } else {
            guard finishOneAxisMotionIfDone() else { return }
        }
        // Additive tracking's colour animation may outlast the steps (a release that adds
        // no step still animates the alpha back).
        guard isAlphaSettled else { return }
        switch phase {
        case .presenting:
            alphaMode = .curve
            setPhase(.presented)
            effects.append(.notify(.didPresent(state)))
        case .settling:
            // A finished colour animation rests at the curve's value there: the same number.
            alphaMode = .curve
            setPhase(.presented)
        case .dismissing:
            finishDismissal()
        case .dragging, .presented, .dismissed:
            break
        }
    }

    /// Ends a one-axis animation that has come to rest by `time`; false while one still runs.
    private mutating func finishOneAxisMotionIfDone() -> Bool {
        switch motion {
        case .rest:
            return true
        case .spring(let springMotion):
            // A spring the configuration made non-finite (a NaN duration, say) ends where it
            // heads instead of animating NaN for ever.
            guard springMotion.value(at: time).isFinite else {
                motion = .rest(phase == .dismissing ? layout.distance : springMotion.to)
                return true
            }
            let settled = springMotion.isSettled(at: time)
            if phase == .dismissing, settled || hasLeft(springMotion, edge: layout.distance) {
                // Gone rests exactly off screen, whichever comes first: a small content's
                // exit can settle (within `restDistance`) before it crosses the edge, and the
                // end must not depend on which frames saw which.
                motion = .rest(layout.distance)
            } else if settled {
                motion = .rest(springMotion.to)
            } else {
                return false
            }
            return true
        case .additive:
            // Finished terms contribute exactly 0: dropping them changes no value.
            additive.dropFinishedTerms(at: time)
            guard additive.isSettled(at: time) else { return false }
            motion = .rest(additive.target)
            return true
        }
    }

    mutating func finishDismissal() {
        alphaMode = .fixed(0)
        setPhase(.dismissed)
        if !completionSent {
            completionSent = true
            effects.append(.notify(.didDismiss(state)))
        }
    }

    /// Whether a dismissal aimed past the edge (at `edge` along its motion) has taken the
    /// content fully off screen.
    ///
    /// Only for springs that cannot swing back (ζ ≥ 1): once such a motion has crossed the
    /// edge toward a target beyond it, it stays beyond, so the answer at a given time does
    /// not depend on which frames were sampled before it.
    func hasLeft(_ springMotion: SpringMotion, edge: Double) -> Bool {
        springMotion.to > edge && springMotion.spring.dampingRatio >= 1 - 1e-9
            && springMotion.value(at: time) >= edge
    }

    func currentAlpha(offset: Double) -> Double {
        let alpha: Double
        switch alphaMode {
        case .curve:
            alpha = configuration.alphaCurve.alpha(offset: offset, layout: layout)
        case .fade(let start, let startAlpha, let target):
            let span = target - start
            let fraction = span > 0 ? min(1, max(0, (offset - start) / span)) : 1
            alpha = startAlpha * (1 - fraction)
        case .fixed(let value):
            alpha = value
        case .presenting(let target):
            let span = layout.distance - target
            let fraction = span > 0 ? min(1, max(0, (offset - target) / span)) : 0
            alpha = configuration.alphaCurve.alpha(offset: target, layout: layout) * (1 - fraction)
        case .crossFade(let base):
            alpha = base * (crossFade?.value(at: time) ?? 1)
        case .retarget(let from, let to, let start, let response):
            let elapsed = time - start
            alpha =
                elapsed >= response.duration ? to : from + (to - from) * response.value(at: elapsed)
        }
        return min(1, max(0, alpha))
    }
}
