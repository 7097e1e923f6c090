import SwipeDismiss

/// The described sheet's items: the dialog's children, their live names, focus and values,
/// and `click`.
extension SheetAccessibilityModel {
    /// Reads the described sheet's items again and tells what changed (renamed items,
    /// focus, slider values, or new children), in order. Call it after changing the
    /// content's titles or rows (`SheetPresenter.rows`, an app's own item); a controller's
    /// events (a tap, a focus change) read them too.
    public func contentDidChange() {
        let new = readItems()
        let old = items
        items = new
        guard isShown else { return }
        guard new.count == old.count, zip(new, old).allSatisfy({ $0.id == $1.id }) else {
            return notify(.itemsChanged)
        }
        for index in new.indices {
            if new[index].title != old[index].title { notify(.itemRenamed(index)) }
            if new[index].role != old[index].role { notify(.itemValueChanged(index)) }
            if new[index].isFocused != old[index].isFocused {
                notify(.itemFocused(index, new[index].isFocused))
            }
        }
    }

    /// The item at `index` now, in viewport points, moved with the sheet (and scrolled with
    /// its list), clipped to the viewport; empty when it is not shown or there is no such item.
    public func frame(ofItem index: Int) -> Rect {
        guard isShown, items.indices.contains(index), let moved = movedFrame(ofItem: index)
        else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let viewport = source.accessibleViewport
        let minX = max(0, moved.minX)
        let minY = max(0, moved.minY)
        let maxX = min(viewport.width, moved.maxX)
        let maxY = min(viewport.height, moved.maxY)
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// Clicks the item at `index`: a tap on its centre, so the controller reports
    /// `contentTapped` with its id. False when the sheet is not shown, not at rest or
    /// settling, the item is not on screen, or there is no such item.
    @discardableResult
    public func activate(item index: Int) -> Bool {
        guard isShown, items.indices.contains(index),
            let state = source.accessibleState(ofLevel: level),
            state.phase == .presented || state.phase == .settling
        else { return false }
        let visible = frame(ofItem: index)
        guard visible.width > 0, visible.height > 0 else { return false }
        let centre = Point(
            x: visible.minX + visible.width / 2, y: visible.minY + visible.height / 2)
        source.accessibleTap(level: level, at: centre)
        return true
    }

    /// Sets the slider at `index` to `value` (clamped to its range) through ``setItemValue``
    /// and reads the items again; false when it is no slider, `value` is not finite, there is
    /// no ``setItemValue`` or it says no.
    @discardableResult
    public func setValue(ofItem index: Int, to value: Double) -> Bool {
        guard isShown, items.indices.contains(index), value.isFinite,
            case .slider(_, let minimum, let maximum) = items[index].role,
            let setItemValue
        else { return false }
        guard setItemValue(items[index], min(maximum, max(minimum, value))) else { return false }
        contentDidChange()
        return true
    }

    /// The item's frame moved as the sheet is (unclipped).
    private func movedFrame(ofItem index: Int) -> Rect? {
        guard let state = source.accessibleState(ofLevel: level) else { return nil }
        let item = items[index]
        var shift = state.translation(along: sheet.direction)
        if item.scrolls, state.scroll.isFinite { shift.y -= state.scroll }
        return item.frame.offsetBy(shift)
    }

    /// The described sheet's items now, each marked focused as the source says.
    func readItems() -> [AccessibleItem] {
        var read = sheet.items(source.accessibleViewport)
        let focused = source.accessibleFocusedItem(ofLevel: level)
        for index in read.indices { read[index].isFocused = read[index].id == focused }
        return read
    }
}
