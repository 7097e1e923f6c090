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
}
