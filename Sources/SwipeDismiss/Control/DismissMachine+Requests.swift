/// The calls an app makes: present, dismiss and move between detents, animated or not,
/// each optionally numbered so that its outcome comes back as one `.complete` effect.
extension DismissMachine {
    /// Starts a presentation at the presented detent if the content is dismissed (or on its
    /// way out); a dismissal still under way is reported `superseded`.
    ///
    /// Animated, the content springs in (reduced motion: fades in); not animated, it is at
    /// rest at once. Request `request` completes when the content rests or starts to leave
    /// (at once when it is already shown).
    public mutating func present(animated: Bool = true, request: Int? = nil) {
        present(at: presentedDetentIndex, animated: animated, request: request)
    }

    /// Starts a dismissal with no velocity, from wherever the content is, if the policy
    /// allows it (or `force`, which also confirms a pending vetoed dismissal).
    ///
    /// Not animated, the content is gone at once. Request `request` completes with true
    /// once the content has left, false when vetoed or cut short by a new presentation.
    public mutating func dismiss(
        animated: Bool = true, force: Bool = false, request: Int? = nil,
        environment: some DismissEnvironment
    ) {
        switch phase {
        case .dismissed:
            return complete(request, true)
        case .dismissing:
            if let request { requests.add(request, .dismiss) }
            if !animated { dismissNow() }
            return
        case .presenting, .presented, .dragging, .settling:
            break
        }
        guard force || allows(.programmatic, environment: environment) else {
            return complete(request, false)
        }
        if let request { requests.add(request, .dismiss) }
        forgetGestures()
        if animated { startDismissal(velocity: 0) } else { dismissNow() }
    }

    /// Sends the content to detent `id`: springs it there (phase `.settling`) or, not
    /// animated, puts it there at once; from dismissed, presents it there; `.dismissed`
    /// dismisses, through the policy.
    ///
    /// Request `request` completes with true once the content rests at `id`, false when
    /// the layout has no such detent (nothing changes) or something else took over (a
    /// drag, another move, a dismissal).
    public mutating func move(
        to id: Detent.ID, animated: Bool = true, request: Int? = nil,
        environment: some DismissEnvironment
    ) {
        guard let index = layout.index(of: id) else { return complete(request, false) }
        if index == layout.count {
            return dismiss(animated: animated, request: request, environment: environment)
        }
        effects += requests.supersedeMoves()
        switch phase {
        case .dismissed, .dismissing:
            if let request { requests.add(request, .move(index)) }
            present(at: index, animated: animated, request: nil)
        case .presented where target == index:
            complete(request, true)
        case .presented, .presenting, .dragging, .settling:
            if let request { requests.add(request, .move(index)) }
            forgetGestures()
            isDismissAttemptPending = false
            if animated {
                snapBack(velocity: alongVelocity, to: index)
            } else {
                land(at: index)
            }
        }
    }

    /// A presentation that comes to rest at detent `index`.
    mutating func present(at index: Int, animated: Bool, request: Int?) {
        guard phase == .dismissed || phase == .dismissing else {
            guard let request else { return }
            return phase == .presenting
                ? requests.add(request, .present) : complete(request, true)
        }
        if !completionSent {
            completionSent = true
            effects.append(.notify(.superseded(presentation: presentationCount, state: state)))
        }
        presentationCount += 1
        completionSent = false
        isDismissAttemptPending = false
        forgetGestures()
        if let request { requests.add(request, .present) }
        target = index
        guard animated else {
            land(at: index)
            return effects.append(.notify(.didPresent(state)))
        }
        if isFree { return presentFree() }
        let restOffset = layout.offset(of: target)
        if configuration.reduceMotion {
            let opacity = phase == .dismissed ? 0 : (crossFade?.value(at: time) ?? 1)
            motion = .rest(restOffset)
            startCrossFade(from: opacity, to: 1)
            alphaMode = .crossFade(
                base: configuration.alphaCurve.alpha(offset: restOffset, layout: layout))
        } else {
            crossFade = nil
            motion = springFromHere(configuration.presentSpring, to: restOffset, velocity: 0)
            alphaMode = .presenting(target: restOffset)
        }
        setPhase(.presenting)
    }

    /// Puts the content at rest at detent `index` now.
    private mutating func land(at index: Int) {
        target = index
        crossFade = nil
        alphaMode = .curve
        if isFree {
            free.kind = .rest(.zero)
        } else {
            motion = .rest(layout.offset(of: index))
        }
        effects.append(.needsDisplay)
        guard phase == .presented else { return setPhase(.presented) }
        noteRest()
        effects += requests.phaseChanged(to: .presented, target: target)
    }

    /// Takes the content off screen now.
    private mutating func dismissNow() {
        isDismissAttemptPending = false
        target = layout.count
        crossFade = nil
        if isFree {
            free.kind = .rest(Point(x: 0, y: layout.edges.down))
        } else {
            motion = .rest(layout.distance)
        }
        effects.append(.needsDisplay)
        finishDismissal()
    }

    /// The content's speed along the dismiss direction now (0 at rest), so a move that
    /// takes over a running animation continues it without a kink.
    private var alongVelocity: Double {
        switch motion {
        case .rest: 0
        case .spring(let springMotion): springMotion.velocity(at: time)
        case .additive: additive.velocity(at: time)
        }
    }

    private mutating func complete(_ request: Int?, _ succeeded: Bool) {
        guard let request else { return }
        effects.append(.complete(request: request, succeeded: succeeded))
    }
}
