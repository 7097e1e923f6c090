import SwipeDismiss

/// Draws any `Scene` onto a `CairoContext`: filled and rounded rectangles, "DejaVu Sans"
/// text, each layer with its transform and opacity.
///
/// Built to cost as little as raw cairo: one font face made once, text widths measured
/// once and cached, layers with opacity 0 skipped, and a translucent layer whose items do
/// not overlap drawn with its opacity folded into each colour instead of an offscreen
/// group. A steady-state frame allocates nothing.
public final class CairoPainter {
    /// The font family of every text item.
    public static let fontFamily = "DejaVu Sans"

    private let font: CairoFontFace?
    private var advances: [TextKey: Double] = [:]
    /// How many layers the last `paint` drew through an offscreen group (for tests).
    package private(set) var groupedLayerCount = 0

    private struct TextKey: Hashable {
        var text: String
        var fontSize: Double
        var scale: Double
    }

    /// A painter using `CairoPainter.fontFamily`.
    public init() {
        font = try? CairoFontFace(family: Self.fontFamily)
    }

    /// Paints `scene` on `context`, back to front, at `scale` device units per point.
    ///
    /// The context's current matrix is kept (and restored afterwards), so callers may
    /// translate or clip first, for example to draw a thumbnail. Nothing is cleared:
    /// the scene's first layer is expected to cover the viewport.
    public func paint(_ scene: Scene, on context: CairoContext, scale: Double) {
        groupedLayerCount = 0
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
        draw(layer.items, on: context, opacity: 1, scale: scale)
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
            case .rect(let frame, _), .roundedRect(let frame, _, _):
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
        return box
    }

    /// Paints one layer; the context is already scaled and has the font face.
    private func paintLayer(_ layer: Layer, on context: CairoContext, scale: Double) {
        let opacity = min(1, max(0, layer.opacity))
        guard opacity > 0, !layer.items.isEmpty else { return }
        let transformed = layer.transform != .identity
        if transformed {
            context.save()
            context.concatenate(layer.transform)
        }
        if opacity >= 1 || layer.items.count == 1 || !itemsOverlap(layer.items, scale: scale) {
            draw(layer.items, on: context, opacity: opacity, scale: scale)
        } else {
            groupedLayerCount += 1
            context.pushGroup()
            draw(layer.items, on: context, opacity: 1, scale: scale)
            context.popGroup(paintingWithAlpha: opacity)
        }
        if transformed { context.restore() }
    }

    private func draw(_ items: [Item], on context: CairoContext, opacity: Double, scale: Double) {
        for item in items {
            switch item {
            case .rect(let rect, let fill):
                guard fill.alpha > 0 else { continue }
                context.setSource(fill, opacity: opacity)
                context.addRect(rect)
                context.fill()
            case .roundedRect(let rect, let radius, let fill):
                guard fill.alpha > 0 else { continue }
                context.setSource(fill, opacity: opacity)
                context.addRoundedRect(rect, radius: radius)
                context.fill()
            case .text(let text, let origin, let fontSize, let color, let alignment):
                guard color.alpha > 0, !text.isEmpty else { continue }
                context.setSource(color, opacity: opacity)
                context.setFontSize(fontSize)
                var x = origin.x
                if alignment != .leading {
                    let width = advance(of: text, fontSize: fontSize, scale: scale, on: context)
                    x -= alignment == .center ? width / 2 : width
                }
                context.move(to: Point(x: x, y: origin.y))
                context.showText(text)
            }
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

    private func bounds(of item: Item, scale: Double) -> Rect {
        switch item {
        case .rect(let rect, _), .roundedRect(let rect, _, _):
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
