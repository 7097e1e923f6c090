internal import CCairo
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

/// One layer's items rasterised once, untransformed and opaque, into an ARGB image surface,
/// with the pattern that composites it (made once, moved by its matrix each frame).
final class CairoLayerCache {
    /// Where the raster's pixel (0, 0) sits, in device pixels, before the layer's transform.
    let box: PixelRect
    let surface: CairoSurface
    /// Which rows are flat or repeat, over `rowColumns` given to `init` (nil if none given).
    let rows: CairoRowTable?
    private let pattern: OpaquePointer

    /// Rasterises `layer`'s items covering `box` (device pixels) at `scale`; `opaque` when
    /// the items paint every pixel of `box` opaque, so the raster can be RGB24 and
    /// compositing it is a copy. `rowColumns` (raster columns, where the items paint opaque)
    /// asks for a `CairoRowTable` of them.
    init(
        layer: Layer, box: PixelRect, opaque: Bool, scale: Double, painter: CairoPainter,
        rowColumns: Range<Int>? = nil
    ) throws(CairoError) {
        self.box = box
        guard box.width > 0, box.height > 0, box.width <= 32767, box.height <= 32767 else {
            throw CairoError(
                operation: "cairo_image_surface_create",
                status: Int32(CAIRO_STATUS_INVALID_SIZE.rawValue),
                reason: "invalid layer raster size \(box.width)x\(box.height)")
        }
        surface = try CairoSurface(
            mappedImageWidth: box.width, height: box.height, opaque: opaque)
        let context = try CairoContext(surface: surface)
        context.translate(x: Double(-box.x), y: Double(-box.y))
        painter.paintItems(of: layer, on: context, scale: scale)
        try context.checkStatus("rasterising a \(layer.role.rawValue) layer")
        surface.flush()
        if let rowColumns {
            rows = CairoRowTable(surface: surface, columns: rowColumns.clamped(to: 0..<box.width))
        } else {
            rows = nil
        }
        let raw = cairo_pattern_create_for_surface(surface.pointer)!
        let status = cairo_pattern_status(raw)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_pattern_destroy(raw)
            throw CairoError(operation: "cairo_pattern_create_for_surface", cairoStatus: status)
        }
        // Only whole-pixel moves use the cache, so sampling never needs to interpolate.
        cairo_pattern_set_filter(raw, CAIRO_FILTER_NEAREST)
        pattern = raw
    }

    deinit {
        cairo_pattern_destroy(pattern)
    }

    /// Paints the raster moved by (`dx`, `dy`) device pixels onto `context` (whose matrix
    /// must be the identity), with `opacity`; `clip` limits the fill. Inside `opaque` (device
    /// pixels the raster is known to cover fully) it is copied rather than blended, which
    /// gives the same pixels for less work; there, rows `plan` does not draw are left alone.
    func composite(
        on context: CairoContext, dx: Int, dy: Int, opacity: Double, clip: PixelRect,
        opaque: PixelRect, plan: CairoRowPlan? = nil
    ) {
        let placed = PixelRect(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height)
            .intersection(clip)
        guard placed.area > 0 else { return }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, Double(-(box.x + dx)), Double(-(box.y + dy)))
        cairo_pattern_set_matrix(pattern, &matrix)
        let cr = context.pointer
        cairo_set_source(cr, pattern)
        let copied =
            opacity >= 1 ? opaque.intersection(placed) : PixelRect(x: 0, y: 0, width: 0, height: 0)
        let blended = CairoOcclusion.Pieces(placed, minus: copied)
        for index in 0..<blended.count { addRect(blended[index], to: cr) }
        if opacity >= 1 {
            cairo_fill(cr)
        } else {
            cairo_save(cr)
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, opacity)
            cairo_restore(cr)
        }
        if copied.area > 0 {
            if let plan, copyRows(of: copied, dx: dx, dy: dy, plan, on: cr) { return }
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

    /// Copies the rows of `rect` (inside the raster moved by `dx`, `dy`, where it is opaque)
    /// that `plan` draws straight into `cr`'s target, each from its class's representative
    /// row (what cairo's SOURCE copy writes, without its per-box set-up); false, copying
    /// nothing, unless both are 32-bit image surfaces and the table covers the columns.
    private func copyRows(
        of rect: PixelRect, dx: Int, dy: Int, _ plan: CairoRowPlan, on cr: OpaquePointer
    ) -> Bool {
        let src = surface.pointer
        let first = rect.x - (box.x + dx)
        guard let rows, first >= rows.columns.lowerBound,
            first + rect.width <= rows.columns.upperBound, let target = cairo_get_target(cr),
            cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
            rect.x >= 0, rect.y >= 0,
            rect.x + rect.width <= Int(cairo_image_surface_get_width(target)),
            rect.y + rect.height <= Int(cairo_image_surface_get_height(target))
        else { return false }
        let format = cairo_image_surface_get_format(target)
        let sourceFormat = cairo_image_surface_get_format(src)
        // An RGB24 raster's spare byte is not an alpha to copy into an ARGB32 target.
        guard format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_ARGB32,
            sourceFormat == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24
        else { return false }
        cairo_surface_flush(target)
        guard let dstData = cairo_image_surface_get_data(target),
            let srcData = cairo_image_surface_get_data(src)
        else { return false }
        let dstStride = Int(cairo_image_surface_get_stride(target))
        let srcStride = Int(cairo_image_surface_get_stride(src))
        let top = box.y + dy
        for row in rect.y..<(rect.y + rect.height) where CairoRowPlan.isDrawn(plan.kinds[row]) {
            let line = Int(rows.classes[row - top])
            (dstData + row * dstStride + rect.x * 4).update(
                from: srcData + line * srcStride + first * 4, count: rect.width * 4)
        }
        cairo_surface_mark_dirty_rectangle(
            target, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
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
