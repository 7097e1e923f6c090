import SwipeDismiss

/// Clip groups and images: the parts of painting that skip what cannot show and decode
/// files once.
extension CairoPainter {
    /// Decodes every image `scene` names that is not decoded yet; throws the first failure,
    /// naming the file. Renderers call it before painting, so a bad file is an error, not a
    /// blank frame.
    public func prepareImages(in scene: Scene) throws(CairoError) {
        for layer in scene.layers { try prepareImages(in: layer) }
    }

    /// Decodes the images of one layer (its items and its clip group's).
    package func prepareImages(in layer: Layer) throws(CairoError) {
        try prepareImages(in: layer.items)
        if let group = layer.clipGroup { try prepareImages(in: group.items) }
    }

    private func prepareImages(in items: [Item]) throws(CairoError) {
        for index in items.indices {
            if case .image(let source, _, _) = items[index] { _ = try images.image(for: source) }
        }
    }

    /// Draws a clip group: moved by its offset, skipping items that cannot show.
    ///
    /// The clip is snapped to whole device pixels, so an item wholly inside it looks the same
    /// drawn without it; only the items that cross its edge (a row or two) are drawn
    /// through cairo's clip, which costs far more per drawing call.
    func draw(_ group: ClipGroup, on context: CairoContext, opacity: Double, scale: Double) {
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

    /// Draws an image placed as `fit` says, clipped to the part of `frame` it covers.
    func drawImage(
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
        // Drawn far smaller than it is, the image is drawn from a reduced copy.
        let shown = images.image(
            image, source: source, drawnAt: context.deviceSize(of: placed.size))
        context.scale(x: placed.width / shown.size.width, y: placed.height / shown.size.height)
        context.paint(shown, alpha: opacity)
        context.restore()
    }
}
