internal import CCairo
import Glibc
import SwipeDismiss

/// A box of whole device pixels: what a compositor repaints and a window presenter copies.
public struct PixelRect: Hashable, Sendable {
    /// The left edge, in device pixels.
    public var x: Int
    /// The top edge, in device pixels.
    public var y: Int
    /// The width in device pixels.
    public var width: Int
    /// The height in device pixels.
    public var height: Int

    /// A box with its top-left corner at (`x`, `y`) and the given size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// How many pixels the box covers.
    public var area: Int { width * height }

    /// No pixels.
    static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest box holding both (an empty box adds nothing).
    func union(_ other: PixelRect) -> PixelRect {
        if area <= 0 { return other }
        if other.area <= 0 { return self }
        let minX = min(x, other.x)
        let minY = min(y, other.y)
        return PixelRect(
            x: minX, y: minY, width: max(x + width, other.x + other.width) - minX,
            height: max(y + height, other.y + other.height) - minY)
    }

    /// The part inside `other` (width or height 0 when they do not meet).
    func intersection(_ other: PixelRect) -> PixelRect {
        let minX = max(x, other.x)
        let minY = max(y, other.y)
        let maxX = min(x + width, other.x + other.width)
        let maxY = min(y + height, other.y + other.height)
        return PixelRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// `rect` in points mapped through `transform`, times `scale`, rounded out to whole
    /// pixels with one pixel to spare for antialiasing.
    init(covering rect: Rect, transform: Transform, scale: Double) {
        let p0 = transform.apply(to: Point(x: rect.minX, y: rect.minY))
        let p1 = transform.apply(to: Point(x: rect.maxX, y: rect.minY))
        let p2 = transform.apply(to: Point(x: rect.minX, y: rect.maxY))
        let p3 = transform.apply(to: Point(x: rect.maxX, y: rect.maxY))
        let minX = min(p0.x, p1.x, p2.x, p3.x) * scale
        let minY = min(p0.y, p1.y, p2.y, p3.y) * scale
        let maxX = max(p0.x, p1.x, p2.x, p3.x) * scale
        let maxY = max(p0.y, p1.y, p2.y, p3.y) * scale
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        // Clamped far beyond any surface, so the conversions below cannot trap.
        let limit = 1_000_000.0
        let left = Int(max(-limit, min(limit, minX.rounded(.down) - 1)))
        let top = Int(max(-limit, min(limit, minY.rounded(.down) - 1)))
        let right = Int(max(-limit, min(limit, maxX.rounded(.up) + 1)))
        let bottom = Int(max(-limit, min(limit, maxY.rounded(.up) + 1)))
        self.init(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}

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
        guard box.width > 0, box.height > 0, box.width <= 32767, box.height <= 32767 else {
            throw CairoError(
                operation: "cairo_image_surface_create",
                status: Int32(CAIRO_STATUS_INVALID_SIZE.rawValue),
                reason: "invalid layer raster size \(box.width)x\(box.height)")
        }
        let surface = try CairoSurface(
            mappedImageWidth: box.width, height: box.height, opaque: opaque)
        let context = try CairoContext(surface: surface)
        context.translate(x: Double(-box.x), y: Double(-box.y))
        painter.paintItems(of: layer, on: context, scale: scale)
        try context.checkStatus("rasterising a \(layer.role.rawValue) layer")
        surface.flush()
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
            throw CairoError(operation: "cairo_pattern_create_for_surface", cairoStatus: status)
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
    /// work; there, rows `plan` does not draw are left alone.
    func composite(
        on context: CairoContext, dx: Int, dy: Int, opacity: Double, clip: PixelRect,
        opaque: PixelRect, plan: CairoRowPlan? = nil, pieces: CairoOcclusion.Pieces? = nil
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
            if opacity >= 1, let target, blendRows(blended, within: pieces, dx: dx, dy: dy, target)
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

/// Where each row of a raster's pixels is: a whole image's rows in order, or a packed
/// raster's distinct rows through its slots. Valid while the memory's owner lives.
struct CairoRasterRows {
    /// Row 0 of the pixels.
    let base: UnsafeMutableRawPointer
    /// Bytes from one row of `base` to the next.
    let stride: Int
    /// Per raster row, its row at `base` (nil: raster row `i` is row `i`).
    let slots: UnsafeMutablePointer<Int32>?

    /// The rows of `surface` (an image surface), in order.
    init(whole surface: CairoSurface) throws(CairoError) {
        guard let data = surface.imageData else {
            throw CairoError(
                operation: "cairo_image_surface_get_data",
                reason: "the raster has no pixels to read")
        }
        base = data
        stride = surface.imageStride
        slots = nil
    }

    init(base: UnsafeMutableRawPointer, stride: Int, slots: UnsafeMutablePointer<Int32>?) {
        self.base = base
        self.stride = stride
        self.slots = slots
    }

    /// The first byte of raster row `index`.
    @inline(__always)
    func row(_ index: Int) -> UnsafeMutableRawPointer {
        if let slots { return base + Int(slots[index]) * stride }
        return base + index * stride
    }
}

/// A raster's distinct rows, in the order they first appear, in memory of its own mapping,
/// and per raster row which of them it is.
final class CairoPackedRaster {
    /// The distinct rows.
    let lines: CairoSurface
    /// Per raster row, its row in `lines`.
    let slots: UnsafeMutableBufferPointer<Int32>

    /// Packs `surface` (an image), with `classes` (per row, the first row looking the same
    /// over some columns: rows of one class are compared whole with that class's distinct
    /// rows so far); nil when more than a quarter of its rows are distinct, and the packing
    /// would keep most of it.
    init?(_ surface: CairoSurface, classes: UnsafeMutableBufferPointer<Int32>)
        throws(CairoError)
    {
        let height = surface.pixelHeight
        let width = surface.pixelWidth
        guard let data = surface.imageData, classes.count == height, height > 0 else {
            return nil
        }
        let stride = surface.imageStride
        let bytes = width * 4
        let slots = UnsafeMutableBufferPointer<Int32>.allocate(capacity: height)
        // Per class, its distinct rows so far, chained: the row each first appears at.
        var lastOfClass = [Int32](repeating: -1, count: height)
        var earlierOfClass = [Int32](repeating: -1, count: height)
        var firstRow = [Int32](repeating: 0, count: height)
        var distinct = 0
        for row in 0..<height {
            let rowClass = Int(classes[row])
            var slot = rowClass >= 0 && rowClass < height ? lastOfClass[rowClass] : -1
            while slot >= 0,
                memcmp(data + row * stride, data + Int(firstRow[Int(slot)]) * stride, bytes) != 0
            {
                slot = earlierOfClass[Int(slot)]
            }
            if slot < 0 {
                slot = Int32(distinct)
                firstRow[distinct] = Int32(row)
                if rowClass >= 0, rowClass < height {
                    earlierOfClass[distinct] = lastOfClass[rowClass]
                    lastOfClass[rowClass] = slot
                }
                distinct += 1
            }
            slots[row] = slot
        }
        guard distinct * 4 <= height else {
            slots.deallocate()
            return nil
        }
        do {
            lines = try CairoSurface(
                mappedImageWidth: width, height: distinct,
                opaque: cairo_image_surface_get_format(surface.pointer) == CAIRO_FORMAT_RGB24)
        } catch {
            slots.deallocate()
            throw error
        }
        self.slots = slots
        guard let target = lines.imageData else { return }
        let lineStride = lines.imageStride
        var next: Int32 = 0
        for row in 0..<height where slots[row] == next {
            (target + Int(next) * lineStride).copyMemory(
                from: data + row * stride, byteCount: bytes)
            next += 1
        }
        lines.markDirty()
    }

    deinit {
        slots.deallocate()
    }

    /// The rows, for reading.
    var pixels: CairoRasterRows {
        CairoRasterRows(base: lines.imageData!, stride: lines.imageStride, slots: slots.baseAddress)
    }

    /// The whole raster again, byte for byte.
    func unpacked(box: PixelRect, opaque: Bool) throws(CairoError) -> CairoSurface {
        let surface = try CairoSurface(
            mappedImageWidth: box.width, height: box.height, opaque: opaque)
        guard let data = surface.imageData else { return surface }
        let stride = surface.imageStride
        let rows = pixels
        for row in 0..<box.height {
            (data + row * stride).copyMemory(from: rows.row(row), byteCount: box.width * 4)
        }
        surface.markDirty()
        return surface
    }
}

/// A cairo context's target when it is an ARGB32 or RGB24 image surface: its pixels, for
/// writing rows straight into it.
struct CairoImageTarget {
    let surface: OpaquePointer
    let data: UnsafeMutableRawPointer
    let stride: Int
    let width: Int
    let height: Int
    let format: cairo_format_t

    init?(_ cr: OpaquePointer) {
        guard let target = cairo_get_target(cr),
            cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE
        else { return nil }
        let format = cairo_image_surface_get_format(target)
        guard format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_ARGB32,
            let data = cairo_image_surface_get_data(target)
        else { return nil }
        surface = target
        self.data = UnsafeMutableRawPointer(data)
        stride = Int(cairo_image_surface_get_stride(target))
        width = Int(cairo_image_surface_get_width(target))
        height = Int(cairo_image_surface_get_height(target))
        self.format = format
    }

    /// Completes cairo's pending drawing before the pixels are written.
    func flush() {
        cairo_surface_flush(surface)
    }

    /// Tells cairo `rect` was written behind its back.
    func markDirty(_ rect: PixelRect) {
        cairo_surface_mark_dirty_rectangle(
            surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }
}
