/// The `sheet` scene: a bottom sheet with a grabber, a 56 pt header and 60 rows of 44 pt,
/// over the presenting screen and the dim backdrop.
///
/// The sheet is laid out at its top detent, `large` (top edge 10 % down); `medium` (50 %)
/// is where it presents (`DismissConfiguration.sheet`). The presenting screen keeps the
/// plain white 24 pt band at its top. The 60 rows form the content layer's `ClipGroup`:
/// clipped to the list area below the header (down to the sheet's bottom edge, which runs
/// `overdrawFraction` of the viewport past the screen so an upward rubber band opens no
/// gap) and scrolled by `listOffset`. Renderers skip the rows the clip hides, so a frame
/// draws about 20 rows, not 60. A "Discard changes?" prompt shows in the sheet while a
/// vetoed dismissal is pending.
///
/// Scrolling contract (for the controller): `DismissState.scroll` is the list's content
/// offset in points, 0 with Row 1 at the top of the list area, `maxListOffset(viewport:)` at
/// the end; values outside (a rubber band) are drawn as given. `update` copies it into the
/// scene in place, so scrolling allocates nothing. `listOffset` is where the list starts.
public final class SheetPresenter: ScrollingPresenter {
    /// The top detent: the sheet's top edge 10 % of the viewport down.
    public static let large = Detent(name: "large", position: .height(fraction: 0.9))
    /// The resting detent: the sheet's top edge halfway down, while the window is at least
    /// 500 pt tall (`DetentResolver.sheetMedium`); inactive below.
    public static let medium = Detent(.medium, position: .custom(.sheetMedium))
    /// Height of the white band at the top of the presenting screen, in points.
    package static let bandHeight = CardPresenter.bandHeight
    /// Height of the sheet's header, in points.
    package static let headerHeight = 56.0
    /// Height of each list row, in points.
    package static let rowHeight = 44.0
    /// How many rows the bundled list holds (`numberedRows`).
    public static let rowCount = 60
    /// How far below the bottom edge the sheet (and its rows) are drawn, as a fraction of
    /// the viewport height, so an upward rubber band does not open a gap.
    public static let overdrawFraction = 0.25

    /// One row of the sheet's list: what it says, and the id a tap on it reports
    /// (`DismissEvent.contentTapped`).
    public struct Row: Hashable, Sendable {
        /// The id `contentItem(at:state:direction:viewport:)` gives a tap on the row.
        public var id: String
        /// The row's text.
        public var title: String

        /// A row showing `title`, tapped as `id`.
        public init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }

    /// The header's text. Settable while presented: the next frame draws the new text (ask
    /// the controller for one with `setNeedsDisplay()`).
    public var title: String {
        didSet { if title != oldValue { contentVersion &+= 1 } }
    }
    /// The list's rows, top first. Settable while presented, like `title` (a change in their
    /// number reaches the list's scroll range at the next layout).
    public var rows: [Row] {
        didSet { if rows != oldValue { contentVersion &+= 1 } }
    }
    /// Grows with each change of `title` or `rows`.
    package private(set) var contentVersion = 0
    /// The header and list items last built, for the viewport and content version they show.
    private var built: (viewport: Size, version: Int, header: [Item], rows: [Item])?
    /// The prompt's question while a vetoed dismissal waits for an answer.
    package let promptTitle: String
    /// The prompt's second line: how to answer.
    package let promptHint: String
    /// What the screen says once the sheet is gone, to bring it back.
    package let presentAgainHint: String
    /// Whether the scene draws a screen behind the backdrop (the bundled "Inbox"); false
    /// leaves the `.presenting` layer empty, for a host that draws its own screen first.
    package let drawsScreenBehind: Bool
    /// Where the list starts scrolled to, in points (0: at its top): a controller's scroll
    /// model starts here, and frames then draw `DismissState.scroll`.
    public var listOffset: Double = 0
    /// The rule that floats the sheet on wide windows; nil: always a bottom sheet.
    public let adaptive: AdaptivePresentation?
    /// The row the keyboard focus ring is drawn on (`showFocusRing(onItem:)`); nil: none.
    package internal(set) var focusRingRow: Int?
    /// How the content fits the sheet: laid out for the top detent (`.overlay`, the
    /// default) or sized to the sheet's visible part (`.resize`). Set it before the
    /// presenter is handed to a controller.
    public var layout: SheetLayout
    /// The bar pinned under the list, with its "Done" button; nil (the default): none. Set
    /// it before the presenter is handed to a controller.
    public var footer: SheetFooter?

    /// The bundled list: `count` rows "Row 1", "Row 2", … with ids "row-1", "row-2", ….
    public static func numberedRows(_ count: Int = rowCount) -> [Row] {
        (0..<max(0, count)).map { Row(id: "row-\($0 + 1)", title: "Row \($0 + 1)") }
    }

    /// A sheet headed `title` listing `rows` (every string replaceable), over the bundled
    /// screen (or none).
    public init(
        title: String = "Sheet", rows: [Row] = SheetPresenter.numberedRows(),
        promptTitle: String = "Discard changes?",
        promptHint: String = "y: discard    n or Esc: keep editing",
        presentAgainHint: String = "Click or press Space to present again",
        drawsScreenBehind: Bool = true, adaptive: AdaptivePresentation? = nil,
        layout: SheetLayout = .overlay, footer: SheetFooter? = nil
    ) {
        self.adaptive = adaptive
        self.title = title
        self.rows = rows
        self.promptTitle = promptTitle
        self.promptHint = promptHint
        self.presentAgainHint = presentAgainHint
        self.drawsScreenBehind = drawsScreenBehind
        self.layout = layout
        self.footer = footer
    }

    /// How the sheet is presented in `viewport`: `.floating` where the adaptive rule says
    /// so, `.sheet` otherwise.
    package func mode(viewport: Size) -> PresentationMode {
        adaptive?.mode(for: viewport) ?? .sheet
    }

    /// The sheet's mode in `viewport` when it adapts to the window; nil when it does not.
    public func presentationMode(viewport: Size) -> PresentationMode? {
        adaptive?.mode(for: viewport)
    }

    /// The configured detents as a bottom sheet; floating, one detent (the first configured,
    /// `large`) with the sheet where the rule lays it out, the others inactive.
    public func detents(_ configured: [Detent], viewport: Size) -> [Detent] {
        guard let adaptive, adaptive.mode(for: viewport) == .floating, let first = configured.first
        else { return configured }
        let top = adaptive.floatingFrame(in: viewport).minY
        return [Detent(first.id, position: .pointsFromTop(top))]
            + configured.dropFirst().map { Detent($0.id, position: .custom(.inactive)) }
    }

    /// The sheet's frame at rest at `large` for `viewport` (floating: where the adaptive rule
    /// lays it out).
    public func sheetFrame(viewport: Size) -> Rect {
        if let adaptive, adaptive.mode(for: viewport) == .floating {
            return adaptive.floatingFrame(in: viewport)
        }
        let visible = Self.large.visibleExtent(
            viewportExtent: viewport.height, contentExtent: contentHeight)
        let top = viewport.height - visible
        return Rect(
            x: 0, y: top, width: viewport.width,
            height: visible + viewport.height * Self.overdrawFraction)
    }

    /// The sheet's natural height: header and every row.
    package var contentHeight: Double {
        Self.headerHeight + Double(rows.count) * Self.rowHeight
    }

    /// The list's visible window at scroll 0, in the content layer's coordinates: below the
    /// header, down to the sheet's bottom edge.
    package func listClip(viewport: Size) -> Rect {
        let sheet = sheetFrame(viewport: viewport)
        let top = sheet.minY + Self.headerHeight
        return Rect(x: sheet.minX, y: top, width: sheet.width, height: max(0, sheet.maxY - top))
    }

    /// The height of every row together: the list's content length.
    public var listContentHeight: Double { Double(rows.count) * Self.rowHeight }

    /// How much of the list shows on screen with the sheet at `large` (above the footer, if
    /// any): the scroll model's viewport length there.
    public func listViewportHeight(viewport: Size) -> Double {
        let clip = listClip(viewport: viewport)
        return max(0, min(viewport.height, clip.maxY) - footerHeight - clip.minY)
    }

    /// The largest resting scroll offset: the last row's bottom at the screen's bottom edge.
    package func maxListOffset(viewport: Size) -> Double {
        max(0, listContentHeight - listViewportHeight(viewport: viewport))
    }

    /// How many rows the list's clip shows at once at scroll 0 (the clip runs past the
    /// screen's bottom edge by `overdrawFraction`); renderers skip the rest.
    package func visibleRowCount(viewport: Size) -> Int {
        let sheet = sheetFrame(viewport: viewport)
        let space = sheet.maxY - (sheet.minY + Self.headerHeight)
        guard space > 0, space.isFinite else { return 0 }
        let rows = (space / Self.rowHeight).rounded(.up)
        return rows < Double(self.rows.count) ? Int(rows) : self.rows.count
    }

    /// Lays out the presenting screen, backdrop, sheet and its list for `viewport`.
    public func makeScene(viewport: Size) -> Scene {
        var scene = CardPresenter(
            presentAgainHint: presentAgainHint, drawsScreenBehind: drawsScreenBehind
        ).makeScene(viewport: viewport)
        let sheet = sheetFrame(viewport: viewport)
        let left = sheet.minX
        let width = sheet.width
        let middle = left + width / 2
        let (content, rowItems) = contentItems(viewport: viewport)
        let box = Rect(
            x: left + 16, y: sheet.minY + Self.headerHeight + 12, width: width - 32, height: 96)
        let prompt: [Item] = [
            .roundedRect(box, radius: 14, fill: Color(hex: 0x2C2C2E)),
            .text(
                promptTitle, origin: Point(x: middle, y: box.minY + 40), fontSize: 18,
                color: .white, alignment: .center),
            .text(
                promptHint,
                origin: Point(x: middle, y: box.minY + 70), fontSize: 14,
                color: Color(hex: 0xAEAEB2), alignment: .center),
        ]
        if let index = scene.index(of: .content) {
            scene.layers[index].items = content
            scene.layers[index].clipGroup = ClipGroup(
                clip: clipsToVisibleSheet
                    ? visibleListClip(atOffset: 0, lowestDetent: 0, viewport: viewport)
                    : listClip(viewport: viewport),
                contentOffset: Point(x: 0, y: listOffset), items: rowItems)
            scene.layers.insert(
                Layer(role: .decoration, opacity: 0, items: prompt), at: index + 1)
            if footer != nil {
                // Above the sheet and its prompt, under the "present again" hint.
                scene.layers.insert(
                    Layer(role: .decoration, items: footerItems(viewport: viewport)),
                    at: index + 2)
            }
        }
        return scene
    }

    /// The header's items and the list's row items for `viewport`, built once per viewport
    /// and content version (so an unchanged frame compares them by identity).
    private func contentItems(viewport: Size) -> (header: [Item], rows: [Item]) {
        if let built, built.viewport == viewport, built.version == contentVersion {
            return (built.header, built.rows)
        }
        let sheet = sheetFrame(viewport: viewport)
        let left = sheet.minX
        let width = sheet.width
        let middle = left + width / 2
        let ink = Color(hex: 0x1C1C1E)
        let line = Color(hex: 0xE5E5EA)
        let content: [Item] = [
            .roundedRect(sheet, radius: 12, fill: .white),
            .roundedRect(
                Rect(x: middle - 18, y: sheet.minY + 6, width: 36, height: 5), radius: 2.5,
                fill: Color(hex: 0xC7C7CC)),
            .text(
                title, origin: Point(x: middle, y: sheet.minY + 38), fontSize: 17, color: ink,
                alignment: .center),
            .rect(
                Rect(x: left, y: sheet.minY + Self.headerHeight - 1, width: width, height: 1),
                fill: line),
        ]
        let firstRow = sheet.minY + Self.headerHeight
        var rowItems: [Item] = []
        rowItems.reserveCapacity(2 * rows.count)
        for (index, row) in rows.enumerated() {
            let y = firstRow + Double(index) * Self.rowHeight
            rowItems.append(
                .text(
                    row.title, origin: Point(x: left + 20, y: y + 27), fontSize: 16, color: ink,
                    alignment: .leading))
            rowItems.append(
                .rect(
                    Rect(x: left + 20, y: y + Self.rowHeight - 1, width: width - 20, height: 1),
                    fill: line
                ))
        }
        built = (viewport, contentVersion, content, rowItems)
        return (content, rowItems)
    }

    /// Updates the frame for `state`, the list scrolled to `state.scroll`.
    public func update(_ scene: inout Scene, for state: DismissState, direction: DismissDirection) {
        update(&scene, for: state, direction: direction, scroll: state.scroll)
    }

    /// Like `update(_:for:direction:)`, with the list scrolled to `scroll` points (a
    /// non-finite value counts as 0). Allocates nothing.
    public func update(
        _ scene: inout Scene, for state: DismissState, direction: DismissDirection, scroll: Double
    ) {
        let listOffset = Point(x: 0, y: scroll.isFinite ? scroll : 0)
        let translation = Transform.translation(state.translation(along: direction))
        let shown = state.shownContentOpacity
        // A new title or rows (or none: the same arrays, compared by identity).
        let built = contentVersion == 0 ? nil : contentItems(viewport: scene.size)
        // Which decoration comes next: 1 the prompt (right above the content), 2 the footer.
        var next = 0
        for index in scene.layers.indices {
            switch scene.layers[index].role {
            case .content:
                scene.layers[index].transform = translation
                scene.layers[index].opacity = shown
                scene.layers[index].clipGroup?.contentOffset = listOffset
                if let built {
                    // The ring comes off first, so the rows compare with what was built.
                    removeFocusRing(from: &scene.layers[index])
                    if scene.layers[index].items != built.header
                        || scene.layers[index].clipGroup?.items != built.rows
                    {
                        scene.layers[index].items = built.header
                        scene.layers[index].clipGroup?.items = built.rows
                    }
                }
                if clipsToVisibleSheet, direction == .down {
                    scene.layers[index].clipGroup?.clip = visibleListClip(
                        atOffset: state.offset, lowestDetent: state.lowestDetentOffset,
                        viewport: scene.size)
                }
                drawFocusRing(in: &scene.layers[index], viewport: scene.size)
                next = 1
            case .decoration where next == 1:
                // The prompt, right above the content, moves with it.
                scene.layers[index].transform = translation
                scene.layers[index].opacity = state.isDismissAttemptPending ? shown : 0
                next = footer == nil ? 0 : 2
            case .decoration where next == 2:
                // The footer: pinned to the window's bottom down to the lowest detent (in a
                // floating sheet, moving with it).
                scene.layers[index].transform =
                    direction == .down
                    ? .translation(
                        footerShift(
                            offset: state.offset, lowestDetent: state.lowestDetentOffset,
                            direction: direction, viewport: scene.size))
                    : translation
                scene.layers[index].opacity = shown
                next = 0
            case .backdrop, .decoration, .presenting:
                scene.layers[index].poseBackground(for: state)
            }
        }
    }

    /// The sheet inside its frame, the backdrop outside.
    public func hitTest(
        _ point: Point, offset: Double, direction: DismissDirection, viewport: Size
    ) -> HitRegion {
        sheetFrame(viewport: viewport).hitRegion(of: point, offset: offset, direction: direction)
    }

    /// Which part of the sheet `point` lands on with the sheet moved by `offset` along
    /// `direction`: the grabber and header (always move the sheet), the list (may scroll
    /// it), or neither.
    public func region(
        at point: Point, offset: Double, direction: DismissDirection, viewport: Size
    ) -> SheetRegion {
        region(
            at: point, offset: offset, lowestDetent: .infinity, direction: direction,
            viewport: viewport)
    }

    /// The row (`Row.id`) under `point`, the sheet moved by the state's offset and its list
    /// scrolled to `state.scroll`; nil off the list or past its last row.
    public func contentItem(
        at point: Point, state: DismissState, direction: DismissDirection, viewport: Size
    ) -> String? {
        let shift = state.translation(along: direction)
        if let part = footerRegion(
            at: point, offset: state.offset, lowestDetent: state.lowestDetentOffset,
            direction: direction, viewport: viewport)
        {
            return part == .footerButton ? footer?.itemID : nil
        }
        guard listClip(viewport: viewport).offsetBy(shift).contains(point) else { return nil }
        let firstRow = sheetFrame(viewport: viewport).minY + Self.headerHeight + shift.y
        let scroll = state.scroll.isFinite ? state.scroll : 0
        let row = ((point.y - firstRow + scroll) / Self.rowHeight).rounded(.down)
        guard row >= 0, row < Double(rows.count) else { return nil }
        return rows[Int(row)].id
    }

    /// How far the sheet, laid out at `large`, travels to leave the viewport.
    public func dismissDistance(direction: DismissDirection, viewport: Size) -> Double {
        sheetFrame(viewport: viewport).dismissDistance(direction: direction, viewport: viewport)
    }

    /// The sheet's own height, for `.fitsContent` detents.
    public func contentExtent(direction: DismissDirection, viewport: Size) -> Double {
        contentHeight
    }
}

/// A part of the sheet, for deciding whether a drag scrolls the list or moves the sheet.
public enum SheetRegion: Hashable, Sendable {
    /// The grabber and the 56 pt header.
    case header
    /// The scrollable list below the header.
    case list
    /// A footer's bar, outside its button (`SheetFooter`): a drag there moves the sheet.
    case footer
    /// A footer's button: a tap dismisses through the veto; a drag moves the sheet.
    case footerButton
    /// Not on the sheet.
    case outside
}
