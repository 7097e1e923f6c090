import SwipeDismiss

/// Draws any `Scene` onto a `CairoContext`: filled and rounded rectangles, "DejaVu Sans"
/// text, PNG images (decoded once, through `images`), each layer with its transform and
/// opacity, and a layer's clip group inside its clip, scrolled by its content offset.
///
/// Built to cost as little as raw cairo: one font face made once, text widths measured
/// once and cached, layers with opacity 0 skipped, and a translucent layer whose items do
/// not overlap drawn with its opacity folded into each colour instead of an offscreen
/// group. A clip group's items that cannot show (outside its clip, the surface or the
/// caller's clip) are skipped, so a 60-row list costs what its visible rows cost. A
/// steady-state frame allocates nothing.
public final class CairoPainter {
    /// The font family of every text item.
    public static let fontFamily = "DejaVu Sans"

    private let font: CairoFontFace?
    private var advances: [TextKey: Double] = [:]
    /// How many layers the last `paint` drew through an offscreen group (for tests).
    package private(set) var groupedLayerCount = 0
    /// The decoded images, by source; register names here.
    public let images: CairoImageStore
    /// How many clip-group items were drawn since the last `paint` of a whole scene began
    /// (a compositor's frame counts every layer it drew).
    package internal(set) var clippedItemsDrawn = 0
    /// How many clip-group items were skipped as unable to show, counted like
    /// `clippedItemsDrawn`.
    package internal(set) var clippedItemsSkipped = 0
    /// The first image that could not be drawn since the last `paint` of a whole scene began
    /// (missing or corrupt file); renderers throw it.
    package internal(set) var imageError: CairoError?

    /// The app's own drawings, by the role of the layer they draw (`setDrawing(for:_:)`).
    var drawings: [Layer.Role: LayerDrawing] = [:]
    /// The viewport, in points, handed to app drawings: the size of the scene being painted.
    package var drawingViewport = Size.zero

    private struct TextKey: Hashable {
        var text: String
        var fontSize: Double
        var scale: Double
    }

    /// A painter using `CairoPainter.fontFamily`, drawing images from `images`.
    public init(images: CairoImageStore = CairoImageStore()) {
        font = try? CairoFontFace(family: Self.fontFamily)
        self.images = images
    }

    /// Zeroes the per-frame counters (`clippedItemsDrawn`, `clippedItemsSkipped`,
    /// `imageError`, `groupedLayerCount`).
    public func resetFrameStatistics() {
        groupedLayerCount = 0
        clippedItemsDrawn = 0
        clippedItemsSkipped = 0
        imageError = nil
    }

    /// Paints `scene` on `context`, back to front, at `scale` device units per point.
    ///
    /// The context's current matrix is kept (and restored afterwards), so callers may
    /// translate or clip first, for example to draw a thumbnail. Nothing is cleared:
    /// the scene's first layer is expected to cover the viewport.
    public func paint(_ scene: Scene, on context: CairoContext, scale: Double) {
        resetFrameStatistics()
        drawingViewport = scene.size
        context.save()
        if scale != 1 { context.scale(x: scale, y: scale) }
        if let font { context.setFontFace(font) }
        for layer in scene.layers { paintLayer(layer, on: context, scale: scale) }
        context.restore()
    }

    /// Paints one layer with its transform and opacity, as `paint` would inside a scene.
    ///
    /// Like `paint`, it scales by `scale` from the context's current matrix and restores it.
    public func paint(layer: Layer, on context: CairoContext, scale: Double) {
        context.save()
        if scale != 1 { context.scale(x: scale, y: scale) }
        if let font { context.setFontFace(font) }
        paintLayer(layer, on: context, scale: scale)
        context.restore()
    }

    /// Paints `layer`'s items untransformed and fully opaque: the raster a layer cache keeps.
    public func paintItems(of layer: Layer, on context: CairoContext, scale: Double) {
        context.save()
        if scale != 1 { context.scale(x: scale, y: scale) }
        if let font { context.setFontFace(font) }
        drawApp(layer.role, .belowItems, on: context)
        draw(layer.items, on: context, opacity: 1, scale: scale)
        if let group = layer.clipGroup { draw(group, on: context, opacity: 1, scale: scale) }
        drawApp(layer.role, .aboveItems, on: context)
        context.restore()
    }

    /// A box in points, before the layer's transform, that holds every pixel `layer`'s items
    /// can touch (text measured with `context`, with room for bearings and descenders);
    /// nil for a layer with no items.
    public func bounds(of layer: Layer, scale: Double, measuringWith context: CairoContext) -> Rect?
    {
        var box: Rect?
        context.save()
        if scale != 1 { context.scale(x: scale, y: scale) }
        if let font { context.setFontFace(font) }
        for item in layer.items {
            var rect: Rect
            switch item {
            case .rect(let frame, _), .roundedRect(let frame, _, _), .image(_, let frame, _):
                rect = frame
            case .text(let text, let origin, let fontSize, _, let alignment):
                context.setFontSize(fontSize)
                let width = advance(of: text, fontSize: fontSize, scale: scale, on: context)
                var left = origin.x
                if alignment != .leading { left -= alignment == .center ? width / 2 : width }
                rect = Rect(
                    x: left - fontSize * 0.5, y: origin.y - fontSize * 1.25,
                    width: width + fontSize, height: fontSize * 1.75)
            }
            if let current = box {
                let minX = min(current.minX, rect.minX)
                let minY = min(current.minY, rect.minY)
                rect = Rect(
                    x: minX, y: minY, width: max(current.maxX, rect.maxX) - minX,
                    height: max(current.maxY, rect.maxY) - minY)
            }
            box = rect
        }
        context.restore()
        if !drawings.isEmpty, drawings[layer.role] != nil {
            let whole = Rect(
                x: 0, y: 0, width: drawingViewport.width, height: drawingViewport.height)
            if let current = box {
                let minX = min(current.minX, 0)
                let minY = min(current.minY, 0)
                box = Rect(
                    x: minX, y: minY, width: max(current.maxX, whole.maxX) - minX,
                    height: max(current.maxY, whole.maxY) - minY)
            } else {
                box = whole
            }
        }
        // A clip group draws only inside its clip, wherever it is scrolled.
        guard let clip = layer.clipGroup?.clip else { return box }
        guard let current = box else { return clip }
        let minX = min(current.minX, clip.minX)
        let minY = min(current.minY, clip.minY)
        return Rect(
            x: minX, y: minY, width: max(current.maxX, clip.maxX) - minX,
            height: max(current.maxY, clip.maxY) - minY)
    }

    /// Paints one layer; the context is already scaled and has the font face.
    private func paintLayer(_ layer: Layer, on context: CairoContext, scale: Double) {
        let opacity = min(1, max(0, layer.opacity))
        let drawn = !drawings.isEmpty && drawings[layer.role] != nil
        guard opacity > 0, !layer.items.isEmpty || layer.clipGroup != nil || drawn else { return }
        // A layer scaled to nothing shows nothing; cairo would put the context in an error
        // state for a matrix it cannot invert.
        let t = layer.transform
        let determinant = t.a * t.d - t.b * t.c
        guard determinant != 0, determinant.isFinite, t.tx.isFinite, t.ty.isFinite else { return }
        let transformed = layer.transform != .identity
        if transformed || layer.clip != nil { context.save() }
        if transformed { context.concatenate(layer.transform) }
        if let clip = layer.clip {
            context.addRoundedRect(clip.rect, radius: clip.cornerRadius)
            context.clip()
        }
        let foldsOpacity =
            opacity >= 1
            || (layer.clipGroup == nil && !drawn
                && (layer.items.count == 1 || !itemsOverlap(layer.items, scale: scale)))
        if foldsOpacity {
            if drawn { drawApp(layer.role, .belowItems, on: context) }
            draw(layer.items, on: context, opacity: opacity, scale: scale)
            if let group = layer.clipGroup {
                draw(group, on: context, opacity: opacity, scale: scale)
            }
            if drawn { drawApp(layer.role, .aboveItems, on: context) }
        } else {
            groupedLayerCount += 1
            context.pushGroup()
            if drawn { drawApp(layer.role, .belowItems, on: context) }
            draw(layer.items, on: context, opacity: 1, scale: scale)
            if let group = layer.clipGroup { draw(group, on: context, opacity: 1, scale: scale) }
            if drawn { drawApp(layer.role, .aboveItems, on: context) }
            context.popGroup(paintingWithAlpha: opacity)
        }
        if transformed || layer.clip != nil { context.restore() }
    }

    private func draw(_ items: [Item], on context: CairoContext, opacity: Double, scale: Double) {
        for index in items.indices {
            draw(items[index], on: context, opacity: opacity, scale: scale)
        }
    }

    func draw(_ item: Item, on context: CairoContext, opacity: Double, scale: Double) {
        switch item {
        case .rect(let rect, let fill):
            guard fill.alpha > 0 else { return }
            context.setSource(fill, opacity: opacity)
            context.addRect(rect)
            context.fill()
        case .roundedRect(let rect, let radius, let fill):
            guard fill.alpha > 0 else { return }
            context.setSource(fill, opacity: opacity)
            context.addRoundedRect(rect, radius: radius)
            context.fill()
        case .text(let text, let origin, let fontSize, let color, let alignment):
            guard color.alpha > 0, !text.isEmpty else { return }
            context.setSource(color, opacity: opacity)
            context.setFontSize(fontSize)
            var x = origin.x
            if alignment != .leading {
                let width = advance(of: text, fontSize: fontSize, scale: scale, on: context)
                x -= alignment == .center ? width / 2 : width
            }
            context.move(toPixelNear: Point(x: x, y: origin.y))
            context.showText(text)
        case .image(let source, let frame, let fit):
            drawImage(source, frame: frame, fit: fit, on: context, opacity: opacity)
        }
    }

    /// The advance width of `text`, measured once per text, size and scale.
    private func advance(
        of text: String, fontSize: Double, scale: Double, on context: CairoContext
    ) -> Double {
        let key = TextKey(text: text, fontSize: fontSize, scale: scale)
        if let width = advances[key] { return width }
        let width = context.textExtents(text).advance
        advances[key] = width
        return width
    }

    /// Whether any two items' bounds intersect, in which case folding the layer's opacity
    /// into each colour would darken the overlaps and a group is needed.
    private func itemsOverlap(_ items: [Item], scale: Double) -> Bool {
        for i in items.indices {
            let a = bounds(of: items[i], scale: scale)
            for j in items.indices where j > i {
                let b = bounds(of: items[j], scale: scale)
                if a.minX < b.maxX, b.minX < a.maxX, a.minY < b.maxY, b.minY < a.maxY {
                    return true
                }
            }
        }
        return false
    }

    func bounds(of item: Item, scale: Double) -> Rect {
        switch item {
        case .rect(let rect, _), .roundedRect(let rect, _, _), .image(_, let rect, _):
            return rect
        case .text(let text, let origin, let fontSize, _, let alignment):
            // A generous box: the cached advance (or a wide guess) and the font's full height.
            let width =
                advances[TextKey(text: text, fontSize: fontSize, scale: scale)]
                ?? Double(text.utf8.count) * fontSize
            let left: Double
            switch alignment {
            case .leading: left = origin.x
            case .center: left = origin.x - width / 2
            case .trailing: left = origin.x - width
            }
            return Rect(x: left, y: origin.y - fontSize, width: width, height: fontSize * 1.3)
        }
    }
}
