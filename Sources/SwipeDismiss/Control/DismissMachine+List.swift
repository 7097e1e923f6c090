/// The content's scrollable list and how one gesture shares its movement with the sheet.
///
/// Only a `.down` sheet scrolls its list, and only at its top detent (DESIGN §4, "the list
/// scrolls only at `large`"). A press on the list catches a coasting list. A drag that starts
/// on the list while the sheet rests at (or heads to) its top detent hands off inside the one
/// gesture: a finger moving down first scrolls the list to its top, and the rest of the same
/// movement moves the sheet; moving back up first raises the sheet to its top detent, then
/// scrolls the list again. A drag anywhere else (the header, or the list below the top
/// detent) moves the sheet as on any scene. At release the owner gets the finger's velocity:
/// the sheet (displaced from its top detent) projects to a detent, the list glides; a glide
/// that reaches the list's top never moves the sheet. A drag that starts more across than
/// along (|dx| > 1.2·|dy| at the slop) is left to the content and never moves the sheet.
///
/// A touchpad pan shares the same way, with the pointer's last known place (before any, over
/// the list) standing for the press.
///
/// A mouse wheel over the list at the top detent scrolls it, clamped to its ends, and never
/// moves the sheet. A wheel event has no location: the machine takes the pointer's last
/// known one (a press, move or release) and, before any, counts the wheel as over the list
/// (the sheet is the focused modal).
extension DismissMachine {
    /// How a drag that starts more across than along is told apart: |across| > 1.2·|along|.
    static let axisLockRatio = 1.2

    /// What the gesture in progress does with the list.
    struct ListGesture: Sendable {
        /// The press landed on the list (and caught it): the gesture's end releases it.
        var onList = false
        /// The drag shares its movement between the list and the sheet.
        var handOff = false
        /// The drag started across the dismiss axis: it moves nothing.
        var lockedAcross = false
        /// The finger's last translation along the dismiss axis.
        var finger = 0.0
        /// The sheet's raw (un-banded) drag offset during a hand-off.
        var sheetRaw = 0.0
    }

    /// Gives the content a scrollable list of `contentLength` points shown through a window of
    /// `viewportLength` points, scrolled to `offset` (clamped to its range); throws for a
    /// length that is not finite and ≥ 0.
    public mutating func setList(
        contentLength: Double, viewportLength: Double, offset: Double = 0
    ) throws(ScrollMotionError) {
        let end = max(0, contentLength - viewportLength)
        let start = offset.isFinite ? min(max(offset, 0), end.isFinite ? end : 0) : 0
        list = try ScrollMotion(
            contentLength: contentLength, viewportLength: viewportLength, offset: start)
        effects.append(.needsDisplay)
    }

    /// Takes new list lengths (the viewport changed); the offset stays, springing back on
    /// the next release if it is now past the end. Throws for a length that is not finite
    /// and ≥ 0; without a list it does nothing.
    public mutating func resizeList(contentLength: Double, viewportLength: Double)
        throws(ScrollMotionError)
    {
        guard list != nil else { return }
        try list?.resize(contentLength: contentLength, viewportLength: viewportLength, at: time)
        effects.append(.needsDisplay)
    }

    /// The list's content offset at `time` (0 at its top); 0 without a list.
    public var listOffset: Double { list?.value(at: time) ?? 0 }

    /// Whether the list is still moving on its own (gliding or springing back).
    var isListMoving: Bool {
        guard let list else { return false }
        return !list.isSettled(at: time)
    }

    /// Whether the sheet rests at, or heads to, its top detent: where the list scrolls.
    var sheetAtTopDetent: Bool {
        target == 0 && phase != .dismissing && phase != .dismissed
    }

    /// A press at `point` (or a touchpad pan with the pointer there; nil: no known place,
    /// which counts as over the list): catches the list if it lands on it and readies a
    /// hand-off.
    mutating func beginListGesture(at point: Point?, environment: some DismissEnvironment) {
        listGesture = ListGesture()
        guard list != nil, configuration.direction == .down else { return }
        if let point, environment.region(at: point, offset: offset) != .list { return }
        list?.stop(at: time)
        listGesture.onList = true
        listGesture.handOff = sheetAtTopDetent
        effects.append(.needsDisplay)
    }

    /// Whether a drag whose first translation past the slop is `translation` is locked
    /// across the dismiss axis; if so it moves nothing, and a caught animation goes on.
    mutating func locksAcross(_ translation: Point) -> Bool {
        guard list != nil else { return false }
        let unit = configuration.direction.unit
        let along = abs(configuration.direction.component(of: translation))
        let across = abs(translation.x * unit.y - translation.y * unit.x)
        guard across > Self.axisLockRatio * along else { return false }
        listGesture.lockedAcross = true
        if phase == .dragging { snapBack(velocity: 0, to: startDetent) }
        return true
    }

    /// Routes a hand-off's finger movement to `translation` between the list and the sheet;
    /// returns the sheet's drag along the axis from `dragBase`, or nil while the sheet has
    /// not left its rest.
    mutating func handOffAlong(_ translation: Point, began: Bool) -> Double? {
        if began { listGesture.sheetRaw = dragBase }
        let finger = configuration.direction.component(of: translation)
        var delta = finger - listGesture.finger
        listGesture.finger = finger
        let top = layout.top
        if delta > 0 {
            // Down: the list scrolls toward its top first; the rest moves the sheet.
            if listGesture.sheetRaw <= top, list != nil {
                delta = list?.drag(by: delta, rubberBanding: .bottom) ?? delta
            }
            listGesture.sheetRaw += delta
        } else if delta < 0 {
            // Up: the sheet rises to its top detent first; the rest scrolls the list.
            let sheetRaw = listGesture.sheetRaw
            if sheetRaw > top {
                if sheetRaw + delta <= top {
                    delta += sheetRaw - top
                    listGesture.sheetRaw = top
                } else {
                    listGesture.sheetRaw = sheetRaw + delta
                    delta = 0
                }
            }
            if delta < 0 { _ = list?.drag(by: delta, rubberBanding: .bottom) }
        }
        effects.append(.needsDisplay)
        if phase == .presented, listGesture.sheetRaw == dragBase { return nil }
        return listGesture.sheetRaw - dragBase
    }

    /// Ends a pointer gesture's release: the owner of the motion gets `velocity` (the
    /// finger's, in points per second along the axis).
    mutating func releaseHandOff(
        translation: Point, velocity: Double, environment: some DismissEnvironment
    ) {
        move(translation: translation, began: false, environment: environment)
        if listGesture.sheetRaw > layout.top {
            release(translation: translation, velocity: velocity, environment: environment)
            endListGesture(fingerVelocity: 0)
            return
        }
        endListGesture(fingerVelocity: velocity)
        guard phase == .dragging else { return }
        // The sheet is back at its top detent: it rests there, the list has the velocity.
        if case .rest(let at) = motion, at == layout.top {
            target = 0
            alphaMode = .curve
            setPhase(.presented)
        } else {
            snapBack(velocity: 0, to: 0)
        }
    }

    /// Lets go of the list the gesture caught (a glide from `fingerVelocity`, or a spring
    /// back if it is past an end) and forgets the gesture.
    mutating func endListGesture(fingerVelocity: Double) {
        if listGesture.onList {
            list?.release(fingerVelocity: fingerVelocity, at: time)
            effects.append(.needsDisplay)
        }
        listGesture = ListGesture()
    }

    /// A mouse wheel's `dy` (signed like a drag: positive toward the list's top): scrolls
    /// the list under the pointer at the top detent, clamped to its ends. It never moves
    /// the sheet.
    mutating func wheel(dy: Double, environment: some DismissEnvironment) {
        guard list != nil, configuration.direction == .down, dy.isFinite, dy != 0,
            phase == .presented, target == 0, !recognizer.isPressed, !touchpadPan
        else { return }
        if let pointer, environment.region(at: pointer, offset: offset) != .list { return }
        list?.stop(at: time)
        _ = list?.drag(by: dy, rubberBanding: [])
        effects.append(.needsDisplay)
    }
}

extension DismissMachine {
    /// The height of one list row, in points: a page scroll keeps one row in view.
    public static let listRowHeight = 44.0

    /// Page Up/Down and Home/End at the top detent: the list jumps (no animation) by a page
    /// (its viewport minus one row, ``listRowHeight``) or to its top or end, clamped to its
    /// ends; a running glide is caught first. It never moves the sheet, and does nothing
    /// while a pointer is down, below the top detent, or without a list. The sheet is the
    /// focused modal, so the pointer's position does not matter.
    mutating func scrollList(key: Key) {
        guard let current = list, configuration.direction == .down, phase == .presented,
            target == 0, !recognizer.isPressed, !touchpadPan
        else { return }
        let offset = current.value(at: time)
        let page = max(0, current.viewportLength - Self.listRowHeight)
        let goal: Double
        switch key {
        case .pageUp: goal = offset - page
        case .pageDown: goal = offset + page
        case .home: goal = 0
        case .end: goal = current.maxOffset
        default: return
        }
        // A list at rest at the clamped goal: this also ends a glide or a bounce past an end.
        let clamped = min(max(goal.isFinite ? goal : 0, 0), current.maxOffset)
        guard
            let next = try? ScrollMotion(
                contentLength: current.contentLength, viewportLength: current.viewportLength,
                offset: clamped, configuration: current.configuration)
        else { return }
        list = next
        effects.append(.needsDisplay)
    }
}

extension DismissEnvironment {
    /// By default nothing is a list: every drag moves the content.
    public func region(at point: Point, offset: Double) -> SheetRegion { .outside }
}
