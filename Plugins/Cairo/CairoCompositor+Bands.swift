import SwipeDismiss

/// Rows a moved card leaves as they were.
///
/// When an opaque card composited from its raster moves by whole pixels, a screen row inside
/// the part it covers fully, before and after the move, keeps its pixels if the raster's
/// row that lands there now equals the one that was there: the plain rows of a card (most of
/// them) do. Such rows are neither redrawn nor sent, so a frame's damage becomes a few bands.
extension CairoCompositor {
    /// The most bands a frame is cut into; more runs are left in the last band.
    static let maximumBands = 16
    /// Unchanged runs shorter than this are repainted anyway (a band costs a request).
    static let shortestSkippedRun = 4

    /// Fills `damagedBands` with `damage` minus the rows a moved card leaves unchanged.
    func splitIntoBands(_ damage: PixelRect, _ scene: Scene, fullRedraw: Bool) {
        damagedBands.removeAll(keepingCapacity: true)
        guard !fullRedraw, let card = movedCard(scene), let cache = entries[card].cache,
            let now = wholePixelShift(scene.layers[card].transform),
            let before = wholePixelShift(entries[card].previousTransform), now.dx == before.dx
        else {
            damagedBands.append(damage)
            return
        }
        let hides = entries[card].hides
        let hid = entries[card].previousHides
        let top = max(hides.y, hid.y, damage.y)
        let bottom = min(hides.y + hides.height, hid.y + hid.height, damage.y + damage.height)
        var start = damage.y
        var y = top
        while y < bottom {
            guard
                cache.rowsMatch(
                    y - cache.box.y - now.dy, y - cache.box.y - before.dy)
            else {
                y += 1
                continue
            }
            var end = y + 1
            while end < bottom,
                cache.rowsMatch(end - cache.box.y - now.dy, end - cache.box.y - before.dy)
            {
                end += 1
            }
            if end - y >= Self.shortestSkippedRun,
                damagedBands.count < Self.maximumBands - 1
            {
                if y > start {
                    damagedBands.append(
                        PixelRect(x: damage.x, y: start, width: damage.width, height: y - start))
                }
                start = end
            }
            y = end
        }
        let end = damage.y + damage.height
        if end > start {
            damagedBands.append(
                PixelRect(x: damage.x, y: start, width: damage.width, height: end - start))
        }
    }

    /// The topmost layer that covers whole rows of the surface opaquely, now and in the last
    /// frame, drawn from its raster every time since that raster was made, with nothing
    /// above it changing; nil if there is none.
    private func movedCard(_ scene: Scene) -> Int? {
        for index in entries.indices.reversed() {
            let hides = entries[index].hides
            let hid = entries[index].previousHides
            if hides.area > 0, hid.area > 0, hides.x <= 0, hid.x <= 0,
                hides.x + hides.width >= surfaceBox.width, hid.x + hid.width >= surfaceBox.width,
                entries[index].fromCache, entries[index].cache != nil,
                scene.layers[index].opacity >= 1
            {
                return index
            }
            // A change above the card could show in any row.
            if entries[index].changed.area > 0 { return nil }
        }
        return nil
    }
}
