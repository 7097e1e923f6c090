internal import CCairo
import SwipeDismissCairo

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
