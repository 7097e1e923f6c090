/// How the machine reads gestures and starts its animations.
extension DismissMachine {
    mutating func handle(key: Key) {
        switch key {
        case .escape:
            if configuration.escapeDismisses { dismiss() }
        case .space, .enter:
            if phase == .dismissed { present() }
        case .other:
            break
        }
    }

    mutating func handle(_ gesture: PanRecognizer.Gesture, hitTest: HitTest) {
        switch gesture {
        case .pressed(let point):
            press(at: point, hitTest: hitTest)
        case .began(let translation):
            move(translation: translation, began: true)
        case .changed(let translation):
            move(translation: translation, began: false)
        case .ended(let translation, let velocity):
            release(
                translation: translation, velocity: configuration.direction.component(of: velocity))
        case .cancelled:
            cancel()
        case .tapped(let point):
            tap(at: point, hitTest: hitTest)
        }
    }

    private mutating func press(at point: Point, hitTest: HitTest) {
        switch phase {
        case .presenting, .settling:
            guard configuration.catchesAnimations, hitTest(point, offset(at: time)) == .content
            else { return }
            // Catch the content where it is; the drag continues from there with no jump.
            let offset = offset(at: time)
            motion = .rest(offset)
            dragBase = unband(offset)
            alphaMode = .curve
            setPhase(.dragging)
        case .presented:
            // 1:1 tracking picks up where the content is; the seed's spring tracking
            // (like its `transform = translation`) always counts from zero.
            if case .direct = configuration.tracking {
                dragBase = unband(offset(at: time))
            } else {
                dragBase = 0
            }
        case .dragging, .dismissing, .dismissed:
            break
        }
    }

    private mutating func move(translation: Point, began: Bool) {
        switch phase {
        case .presented, .settling, .presenting:
            if phase != .presented && configuration.catchesAnimations { return }
            // A drag that starts while an uncatchable animation runs takes over from it.
            if phase != .presented { dragBase = 0 }
            // Additive tracking animates the alpha from its previous target, kept as it is.
            if configuration.tracking == .direct { alphaMode = .curve }
        case .dragging:
            break
        case .dismissing, .dismissed:
            return
        }
        let along = configuration.direction.component(of: translation)
        // The seed's handler has no `.began` case: with spring tracking the content first
        // moves on the next change. Move first, then announce the phase, so observers see
        // where the drag has got to.
        if began {
            lastChange = 0
        } else {
            lastChange = along
        }
        if !began || configuration.tracking == .direct {
            follow(raw: dragBase + along)
        }
        setPhase(.dragging)
    }

    /// Sends the content toward a raw drag offset, through the reverse-drag policy.
    private mutating func follow(raw: Double) {
        let target: Double
        if raw >= 0 {
            target = raw
        } else {
            switch configuration.reverseDrag {
            case .ignore: return
            case .rubberBand(let coefficient):
                target = RubberBand(coefficient: coefficient, dimension: distance).banded(raw)
            }
        }
        switch configuration.tracking {
        case .direct:
            motion = .rest(target)
        case .additiveSpring(let response):
            let previousAlpha = alphaTarget()
            makeAdditive()
            additive.retarget(to: target, at: time)
            alphaMode = .retarget(
                from: previousAlpha,
                to: configuration.alphaCurve.alpha(offset: target, dismissDistance: distance),
                start: time, response: response)
        }
    }

    /// The alpha a new colour animation starts from: the target of the one running (UIKit's
    /// model value), not the alpha shown now.
    private func alphaTarget() -> Double {
        alphaMode.target(
            offset: offset(at: time), curve: configuration.alphaCurve, dismissDistance: distance)
    }

    /// Makes `additive` the motion, starting at rest where the content is if it was not.
    private mutating func makeAdditive() {
        if case .additive = motion { return }
        additive.reset(to: offset(at: time))
        motion = .additive
    }

    private mutating func release(translation: Point, velocity: Double) {
        guard phase == .dragging else { return }
        let decisionOffset: Double
        switch configuration.tracking {
        case .direct: decisionOffset = offset(at: time)
        case .additiveSpring: decisionOffset = dragBase + lastChange
        }
        if configuration.release.dismisses(offset: decisionOffset, velocity: velocity) {
            startDismissal(velocity: velocity)
        } else {
            snapBack(velocity: velocity)
        }
    }

    private mutating func cancel() {
        guard phase == .dragging else { return }
        switch configuration.cancelBehavior {
        case .snapBack:
            snapBack(velocity: 0)
        case .strand:
            setPhase(isAnimating ? .settling : .presented)
        }
    }

    private mutating func tap(at point: Point, hitTest: HitTest) {
        switch phase {
        case .dragging:
            // A caught animation let go without moving: the press only held it, so it goes
            // back to rest (a click on a card that is still coming in must not dismiss it).
            snapBack(velocity: 0)
        case .presented, .settling:
            if configuration.backdropTapDismisses, hitTest(point, offset(at: time)) == .backdrop {
                dismiss()
            }
        case .dismissed:
            present()
        case .presenting, .dismissing:
            break
        }
    }

    // MARK: Animations

    private mutating func snapBack(velocity: Double) {
        if case .additiveSpring(let response) = configuration.tracking {
            // One more step, to 0, on top of the moves in flight: the content glides on.
            let previousAlpha = alphaTarget()
            makeAdditive()
            additive.retarget(to: 0, at: time)
            alphaMode = .retarget(
                from: previousAlpha, to: configuration.alphaCurve.rest, start: time,
                response: response)
            setPhase(.settling)
            return
        }
        let from = offset(at: time)
        // Without the release velocity, UIKit's relative initial velocity 1: `1 · (0 - from)`.
        let initial = configuration.snapBackUsesReleaseVelocity ? velocity : -from
        motion = springFromHere(configuration.snapBackSpring, to: 0, velocity: initial)
        alphaMode = .curve
        setPhase(.settling)
    }

    mutating func startDismissal(velocity: Double) {
        let from = offset(at: time)
        switch configuration.dismissStyle {
        case .clearBackdropAtOnce(let spring):
            motion = springFromHere(spring, to: distance, velocity: distance - from)
            alphaMode = .fixed(0)
        case .fadeWithContent(let spring):
            alphaMode = .fade(offset: from, alpha: currentAlpha(offset: from), target: distance)
            // Aimed past the edge so the content leaves at speed instead of creeping up to
            // it; `advance(to:)` ends the dismissal the moment it is fully off screen.
            motion = springFromHere(spring, to: distance * Self.exitOvershoot, velocity: velocity)
        }
        setPhase(.dismissing)
    }

    /// A spring motion from where the content is now, starting now.
    func springFromHere(_ spring: Spring, to target: Double, velocity: Double) -> Motion {
        .spring(
            SpringMotion(
                spring: spring, from: offset(at: time), to: target, initialVelocity: velocity,
                startTime: time, restDistance: configuration.restDistance,
                restSpeed: configuration.restSpeed))
    }

    /// How far past the dismiss distance a fading exit aims, as a multiple of it.
    static let exitOvershoot = 1.25
}
