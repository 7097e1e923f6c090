/// The content's scrollable list and how one gesture shares its movement with the sheet.
///
/// Only a `.down` sheet scrolls its list, and only at its top detent (DESIGN §4, "the list
/// scrolls only at `large`"), or under `ContentInteraction.scrolls` at whichever detent it
/// rests at (DESIGN §4c). A press on the list catches a coasting list. A drag that starts
/// on the list while the sheet rests at (or heads to) such a detent hands off inside the one
/// gesture: a finger moving down first scrolls the list to its top, and the rest of the same
/// movement moves the sheet; moving back up first raises the sheet to that detent, then
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

    /// Gives the content a scrollable list of `contentLength` points seen through
    /// `viewport`, sized for the detent the content rests at, scrolled to `offset` (clamped to
    /// its range); throws for a length that is not finite and ≥ 0.
    @discardableResult
    public mutating func setList(
        contentLength: Double, viewport: ListViewport, offset: Double = 0
    ) throws(ScrollMotionError) -> [DismissEffect] {
        let length = viewport.length(atOffset: restingOffset, lowestDetent: layout.lowest)
        return try setList(
            contentLength: contentLength, viewportLength: length, offset: offset, sizing: viewport)
    }

    /// `setList(contentLength:viewport:offset:)` with a viewport `viewportLength` points
    /// long, which follows the sheet as `sizing` says if given (else as before).
    @discardableResult
    package mutating func setList(
        contentLength: Double, viewportLength: Double, offset: Double = 0,
        sizing: ListViewport? = nil
    ) throws(ScrollMotionError) -> [DismissEffect] {
        let end = max(0, contentLength - viewportLength)
        let start = offset.isFinite ? min(max(offset, 0), end.isFinite ? end : 0) : 0
        return try call { (machine) throws(ScrollMotionError) in
            machine.listHandOff.list = try ScrollMotion(
                contentLength: contentLength, viewportLength: viewportLength, offset: start)
            if let sizing { machine.listHandOff.sizing = sizing }
            machine.effects.append(.needsDisplay)
        }
    }

    /// Takes a new list and viewport (the window changed); the offset stays, springing back
    /// on the next release if it is now past the end. Throws for a length that is not finite
    /// and ≥ 0; without a list it does nothing.
    @discardableResult
    public mutating func resizeList(contentLength: Double, viewport: ListViewport)
        throws(ScrollMotionError) -> [DismissEffect]
    {
        let length = viewport.length(atOffset: restingOffset, lowestDetent: layout.lowest)
        return try call { (machine) throws(ScrollMotionError) in
            guard machine.listHandOff.list != nil else { return }
            try machine.listHandOff.list?.resize(
                contentLength: contentLength, viewportLength: length, at: machine.time)
            machine.listHandOff.sizing = viewport
            machine.effects.append(.needsDisplay)
        }
    }

    /// The offset of the detent the content rests at or heads to (the lowest one while it is
    /// off screen).
    var restingOffset: Double {
        layout.offset(of: min(target, max(0, layout.count - 1)))
    }

    /// The list's offset as drawn with the content at `contentOffset` (`ListHandOff`'s
    /// `shownOffset`). Allocates nothing.
    func shownListOffset(atContentOffset contentOffset: Double) -> Double {
        listHandOff.shownOffset(at: time, contentOffset: contentOffset, lowestDetent: layout.lowest)
    }

    /// Once the content rests at its detent and the list is still (and no gesture holds it),
    /// sizes the list's model for that detent.
    mutating func fitListAtRest() {
        guard listHandOff.sizing?.followsContent == true, phase == .presented,
            !listHandOff.onList, !listHandOff.isMoving(at: time)
        else { return }
        listHandOff.fit(contentOffset: restingOffset, lowestDetent: layout.lowest, at: time)
    }

    /// The detent the sheet rests at or heads to if a drag on the list scrolls it there: the
    /// top detent, or under `ContentInteraction.scrolls` any resting detent; else nil.
    var listScrollDetent: Int? {
        guard phase != .dismissing, phase != .dismissed, target < layout.count else { return nil }
        if target == 0 { return 0 }
        return configuration.contentInteraction == .scrolls ? target : nil
    }

    /// Whether a wheel or a key may move the list now: a `.down` sheet at rest at a detent
    /// whose list scrolls (`listScrollDetent`), which no pointer press or touchpad pan holds.
    var listTakesScrolls: Bool {
        configuration.direction == .down && phase == .presented && !input.pointer.isPressed
            && !input.isTouchpadPan && listScrollDetent != nil
    }

    /// Whether `point` (nil: no known place, which counts as over the list) is over the list
    /// of a `.down` sheet that has one.
    func isOverList(_ point: Point?, environment: some DismissEnvironment) -> Bool {
        guard listHandOff.list != nil, configuration.direction == .down else { return false }
        guard let point else { return true }
        return environment.region(at: point, offset: offset, lowestDetent: layout.lowest) == .list
    }

    /// A press at `point` (or a touchpad pan with the pointer there; nil: no known place,
    /// which counts as over the list): catches the list if it lands on it and readies a
    /// hand-off.
    mutating func beginListGesture(at point: Point?, environment: some DismissEnvironment) {
        guard isOverList(point, environment: environment) else { return listHandOff.forget() }
        listHandOff.begin(restDetent: listScrollDetent, at: time)
        listHandOff.fit(
            contentOffset: phase == .presented ? layout.offset(of: target) : offset,
            lowestDetent: layout.lowest, at: time)
        effects.append(.needsDisplay)
    }

    /// Whether a drag whose first translation past the slop is `translation` is locked
    /// across the dismiss axis; if so it moves nothing, and a caught animation goes on.
    mutating func locksAcross(_ translation: Point) -> Bool {
        guard listHandOff.list != nil else { return false }
        let unit = configuration.direction.unit
        let along = abs(configuration.direction.component(of: translation))
        let across = abs(translation.x * unit.y - translation.y * unit.x)
        guard across > Self.axisLockRatio * along else { return false }
        listHandOff.lockedAcross = true
        if phase == .dragging { snapBack(velocity: .zero, to: drag.startDetent) }
        return true
    }

    /// Routes a hand-off's finger movement to `translation` between the list and the sheet
    /// resting at detent `rest`; returns the sheet's drag along the axis from where the drag
    /// started, or nil while the sheet has not left its rest.
    mutating func handOffAlong(_ translation: Point, began: Bool, rest: Int) -> Double? {
        let base = content.dragStart
        let sheetRaw = listHandOff.share(
            finger: configuration.direction.component(of: translation), began: began,
            base: base, top: layout.offset(of: rest))
        effects.append(.needsDisplay)
        if phase == .presented, sheetRaw == base { return nil }
        return sheetRaw - base
    }

    /// Ends a hand-off's release whose sheet is back at detent `rest`, where it rested: the
    /// list glides with `velocity` (the finger's, in points per second) and the sheet rests
    /// there.
    mutating func releaseToList(velocity: Point, rest: Int) {
        endListGesture(fingerVelocity: configuration.direction.component(of: velocity))
        guard phase == .dragging else { return }
        if content.isAtRest, offset == layout.offset(of: rest) {
            target = rest
            backdrop.mode = .curve
            setPhase(.presented)
        } else {
            snapBack(velocity: .zero, to: rest)
        }
    }

    /// Lets go of the list the gesture caught (a glide from `fingerVelocity`, or a spring
    /// back if it is past an end) and forgets the gesture.
    mutating func endListGesture(fingerVelocity: Double) {
        if listHandOff.end(fingerVelocity: fingerVelocity, at: time) {
            effects.append(.needsDisplay)
        }
    }

    /// A mouse wheel's `dy` (signed like a drag: positive toward the list's top): scrolls
    /// the list under the pointer at the top detent, clamped to its ends. It never moves
    /// the sheet.
    mutating func wheel(dy: Double, environment: some DismissEnvironment) {
        guard dy.isFinite, dy != 0, listTakesScrolls,
            isOverList(input.location, environment: environment)
        else { return }
        listHandOff.wheel(dy: dy, at: time)
        effects.append(.needsDisplay)
    }

    /// The height of one list row, in points: a page scroll keeps one row in view.
    package static let listRowHeight = 44.0

    /// Scrolls the list at the top detent, as the page keys do, the least that shows the
    /// content range `top..<bottom` (list points, 0 at the list's top): the keyboard focus
    /// moved onto a row out of sight. Nothing below the top detent, while a pointer is
    /// down, or without a list.
    @discardableResult
    package mutating func revealInList(
        top: Double, bottom: Double, environment: some DismissEnvironment
    ) -> [DismissEffect] {
        call {
            if $0.listTakesScrolls, $0.target == 0,
                $0.listHandOff.reveal(top: top, bottom: bottom, at: $0.time)
            {
                $0.effects.append(.needsDisplay)
            }
        }
    }

    /// Page Up/Down and Home/End at the top detent: the list jumps (no animation) by a page
    /// (its viewport minus one row, ``listRowHeight``) or to its top or end, clamped to its
    /// ends; a running glide is caught first. It never moves the sheet, and does nothing
    /// while a pointer is down, below the top detent, or without a list. The sheet is the
    /// focused modal, so the pointer's position does not matter.
    mutating func scrollList(key: Key) {
        guard listTakesScrolls, listHandOff.jump(key: key, rowHeight: Self.listRowHeight, at: time)
        else { return }
        effects.append(.needsDisplay)
    }
}
