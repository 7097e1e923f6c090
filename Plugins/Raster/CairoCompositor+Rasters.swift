import SwipeDismiss
import SwipeDismissCairo

/// The compositor's layer rasters: what it keeps, what it gives back, and which layers
/// get one.
extension CairoCompositor {
    /// Whether any layer raster is held whole (what `releaseRasters()` frees). A raster of
    /// mostly repeated rows (a list, flat bands) is kept packed, its distinct rows only, from
    /// the start: that is not counted.
    package var holdsRasters: Bool {
        entries.contains { $0.cache.map { !$0.isPacked } ?? false }
    }

    /// How many rows of pixels the layer rasters keep, whole or packed.
    package var rasterRowsKept: Int {
        entries.reduce(0) { $0 + ($1.cache?.keptRows ?? 0) }
    }

    /// Frees every whole layer raster, at once back to the system, and keeps the rest: what
    /// the surface holds stays known, so the next frame repaints only what changed, drawing
    /// the layers directly, and a layer that moves again gets its raster back on that frame.
    /// A packed raster stays (a raster unpacked for cairo's sake is packed again instead).
    ///
    /// For a window gone idle: its rasters (a screen's worth of pixels or two) would
    /// otherwise stay resident until the content changed, for the next drag's sake.
    package func releaseRasters() {
        for index in entries.indices {
            guard let cache = entries[index].cache, !cache.isPacked else { continue }
            if packsRasters { try? cache.pack() }
            if !cache.isPacked {
                entries[index].cache = nil
                entries[index].final = .empty
            }
        }
    }

    /// The transform as a move by whole device pixels, or nil (scaled, rotated, or a
    /// fractional move, which the painter draws directly so pixels match exactly, unless
    /// `snapsMovesToWholePixels`: then the nearest whole move, halves away from zero). The
    /// layer is still clipped to the box it covers at its exact place, so damage stays exact.
    func wholePixelShift(_ transform: Transform) -> (dx: Int, dy: Int)? {
        guard transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1 else {
            return nil
        }
        var dx = transform.tx * scale
        var dy = transform.ty * scale
        guard abs(dx) < 1_000_000, abs(dy) < 1_000_000 else { return nil }
        if snapsMovesToWholePixels {
            dx.round()
            dy.round()
        } else if dx != dx.rounded() || dy != dy.rounded() {
            return nil
        }
        return (Int(dx), Int(dy))
    }

    /// The device box a raster of items within `bounds` (points) covers: `bounds` rounded
    /// out, one pixel to spare, except past the surface's top or left edge when the items do
    /// not reach it. nil when the items reach past it at a scale that is not a power of two.
    ///
    /// Why: the raster is drawn with the direct paint's own matrix (its origin is a device
    /// offset, `CairoLayerCache`), so cairo reaches the same device coordinates. The offset
    /// is then subtracted, exactly while the box starts at or right of, and below, the
    /// surface's origin. Left of it, the addition can round off the last bit of a glyph's
    /// position at a tie (x.5 ± noise, which 1.5 or 1.25 times a point gives), and the
    /// glyph lands a whole pixel away from where the direct paint puts it.
    func rasterBox(covering bounds: Rect) -> PixelRect? {
        var box = PixelRect(covering: bounds, transform: .identity, scale: scale)
        if bounds.minX >= 0, box.x < 0 {
            box.width += box.x
            box.x = 0
        }
        if bounds.minY >= 0, box.y < 0 {
            box.height += box.y
            box.y = 0
        }
        if box.x < 0 || box.y < 0, scale.significand != 1 { return nil }
        return box
    }

    /// The device pixels a layer moved by `transform` paints opaque inside `opaque` (points):
    /// where it is drawn, and, when moves snap to whole pixels, also where its raster lands
    /// (up to half a pixel off, so a row the raster covers only in part is never copied).
    func opaquePixels(_ opaque: Rect, _ transform: Transform) -> PixelRect {
        let exact = CairoOcclusion.pixelsInside(opaque, transform: transform, scale: scale)
        guard snapsMovesToWholePixels, exact.area > 0, let shift = wholePixelShift(transform)
        else { return exact }
        var snapped = CairoOcclusion.pixelsInside(opaque, transform: .identity, scale: scale)
        snapped.x += shift.dx
        snapped.y += shift.dy
        return exact.intersection(snapped)
    }

    /// Whether rasterising once beats drawing each frame: text, rounded corners, or more
    /// than a couple of plain rectangles. A lone rectangle (the backdrop) is cheaper to fill.
    func worthCaching(_ layer: Layer) -> Bool {
        guard cachesLayers else { return false }
        if painter.hasDrawing(for: layer.role) { return true }
        if layer.items.count > 2 || layer.clipGroup != nil { return true }
        for item in layer.items {
            if case .rect = item { continue }
            return true
        }
        return false
    }

    /// The part of `a` inside `b` (empty, at `a`'s corner, when they do not meet).
    static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let minX = max(a.minX, b.minX)
        let minY = max(a.minY, b.minY)
        return Rect(
            x: minX, y: minY, width: max(0, min(a.maxX, b.maxX) - minX),
            height: max(0, min(a.maxY, b.maxY) - minY))
    }
}
