/// Gestures and keys: how pointer input moves the content and asks for dismissal.
extension DismissMachine {
    /// Applies one input at its own time (clamped so time never runs backwards).
    mutating func apply(_ event: InputEvent, environment: some DismissEnvironment) {
        guard event.time.isFinite else { return }
        if let location = event.location {
            guard location.isFinite else { return }
            input.location = location
        }
        advanceTime(to: max(event.time, time), environment: environment)
        // The machine's time has caught up with the input: it applies at that time.
        let at = time
        switch event.kind {
        case .key, .viewport:
            // Keys belong to the driver's bindings (`perform(_:environment:)`), a new
            // viewport to the driver's layout (`DismissController.resize(to:)`).
            return
        case .scroll(let dx, let dy, .touchpad):
            return feedTouchpad(
                { $0.scroll(dx: dx, dy: dy, source: .touchpad, at: at, into: &$1) },
                environment: environment)
        case .scroll(_, let dy, .wheel):
            // A wheel never drags the content (as in libadwaita's swipe tracker): it scrolls
            // the list under the pointer, if any.
            return wheel(dy: dy, environment: environment)
        case .scrollStop:
            // The touchpad's fingers lifted: a touchpad pan releases.
            return feedTouchpad({ $0.stop(at: at, into: &$1) }, environment: environment)
        case .down, .cancel:
            // A press takes over from a touchpad pan, which is cancelled first (the stream's
            // deadline has passed already, so a cancel only cancels: nothing to ask).
            feedTouchpad({ $0.cancel(at: at, into: &$1) }, environment: environment)
        case .move, .up:
            break
        }
        var stamped = event
        stamped.time = at
        if case .down = event.kind, input.pointer.isPressed {
            // A press without a release of the one before (a trace can say so): the old
            // gesture is cancelled first, so the new press is seen as a press.
            if let gesture = input.pointer.handle(InputEvent(time: at, kind: .cancel)) {
                handle(gesture, environment: environment)
            }
        }
        guard let gesture = input.pointer.handle(stamped) else { return }
        handle(gesture, environment: environment)
    }

    /// Answers a pending vetoed dismissal with "keep it": the prompt goes away.
    mutating func decline() {
        guard isDismissAttemptPending else { return }
        isDismissAttemptPending = false
        effects.append(.needsDisplay)
    }

    /// Moves the clock to `newTime`, finishing any animation that has come to rest by then
    /// (a quiet touchpad stream is ended by `advanceTime(to:environment:)`).
    mutating func moveClock(to newTime: Double) {
        guard newTime >= time else { return }
        time = newTime
        finishAnimationIfDone()
        fitListAtRest()
    }

    /// Carries out what a key asked for (`KeyBindings`), at the machine's time.
    mutating func carryOut(_ intent: KeyIntent) {
        switch intent {
        case .dismiss:
            if configuration.escapeDismisses { leave(for: .escape) }
        case .present, .activateOrPresent:
            // The driver activates the focused item first; with none, Enter presents.
            if phase == .dismissed { present(at: presentedDetentIndex) }
        case .confirm:
            if isDismissAttemptPending { requestDismissal(force: true) }
        case .decline:
            decline()
        case .scrollList(let key):
            scrollList(key: key)
        case .detentUp:
            moveOneDetent(by: -1)
        case .detentDown:
            moveOneDetent(by: 1)
        case .back:
            leave(for: .back)
        case .focusNext, .focusPrevious, .activate:
            // The keyboard focus is the driver's (`KeyboardFocus`): nothing to move here.
            break
        }
    }

    /// Ctrl+Up / Ctrl+Down: springs to the detent `step` places from the one the content
    /// rests at or heads to, if the layout has one; never to `dismissed`, never mid-drag.
    mutating func moveOneDetent(by step: Int) {
        guard phase == .presented || phase == .settling || phase == .presenting else { return }
        let index = target + step
        guard index >= 0, index < layout.count, index != target else { return }
        requestMove(to: layout.id(of: index))
    }

    mutating func handle(_ gesture: PanRecognizer.Gesture, environment: some DismissEnvironment) {
        switch gesture {
        case .pressed(let point):
            beginListGesture(at: point, environment: environment)
            press(at: point, environment: environment)
        case .began(let translation):
            if locksAcross(translation) || refusesDragStart(translation) { return }
            move(translation: translation, began: true)
        case .changed(let translation):
            if listHandOff.lockedAcross { return }
            move(translation: translation, began: false)
        case .ended(let translation, let velocity):
            if listHandOff.lockedAcross { return endListGesture(fingerVelocity: 0) }
            releasePan(translation: translation, velocity: velocity)
        case .cancelled:
            cancelPan()
        case .tapped(let point):
            tap(at: point, environment: environment)
            endListGesture(fingerVelocity: 0)
        }
    }

    /// A press at `point`: passes through where the backdrop does, else grabs the content
    /// (at rest, a press anywhere else readies a drag; in motion, only one on the content).
    mutating func press(at point: Point, environment: some DismissEnvironment) {
        guard phase == .presented || phase == .presenting || phase == .settling else { return }
        let region = hitTest(point, environment: environment)
        if region == .passThrough { return passThrough(point) }
        if phase == .presented || region == .content { grabContent() }
    }

    /// A press on the content (or a touchpad pan, which has no point): catches a running
    /// animation, or readies a drag from the detent the content rests at.
    mutating func grabContent() {
        switch phase {
        case .presenting, .settling:
            // A cross-fade has nothing in motion to catch.
            guard configuration.catchesAnimations, backdrop.crossFade == nil else { return }
            // Catch the content where it is; the drag continues from there with no jump.
            content.catchHere(verdict: drag.verdict, context)
            drag.startDetent = target
            backdrop.mode = .curve
            setPhase(.dragging)
        case .presented:
            drag.start(at: target)
            content.readyDrag(from: target, takingOver: false, context)
        case .dragging, .dismissing, .dismissed:
            break
        }
    }

    mutating func passThrough(_ point: Point) {
        input.pointer.reset()
        effects.append(.notify(.passedThrough(point)))
    }

    mutating func move(translation: Point, began: Bool) {
        switch phase {
        case .presented, .settling, .presenting:
            if phase != .presented && configuration.catchesAnimations { return }
            // A drag that starts while an uncatchable animation runs takes over from it.
            if phase != .presented {
                drag.start(at: target)
                backdrop.crossFade = nil
                content.readyDrag(from: target, takingOver: true, context)
            }
            content.startFollowing(&backdrop, context)
        case .dragging:
            break
        case .dismissing, .dismissed:
            return
        }
        var along: Double?
        if let rest = listHandOff.restDetent {
            guard let sheet = handOffAlong(translation, began: began, rest: rest) else { return }
            along = sheet
        }
        // The policy is read once a drag passes the lowest detent: the drag's verdict, whose
        // "no" turns the way out into a band (reported at release).
        if drag.verdict == nil,
            content.passesLowestDetent(
                translation, along: along, began: began, startDetent: drag.startDetent, context)
        {
            drag.verdict = policy.allows(.drag)
        }
        follow(translation, along: along, began: began)
    }

    /// Moves the content with the drag, then announces the phase, so observers see where the
    /// drag has got to.
    mutating func follow(_ translation: Point, along: Double?, began: Bool) {
        content.follow(
            translation, along: along, began: began, startDetent: drag.startDetent,
            verdict: drag.verdict, backdrop: &backdrop, context)
        setPhase(.dragging)
    }

    /// Decides a release with `velocity` (points per second, per axis): back to a detent, or
    /// off screen if the policy allows (the drag's verdict, if it was read).
    mutating func release(velocity: Point) {
        guard phase == .dragging else { return }
        let (destination, reason) = content.releaseDestination(
            velocity: velocity, startDetent: drag.startDetent, verdict: drag.verdict,
            touchpad: input.isTouchpadPan, context)
        guard destination == layout.count else {
            return snapBack(velocity: velocity, to: destination)
        }
        // Headed off screen for `reason`: a veto is reported, and the content springs back to
        // the lowest detent.
        guard drag.verdict ?? policy.allows(reason) else {
            reportVeto(reason)
            return snapBack(velocity: velocity, to: layout.count - 1)
        }
        startDismissal(velocity: velocity)
    }

    /// A pan (the pointer's or the touchpad's) lifted at `translation` with `velocity`: a
    /// hand-off takes its last move, and the list gets the velocity if the sheet is back at
    /// the detent it rested at (`releaseToList`); else the content gets it (displaced from
    /// that detent, or without a hand-off), and the list gesture ends.
    mutating func releasePan(translation: Point, velocity: Point) {
        if let rest = listHandOff.restDetent {
            move(translation: translation, began: false)
            if listHandOff.sheetRaw <= layout.offset(of: rest) {
                return releaseToList(velocity: velocity, rest: rest)
            }
        }
        release(velocity: velocity)
        endListGesture(fingerVelocity: 0)
    }

    /// A pan was cancelled: the drag ends as the configuration says, and the list gesture.
    mutating func cancelPan() {
        if phase == .dragging {
            switch configuration.cancelBehavior {
            case .snapBack:
                snapBack(velocity: .zero, to: drag.startDetent)
            case .strand:
                setPhase(isAnimating ? .settling : .presented)
            }
        }
        endListGesture(fingerVelocity: 0)
    }

    mutating func tap(at point: Point, environment: some DismissEnvironment) {
        switch phase {
        case .dragging:
            // A caught animation let go without moving: the press only held it, so it goes
            // back to rest (a click on a card that is still coming in must not dismiss it).
            snapBack(velocity: .zero, to: drag.startDetent)
        case .presented, .settling:
            switch hitTest(point, environment: environment) {
            case .backdrop:
                guard configuration.backdropTapDismisses else { return }
                leave(for: .tap)
            case .passThrough:
                guard configuration.backdropTapDismisses else { return }
                passThrough(point)
            case .content:
                if let item = environment.contentItem(at: point, state: state) {
                    effects.append(.notify(.contentTapped(item: item, point: point)))
                }
                // A footer's "Done" dismisses through the veto, as a backdrop tap would.
                if environment.region(at: point, offset: offset, lowestDetent: layout.lowest)
                    == .footerButton
                {
                    leave(for: .tap)
                }
            }
        case .dismissed:
            present(at: presentedDetentIndex)
        case .presenting, .dismissing:
            break
        }
    }

    /// Escape, Back or a backdrop tap: unless it is leaving or gone already, the content
    /// leaves with no velocity if the policy allows `reason`, else the veto is reported.
    mutating func leave(for reason: DismissReason) {
        guard phase != .dismissing, phase != .dismissed else { return }
        guard policy.allows(reason) else { return reportVeto(reason) }
        forgetGestures()
        startDismissal(velocity: .zero)
    }

    /// A vetoed attempt: reported, and left pending unless the policy vetoes quietly.
    mutating func reportVeto(_ reason: DismissReason) {
        if policy.veto == .pending { isDismissAttemptPending = true }
        effects.append(.notify(.dismissAttempted(reason)))
        effects.append(.needsDisplay)
    }

    /// Applies `dragStartRule` to a pan beginning now at `translation` from its press: false
    /// lets it move the content; true ignores the rest of the press.
    mutating func refusesDragStart(_ translation: Point) -> Bool {
        guard dragStartRule != .always, phase == .presented, let start = input.pointer.start
        else { return false }
        let velocity = input.pointer.velocityTracker.velocity
        guard !dragStartRule.allows(location: start, velocity: velocity, translation: translation)
        else { return false }
        input.forget()
        return true
    }
}
