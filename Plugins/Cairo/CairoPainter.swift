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
    public private(set) var groupedLayerCount = 0
    /// The decoded images, by source; register names here.
    public let images: CairoImageStore
    /// How many clip-group items were drawn since the last `paint` of a whole scene began
    /// (a compositor's frame counts every layer it drew).
    public private(set) var clippedItemsDrawn = 0
    /// How many clip-group items were skipped as unable to show, counted like
    /// `clippedItemsDrawn`.
    public private(set) var clippedItemsSkipped = 0
    /// The first image that could not be drawn since the last `paint` of a whole scene began
    /// (missing or corrupt file); renderers throw it.
    public private(set) var imageError: CairoError?

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

    /// Decodes every image `scene` names that is not decoded yet; throws the first failure,
    /// naming the file. Renderers call it before painting, so a bad file is an error, not a
    /// blank frame.
    public func prepareImages(in scene: Scene) throws(CairoError) {
        for layer in scene.layers { try prepareImages(in: layer) }
    }

    /// Decodes the images of one layer (its items and its clip group's).
    func prepareImages(in layer: Layer) throws(CairoError) {
        try prepareImages(in: layer.items)
        if let group = layer.clipGroup { try prepareImages(in: group.items) }
    }

    private func prepareImages(in items: [Item]) throws(CairoError) {
        for index in items.indices {
            if case .image(let source, _, _) = items[index] { _ = try images.image(for: source) }
        }
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
        if let group = layer.clipGroup { draw(group, on: context, opacity: 1, scale: scale) }
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
        guard opacity > 0, !layer.items.isEmpty || layer.clipGroup != nil else { return }
        let transformed = layer.transform != .identity
        if transformed {
            context.save()
            context.concatenate(layer.transform)
        }
        let foldsOpacity =
            opacity >= 1
            || (layer.clipGroup == nil
                && (layer.items.count == 1 || !itemsOverlap(layer.items, scale: scale)))
        if foldsOpacity {
            draw(layer.items, on: context, opacity: opacity, scale: scale)
            if let group = layer.clipGroup {
                draw(group, on: context, opacity: opacity, scale: scale)
            }
        } else {
            groupedLayerCount += 1
            context.pushGroup()
            draw(layer.items, on: context, opacity: 1, scale: scale)
            if let group = layer.clipGroup { draw(group, on: context, opacity: 1, scale: scale) }
            context.popGroup(paintingWithAlpha: opacity)
        }
        if transformed { context.restore() }
    }

    /// Draws a clip group: moved by its offset, skipping items that cannot show.
    ///
    /// The clip is snapped to whole device pixels, so an item wholly inside it looks the same
    /// drawn without it; only the items that cross its edge (a row or two) are drawn
    /// through cairo's clip, which costs far more per drawing call.
    private func draw(_ group: ClipGroup, on context: CairoContext, opacity: Double, scale: Double)
    {
        let clip = context.deviceAligned(group.clip) ?? group.clip
        // What can show: the clip within the surface and any clip the caller set (a
        // compositor's damage box), in the layer's coordinates, then in the content's.
        let shown = intersection(context.clipExtents(), clip)
        let dx = group.contentOffset.x
        let dy = group.contentOffset.y
        let visible = shown.offsetBy(group.contentOffset)
        let inside = clip.offsetBy(group.contentOffset)
        context.save()
        context.translate(x: -dx, y: -dy)
        // Index loops: a for-in over `[Item]` allocates per element in unoptimised builds.
        for index in group.items.indices {
            let item = group.items[index]
            let box = cullingBounds(of: item, scale: scale)
            guard box.minX < visible.maxX, box.maxX > visible.minX, box.minY < visible.maxY,
                box.maxY > visible.minY
            else {
                clippedItemsSkipped += 1
                continue
            }
            clippedItemsDrawn += 1
            if box.minX >= inside.minX, box.maxX <= inside.maxX, box.minY >= inside.minY,
                box.maxY <= inside.maxY
            {
                draw(item, on: context, opacity: opacity, scale: scale)
            } else {
                context.save()
                context.addRect(inside)
                context.clip()
                draw(item, on: context, opacity: opacity, scale: scale)
                context.restore()
            }
        }
        context.restore()
    }

    private func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let minX = max(a.minX, b.minX)
        let minY = max(a.minY, b.minY)
        return Rect(
            x: minX, y: minY, width: max(0, min(a.maxX, b.maxX) - minX),
            height: max(0, min(a.maxY, b.maxY) - minY))
    }

    /// A box sure to hold every pixel of `item`: text gets room for accents and descenders.
    private func cullingBounds(of item: Item, scale: Double) -> Rect {
        let box = bounds(of: item, scale: scale)
        guard case .text(_, _, let fontSize, _, _) = item else { return box }
        return Rect(
            x: box.minX - fontSize * 0.5, y: box.minY - fontSize * 0.5,
            width: box.width + fontSize, height: box.height + fontSize)
    }

    private func draw(_ items: [Item], on context: CairoContext, opacity: Double, scale: Double) {
        for index in items.indices {
            draw(items[index], on: context, opacity: opacity, scale: scale)
        }
    }

    private func draw(_ item: Item, on context: CairoContext, opacity: Double, scale: Double) {
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
            context.move(to: Point(x: x, y: origin.y))
            context.showText(text)
        case .image(let source, let frame, let fit):
            drawImage(source, frame: frame, fit: fit, on: context, opacity: opacity)
        }
    }

    /// Draws an image placed as `fit` says, clipped to the part of `frame` it covers.
    private func drawImage(
        _ source: ImageSource, frame: Rect, fit: ImageFit, on context: CairoContext,
        opacity: Double
    ) {
        let image: CairoLoadedImage
        do {
            image = try images.image(for: source)
        } catch {
            if imageError == nil { imageError = error }
            return
        }
        let placed = fit.placement(of: image.size, in: frame)
        let left = max(placed.minX, frame.minX)
        let top = max(placed.minY, frame.minY)
        let right = min(placed.maxX, frame.maxX)
        let bottom = min(placed.maxY, frame.maxY)
        guard right > left, bottom > top, opacity > 0 else { return }
        context.save()
        context.addRect(Rect(x: left, y: top, width: right - left, height: bottom - top))
        context.clip()
        context.translate(x: placed.minX, y: placed.minY)
        context.scale(x: placed.width / image.size.width, y: placed.height / image.size.height)
        context.paint(image, alpha: opacity)
        context.restore()
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
