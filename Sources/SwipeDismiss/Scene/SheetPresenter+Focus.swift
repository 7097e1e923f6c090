/// The sheet's rows as keyboard-focusable items (DESIGN §4c "Keyboard in a sheet"), and the
/// ring drawn on the focused one.
///
/// The ring is four 2 pt bars inside the row (4 pt in from its sides, 2 pt from its top and
/// bottom), appended to the list's clip group (so
/// it scrolls and clips with the rows) only while a driver asks for it: a scene without
/// keyboard focus is the one it always was.
extension SheetPresenter {
    /// The ring's colour (the system accent blue).
    package static let focusRingColor = Color(hex: 0x007AFF)
    /// The ring's thickness, in points.
    package static let focusRingWidth = 2.0
    /// How far the ring sits inside the row's sides, in points (half that from its top and
    /// bottom).
    package static let focusRingInset = 4.0

    /// Every row takes the keyboard focus, in list order.
    public var focusableItemCount: Int { rows.count }

    /// Row `index`'s id (`Row.id`).
    public func focusableItem(at index: Int) -> String { rows[index].id }

    /// Row `index`'s text.
    public func focusableItemTitle(at index: Int) -> String { rows[index].title }

    /// Row `index`'s frame on screen: moved with the sheet and scrolled with the list.
    public func focusableItemFrame(
        at index: Int, state: DismissState, direction: DismissDirection, viewport: Size
    ) -> Rect? {
        guard index >= 0, index < rows.count else { return nil }
        let shift = state.translation(along: direction)
        let scroll = state.scroll.isFinite ? state.scroll : 0
        return rowFrame(index, viewport: viewport).offsetBy(Point(x: shift.x, y: shift.y - scroll))
    }

    /// Row `index`'s place in the list: `index` rows of 44 pt down.
    public func listExtent(ofFocusableItem index: Int) -> Range<Double>? {
        guard index >= 0, index < rows.count else { return nil }
        let top = Double(index) * Self.rowHeight
        return top..<(top + Self.rowHeight)
    }

    /// Draws the ring on row `index` from the next `update` on (nil: no ring).
    public func showFocusRing(onItem index: Int?) {
        focusRingRow = index.flatMap { $0 >= 0 && $0 < rows.count ? $0 : nil }
    }

    /// Row `index`'s frame in the list's content coordinates (at scroll 0, sheet at rest at
    /// `large`).
    func rowFrame(_ index: Int, viewport: Size) -> Rect {
        let sheet = sheetFrame(viewport: viewport)
        return Rect(
            x: sheet.minX, y: sheet.minY + Self.headerHeight + Double(index) * Self.rowHeight,
            width: sheet.width, height: Self.rowHeight)
    }

    /// The ring's four bars around row `index`: top, bottom, left, right.
    func focusRingBars(_ index: Int, viewport: Size) -> (Item, Item, Item, Item) {
        let row = rowFrame(index, viewport: viewport)
        let inset = Self.focusRingInset
        let width = Self.focusRingWidth
        let box = Rect(
            x: row.minX + inset, y: row.minY + inset / 2, width: max(0, row.width - 2 * inset),
            height: row.height - inset)
        let color = Self.focusRingColor
        return (
            .rect(Rect(x: box.minX, y: box.minY, width: box.width, height: width), fill: color),
            .rect(
                Rect(x: box.minX, y: box.maxY - width, width: box.width, height: width),
                fill: color),
            .rect(
                Rect(
                    x: box.minX, y: box.minY + width, width: width, height: box.height - 2 * width),
                fill: color),
            .rect(
                Rect(
                    x: box.maxX - width, y: box.minY + width, width: width,
                    height: box.height - 2 * width), fill: color)
        )
    }

    /// Brings the ring in the content layer's list to `focusRingRow`: removes, moves or adds
    /// its four bars at the end of the clip group. Allocates only when the ring changes.
    func drawFocusRing(in layer: inout Layer, viewport: Size) {
        guard let items = layer.clipGroup?.items else { return }
        let drawn = items.count >= 4 && Self.isRingBar(items[items.count - 1])
        guard let row = focusRingRow else {
            if drawn { layer.clipGroup?.items.removeLast(4) }
            return
        }
        let bars = focusRingBars(row, viewport: viewport)
        if drawn, items[items.count - 4] == bars.0, items[items.count - 1] == bars.3 { return }
        if drawn { layer.clipGroup?.items.removeLast(4) }
        layer.clipGroup?.items.append(contentsOf: [bars.0, bars.1, bars.2, bars.3])
    }

    /// Takes the ring's four bars off the end of the content layer's list, if they are there
    /// (the buffer keeps its capacity, so putting them back allocates nothing).
    func removeFocusRing(from layer: inout Layer) {
        guard let items = layer.clipGroup?.items, items.count >= 4,
            Self.isRingBar(items[items.count - 1])
        else { return }
        layer.clipGroup?.items.removeLast(4)
    }

    /// Whether `item` is one of the ring's bars (no row draws in the ring's colour).
    static func isRingBar(_ item: Item) -> Bool {
        if case .rect(_, let fill) = item { return fill == focusRingColor }
        return false
    }
}
