/// The content's scrollable list and how one gesture shares its movement with the sheet.
///
/// A value of its own so the machine only says *when* (a press on the list, a move, a
/// release) and this says *how much* goes to the list and how much to the sheet
/// (`DismissMachine+List.swift` tells the rules).
///
/// A list whose viewport follows the sheet (DESIGN §4c "Detent-sized layout"): the scroll
/// model (`ScrollMotion`) keeps one viewport length, the list's at the detent the sheet rests
/// at. Between detents the list shows the sheet's visible part, so each frame draws the
/// model's offset clamped to that frame's largest scroll (`shownOffset`): growing the sheet
/// with the list at its end reveals rows above instead of a gap below, and nothing jumps.
/// Once the sheet rests and the list is still, the model takes the detent's length (`fit`),
/// its offset clamped the same way, so what shows does not change. A fixed viewport
/// (`ListViewport.followsContent` false) leaves all of this out.
struct ListHandOff: Sendable {
    /// The list's scroll model; nil when the content has none.
    var list: ScrollMotion?
    /// How the list's viewport follows the sheet; nil: fixed at the model's length.
    var sizing: ListViewport?
    /// The detent the sheet rests at (or heads to) while a hand-off shares the drag: the
    /// highest the sheet rises before the list scrolls again; nil: the drag does not share.
    private(set) var restDetent: Int?
    /// The press landed on the list (and caught it): the gesture's end releases it.
    private(set) var onList = false
    /// The drag started across the dismiss axis: it moves nothing.
    var lockedAcross = false
    /// The finger's last translation along the dismiss axis.
    private var finger = 0.0
    /// The sheet's raw (un-banded) drag offset during a hand-off.
    private(set) var sheetRaw = 0.0

    /// Whether the list still moves on its own at `time` (gliding or springing back).
    func isMoving(at time: Double) -> Bool {
        guard let list else { return false }
        return !list.isSettled(at: time)
    }

    /// A gesture starts on the list at `time`: catches a coasting list and, with the
    /// sheet resting at (or heading to) `restDetent`, readies the sharing; nil: no sharing.
    mutating func begin(restDetent: Int?, at time: Double) {
        forget()
        list?.stop(at: time)
        onList = true
        self.restDetent = restDetent
    }

    /// Forgets the gesture (the list keeps whatever motion it has).
    mutating func forget() {
        onList = false
        lockedAcross = false
        finger = 0
        sheetRaw = 0
        restDetent = nil
    }

    /// Shares the finger's move to `finger` (along the axis) between the list and the
    /// sheet, the sheet resting at `top` at the latest; `began` starts the sheet at `base`.
    /// Returns the sheet's raw drag offset.
    mutating func share(finger newFinger: Double, began: Bool, base: Double, top: Double)
        -> Double
    {
        if began { sheetRaw = base }
        var delta = newFinger - finger
        finger = newFinger
        if delta > 0 {
            // Down: the list scrolls toward its top first; the rest moves the sheet.
            if sheetRaw <= top, list != nil {
                delta = list?.drag(by: delta, rubberBanding: .bottom) ?? delta
            }
            sheetRaw += delta
        } else if delta < 0 {
            // Up: the sheet rises to its top detent first; the rest scrolls the list.
            if sheetRaw > top {
                if sheetRaw + delta <= top {
                    delta += sheetRaw - top
                    sheetRaw = top
                } else {
                    sheetRaw += delta
                    delta = 0
                }
            }
            if delta < 0 { _ = list?.drag(by: delta, rubberBanding: .bottom) }
        }
        return sheetRaw
    }

    /// Ends the gesture: a list it caught glides from `fingerVelocity` (or springs back past
    /// an end). Returns whether the list was let go (the picture may change).
    mutating func end(fingerVelocity: Double, at time: Double) -> Bool {
        let released = onList
        if onList { list?.release(fingerVelocity: fingerVelocity, at: time) }
        forget()
        return released
    }

    /// A mouse wheel's `dy`: scrolls the list at once, clamped to its ends.
    mutating func wheel(dy: Double, at time: Double) {
        list?.stop(at: time)
        _ = list?.drag(by: dy, rubberBanding: [])
    }

    /// The keyboard focus moved onto the content range `top..<bottom` (list points): the
    /// list jumps the least that shows it whole (its top, when it is taller than the
    /// viewport), clamped to its ends. Returns whether the list moved.
    mutating func reveal(top: Double, bottom: Double, at time: Double) -> Bool {
        guard let current = list, top.isFinite, bottom.isFinite, bottom >= top else {
            return false
        }
        let offset = current.value(at: time)
        if top < offset || bottom - top > current.viewportLength {
            return rest(at: top, unlessAt: offset)
        } else if bottom > offset + current.viewportLength {
            return rest(at: bottom - current.viewportLength, unlessAt: offset)
        }
        return false
    }

    /// Page Up/Down and Home/End: the list jumps (no animation) by a page (its viewport
    /// minus one row of `rowHeight`) or to its top or end, clamped to its ends; a running
    /// glide or bounce ends. Returns whether it has a list to jump.
    mutating func jump(key: Key, rowHeight: Double, at time: Double) -> Bool {
        guard let current = list else { return false }
        let offset = current.value(at: time)
        let page = max(0, current.viewportLength - rowHeight)
        switch key {
        case .pageUp: return rest(at: offset - page)
        case .pageDown: return rest(at: offset + page)
        case .home: return rest(at: 0)
        case .end: return rest(at: current.maxOffset)
        default: return false
        }
    }

    /// Puts the list at rest at `goal` clamped to its ends (with its viewport
    /// `viewportLength` long, if given), which also ends a glide or a bounce past an end;
    /// false without a list, or when it is at `current` already.
    private mutating func rest(
        at goal: Double, viewportLength: Double? = nil, unlessAt current: Double? = nil
    ) -> Bool {
        guard let list else { return false }
        let length = viewportLength ?? list.viewportLength
        let end = max(0, list.contentLength - length)
        let clamped = min(max(goal.isFinite ? goal : 0, 0), end)
        guard clamped != current,
            let next = try? ScrollMotion(
                contentLength: list.contentLength, viewportLength: length, offset: clamped,
                configuration: list.configuration)
        else { return false }
        self.list = next
        return true
    }

    /// The viewport's length with the content at `contentOffset` and the lowest resting
    /// detent at `lowestDetent`, for a list whose viewport follows the sheet; else nil.
    func followedLength(atContentOffset contentOffset: Double, lowestDetent: Double) -> Double? {
        guard let sizing, sizing.followsContent, list != nil else { return nil }
        return sizing.length(atOffset: contentOffset, lowestDetent: lowestDetent)
    }

    /// The list's offset at `time` as drawn with the content at `contentOffset`: the model's,
    /// with an in-range offset clamped to that position's largest scroll (an over-scroll past
    /// the end keeps its band). Allocates nothing.
    func shownOffset(at time: Double, contentOffset: Double, lowestDetent: Double) -> Double {
        let value = list?.value(at: time) ?? 0
        guard let list,
            let length = followedLength(atContentOffset: contentOffset, lowestDetent: lowestDetent)
        else { return value }
        let frameEnd = max(0, list.contentLength - length)
        let excess = max(0, value - list.maxOffset)
        return min(value - excess, frameEnd) + excess
    }

    /// Sizes the scroll model for the content at `contentOffset`, keeping what shows: the
    /// offset (stopped where it is at `time`) clamped to the new end. Does nothing for a
    /// fixed viewport, or when the length is already right.
    mutating func fit(contentOffset: Double, lowestDetent: Double, at time: Double) {
        guard let list,
            let length = followedLength(atContentOffset: contentOffset, lowestDetent: lowestDetent),
            length != list.viewportLength
        else { return }
        let here = list.value(at: time)
        // A list held past an end keeps its band (and its length) until it is let go.
        guard here.isFinite, here >= 0, here <= list.maxOffset else { return }
        _ = rest(at: here, viewportLength: length)
    }
}
