/// The calls an app makes: present, dismiss and move between detents, animated or not,
/// each optionally numbered so that its outcome comes back as one `.complete` effect.
extension DismissMachine {
    /// A dismissal with no velocity, through the policy unless `force` (`dismiss`).
    mutating func requestDismissal(animated: Bool = true, force: Bool = false, request: Int? = nil)
    {
        switch phase {
        case .dismissed:
            return complete(request, true)
        case .dismissing:
            if let request { presentations.requests.add(request, .dismiss) }
            if !animated { dismissNow() }
            return
        case .presenting, .presented, .dragging, .settling:
            break
        }
        guard force || policy.allows(.programmatic) else {
            reportVeto(.programmatic)
            return complete(request, false)
        }
        dismissFromCode(animated: animated, request: request)
    }

    /// A dismissal from code that goes ahead: request `request` waits for its end.
    mutating func dismissFromCode(animated: Bool, request: Int?) {
        if let request { presentations.requests.add(request, .dismiss) }
        forgetGestures()
        if animated { startDismissal(velocity: .zero) } else { dismissNow() }
    }

    /// Sends the content to detent `id` (`move(to:)`).
    mutating func requestMove(to id: Detent.ID, animated: Bool = true, request: Int? = nil) {
        guard let index = layout.index(of: id) else { return complete(request, false) }
        if index == layout.count {
            return requestDismissal(animated: animated, request: request)
        }
        effects += presentations.requests.supersedeMoves()
        switch phase {
        case .dismissed, .dismissing:
            if let request { presentations.requests.add(request, .move(index)) }
            present(at: index, animated: animated, request: nil)
        case .presented where target == index:
            complete(request, true)
        case .presented, .presenting, .dragging, .settling:
            if let request { presentations.requests.add(request, .move(index)) }
            forgetGestures()
            isDismissAttemptPending = false
            if animated {
                snapBack(velocity: content.handOverVelocity(at: time), to: index)
            } else {
                land(at: index)
            }
        }
    }

    /// A presentation that comes to rest at detent `index`.
    mutating func present(at index: Int, animated: Bool = true, request: Int? = nil) {
        guard phase == .dismissed || phase == .dismissing else {
            guard let request else { return }
            return phase == .presenting
                ? presentations.requests.add(request, .present) : complete(request, true)
        }
        if !presentations.endReported {
            presentations.endReported = true
            effects.append(.notify(.superseded(presentation: presentations.count, state: state)))
        }
        presentations.count += 1
        presentations.endReported = false
        isDismissAttemptPending = false
        forgetGestures()
        if let request { presentations.requests.add(request, .present) }
        target = index
        guard animated else {
            land(at: index)
            return effects.append(.notify(.didPresent(state)))
        }
        if configuration.reduceMotion {
            let opacity = phase == .dismissed ? 0 : backdrop.opacity(at: time)
            content.place(atDetent: index, context)
            startCrossFade(from: opacity, to: 1)
            let rest = BackdropAlpha.resting(
                at: content.pose(at: time, context), curve: configuration.alphaCurve,
                layout: layout)
            backdrop.mode = .crossFade(base: rest)
        } else {
            backdrop.crossFade = nil
            content.comeIn(toDetent: index, context)
            backdrop.mode = .presenting(target: layout.offset(of: index))
        }
        setPhase(.presenting)
    }

    /// Puts the content at rest at detent `index` now.
    private mutating func land(at index: Int) {
        target = index
        backdrop.crossFade = nil
        backdrop.mode = .curve
        content.place(atDetent: index, context)
        effects.append(.needsDisplay)
        guard phase == .presented else { return setPhase(.presented) }
        noteRest()
        effects += presentations.requests.phaseChanged(to: .presented, target: target)
    }

    /// Takes the content off screen now.
    private mutating func dismissNow() {
        isDismissAttemptPending = false
        target = layout.count
        backdrop.crossFade = nil
        content.place(atDetent: nil, context)
        effects.append(.needsDisplay)
        finishDismissal()
    }

    mutating func complete(_ request: Int?, _ succeeded: Bool) {
        guard let request else { return }
        effects.append(.complete(request: request, succeeded: succeeded))
    }
}
