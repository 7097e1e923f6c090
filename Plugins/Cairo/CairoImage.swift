internal import CCairo

/// A PNG file read back into memory (`cairo_image_surface_create_from_png`), for checking
/// rendered pixels.
///
/// `package`: a hook for this package's tests and tools, not part of the plugin's API.
package final class CairoImage {
    /// One pixel, straight (not premultiplied) 8-bit components.
    package struct Pixel: Hashable, Sendable {
        package var red: UInt8
        package var green: UInt8
        package var blue: UInt8
        package var alpha: UInt8

        package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    package let surface: CairoSurface

    /// Reads the PNG at `path`; throws naming the file if it is missing or not a PNG.
    package init(pngPath path: String) throws(CairoError) {
        let raw = try CairoError.checkCreated(
            cairo_image_surface_create_from_png(path)!, "cairo_image_surface_create_from_png",
            path: path, status: cairo_surface_status, destroy: cairo_surface_destroy)
        surface = try CairoSurface(adopting: raw)
    }

    /// Wraps an image surface (a renderer's, say) to read its pixels.
    package init(surface: CairoSurface) {
        self.surface = surface
    }

    package var width: Int { surface.pixelWidth }
    package var height: Int { surface.pixelHeight }

    /// The pixel at column `x`, row `y` (`cairo_image_surface_get_data`); the image must be
    /// ARGB32 or RGB24, and the point inside it.
    package func pixel(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
        cairo_surface_flush(surface.pointer)
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        let format = cairo_image_surface_get_format(surface.pointer)
        let data = cairo_image_surface_get_data(surface.pointer)!
        let word = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
        let alpha = format == CAIRO_FORMAT_RGB24 ? 255 : UInt32(word >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let premultiplied = (word >> shift) & 0xFF
            guard alpha != 0 else { return 0 }
            guard alpha != 255 else { return UInt8(premultiplied) }
            return UInt8(min(255, (premultiplied * 255 + alpha / 2) / alpha))
        }
        return Pixel(red: channel(16), green: channel(8), blue: channel(0), alpha: UInt8(alpha))
    }
}
