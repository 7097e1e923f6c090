import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissFiles
import ToolSupport

/// `storyboard.pdf`: every frame as a vector thumbnail on A4 landscape pages, each labelled
/// with its number, time, offset, alpha and phase; a frame standing for an idle stretch
/// says how long it lasts ("… 1664.2 s at rest …").
struct Storyboard {
    static let pageSize = Size(width: 842, height: 595)
    static let margin = 28.0
    static let columns = 8
    static let gap = 10.0
    static let labelHeight = 34.0
    static let headerHeight = 22.0

    let frames: [ExportFrame]
    let viewport: Size
    let title: String
    /// The scene the thumbnails show; the sheet's labels name its detent.
    var scene = SceneChoice.card
    /// The edge the content leaves by, so each thumbnail shows it moving that way.
    var direction = DismissDirection.down
    /// Whether the sheets float on wide windows (`--adaptive`): each thumbnail is laid out
    /// for its frame's viewport.
    var adaptive = false
    /// `--layout`, `--footer`: how the sheets' thumbnails lay out their content.
    var sheetLayout = LayoutFlags()

    /// The thumbnail width and height in points, and how many rows fit a page.
    var layout: (width: Double, height: Double, rows: Int) {
        let usableWidth = Self.pageSize.width - 2 * Self.margin
        let usableHeight = Self.pageSize.height - 2 * Self.margin - Self.headerHeight
        var width = (usableWidth - Double(Self.columns - 1) * Self.gap) / Double(Self.columns)
        var height = width * viewport.height / viewport.width
        // Tall viewports: fit at least two rows a page.
        let maxHeight = (usableHeight - Self.gap) / 2 - Self.labelHeight
        if height > maxHeight {
            height = maxHeight
            width = height * viewport.width / viewport.height
        }
        let fit = (usableHeight + Self.gap) / (height + Self.labelHeight + Self.gap)
        let rows = WholeNumber.clamped(fit, to: 1...100, rounding: .down) ?? 1
        return (width, height, rows)
    }

    var pageCount: Int {
        let perPage = Self.columns * layout.rows
        return max(1, (frames.count + perPage - 1) / perPage)
    }

    /// Writes the storyboard to `path`, whole or not at all.
    func write(to path: String) throws {
        try AtomicFile.write(to: path) { temporary in
            let surface = try CairoSurface(
                pdfPath: temporary, width: Self.pageSize.width, height: Self.pageSize.height)
            let context = try CairoContext(surface: surface)
            try draw(on: context)
            try context.checkStatus("drawing \(path)")
            try surface.finish()
        }
    }

    private func draw(on context: CairoContext) throws {
        let painter = CairoPainter()
        let regular = try CairoFontFace(family: CairoPainter.fontFamily)
        let bold = try CairoFontFace(family: CairoPainter.fontFamily, bold: true)
        let presenter = scene.makePresenter(adaptive: adaptive, layout: sheetLayout)
        var drawnViewport = viewport
        var drawn = presenter.makeScene(viewport: viewport)
        // The stack scene draws each frame's recorded top sheet over its parent.
        let thumbnails =
            scene == .stack
            ? StackThumbnails(
                viewport: viewport, direction: direction, adaptive: adaptive, layout: sheetLayout)
            : nil
        try painter.prepareImages(in: drawn)
        let (width, height, rows) = layout
        let perPage = Self.columns * rows
        let thumbScale = width / viewport.width
        let pages = pageCount

        for page in 0..<pages {
            let first = page * perPage
            let last = min(frames.count, first + perPage)
            context.setFontFace(bold)
            context.setFontSize(12)
            context.setSource(Color(hex: 0x1C1C1E))
            context.showText(
                title, at: Point(x: Self.margin, y: Self.margin + 10), alignment: .leading)
            context.setFontFace(regular)
            context.setFontSize(9)
            context.setSource(Color(hex: 0x6C6C70))
            context.showText(
                "frames \(first)–\(max(first, last - 1)) of \(frames.count) · page \(page + 1) of \(pages)",
                at: Point(x: Self.pageSize.width - Self.margin, y: Self.margin + 10),
                alignment: .trailing)

            for index in first..<last {
                let slot = index - first
                let x = Self.margin + Double(slot % Self.columns) * (width + Self.gap)
                let y =
                    Self.margin + Self.headerHeight
                    + Double(slot / Self.columns) * (height + Self.labelHeight + Self.gap)
                let state = frames[index].state
                // A trace's `viewport` event: the frame is laid out for its own window.
                let frameViewport = frames[index].viewport
                if frameViewport != .zero, frameViewport != drawnViewport {
                    drawnViewport = frameViewport
                    drawn = presenter.makeScene(viewport: frameViewport)
                }
                presenter.update(&drawn, for: state, direction: direction)

                context.save()
                context.translate(x: x, y: y)
                context.addRect(Rect(x: 0, y: 0, width: width, height: height))
                context.clip()
                let shown =
                    frames[index].stack.flatMap {
                        thumbnails?.scene(for: $0, viewport: drawnViewport)
                    } ?? drawn
                painter.paint(shown, on: context, scale: thumbScale)
                context.restore()
                if let rest = frames[index].restDuration {
                    drawRestLabel(rest, on: context, x: x, y: y, width: width, height: height)
                    context.setFontFace(regular)
                }

                context.setSource(Color(hex: 0xC7C7CC))
                context.setLineWidth(0.5)
                context.addRect(Rect(x: x, y: y, width: width, height: height))
                context.stroke()

                context.setFontFace(bold)
                context.setFontSize(7.5)
                context.setSource(Color(hex: 0x1C1C1E))
                context.showText(
                    "#\(index)  t \(NumberText.fixed(state.time, digits: 3)) s",
                    at: Point(x: x, y: y + height + 10), alignment: .leading)
                context.setFontFace(regular)
                context.setSource(Color(hex: 0x3A3A3C))
                // Under `.free` the offset is a distance: the label adds where to.
                let pose =
                    direction == .free
                    ? " (\(NumberText.fixed(state.translation.x, digits: 0)), "
                        + "\(NumberText.fixed(state.translation.y, digits: 0)))" : ""
                context.showText(
                    "offset \(NumberText.fixed(state.offset, digits: 1)) pt" + pose
                        + (scene.namesDetents ? " · \(state.detent?.rawValue ?? "")" : ""),
                    at: Point(x: x, y: y + height + 19), alignment: .leading)
                context.showText(
                    "alpha \(NumberText.fixed(state.alpha, digits: 3)) · \(state.phase.rawValue)",
                    at: Point(x: x, y: y + height + 28), alignment: .leading)
            }
            context.showPage()
        }
    }

    /// The label of a frame that stands for an idle stretch: "… 1664.2 s at rest …".
    static func restLabel(_ seconds: Double) -> String {
        "… \(NumberText.fixed(seconds, digits: 1)) s at rest …"
    }

    /// Draws `restLabel` on a dark band across the middle of the thumbnail.
    private func drawRestLabel(
        _ seconds: Double, on context: CairoContext, x: Double, y: Double, width: Double,
        height: Double
    ) {
        let band = Rect(x: x, y: y + height / 2 - 8, width: width, height: 16)
        context.setSource(Color(hex: 0x1C1C1E), opacity: 0.8)
        context.addRect(band)
        context.fill()
        context.setSource(.white)
        context.setFontSize(7)
        context.showText(
            Self.restLabel(seconds), at: Point(x: x + width / 2, y: band.minY + 10.5),
            alignment: .center)
    }
}
