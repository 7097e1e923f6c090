/// How offsets of one layout read in another: scaled with the dismiss distance (the window
/// changed size), or shifted so the content stays where it is on screen (the detents moved
/// in the same window).
struct OffsetMap {
    /// Multiplies lengths (and speeds).
    var scale: Double
    /// Added after scaling.
    var shift: Double

    /// `offset` in the new layout.
    func callAsFunction(_ offset: Double) -> Double {
        let mapped = offset * scale + shift
        return mapped.isFinite ? mapped : offset
    }

    /// From `old` to `new`: in a new window, a content `k` % of the way out stays `k` % of
    /// the way out; in the same window (`keepsScreenPlace`), it stays where it is on screen.
    init(from old: DetentLayout, to new: DetentLayout, keepsScreenPlace: Bool) {
        if keepsScreenPlace || old.distance <= 0 {
            scale = 1
            shift = new.distance - old.distance
        } else {
            scale = new.distance / old.distance
            shift = 0
        }
    }
}

/// A new layout while presented (DESIGN §4c "Adaptive presentation", "Detents that depend on
/// the window"): the window was resized, the mode may have changed, a detent may have become
/// inactive or moved.
extension DismissMachine {
    /// The spring a move the layout caused runs on: critically damped, never faster than
    /// the presentation's spring, and slow enough that from rest no 60 Hz frame's step
    /// differs from the one before by more than `layoutMoveStepLimit` points.
    static let layoutMoveStepLimit = 1.8

    /// Takes a new layout (the viewport changed, or the detents were invalidated).
    ///
    /// No dismissal and no completion: content at rest stays at its detent, found by name in
    /// the new layout. A detent that became inactive hands over to the nearest active one
    /// above, and the content springs there (one `detentChanged`, the backdrop never
    /// dipping). Entering a presentation mode the content has been in before, it comes back
    /// to the detent it had there; entering one for the first time, to the presented detent
    /// (or the nearest active above). With `animated` (an invalidation in the same window),
    /// content whose detent moved springs from where it is on screen to the detent's new
    /// place; without it, the content lands at once. Content in motion carries on in the
    /// new layout, its springs re-aimed.
    @discardableResult
    public mutating func relayout(_ newLayout: DetentLayout, animated: Bool = false)
        -> [DismissEffect]
    {
        call { $0.takeLayout(newLayout, animated: animated) }
    }

    /// `relayout(_:animated:)`'s work, inside its call.
    mutating func takeLayout(_ newLayout: DetentLayout, animated: Bool) {
        let old = layout
        let oldID = target < old.count ? old.id(of: target) : nil
        let alphaBefore = alpha()
        let offsetBefore = offset
        let newTarget = relaidTarget(from: old, to: newLayout)
        let map = OffsetMap(from: old, to: newLayout, keepsScreenPlace: animated)
        settings = MotionSettings(configuration: configuration, layout: newLayout)
        target = newTarget
        switch phase {
        case .dismissed:
            content.place(atDetent: nil, context)
        case .presented:
            let newID = newLayout.id(of: newTarget)
            let standsIn = oldID != nil && old.mode == newLayout.mode && oldID != newID
            let destination = newLayout.offset(of: newTarget)
            let from = map(offsetBefore)
            if (standsIn || animated) && abs(destination - from) > configuration.restDistance {
                moveUnder(from: from, alpha: alphaBefore, to: newTarget)
            } else {
                content.place(atDetent: newTarget, context)
                backdrop.mode = .curve
                if oldID != newID { noteRest() }
            }
        case .presenting where content.isAtRest, .settling where content.isAtRest:
            // A reduced-motion cross-fade: the content fades in where it will rest.
            content.place(atDetent: newTarget, context)
        case .presenting, .settling, .dragging:
            content.remap(
                map, aim: phase == .dragging ? nil : newLayout.offset(of: newTarget), context)
            remapBackdrop(map, presentingTo: newLayout.offset(of: newTarget))
            if phase == .dragging { drag.startDetent = relaid(drag.startDetent, old, newLayout) }
        case .dismissing:
            content.remap(map, aim: nil, context)
            remapBackdrop(map, presentingTo: newLayout.distance)
        }
        effects.append(.needsDisplay)
    }

    /// The detent the content goes to in `new`: by name, or its stand-in; across a change
    /// of mode, the detent it last had in the new mode (first time: the presented one).
    mutating func relaidTarget(from old: DetentLayout, to new: DetentLayout) -> Int {
        guard target < old.count else { return new.count }
        let id = old.id(of: target)
        guard old.mode != new.mode else { return new.activeIndex(of: id) ?? 0 }
        if let mode = old.mode { modeDetents[mode] = id }
        let wanted = new.mode.flatMap { modeDetents[$0] } ?? configuration.presentedDetent ?? id
        return new.activeIndex(of: wanted) ?? new.activeIndex(of: id) ?? 0
    }

    /// Detent `index` of `old` in `new`, by name or stand-in (`dismissed` stays `dismissed`).
    func relaid(_ index: Int, _ old: DetentLayout, _ new: DetentLayout) -> Int {
        guard index < old.count else { return new.count }
        return new.activeIndex(of: old.id(of: index)) ?? 0
    }

    /// Springs the content from `from` to detent `index` because the layout changed under it
    /// (phase `.settling`): the backdrop goes from `alpha` to the detent's own in step with
    /// the content, never dipping between.
    mutating func moveUnder(from: Double, alpha: Double, to index: Int) {
        let to = layout.offset(of: index)
        let distance = abs(to - from)
        let step = Self.layoutMoveStepLimit
        // From rest a critically damped spring's largest frame-to-frame change of step is
        // about ω² · distance · dt² (its acceleration at the start).
        let frame = 1.0 / 60
        let limit = (step / max(distance, 1e-9)).squareRoot() / frame
        let fastest = configuration.presentSpring.naturalFrequency
        let omega = min(limit, fastest.isFinite && fastest > 0 ? fastest : limit)
        let spring = Spring(mass: 1, stiffness: omega * omega, damping: 2 * omega)
        content.startSpring(spring, from: from, to: to, context)
        backdrop.crossFade = nil
        backdrop.mode = .between(
            from: from, fromAlpha: alpha, to: to,
            toAlpha: configuration.alphaCurve.alpha(offset: to, layout: layout))
        setPhase(.settling)
    }

    /// Carries the backdrop's offsets over to the new layout; a presentation fades in toward
    /// `presentingTo`.
    mutating func remapBackdrop(_ map: OffsetMap, presentingTo target: Double) {
        switch backdrop.mode {
        case .fade(let from, let alpha, _):
            backdrop.mode = .fade(from: map(from), alpha: alpha, to: layout.distance)
        case .presenting:
            backdrop.mode = .presenting(target: target)
        case .between:
            backdrop.mode = .curve
        case .curve, .fixed, .crossFade, .retarget:
            break
        }
    }
}
