internal import CCairo
import SwipeDismiss
import SwipeDismissCairo

/// One layer's items rasterised once, untransformed, into an ARGB32 image (RGB24 when they
/// paint every pixel opaque), kept whole or, when most of its rows repeat (a screen of list
/// rows and flat bands, a card of lines), as its distinct rows only (`isPacked`).
///
/// A packed raster is a fraction of the memory, made once: nothing is given back and made
/// again between drags. Everything the compositor reads from a raster goes row by row
/// through `pixels`; only cairo's own compositing (a translucent layer, a target that is not
/// an image in memory) needs the whole raster, which is then unpacked once.
final class CairoLayerCache {
    /// Where the raster's pixel (0, 0) sits, in device pixels, before the layer's transform.
    let box: PixelRect
    /// Which rows are flat or repeat, over `rowColumns` given to `init` (nil if none given).
    let rows: CairoRowTable?
    /// Whether the raster is RGB24 (else ARGB32, premultiplied).
    let opaque: Bool
    /// The longest side cairo makes an image surface with.
    static let maximumSide = 32767
    /// Where each raster row's pixels are.
    private(set) var pixels: CairoRasterRows
    /// The whole raster, while held (nil when packed).
    private(set) var surface: CairoSurface?
    /// The distinct rows, while packed (nil when whole).
    private var packed: CairoPackedRaster?
    /// The pattern that composites the whole raster with cairo (made when first needed).
    private var pattern: OpaquePointer?
    /// Per raster row of an ARGB32 raster, a run of opaque pixels, `start << 16 | end`
    /// (empty if none): blending the row copies the run and blends only the rest (a card's
    /// rounded corners, either side of its opaque middle).
    private let opaqueRuns: UnsafeMutableBufferPointer<UInt32>

    /// Rasterises `layer`'s items covering `box` (device pixels) at `scale`; `opaque` when
    /// the items paint every pixel of `box` opaque, so the raster can be RGB24 and
    /// compositing it is a copy. `rowColumns` (raster columns, where the items paint opaque)
    /// asks for a `CairoRowTable` of them, and with it (and `packs`) the raster is packed
    /// when worth it.
    init(
        layer: Layer, box: PixelRect, opaque: Bool, scale: Double, painter: CairoPainter,
        rowColumns: Range<Int>? = nil, packs: Bool = true
    ) throws(CairoError) {
        self.box = box
        self.opaque = opaque
        guard box.width > 0, box.height > 0, box.width <= Self.maximumSide,
            box.height <= Self.maximumSide
        else {
            throw CairoError(
                operation: "cairo_image_surface_create",
                status: Int32(CAIRO_STATUS_INVALID_SIZE.rawValue),
                reason: "invalid layer raster size \(box.width)x\(box.height)")
        }
        let surface = try CairoSurface(
            mappedImageWidth: box.width, height: box.height, opaque: opaque)
        // The box's origin as a device offset, not a translation: the items are drawn with
        // the direct paint's own matrix, so cairo rounds every glyph and edge as that does
        // (a translation would change the last bits of positions at 1.5×, and a glyph at a
        // tie would land a pixel off). Dropped afterwards: the raster is a plain image.
        cairo_surface_set_device_offset(surface.pointer, Double(-box.x), Double(-box.y))
        let context = try CairoContext(surface: surface)
        painter.paintItems(of: layer, on: context, scale: scale)
        try context.checkStatus("rasterising a \(layer.role.rawValue) layer")
        surface.flush()
        cairo_surface_set_device_offset(surface.pointer, 0, 0)
        rows = rowColumns.map {
            CairoRowTable(surface: surface, columns: $0.clamped(to: 0..<box.width))
        }
        self.surface = surface
        pixels = try CairoRasterRows(whole: surface)
        opaqueRuns = .allocate(capacity: opaque ? 0 : box.height)
        if !opaque { findOpaqueRuns() }
        if packs { try pack() }
    }

    deinit {
        if let pattern { cairo_pattern_destroy(pattern) }
        opaqueRuns.deallocate()
    }

    /// Fills `opaqueRuns`: per row, the first run of opaque pixels.
    private func findOpaqueRuns() {
        let width = box.width
        for row in 0..<box.height {
            let line = UnsafeRawPointer(pixels.row(row)).assumingMemoryBound(to: UInt32.self)
            var start = 0
            while start < width, line[start] >> 24 != 0xFF { start += 1 }
            var end = start
            while end < width, line[end] >> 24 == 0xFF { end += 1 }
            opaqueRuns[row] = UInt32(start) << 16 | UInt32(end)
        }
    }

    /// Whether only the distinct rows are kept.
    var isPacked: Bool { packed != nil }

    /// How many rows of pixels are kept: the raster's height, or its distinct rows.
    var keptRows: Int { packed?.lines.pixelHeight ?? box.height }

    /// Keeps only the distinct rows of a whole raster, when it has a row table and at most a
    /// quarter of its rows are distinct; otherwise (or packed already) changes nothing.
    func pack() throws(CairoError) {
        guard packed == nil, let rows, let surface,
            let packed = try CairoPackedRaster(surface, classes: rows.classes)
        else { return }
        if let pattern { cairo_pattern_destroy(pattern) }
        pattern = nil
        self.packed = packed
        self.surface = nil
        pixels = packed.pixels
    }

    /// The whole raster (unpacked from the distinct rows if packed) and its pattern.
    private func wholePattern() throws(CairoError) -> OpaquePointer {
        if let pattern { return pattern }
        if let packed {
            surface = try packed.unpacked(box: box, opaque: opaque)
            self.packed = nil
        }
        guard let surface else {
            throw CairoError(operation: "cairo_pattern_create_for_surface", reason: "no raster")
        }
        pixels = try CairoRasterRows(whole: surface)
        let raw = cairo_pattern_create_for_surface(surface.pointer)!
        let status = cairo_pattern_status(raw)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_pattern_destroy(raw)
            throw CairoError(
                operation: "cairo_pattern_create_for_surface", status: Int32(status.rawValue),
                reason: String(cString: cairo_status_to_string(status)))
        }
        // Only whole-pixel moves use the cache, so sampling never needs to interpolate.
        cairo_pattern_set_filter(raw, CAIRO_FILTER_NEAREST)
        pattern = raw
        return raw
    }

    /// Paints the raster moved by (`dx`, `dy`) device pixels onto `context` (whose matrix
    /// must be the identity, clipped to `pieces` when given), with `opacity`; `clip` (the
    /// pieces' bounds) limits the fill. Inside `opaque` (device pixels the raster is known to
    /// cover fully) it is copied rather than blended, which gives the same pixels for less
    /// work; there, rows `plan` does not draw are left alone. `blendsRows` lets an opaque
    /// layer's translucent edges be blended here row by row (cairo 1.16's bytes,
    /// `CairoRounding`) rather than by cairo.
    func composite(
        on context: CairoContext, dx: Int, dy: Int, opacity: Double, clip: PixelRect,
        opaque: PixelRect, plan: CairoRowPlan? = nil, blendsRows: Bool = true,
        pieces: CairoOcclusion.Pieces? = nil
    ) throws(CairoError) {
        let placed = PixelRect(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height)
            .intersection(clip)
        guard placed.area > 0 else { return }
        let cr = context.pointer
        let copied =
            opacity >= 1 ? opaque.intersection(placed) : PixelRect(x: 0, y: 0, width: 0, height: 0)
        let blended = CairoOcclusion.Pieces(placed, minus: copied)
        if blended.count > 0 {
            let target = CairoImageTarget(cr)
            if opacity >= 1, blendsRows, let target,
                blendRows(blended, within: pieces, dx: dx, dy: dy, target)
            {
                // Written row by row, as cairo's OVER would.
            } else {
                try placePattern(dx: dx, dy: dy, on: cr)
                for index in 0..<blended.count { addRect(blended[index], to: cr) }
                if opacity >= 1 {
                    cairo_fill(cr)
                } else {
                    cairo_save(cr)
                    cairo_clip(cr)
                    cairo_paint_with_alpha(cr, opacity)
                    cairo_restore(cr)
                }
            }
        }
        if copied.area > 0 {
            if copyRows(of: copied, dx: dx, dy: dy, plan, on: cr) { return }
            try placePattern(dx: dx, dy: dy, on: cr)
            cairo_save(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            if let plan {
                addDrawnRows(of: copied, plan, to: cr)
            } else {
                addRect(copied, to: cr)
            }
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }

    /// Sets the whole raster, moved by (`dx`, `dy`), as `cr`'s source.
    private func placePattern(dx: Int, dy: Int, on cr: OpaquePointer) throws(CairoError) {
        let pattern = try wholePattern()
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, Double(-(box.x + dx)), Double(-(box.y + dy)))
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_set_source(cr, pattern)
    }

    /// Blends the raster moved by (`dx`, `dy`) over `target` inside `rects` (each cut to
    /// every one of `pieces`, the clip, when given), row by row with the bytes cairo's OVER
    /// writes (pixman's rounded `MUL_UN8`: `s + d × (255 − αs) / 255` per byte); false,
    /// writing nothing, unless the raster is ARGB32 and every rect lies inside the target.
    private func blendRows(
        _ rects: CairoOcclusion.Pieces, within pieces: CairoOcclusion.Pieces?, dx: Int, dy: Int,
        _ target: CairoImageTarget
    ) -> Bool {
        let bounds = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        for index in 0..<rects.count where rects[index].intersection(bounds) != rects[index] {
            return false
        }
        target.flush()
        let left = box.x + dx
        let top = box.y + dy
        func blend(_ rect: PixelRect) {
            guard rect.area > 0 else { return }
            for y in rect.y..<(rect.y + rect.height) {
                let from = UnsafeRawPointer(pixels.row(y - top) + (rect.x - left) * 4)
                    .assumingMemoryBound(to: UInt32.self)
                let to = (target.data + y * target.stride + rect.x * 4)
                    .assumingMemoryBound(to: UInt32.self)
                if opaque {
                    Self.copy(from, to: to, count: rect.width, target.format)
                    continue
                }
                // The row's opaque run, in the rect's columns: copied; the rest blended.
                let run = opaqueRuns[y - top]
                let start = min(max(Int(run >> 16) - (rect.x - left), 0), rect.width)
                let end = max(min(Int(run & 0xFFFF) - (rect.x - left), rect.width), start)
                Self.over(from, onto: to, count: start)
                (to + start).update(from: from + start, count: end - start)
                Self.over(from + end, onto: to + end, count: rect.width - end)
            }
            target.markDirty(rect)
        }
        for index in 0..<rects.count {
            if let pieces {
                for piece in 0..<pieces.count { blend(rects[index].intersection(pieces[piece])) }
            } else {
                blend(rects[index])
            }
        }
        return true
    }

    /// `to[i] = from[i] OVER to[i]` for premultiplied words, per byte `s + d × (255 − αs) /
    /// 255` rounded as pixman's `MUL_UN8`: an opaque source pixel is copied, a clear one
    /// leaves the target alone.
    @inline(__always)
    static func over(
        _ from: UnsafePointer<UInt32>, onto to: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        // No branch on the alpha: an opaque pixel scales the target by 0 and a clear one by
        // 255/255 exactly, so the loop vectorises.
        for index in 0..<count {
            let source = from[index]
            to[index] = source &+ CairoDim.scaledWord(to[index], keep: 255 - source >> 24)
        }
    }

    /// Copies `count` pixels of an RGB24 raster into a `format` target, as cairo does: as
    /// they are into RGB24, with their spare byte made an opaque alpha into ARGB32.
    @inline(__always)
    static func copy(
        _ from: UnsafePointer<UInt32>, to: UnsafeMutablePointer<UInt32>, count: Int,
        _ format: cairo_format_t
    ) {
        if format == CAIRO_FORMAT_RGB24 {
            to.update(from: from, count: count)
        } else {
            for index in 0..<count { to[index] = from[index] | 0xFF00_0000 }
        }
    }

    /// Copies the rows of `rect` (inside the raster moved by `dx`, `dy`, where it is opaque)
    /// that `plan` draws (all without one) straight into `cr`'s target, each from its class's
    /// representative row (what cairo's SOURCE copy writes, without its per-box set-up);
    /// false, copying nothing, unless the target is a 32-bit image surface and the table
    /// covers the columns.
    private func copyRows(
        of rect: PixelRect, dx: Int, dy: Int, _ plan: CairoRowPlan?, on cr: OpaquePointer
    ) -> Bool {
        let first = rect.x - (box.x + dx)
        guard let rows, first >= rows.columns.lowerBound,
            first + rect.width <= rows.columns.upperBound, let target = CairoImageTarget(cr),
            rect.x >= 0, rect.y >= 0, rect.x + rect.width <= target.width,
            rect.y + rect.height <= target.height
        else { return false }
        target.flush()
        let top = box.y + dy
        for row in rect.y..<(rect.y + rect.height)
        where plan.map({ CairoRowPlan.isDrawn($0.kinds[row]) }) ?? true {
            let line = Int(rows.classes[row - top])
            let from = pixels.row(line) + first * 4
            let to = target.data + row * target.stride + rect.x * 4
            if opaque {
                // An RGB24 raster's spare byte is no alpha: made opaque for an ARGB32 target.
                Self.copy(
                    UnsafeRawPointer(from).assumingMemoryBound(to: UInt32.self),
                    to: to.assumingMemoryBound(to: UInt32.self), count: rect.width, target.format)
            } else {
                to.copyMemory(from: from, byteCount: rect.width * 4)
            }
        }
        target.markDirty(rect)
        return true
    }

    /// Adds the runs of `rect`'s rows that `plan` draws.
    private func addDrawnRows(of rect: PixelRect, _ plan: CairoRowPlan, to cr: OpaquePointer) {
        var start = -1
        let end = rect.y + rect.height
        for row in rect.y..<end {
            let draws = CairoRowPlan.isDrawn(plan.kinds[row])
            if draws, start < 0 { start = row }
            if start >= 0, !draws || row == end - 1 {
                let stop = draws ? row + 1 : row
                addRect(
                    PixelRect(x: rect.x, y: start, width: rect.width, height: stop - start), to: cr)
                start = -1
            }
        }
    }

    private func addRect(_ rect: PixelRect, to cr: OpaquePointer) {
        cairo_rectangle(
            cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
    }
}
