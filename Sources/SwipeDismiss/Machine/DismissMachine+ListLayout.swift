/// A list whose viewport follows the sheet (DESIGN §4c "Detent-sized layout").
///
/// The scroll model (`ScrollMotion`) keeps one viewport length: the list's at the detent the
/// sheet rests at. Between detents the list shows the sheet's visible part, so each frame
/// draws the model's offset clamped to that frame's largest scroll (`shownListOffset`):
/// growing the sheet with the list at its end reveals rows above instead of a gap below, and
/// nothing jumps. Once the sheet rests and the list is still, the model takes the detent's
/// length (`fitListToSheet`), its offset clamped the same way, so what shows does not
/// change. A fixed viewport (`ListViewport.followsContent` false) leaves all of this out.
extension DismissMachine {
    /// Gives the content a scrollable list of `contentLength` points seen through
    /// `viewport`, sized for the detent the content rests at, scrolled to `offset` (clamped to
    /// its range); throws for a length that is not finite and ≥ 0.
    @discardableResult
    public mutating func setList(
        contentLength: Double, viewport: ListViewport, offset: Double = 0
    ) throws(ScrollMotionError) -> [DismissEffect] {
        let length = viewport.length(atOffset: restingOffset, lowestDetent: layout.lowest)
        let effects = try setList(
            contentLength: contentLength, viewportLength: length, offset: offset)
        listHandOff.sizing = viewport
        return effects
    }

    /// Takes a new list and viewport (the window changed); the offset stays, as
    /// `resizeList(contentLength:viewportLength:)` keeps it. Without a list it does nothing.
    @discardableResult
    public mutating func resizeList(contentLength: Double, viewport: ListViewport)
        throws(ScrollMotionError) -> [DismissEffect]
    {
        let length = viewport.length(atOffset: restingOffset, lowestDetent: layout.lowest)
        let effects = try resizeList(contentLength: contentLength, viewportLength: length)
        if listHandOff.list != nil { listHandOff.sizing = viewport }
        return effects
    }

    /// How the list's viewport follows the sheet; nil without a list or for a fixed one.
    package var listViewport: ListViewport? {
        listHandOff.list == nil ? nil : listHandOff.sizing
    }

    /// The offset of the detent the content rests at or heads to (the lowest one while it is
    /// off screen).
    var restingOffset: Double {
        layout.offset(of: min(target, max(0, layout.count - 1)))
    }

    /// The list's offset as drawn with the content at `contentOffset`: the model's, with an
    /// in-range offset clamped to that position's largest scroll (an over-scroll past the
    /// end keeps its band). Allocates nothing.
    func shownListOffset(atContentOffset contentOffset: Double) -> Double {
        let value = listOffset
        guard let sizing = listHandOff.sizing, sizing.followsContent, let list = listHandOff.list
        else { return value }
        let length = sizing.length(atOffset: contentOffset, lowestDetent: layout.lowest)
        let frameEnd = max(0, list.contentLength - length)
        let excess = max(0, value - list.maxOffset)
        return min(value - excess, frameEnd) + excess
    }

    /// Sizes the scroll model for the content at `contentOffset`, keeping what shows: the
    /// offset (stopped where it is) clamped to the new end. Does nothing for a fixed
    /// viewport, or when the length is already right.
    mutating func fitListToSheet(atOffset contentOffset: Double) {
        guard let sizing = listHandOff.sizing, sizing.followsContent, let list = listHandOff.list
        else { return }
        let length = sizing.length(atOffset: contentOffset, lowestDetent: layout.lowest)
        guard length != list.viewportLength else { return }
        let end = max(0, list.contentLength - length)
        let here = list.value(at: time)
        // A list held past an end keeps its band (and its length) until it is let go.
        guard here.isFinite, here >= 0, here <= list.maxOffset else { return }
        let start = min(here, end)
        guard
            let fitted = try? ScrollMotion(
                contentLength: list.contentLength, viewportLength: length, offset: start,
                configuration: list.configuration)
        else { return }
        listHandOff.list = fitted
    }

    /// Once the content rests at its detent and the list is still (and no gesture holds it),
    /// sizes the list's model for that detent.
    mutating func fitListAtRest() {
        guard listHandOff.sizing?.followsContent == true, phase == .presented,
            !listHandOff.onList, !listHandOff.isMoving(at: time)
        else { return }
        fitListToSheet(atOffset: restingOffset)
    }
}
