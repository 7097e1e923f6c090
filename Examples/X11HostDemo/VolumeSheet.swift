// The "Share" sheet of x11-host-demo: SwipeDismiss's SheetPresenter for the rows, and the
// app's own "Volume" slider drawn in a layer of its own right above the sheet, moving with it.
import SwipeDismiss

/// The share sheet: rows "Copy link", "Mail", "Cancel", "Volume" under the header, and the
/// Volume slider the app owns (0…100), drawn over its row and moved with the sheet.
final class VolumeSheet: ScrollingPresenter {
    /// The rows, as SwipeDismiss draws and hit-tests them.
    let sheet: SheetPresenter
    /// The Volume row's index.
    static let volumeRow = 3
    /// The slider's track runs from x = 16 to x = width − 16.
    static let inset = 16.0

    /// The slider's value, 0…100.
    var value = 50.0 {
        didSet { if value != oldValue { version &+= 1 } }
    }
    private var version = 0
    private var drawnVersion = 0
    /// Where the slider's layer sits in the scene last laid out, and the content layer's.
    private var sliderIndex: Int?
    private var contentIndex: Int?

    /// The share sheet; with `adaptive`, floating on wide windows (`--adaptive`).
    init(adaptive: AdaptivePresentation? = nil) {
        sheet = SheetPresenter(
            title: "Share",
            rows: [
                .init(id: "copy-link", title: "Copy link"), .init(id: "mail", title: "Mail"),
                .init(id: "cancel", title: "Cancel"), .init(id: "volume", title: "Volume"),
            ],
            presentAgainHint: "", drawsScreenBehind: false, adaptive: adaptive)
    }

    /// The value a press or drag at `x` sets on the Volume row `row` (its track runs 16 pt in
    /// from the row's sides): clamp((x − row.minX − 16) / (row.width − 32)) × 100, which in a
    /// 390 pt bottom sheet is clamp((x − 16) / (390 − 32)) × 100.
    static func value(atX x: Double, row: Rect) -> Double {
        let span = row.width - 2 * inset
        guard x.isFinite, span > 0 else { return 0 }
        return min(1, max(0, (x - row.minX - inset) / span)) * 100
    }

    /// The Volume row's frame with the sheet at rest on `large`.
    func volumeRowFrame(viewport: Size) -> Rect {
        let top =
            sheet.sheetFrame(viewport: viewport).minY + SheetPresenter.headerHeight
            + Double(Self.volumeRow) * SheetPresenter.rowHeight
        let frame = sheet.sheetFrame(viewport: viewport)
        return Rect(x: frame.minX, y: top, width: frame.width, height: SheetPresenter.rowHeight)
    }

    /// The slider drawn at its value: track, filled part, knob.
    private func sliderItems(viewport: Size) -> [Item] {
        let row = volumeRowFrame(viewport: viewport)
        let start = row.minX + Self.inset
        let span = max(0, row.width - 2 * Self.inset)
        let knobX = start + span * min(1, max(0, value / 100))
        let trackY = row.minY + 35
        return [
            .roundedRect(
                Rect(x: start, y: trackY, width: span, height: 4), radius: 2,
                fill: Color(hex: 0xD1D1D6)),
            .roundedRect(
                Rect(x: start, y: trackY, width: knobX - start, height: 4), radius: 2,
                fill: Color(hex: 0x336699)),
            .roundedRect(
                Rect(x: knobX - 7, y: trackY - 5, width: 14, height: 14), radius: 7,
                fill: Color(hex: 0x336699)),
        ]
    }

    func makeScene(viewport: Size) -> Scene {
        var scene = sheet.makeScene(viewport: viewport)
        contentIndex = scene.index(of: .content)
        // Above the sheet and its prompt, under the "present again" hint (the last layer).
        let index = max(0, scene.layers.count - 1)
        scene.layers.insert(
            Layer(role: .decoration, opacity: 0, items: sliderItems(viewport: viewport)), at: index)
        sliderIndex = index
        drawnVersion = version
        return scene
    }

    func update(_ scene: inout Scene, for state: DismissState, direction: DismissDirection) {
        sheet.update(&scene, for: state, direction: direction)
        guard let slider = sliderIndex, let content = contentIndex, slider < scene.layers.count,
            content < scene.layers.count
        else { return }
        scene.layers[slider].transform = scene.layers[content].transform
        scene.layers[slider].opacity = scene.layers[content].opacity
        if drawnVersion != version {
            drawnVersion = version
            scene.layers[slider].items = sliderItems(viewport: scene.size)
        }
    }

    func hitTest(_ point: Point, offset: Double, direction: DismissDirection, viewport: Size)
        -> HitRegion
    {
        sheet.hitTest(point, offset: offset, direction: direction, viewport: viewport)
    }

    func dismissDistance(direction: DismissDirection, viewport: Size) -> Double {
        sheet.dismissDistance(direction: direction, viewport: viewport)
    }

    func contentExtent(direction: DismissDirection, viewport: Size) -> Double {
        sheet.contentExtent(direction: direction, viewport: viewport)
    }

    func contentItem(
        at point: Point, state: DismissState, direction: DismissDirection, viewport: Size
    ) -> String? {
        sheet.contentItem(at: point, state: state, direction: direction, viewport: viewport)
    }

    var listOffset: Double { sheet.listOffset }
    var listContentHeight: Double { sheet.listContentHeight }

    func listViewportHeight(viewport: Size) -> Double {
        sheet.listViewportHeight(viewport: viewport)
    }

    func region(at point: Point, offset: Double, direction: DismissDirection, viewport: Size)
        -> SheetRegion
    {
        sheet.region(at: point, offset: offset, direction: direction, viewport: viewport)
    }

    // The keyboard's items are the sheet's rows, Volume included (DESIGN §4c).
    var focusableItemCount: Int { sheet.focusableItemCount }
    func focusableItem(at index: Int) -> String { sheet.focusableItem(at: index) }
    func focusableItemTitle(at index: Int) -> String { sheet.focusableItemTitle(at: index) }
    func focusableItemFrame(
        at index: Int, state: DismissState, direction: DismissDirection, viewport: Size
    ) -> Rect? {
        sheet.focusableItemFrame(at: index, state: state, direction: direction, viewport: viewport)
    }
    func showFocusRing(onItem index: Int?) { sheet.showFocusRing(onItem: index) }
    func listExtent(ofFocusableItem index: Int) -> Range<Double>? {
        sheet.listExtent(ofFocusableItem: index)
    }

    // Floating on wide windows, with the sheet's detents (`--adaptive`).
    func detents(_ configured: [Detent], viewport: Size) -> [Detent] {
        sheet.detents(configured, viewport: viewport)
    }
    func presentationMode(viewport: Size) -> PresentationMode? {
        sheet.presentationMode(viewport: viewport)
    }
}
