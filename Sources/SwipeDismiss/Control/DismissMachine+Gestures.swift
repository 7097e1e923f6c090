/// Gestures and keys: how pointer input moves the content and asks for dismissal.
extension DismissMachine {
    mutating func handle(key: Key, environment: some DismissEnvironment) {
        if isDismissAttemptPending {
            if configuration.confirmKeys.contains(key) {
                dismiss(force: true, environment: environment)
                return
            }
            if configuration.declineKeys.contains(key) {
                declineDismissal()
                return
            }
        }
        switch key {
        case .escape:
            guard configuration.escapeDismisses, phase != .dismissing, phase != .dismissed
            else { return }
            guard allows(.escape, environment: environment) else { return }
            forgetGestures()
            startDismissal(velocity: 0)
        case .space, .enter:
            if phase == .dismissed { present() }
        case .pageUp, .pageDown, .home, .end:
            scrollList(key: key)
        case .other:
            break
        }
    }

    mutating func handle(_ gesture: PanRecognizer.Gesture, environment: some DismissEnvironment) {
        switch gesture {
        case .pressed(let point):
            beginListGesture(at: point, environment: environment)
            press(at: point, environment: environment)
        case .began(let translation):
            if locksAcross(translation) { return }
            move(translation: translation, began: true, environment: environment)
        case .changed(let translation):
            if listGesture.lockedAcross { return }
            move(translation: translation, began: false, environment: environment)
        case .ended(let translation, let velocity):
            if isFree { return releaseFree(velocity: velocity, environment: environment) }
            let along = configuration.direction.component(of: velocity)
            if listGesture.lockedAcross { return endListGesture(fingerVelocity: 0) }
            if listGesture.handOff {
                return releaseHandOff(
                    translation: translation, velocity: along, environment: environment)
            }
            release(translation: translation, velocity: along, environment: environment)
            endListGesture(fingerVelocity: 0)
        case .cancelled:
            cancel()
            endListGesture(fingerVelocity: 0)
        case .tapped(let point):
            tap(at: point, environment: environment)
            endListGesture(fingerVelocity: 0)
        }
    }

    mutating func press(at point: Point, environment: some DismissEnvironment) {
        switch phase {
        case .presenting, .settling:
            let region = hitTest(point, environment: environment)
            if region == .passThrough { return passThrough(point) }
            guard region == .content else { return }
        case .presented:
            if hitTest(point, environment: environment) == .passThrough {
                return passThrough(point)
            }
        case .dragging, .dismissing, .dismissed:
            return
        }
        grabContent()
    }

    /// A press on the content (or a touchpad pan, which has no point): catches a running
    /// animation, or readies a drag from the detent the content rests at.
    mutating func grabContent() {
        if isFree { return grabFree() }
        switch phase {
        case .presenting, .settling:
            // A cross-fade has nothing in motion to catch.
            guard configuration.catchesAnimations, crossFade == nil else { return }
            // Catch the content where it is; the drag continues from there with no jump.
            let offset = self.offset
            motion = .rest(offset)
            startDetent = target
            dragBase = unband(offset)
            alphaMode = .curve
            setPhase(.dragging)
        case .presented:
            startDetent = target
            dragVerdict = nil
            // 1:1 tracking picks up where the content is; additive tracking (like the
            // seed's `transform = translation`) always counts from its detent.
            if case .direct = configuration.tracking {
                dragBase = unband(offset)
            } else {
                dragBase = layout.offset(of: target)
            }
        case .dragging, .dismissing, .dismissed:
            break
        }
    }

    mutating func passThrough(_ point: Point) {
        recognizer.reset()
        effects.append(.notify(.passedThrough(point)))
    }

    mutating func move(translation: Point, began: Bool, environment: some DismissEnvironment) {
        if isFree { return moveFree(translation: translation) }
        switch phase {
        case .presented, .settling, .presenting:
            if phase != .presented && configuration.catchesAnimations { return }
            // A drag that starts while an uncatchable animation runs takes over from it.
            if phase != .presented {
                startDetent = target
                dragVerdict = nil
                dragBase = layout.offset(of: target)
                crossFade = nil
            }
            // Additive tracking animates the alpha from its previous target, kept as it is.
            if configuration.tracking == .direct { alphaMode = .curve }
        case .dragging:
            break
        case .dismissing, .dismissed:
            return
        }
        let along: Double
        if listGesture.handOff {
            guard let sheet = handOffAlong(translation, began: began) else { return }
            along = sheet
        } else {
            along = configuration.direction.component(of: translation)
        }
        lastChange = began ? 0 : along
        // The seed's handler has no `.began` case: with additive tracking the content first
        // moves on the next change. Move first, then announce the phase, so observers see
        // where the drag has got to.
        if !began || configuration.tracking == .direct {
            follow(raw: dragBase + along, environment: environment)
        }
        setPhase(.dragging)
    }

    /// Sends the content toward a raw drag offset, through the reverse-drag policy and,
    /// past the lowest detent, the dismissal policy (a veto turns the way out into a band).
    mutating func follow(raw: Double, environment: some DismissEnvironment) {
        lastRaw = raw
        let top = layout.top
        var target: Double
        switch configuration.reverseDrag {
        case .ignore:
            // The seed: only a translation the dismiss way moves the content.
            guard raw >= layout.offset(of: startDetent) else { return }
            target = raw
        case .rubberBand(let coefficient):
            target =
                raw >= top
                ? raw
                : top
                    + RubberBand(coefficient: coefficient, dimension: layout.distance)
                    .banded(raw - top)
        }
        let lowest = layout.lowest
        if target > lowest {
            if dragVerdict == nil { dragVerdict = environment.shouldDismiss(.drag) }
            if dragVerdict == false {
                target = lowest + vetoBand.banded(target - lowest)
            }
        }
        switch configuration.tracking {
        case .direct:
            motion = .rest(target)
        case .additiveSpring:
            stepAdditively(to: target)
        }
    }

    mutating func release(
        translation: Point, velocity: Double, environment: some DismissEnvironment
    ) {
        guard phase == .dragging else { return }
        let decisionOffset: Double
        switch configuration.tracking {
        case .direct:
            // Past a vetoed lowest detent the intent is the raw drag, not the band.
            let banded = dragVerdict == false && lastRaw > layout.lowest
            decisionOffset = banded ? lastRaw : offset
        case .additiveSpring:
            // The seed decides on its `viewTranslation`: the last `.changed`, not the lift.
            decisionOffset = dragBase + lastChange
        }
        let (destination, reason) = releaseDestination(offset: decisionOffset, velocity: velocity)
        guard destination == layout.count else {
            return snapBack(velocity: velocity, to: destination)
        }
        let allowed: Bool
        if let verdict = dragVerdict {
            allowed = verdict
            if !verdict { reportVeto(reason) }
        } else {
            allowed = allows(reason, environment: environment)
        }
        if allowed {
            startDismissal(velocity: velocity)
        } else {
            snapBack(velocity: velocity, to: layout.count - 1)
        }
    }

    /// Where a release at `offset` with `velocity` sends the content (`layout.count`:
    /// off screen) and, when it dismisses, whether position alone did it (`drag`) or the
    /// velocity (`flick`).
    func releaseDestination(offset: Double, velocity: Double) -> (Int, DismissReason) {
        let dismissed = layout.count
        switch configuration.release {
        case .translation(let threshold):
            let travelled = offset - layout.offset(of: startDetent)
            return (travelled >= threshold ? dismissed : startDetent, .drag)
        case .projected(let threshold, let rate):
            let projected = VelocityProjection(decelerationRate: projectionRate(rate))
                .project(position: offset, velocity: velocity)
            let line = layout.lowest + threshold
            if projected >= line { return (dismissed, offset >= line ? .drag : .flick) }
            return (layout.nearest(to: projected, includingDismissed: false), .drag)
        case .nearestDetent(let rate):
            let projected = VelocityProjection(decelerationRate: projectionRate(rate))
                .project(position: offset, velocity: velocity)
            let byPosition = layout.nearest(to: offset, includingDismissed: true)
            return (
                layout.nearest(to: projected, includingDismissed: true),
                byPosition == dismissed ? .drag : .flick
            )
        }
    }

    mutating func cancel() {
        guard phase == .dragging else { return }
        switch configuration.cancelBehavior {
        case .snapBack:
            snapBack(velocity: 0, to: startDetent)
        case .strand:
            setPhase(isAnimating ? .settling : .presented)
        }
    }

    mutating func tap(at point: Point, environment: some DismissEnvironment) {
        switch phase {
        case .dragging:
            // A caught animation let go without moving: the press only held it, so it goes
            // back to rest (a click on a card that is still coming in must not dismiss it).
            snapBack(velocity: 0, to: startDetent)
        case .presented, .settling:
            switch hitTest(point, environment: environment) {
            case .backdrop:
                guard configuration.backdropTapDismisses else { return }
                guard allows(.tap, environment: environment) else { return }
                forgetGestures()
                startDismissal(velocity: 0)
            case .passThrough:
                guard configuration.backdropTapDismisses else { return }
                passThrough(point)
            case .content:
                if let item = environment.contentItem(at: point, state: state) {
                    effects.append(.notify(.contentTapped(item: item, point: point)))
                }
            }
        case .dismissed:
            present()
        case .presenting, .dismissing:
            break
        }
    }

    /// The band past the lowest detent while dismissal is vetoed.
    var vetoBand: RubberBand {
        RubberBand(
            coefficient: configuration.vetoResistance,
            dimension: layout.distance - layout.lowest)
    }

    /// The raw drag offset that shows as `offset`: the inverse of the bands.
    func unband(_ offset: Double) -> Double {
        let top = layout.top
        if offset < top, case .rubberBand(let coefficient) = configuration.reverseDrag {
            return top
                + RubberBand(coefficient: coefficient, dimension: layout.distance)
                .raw(forBanded: offset - top)
        }
        if offset > layout.lowest, dragVerdict == false {
            return layout.lowest + vetoBand.raw(forBanded: offset - layout.lowest)
        }
        return offset
    }
}
