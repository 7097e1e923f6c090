import SwipeDismiss
import SwipeDismissCairo

/// The row plan of a frame: which rows of the changed box the compositor leaves alone
/// (a moved raster showing the same row again) and which are one flat colour.
extension CairoCompositor {
    /// Marks in `rows` what this frame does with each row of `damage`. Only rows whose final
    /// pixels are known outright are marked: a row copied from an opaque raster with nothing
    /// visible above it and everything below hidden, or a row of an opaque raster under a
    /// black dim with nothing above the dim; everything else is drawn as usual.
    func planRows(_ scene: Scene, _ damage: PixelRect) {
        for index in entries.indices { entries[index].planned = .empty }
        for index in scene.layers.indices { planCopiedRows(index, scene, damage) }
        // Dimmed rows as fills carry the dim's colour as cairo 1.16 rounds it.
        if leavesSolidRows, usesExactBlends {
            for index in scene.layers.indices { planDimmedRows(index, scene, damage) }
        }
    }

    /// The rows of `damage` where layer `index`'s raster is copied as the final pixels:
    /// kept when they show the raster row they showed last frame, solid when flat.
    private func planCopiedRows(_ index: Int, _ scene: Scene, _ damage: PixelRect) {
        let layer = scene.layers[index]
        guard layer.opacity >= 1, let cache = entries[index].cache, let table = cache.rows,
            worthCaching(layer), let shift = wholePixelShift(layer.transform)
        else { return }
        let placed = PixelRect(
            x: cache.box.x + shift.dx, y: cache.box.y + shift.dy, width: cache.box.width,
            height: cache.box.height)
        let copied = entries[index].hides.intersection(placed).intersection(damage)
        let firstColumn = damage.x - placed.x
        guard copied.area > 0, copied.x == damage.x, copied.width == damage.width,
            firstColumn >= table.columns.lowerBound,
            firstColumn + damage.width <= table.columns.upperBound
        else { return }
        for above in scene.layers.indices where above > index && scene.layers[above].opacity > 0 {
            if entries[above].drawn.intersection(copied).area > 0 { return }
        }
        for below in 0..<index where scene.layers[below].opacity > 0 {
            if entries[below].drawn.intersection(damage).area > 0,
                hiddenAbove(below, scene).intersection(copied) != copied
            {
                return
            }
        }
        entries[index].planned = copied
        let last = entries[index].final
        let keeps =
            !needsFullRedraw && last.area > 0 && entries[index].finalDx == shift.dx
            && last.x <= damage.x && last.x + last.width >= damage.x + damage.width
        let lastTop = cache.box.y + entries[index].finalDy
        // The plan's and the table's rows as plain memory: no access check a row.
        let kinds = rows.kinds
        let classes = table.classes
        let colours = table.colours
        let edges = table.edges
        let spanFrom = table.spanFrom
        let spanTo = table.spanTo
        for row in copied.y..<(copied.y + copied.height) {
            let line = row - placed.y
            let shown = keeps && row >= last.y && row < last.y + last.height
            if shown, classes[line] == classes[row - lastTop] {
                kinds[row] = CairoRowPlan.keeps
                continue
            }
            if leavesSolidRows, colours[line] != 0 {
                kinds[row] = colours[line]
            } else {
                kinds[row] = CairoRowPlan.overwrites
            }
            // The window shows the raster's row `before` here: of one edge colour, the two
            // differ only between their spans (the card's lines, its text, its button).
            let before = row - lastTop
            if shown, edges[line] == edges[before] {
                rows.narrow(
                    row, from: placed.x + Int(min(spanFrom[line], spanFrom[before])),
                    to: placed.x + Int(max(spanTo[line], spanTo[before])))
            }
        }
        entries[index].finalDx = shift.dx
        entries[index].finalDy = shift.dy
    }

    /// The rows of `damage` where layer `index` is an opaque raster under the black dim of
    /// the layer above, written across the whole box: with nothing visible above the dim,
    /// solid where the raster is flat, else final once written (a repeat's possible source).
    private func planDimmedRows(_ index: Int, _ scene: Scene, _ damage: PixelRect) {
        let dimIndex = index + 1
        guard dimIndex < scene.layers.count, scene.layers[index].opacity >= 1,
            entries[index].opaqueCoversAll, let cache = entries[index].cache,
            let table = cache.rows, worthCaching(scene.layers[index]),
            let shift = wholePixelShift(scene.layers[index].transform),
            let alpha = CairoDim.blackAlpha(of: scene.layers[dimIndex])
        else { return }
        let placed = PixelRect(
            x: cache.box.x + shift.dx, y: cache.box.y + shift.dy, width: cache.box.width,
            height: cache.box.height)
        let dimmed = CairoDim.coveredPixels(of: scene.layers[dimIndex], scale: scale)
        let firstColumn = damage.x - placed.x
        guard firstColumn >= table.columns.lowerBound,
            firstColumn + damage.width <= table.columns.upperBound, damage.x >= dimmed.x,
            damage.x + damage.width <= dimmed.x + dimmed.width
        else { return }
        let keep = 255 - CairoDim.alpha8(alpha)
        let top = max(damage.y, placed.y, dimmed.y)
        let bottom = min(
            damage.y + damage.height, placed.y + placed.height, dimmed.y + dimmed.height)
        guard bottom > top else { return }
        let hidden = hiddenAbove(index, scene)
        let hiddenCrosses =
            hidden.x < damage.x + damage.width && hidden.x + hidden.width > damage.x
        // The rows a visible layer above the dim crosses within the box's columns, as one
        // span: a row inside it between two such layers is merely drawn, never wrong.
        var aboveTop = Int.max
        var aboveBottom = Int.min
        for above in scene.layers.indices
        where above > dimIndex && scene.layers[above].opacity > 0 {
            let box = entries[above].drawn
            guard box.area > 0, box.x < damage.x + damage.width, box.x + box.width > damage.x
            else { continue }
            aboveTop = min(aboveTop, box.y)
            aboveBottom = max(aboveBottom, box.y + box.height)
        }
        // The plan's and the table's rows as plain memory: no access check a row.
        let kinds = rows.kinds
        let colours = table.colours
        for row in top..<bottom where kinds[row] == CairoRowPlan.draws {
            // The raster is written across the whole row unless a layer above hides part.
            if hiddenCrosses, row >= hidden.y, row < hidden.y + hidden.height { continue }
            let colour = colours[row - placed.y]
            if row >= aboveTop, row < aboveBottom {
                kinds[row] = CairoRowPlan.overwrites
            } else if colour != 0 {
                kinds[row] = CairoDim.scaled(colour, keep: keep)
            } else {
                // Final once written: a later row showing the same may repeat it.
                kinds[row] = CairoRowPlan.overwritesAlone
            }
        }
    }

    /// Clears the pixels of `damage`, in the rows this frame draws, that no visible layer
    /// paints opaque (outside the largest box one does): a direct paint starts from a clear
    /// surface there, while the layers blended again over the last frame's pixels would add
    /// up their edges frame after frame (a surface one pixel wider than the viewport at 1.25,
    /// its last column half covered). Nothing to do, and no cost, when a layer covers it all.
    func clearUncovered(_ damage: PixelRect, _ scene: Scene, on context: CairoContext) {
        let pieces = CairoOcclusion.Pieces(damage, minus: hiddenAbove(-1, scene))
        guard pieces.count > 0 else { return }
        let kinds = rows.kinds
        context.save()
        for index in 0..<pieces.count {
            let piece = pieces[index]
            var start = -1
            let end = piece.y + piece.height
            for row in piece.y..<end {
                let draws = CairoRowPlan.isDrawn(kinds[row])
                if draws, start < 0 { start = row }
                if start >= 0, !draws || row == end - 1 {
                    let stop = draws ? row + 1 : row
                    context.addRect(
                        Rect(
                            x: Double(piece.x), y: Double(start), width: Double(piece.width),
                            height: Double(stop - start)))
                    start = -1
                }
            }
        }
        context.clip()
        context.clear()
        context.restore()
    }

    /// The largest box a visible layer above `index` paints opaque: what `index` need not
    /// paint.
    func hiddenAbove(_ index: Int, _ scene: Scene) -> PixelRect {
        var hidden = PixelRect.empty
        for above in entries.indices where above > index && scene.layers[above].opacity > 0 {
            if entries[above].hides.area > hidden.area { hidden = entries[above].hides }
        }
        return hidden
    }
}
