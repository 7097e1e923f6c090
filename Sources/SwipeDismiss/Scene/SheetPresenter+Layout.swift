/// Detent-sized layout and the footer (DESIGN §4c "Detent-sized layout"), for a `.down`
/// sheet.
///
/// A floating sheet (`PresentationMode.floating`) is whole on screen: `.resize` leaves its
/// list the floating sheet's height less the header and the footer, and its footer sits
/// inside the sheet's bottom edge, as wide as the sheet, moving with it.
///
/// With `layout` `.resize` the list's viewport is the sheet's visible part (its top to the
/// window's bottom) less the 56 pt header and the footer; with a `footer`, a 56 pt bar sits
/// at the window's bottom while the sheet is at or above its lowest detent and rides down
/// with it below. Either way no row is drawn outside the visible sheet: the list's clip ends
/// at the footer's top, or at the window's bottom. Frames only move the footer's layer and
/// set the list's clip, so they allocate nothing.
extension SheetPresenter {
    /// The footer's height in points: `SheetFooter.height`, or 0 without a footer.
    package var footerHeight: Double { footer == nil ? 0 : SheetFooter.height }

    /// Whether the list's clip follows the sheet (sized to its visible part, or ending at the
    /// footer) instead of running down to the sheet's overdrawn bottom edge.
    var clipsToVisibleSheet: Bool { layout == .resize || footer != nil }

    /// Whether the sheet floats in `viewport` (whole on screen: no resizing, the footer
    /// inside its bottom edge).
    func floats(in viewport: Size) -> Bool {
        adaptive?.mode(for: viewport) == .floating
    }

    /// The list's viewport wherever the sheet is: following the sheet under `.resize` as a
    /// bottom sheet, fixed (at the top detent, above the footer) under `.overlay` or while
    /// the sheet floats.
    public func listViewport(viewport: Size) -> ListViewport {
        ListViewport(
            lengthAtTop: listViewportHeight(viewport: viewport),
            followsContent: layout == .resize && !floats(in: viewport))
    }

    /// How much of the sheet shows in `state`: from its top edge to the window's bottom, or
    /// to its own bottom edge while it floats (0 once it is off screen).
    public func visibleHeight(for state: DismissState, viewport: Size) -> Double {
        let sheet = sheetFrame(viewport: viewport)
        let offset = state.offset.isFinite ? state.offset : 0
        let bottom =
            floats(in: viewport) ? min(viewport.height, sheet.maxY + offset) : viewport.height
        return max(0, bottom - (sheet.minY + offset))
    }

    /// The footer's top edge in `state`, in viewport points: `height − 56` at or above the
    /// lowest detent, lower by as much as the sheet is below it (floating: 56 pt above the
    /// sheet's bottom edge, wherever the sheet is); nil without a footer.
    public func footerTop(for state: DismissState, viewport: Size) -> Double? {
        guard let bar = footerFrame(viewport: viewport) else { return nil }
        return bar.minY
            + footerShift(
                offset: state.offset, lowestDetent: state.lowestDetentOffset, direction: .down,
                viewport: viewport
            ).y
    }

    /// The list's largest scroll in `state`: its rows' height less its viewport there.
    public func maxListOffset(for state: DismissState, viewport: Size) -> Double {
        let length = listViewport(viewport: viewport).length(
            atOffset: state.offset, lowestDetent: state.lowestDetentOffset)
        return max(0, listContentHeight - length)
    }

    /// The footer's bar with the sheet at or above its lowest detent, as wide as the sheet:
    /// at the window's bottom, or inside a floating sheet's bottom edge; nil without a footer.
    package func footerFrame(viewport: Size) -> Rect? {
        guard footer != nil else { return nil }
        let sheet = sheetFrame(viewport: viewport)
        let bottom = floats(in: viewport) ? min(viewport.height, sheet.maxY) : viewport.height
        return Rect(
            x: sheet.minX, y: bottom - SheetFooter.height, width: sheet.width,
            height: SheetFooter.height)
    }

    /// The footer's button, centred in its bar; nil without a footer.
    package func footerButtonFrame(viewport: Size) -> Rect? {
        guard let bar = footerFrame(viewport: viewport) else { return nil }
        let width = max(0, min(SheetFooter.buttonSize.width, bar.width - 32))
        let height = SheetFooter.buttonSize.height
        return Rect(
            x: bar.minX + (bar.width - width) / 2, y: bar.minY + (bar.height - height) / 2,
            width: width, height: height)
    }

    /// How far below its pinned place the footer is with the sheet at `offset` and its
    /// lowest detent at `lowestDetent`: 0 at or above that detent.
    func footerDrop(for offset: Double, _ lowestDetent: Double) -> Double {
        guard offset.isFinite, lowestDetent.isFinite else { return 0 }
        return max(0, offset - lowestDetent)
    }

    /// How far the footer is moved from `footerFrame(viewport:)` with the sheet at `offset`:
    /// pinned down to the lowest detent for a bottom sheet leaving down, else with the sheet.
    func footerShift(
        offset: Double, lowestDetent: Double, direction: DismissDirection, viewport: Size
    ) -> Point {
        if direction == .down, !floats(in: viewport) {
            return Point(x: 0, y: footerDrop(for: offset, lowestDetent))
        }
        return direction.unit * (offset.isFinite ? offset : 0)
    }

    /// The list's clip, in the content layer's coordinates, with the sheet at `offset`: from
    /// below the header down to the footer's top, or to the window's bottom (under
    /// `.overlay` without a footer the clip stays as `listClip(viewport:)` lays it out).
    func visibleListClip(atOffset offset: Double, lowestDetent: Double, viewport: Size) -> Rect {
        let list = listClip(viewport: viewport)
        let length = ListViewport(
            lengthAtTop: listViewportHeight(viewport: viewport),
            followsContent: !floats(in: viewport)
        ).length(atOffset: offset, lowestDetent: lowestDetent)
        return Rect(x: list.minX, y: list.minY, width: list.width, height: length)
    }

    /// Which part of the sheet `point` lands on with the sheet moved by `offset` along
    /// `direction` and its lowest detent at `lowestDetent` (where its footer, if any, starts
    /// riding down with it): the footer's button, the footer, the list or the header.
    public func region(
        at point: Point, offset: Double, lowestDetent: Double, direction: DismissDirection,
        viewport: Size
    ) -> SheetRegion {
        let shift = direction.unit * offset
        let sheet = sheetFrame(viewport: viewport).offsetBy(shift)
        guard sheet.contains(point) else { return .outside }
        if let part = footerRegion(
            at: point, offset: offset, lowestDetent: lowestDetent, direction: direction,
            viewport: viewport)
        {
            return part
        }
        return listClip(viewport: viewport).offsetBy(shift).contains(point) ? .list : .header
    }

    /// The footer's items, laid out pinned to the window's bottom.
    func footerItems(viewport: Size) -> [Item] {
        guard let footer, let bar = footerFrame(viewport: viewport),
            let button = footerButtonFrame(viewport: viewport)
        else { return [] }
        // A floating sheet's bottom corners are rounded: so is the bar sitting in them.
        let background: Item =
            floats(in: viewport)
            ? .roundedRect(bar, radius: 12, fill: .white) : .rect(bar, fill: .white)
        return [
            background,
            .rect(
                Rect(x: bar.minX, y: bar.minY, width: bar.width, height: 1),
                fill: Color(hex: 0xE5E5EA)),
            .roundedRect(button, radius: 10, fill: Color(hex: 0x007AFF)),
            .text(
                footer.title, origin: Point(x: button.minX + button.width / 2, y: button.minY + 26),
                fontSize: 17,
                color: .white, alignment: .center),
        ]
    }

    /// The footer's part under `point` (its button or the rest of its bar), the sheet at
    /// `offset` over its lowest detent at `lowestDetent`; nil off the footer or without one.
    func footerRegion(
        at point: Point, offset: Double, lowestDetent: Double, direction: DismissDirection,
        viewport: Size
    ) -> SheetRegion? {
        guard let bar = footerFrame(viewport: viewport),
            let button = footerButtonFrame(viewport: viewport)
        else { return nil }
        let shift = footerShift(
            offset: offset, lowestDetent: lowestDetent, direction: direction, viewport: viewport)
        if button.offsetBy(shift).contains(point) { return .footerButton }
        return bar.offsetBy(shift).contains(point) ? .footer : nil
    }
}
