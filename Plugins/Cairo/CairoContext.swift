internal import CCairo
import SwipeDismiss

/// Owns one `cairo_t` drawing on a `CairoSurface`; every method is one thin wrapper of the
/// cairo call it names.
///
/// Coordinates are user-space units (points once the painter has scaled). The context keeps
/// its surface alive.
public final class CairoContext {
    /// The owned `cairo_t *`. Borrowed: valid while this object lives; do not destroy it.
    package let pointer: OpaquePointer
    /// The surface drawn on, kept alive by the context.
    public let surface: CairoSurface

    /// A context drawing on `surface` (`cairo_create`).
    public init(surface: CairoSurface) throws(CairoError) {
        self.pointer = try CairoError.checkCreated(
            cairo_create(surface.pointer)!, "cairo_create", path: surface.path,
            status: cairo_status, destroy: cairo_destroy)
        self.surface = surface
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// The `cairo_t *`, for drawing with your own cairo calls (import your own cairo module
    /// and pass it on). Borrowed: valid while this context lives; do not destroy it. Leave
    /// the context's state as you found it (`cairo_save` / `cairo_restore`).
    public var cairoPointer: OpaquePointer { pointer }

    /// Throws if the context is in an error state (`cairo_status`).
    public func checkStatus(
        _ operation: @autoclosure () -> String = "cairo_status"
    ) throws(CairoError) {
        try CairoError.check(cairo_status(pointer), operation(), path: surface.path)
    }

    // MARK: State

    /// `cairo_save`.
    public func save() { cairo_save(pointer) }
    /// `cairo_restore`.
    public func restore() { cairo_restore(pointer) }
    /// `cairo_translate`.
    public func translate(x: Double, y: Double) { cairo_translate(pointer, x, y) }
    /// `cairo_scale`.
    public func scale(x: Double, y: Double) { cairo_scale(pointer, x, y) }
    /// Multiplies the current matrix by `transform` (`cairo_transform`).
    public func concatenate(_ transform: Transform) {
        var matrix = cairo_matrix_t(
            xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
            x0: transform.tx, y0: transform.ty)
        cairo_transform(pointer, &matrix)
    }

    // MARK: Source and style

    /// Sets a solid source (`cairo_set_source_rgba`), its alpha multiplied by `opacity`.
    public func setSource(_ color: Color, opacity: Double = 1) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha * opacity)
    }
    /// `cairo_set_line_width`.
    public func setLineWidth(_ width: Double) { cairo_set_line_width(pointer, width) }
    /// Dashed strokes with `on`/`off` lengths, or solid ones for an empty pattern
    /// (`cairo_set_dash`).
    public func setDash(_ pattern: [Double], offset: Double = 0) {
        pattern.withUnsafeBufferPointer {
            cairo_set_dash(pointer, $0.baseAddress, Int32($0.count), offset)
        }
    }

    // MARK: Paths

    /// `cairo_new_path`.
    public func newPath() { cairo_new_path(pointer) }
    /// `cairo_move_to`.
    public func move(to point: Point) { cairo_move_to(pointer, point.x, point.y) }
    /// Moves to the whole device pixel nearest `point` (`cairo_move_to`), halves up, when the
    /// target is a raster (image, Xlib or XCB surface) and the matrix only scales and moves;
    /// else to `point` itself.
    ///
    /// For text: cairo rounds each glyph's device position to a whole pixel, and at a scale
    /// such as 1.5 a centred line starts at x.5 give or take a last bit that depends on the
    /// matrix's translation, so a line moved by whole pixels could come out a pixel off
    /// (a layer raster and a direct paint then disagree). From a whole pixel, with whole-pixel
    /// advances, nothing is near a tie. Where cairo already reached the same pixel exactly
    /// (at 1× and 2× every position is exact), the glyphs land where they did.
    package func move(toPixelNear point: Point) {
        var m = cairo_matrix_t()
        cairo_get_matrix(pointer, &m)
        let type = cairo_surface_get_type(cairo_get_group_target(pointer))
        guard m.xy == 0, m.yx == 0, m.xx != 0, m.yy != 0,
            type == CAIRO_SURFACE_TYPE_IMAGE || type == CAIRO_SURFACE_TYPE_XLIB
                || type == CAIRO_SURFACE_TYPE_XCB
        else {
            cairo_move_to(pointer, point.x, point.y)
            return
        }
        // To cairo's 1/256 grid first, which drops the last-bit noise, then to the pixel.
        func pixel(_ device: Double) -> Double {
            ((device * 256).rounded() / 256 + 0.5).rounded(.down)
        }
        let x = (pixel(m.xx * point.x + m.x0) - m.x0) / m.xx
        let y = (pixel(m.yy * point.y + m.y0) - m.y0) / m.yy
        guard x.isFinite, y.isFinite else {
            cairo_move_to(pointer, point.x, point.y)
            return
        }
        cairo_move_to(pointer, x, y)
    }
    /// `cairo_line_to`.
    public func line(to point: Point) { cairo_line_to(pointer, point.x, point.y) }
    /// `cairo_close_path`.
    public func closePath() { cairo_close_path(pointer) }
    /// `cairo_rectangle`.
    public func addRect(_ rect: Rect) {
        cairo_rectangle(pointer, rect.minX, rect.minY, rect.width, rect.height)
    }
    /// A rectangle with circular corners of `radius` (clamped to half the shorter side),
    /// as four `cairo_arc` calls.
    public func addRoundedRect(_ rect: Rect, radius: Double) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        guard r > 0 else {
            addRect(rect)
            return
        }
        let halfPi = Double.pi / 2
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, rect.maxX - r, rect.minY + r, r, -halfPi, 0)
        cairo_arc(pointer, rect.maxX - r, rect.maxY - r, r, 0, halfPi)
        cairo_arc(pointer, rect.minX + r, rect.maxY - r, r, halfPi, 2 * halfPi)
        cairo_arc(pointer, rect.minX + r, rect.minY + r, r, 2 * halfPi, 3 * halfPi)
        cairo_close_path(pointer)
    }

    // MARK: Drawing

    /// `cairo_fill`.
    public func fill() { cairo_fill(pointer) }
    /// `cairo_stroke`.
    public func stroke() { cairo_stroke(pointer) }
    /// `cairo_clip`.
    public func clip() { cairo_clip(pointer) }
    /// The box the current clip (and the surface) leaves drawable, in user space
    /// (`cairo_clip_extents`).
    public func clipExtents() -> Rect {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(pointer, &x1, &y1, &x2, &y2)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }
    /// `rect` with its edges moved to the nearest device-pixel edges, in user space; nil when
    /// the current matrix rotates or shears (`cairo_get_matrix`).
    public func deviceAligned(_ rect: Rect) -> Rect? {
        var m = cairo_matrix_t()
        cairo_get_matrix(pointer, &m)
        guard m.xy == 0, m.yx == 0, m.xx != 0, m.yy != 0 else { return nil }
        let left = (m.xx * rect.minX + m.x0).rounded()
        let right = (m.xx * rect.maxX + m.x0).rounded()
        let top = (m.yy * rect.minY + m.y0).rounded()
        let bottom = (m.yy * rect.maxY + m.y0).rounded()
        let x0 = (left - m.x0) / m.xx
        let x1 = (right - m.x0) / m.xx
        let y0 = (top - m.y0) / m.yy
        let y1 = (bottom - m.y0) / m.yy
        let aligned = Rect(
            x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
        return aligned.minX.isFinite && aligned.maxX.isFinite && aligned.minY.isFinite
            && aligned.maxY.isFinite ? aligned : nil
    }
    /// Paints `image` with its pixel (0, 0) at the user-space origin, one pixel a unit, within
    /// the clip, at `alpha` (`cairo_set_source`, `cairo_paint_with_alpha`).
    public func paint(_ image: CairoLoadedImage, alpha: Double) {
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        cairo_pattern_set_matrix(image.pattern, &identity)
        cairo_set_source(pointer, image.pattern)
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, alpha) }
    }
    /// `cairo_paint`: fills the clip with the source.
    public func paint() { cairo_paint(pointer) }
    /// `cairo_paint_with_alpha`.
    public func paint(alpha: Double) { cairo_paint_with_alpha(pointer, alpha) }
    /// Makes the whole surface (within the clip) transparent (`CAIRO_OPERATOR_CLEAR`).
    public func clear() {
        cairo_save(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_CLEAR)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }
    /// Starts drawing into an offscreen group (`cairo_push_group`).
    public func pushGroup() { cairo_push_group(pointer) }
    /// Ends the group and paints it with `alpha` (`cairo_pop_group_to_source`,
    /// `cairo_paint_with_alpha`).
    public func popGroup(paintingWithAlpha alpha: Double) {
        cairo_pop_group_to_source(pointer)
        cairo_paint_with_alpha(pointer, alpha)
    }
    /// Ends the current page of a PDF surface and starts the next (`cairo_show_page`).
    public func showPage() { cairo_show_page(pointer) }

    // MARK: Text

    /// Uses `face` for text (`cairo_set_font_face`).
    public func setFontFace(_ face: CairoFontFace) { cairo_set_font_face(pointer, face.pointer) }
    /// `cairo_set_font_size`.
    public func setFontSize(_ size: Double) { cairo_set_font_size(pointer, size) }
    /// Draws `text` with its baseline starting at the current point (`cairo_show_text`).
    public func showText(_ text: String) {
        text.withCString { cairo_show_text(pointer, $0) }
    }
    /// Draws `text` so that `origin` (on the baseline) is its left edge, centre or right edge.
    public func showText(_ text: String, at origin: Point, alignment: TextAlignment) {
        var x = origin.x
        if alignment != .leading {
            let advance = textExtents(text).advance
            x -= alignment == .center ? advance / 2 : advance
        }
        cairo_move_to(pointer, x, origin.y)
        showText(text)
    }
    /// The measurements of `text` in the current font (`cairo_text_extents`).
    public func textExtents(_ text: String) -> TextExtents {
        var extents = cairo_text_extents_t()
        text.withCString { cairo_text_extents(pointer, $0, &extents) }
        return TextExtents(
            xBearing: extents.x_bearing, yBearing: extents.y_bearing, width: extents.width,
            height: extents.height, advance: extents.x_advance)
    }
}

/// What `cairo_text_extents` measures, in user-space units.
public struct TextExtents: Hashable, Sendable {
    /// From the current point to the ink's left edge.
    public var xBearing: Double
    /// From the baseline to the ink's top edge (negative above the baseline).
    public var yBearing: Double
    /// The ink's width.
    public var width: Double
    /// The ink's height.
    public var height: Double
    /// How far the current point moves: the width used for alignment.
    public var advance: Double
}

/// Owns one toy `cairo_font_face_t` (`cairo_toy_font_face_create`).
public final class CairoFontFace {
    /// The owned `cairo_font_face_t *`.
    package let pointer: OpaquePointer
    /// The font family asked for, such as "DejaVu Sans".
    public let family: String

    /// The face for `family` (for example "DejaVu Sans"), regular or bold.
    public init(family: String, bold: Bool = false) throws(CairoError) {
        let raw = cairo_toy_font_face_create(
            family, CAIRO_FONT_SLANT_NORMAL,
            bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)!
        self.pointer = try CairoError.checkCreated(
            raw, "cairo_toy_font_face_create", status: cairo_font_face_status,
            destroy: cairo_font_face_destroy)
        self.family = family
    }

    deinit {
        cairo_font_face_destroy(pointer)
    }
}
