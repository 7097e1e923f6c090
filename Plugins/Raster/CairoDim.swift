internal import CCairo
import SwipeDismiss
import SwipeDismissCairo

/// A black dim over an opaque raster, written in one pass.
///
/// Cairo draws a translucent black rectangle over a pixel `p` as `p × (255 − a) / 255` per
/// channel (pixman's rounded `MUL_UN8`, with `a` the 8-bit alpha cairo derives from the
/// colour). The compositor normally copies the presenting screen's raster into the frame and
/// then blends the dim over it: two passes over every pixel above the card, each frame. This
/// writes the same bytes straight from the raster into the frame instead.
enum CairoDim {
    /// The 8-bit alpha cairo 1.16 fills with for a colour alpha `alpha` (a double in
    /// [0, 1], first made 16-bit by `_cairo_color_double_to_short`, then cut to 8 bits by
    /// pixman).
    static func alpha8(_ alpha: Double) -> UInt32 {
        let clamped = min(1, max(0, alpha))
        return UInt32(clamped * 65535 + 0.5) >> 8
    }

    /// The dim's alpha when `layer` is a plain black dim the compositor can write in one
    /// pass: one opaque black rectangle, drawn translucent by the layer's opacity, moved by
    /// whole pixels at most. Nil otherwise.
    static func blackAlpha(of layer: Layer) -> Double? {
        guard layer.items.count == 1, layer.clipGroup == nil, layer.opacity > 0,
            layer.opacity < 1, case .rect(_, let fill) = layer.items[0], fill.red == 0,
            fill.green == 0, fill.blue == 0, fill.alpha == 1
        else { return nil }
        return layer.opacity
    }

    /// Whether `layer` paints the same pixels as it did at opacity `old`: the same opacity,
    /// or a black dim whose 8-bit alpha did not change (a drag's alpha often moves by less
    /// than 1/255 between frames; then only the card's box is repainted).
    static func looksTheSame(_ layer: Layer, asAt old: Double) -> Bool {
        if layer.opacity == old { return true }
        guard blackAlpha(of: layer) != nil, old > 0, old < 1 else { return false }
        return alpha8(old) == alpha8(layer.opacity)
    }

    /// The device pixels a dim layer covers fully, or empty.
    static func coveredPixels(of layer: Layer, scale: Double) -> PixelRect {
        guard case .rect(let rect, _) = layer.items.first else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        return CairoOcclusion.pixelsInside(rect, transform: layer.transform, scale: scale)
    }

    /// Writes `source` (the rows of a `width` × `height` raster of opaque 32-bit pixels,
    /// whole or packed, whose pixel (0, 0) sits at device pixel (`originX`, `originY`))
    /// darkened by black at `alpha8` into each of `pieces` cut to `within`, on `context`'s
    /// target (an ARGB32 or RGB24 image surface). Returns false, writing nothing, when a
    /// piece does not lie inside both or the target is not such an image. Rows `plan` does
    /// not draw are left alone; with the source's `table`, a row repeating one already
    /// written is copied from it, or, in a run of at least `minimumRepeatRun` such rows that
    /// nothing draws over afterwards in a piece as wide as the plan's changed box, marked in
    /// `plan` as repeats and not written at all.
    static func write(
        _ source: CairoRasterRows, width: Int, height: Int, originX: Int, originY: Int,
        alpha8: UInt32, onto context: CairoContext, pieces: CairoOcclusion.Pieces,
        within: PixelRect, plan: CairoRowPlan? = nil, table: CairoRowTable? = nil
    ) -> Bool {
        guard let target = cairo_get_target(context.pointer), isWordImage(target), alpha8 <= 255
        else { return false }
        let targetBox = PixelRect(
            x: 0, y: 0, width: Int(cairo_image_surface_get_width(target)),
            height: Int(cairo_image_surface_get_height(target)))
        let sourceBox = PixelRect(x: originX, y: originY, width: width, height: height)
        for index in 0..<pieces.count {
            let rect = pieces[index].intersection(within)
            guard
                rect.area == 0
                    || (rect.intersection(targetBox) == rect
                        && rect.intersection(sourceBox) == rect)
            else { return false }
        }
        cairo_surface_flush(target)
        guard let dstData = cairo_image_surface_get_data(target) else { return false }
        let dstStride = Int(cairo_image_surface_get_stride(target))
        let keep = 255 - alpha8
        for index in 0..<pieces.count {
            let rect = pieces[index].intersection(within)
            guard rect.area > 0 else { continue }
            // Rows of one class are the same pixels, so the same dimmed pixels.
            var classes: CairoRowTable? = nil
            if let table, rect.x - originX >= table.columns.lowerBound,
                rect.x - originX + rect.width <= table.columns.upperBound
            {
                classes = table
                for row in 0..<rect.height {
                    table.written[Int(table.classes[rect.y + row - originY])] = -1
                }
            }
            // Rows a presenter may copy from rows above: the piece spans the changed box.
            let repeatable =
                plan.map { rect.x == $0.damage.x && rect.width == $0.damage.width } ?? false
            for row in 0..<rect.height {
                let y = rect.y + row
                // A repeat marked below is no longer drawn.
                if let plan, !CairoRowPlan.isDrawn(plan.kinds[y]) { continue }
                let to = UnsafeMutableRawPointer(dstData + y * dstStride + rect.x * 4)
                var line = y - originY
                if let classes {
                    line = Int(classes.classes[line])
                    let done = Int(classes.written[line])
                    if done >= 0 {
                        if repeatable, let plan {
                            let length = repeatRun(
                                at: y, of: done, through: rect.y + rect.height, plan, classes,
                                originY: originY)
                            if length >= minimumRepeatRun {
                                for index in 0..<length {
                                    plan.mark(
                                        y + index, CairoRowPlan.repeats | UInt32(done + index))
                                }
                                continue
                            }
                        }
                        to.copyMemory(
                            from: dstData + done * dstStride + rect.x * 4, byteCount: rect.width * 4
                        )
                        continue
                    }
                    classes.written[line] = Int32(y)
                }
                let from = UnsafeRawPointer(source.row(line) + (rect.x - originX) * 4)
                    .assumingMemoryBound(to: UInt32.self)
                scaleRow(
                    from: from, to: to.assumingMemoryBound(to: UInt32.self), count: rect.width,
                    keep: keep)
            }
            cairo_surface_mark_dirty_rectangle(
                target, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        return true
    }

    /// The fewest rows worth sending as one repeat: a shorter run is copied here (a row is
    /// 1.5 kB at 390 px, cheaper to copy than one more request is to send and handle).
    static let minimumRepeatRun = 8

    /// How many rows from `row` on repeat rows from `source` on, one for one: each left
    /// final once written (`overwritesAlone`), its source such a row written already (above
    /// `row`, not itself a repeat) and showing the same raster row (equal `classes`), all
    /// before `end`.
    private static func repeatRun(
        at row: Int, of source: Int, through end: Int, _ plan: CairoRowPlan,
        _ table: CairoRowTable, originY: Int
    ) -> Int {
        let alone = CairoRowPlan.overwritesAlone
        guard source < row, plan.kinds[source] == alone, row < 1 << 30 else { return 0 }
        var length = 0
        while row + length < end, source + length < row, plan.kinds[row + length] == alone,
            plan.kinds[source + length] == alone,
            table.classes[row + length - originY] == table.classes[source + length - originY]
        {
            length += 1
        }
        return length
    }

    /// `to[i] = opaque(from[i] × keep / 255)`, rounded as pixman's `MUL_UN8`, two channels
    /// per multiply.
    @inline(__always)
    private static func scaleRow(
        from: UnsafePointer<UInt32>, to: UnsafeMutablePointer<UInt32>, count: Int, keep: UInt32
    ) {
        for index in 0..<count { to[index] = scaled(from[index], keep: keep) }
    }

    /// `opaque(pixel × keep / 255)` per channel, rounded as pixman's `MUL_UN8`, two channels
    /// per multiply: the pixel under black at alpha `255 − keep`. `scaledWord` with the alpha
    /// made opaque, written apart: leaving out the alpha lane keeps the dim's loop, the
    /// drag's busiest, 15 % shorter under callgrind.
    @inline(__always)
    static func scaled(_ pixel: UInt32, keep: UInt32) -> UInt32 {
        var redBlue = (pixel & 0x00FF_00FF) &* keep &+ 0x0080_0080
        redBlue = ((redBlue &+ ((redBlue >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var green = ((pixel >> 8) & 0xFF) &* keep &+ 0x80
        green = ((green &+ (green >> 8)) >> 8) & 0xFF
        return 0xFF00_0000 | redBlue | (green << 8)
    }

    /// `pixel × keep / 255` in each of its four bytes, rounded as pixman's `MUL_UN8`, two
    /// bytes per multiply: a premultiplied pixel under an OVER whose source has alpha
    /// `255 − keep`, before the source is added.
    @inline(__always)
    static func scaledWord(_ pixel: UInt32, keep: UInt32) -> UInt32 {
        var redBlue = (pixel & 0x00FF_00FF) &* keep &+ 0x0080_0080
        redBlue = ((redBlue &+ ((redBlue >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var alphaGreen = ((pixel >> 8) & 0x00FF_00FF) &* keep &+ 0x0080_0080
        alphaGreen = ((alphaGreen &+ ((alphaGreen >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        return redBlue | alphaGreen << 8
    }

    private static func isWordImage(_ surface: OpaquePointer) -> Bool {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else { return false }
        let format = cairo_image_surface_get_format(surface)
        return format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24
    }
}
