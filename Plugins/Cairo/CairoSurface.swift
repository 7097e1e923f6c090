internal import CCairo
import SwipeDismiss

/// Owns one `cairo_surface_t`: an ARGB32 image, a PDF or SVG file, or a surface made elsewhere.
///
/// Created with a status check that throws, destroyed (`cairo_surface_destroy`) in `deinit`.
public final class CairoSurface {
    /// What the surface draws into.
    public enum Kind: Equatable, Sendable {
        /// Pixels in memory, `CAIRO_FORMAT_ARGB32`.
        case image
        /// A PDF file, one page at a time.
        case pdf
        /// An SVG file.
        case svg
        /// Adopted from another module (an xlib surface, say).
        case other
    }

    /// The owned `cairo_surface_t *`, for modules (such as the X11 plugin) that need it.
    ///
    /// Borrowed: valid while this object lives; do not destroy it.
    package let pointer: OpaquePointer
    /// What the surface draws into.
    public let kind: Kind
    /// The file a PDF or SVG surface writes to.
    public let path: String?

    /// An ARGB32 image surface of `width` × `height` pixels, cleared to transparent
    /// (`cairo_image_surface_create`).
    public convenience init(imageWidth width: Int, height: Int) throws(CairoError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw CairoError(
                operation: "cairo_image_surface_create",
                status: Int32(CAIRO_STATUS_INVALID_SIZE.rawValue),
                reason: "invalid image size \(width)x\(height)")
        }
        let raw = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        try self.init(owning: raw, kind: .image, path: nil, operation: "cairo_image_surface_create")
    }

    /// A PDF file at `path` whose first page is `width` × `height` points
    /// (`cairo_pdf_surface_create`). The file is complete after `finish()`.
    public convenience init(pdfPath path: String, width: Double, height: Double)
        throws(CairoError)
    {
        let raw = cairo_pdf_surface_create(path, width, height)!
        try self.init(owning: raw, kind: .pdf, path: path, operation: "cairo_pdf_surface_create")
    }

    /// An SVG file at `path`, `width` × `height` points (`cairo_svg_surface_create`).
    /// The file is complete after `finish()`.
    public convenience init(svgPath path: String, width: Double, height: Double)
        throws(CairoError)
    {
        let raw = cairo_svg_surface_create(path, width, height)!
        try self.init(owning: raw, kind: .svg, path: path, operation: "cairo_svg_surface_create")
    }

    /// Takes ownership of a `cairo_surface_t *` made elsewhere (for example by
    /// `cairo_xlib_surface_create`); it is destroyed with this object.
    ///
    /// Throws (and destroys the surface) if it is in an error state.
    package convenience init(adopting pointer: OpaquePointer) throws(CairoError) {
        try self.init(owning: pointer, kind: .other, path: nil, operation: "adopt surface")
    }

    private init(owning raw: OpaquePointer, kind: Kind, path: String?, operation: String)
        throws(CairoError)
    {
        self.pointer = try CairoError.checkCreated(
            raw, operation, path: path, status: cairo_surface_status,
            destroy: cairo_surface_destroy)
        self.kind = kind
        self.path = path
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// The surface's error state, if any (`cairo_surface_status`).
    public func checkStatus(
        _ operation: @autoclosure () -> String = "cairo_surface_status"
    ) throws(CairoError) {
        try CairoError.check(cairo_surface_status(pointer), operation(), path: path)
    }

    /// Width in pixels of an image surface, else 0 (`cairo_image_surface_get_width`).
    public var pixelWidth: Int { Int(cairo_image_surface_get_width(pointer)) }
    /// Height in pixels of an image surface, else 0 (`cairo_image_surface_get_height`).
    public var pixelHeight: Int { Int(cairo_image_surface_get_height(pointer)) }

    /// Completes pending drawing (`cairo_surface_flush`).
    public func flush() {
        cairo_surface_flush(pointer)
    }

    /// Calls `body` with an image surface's pixels after `cairo_surface_flush`
    /// (`cairo_image_surface_get_data`, `_get_stride`): `height` rows of `bytesPerRow`
    /// bytes, each pixel one native-endian premultiplied ARGB32 word. Throws for a surface
    /// without pixel memory (PDF, SVG).
    public func withImagePixels<Result>(
        _ body: (_ bytes: UnsafeRawBufferPointer, _ width: Int, _ height: Int, _ bytesPerRow: Int)
            throws -> Result
    ) throws -> Result {
        cairo_surface_flush(pointer)
        let width = pixelWidth
        let height = pixelHeight
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard kind == .image, let data = cairo_image_surface_get_data(pointer), stride > 0 else {
            throw CairoError(
                operation: "cairo_image_surface_get_data",
                reason: "the surface has no pixels to read (not an image surface)")
        }
        let bytes = UnsafeRawBufferPointer(start: data, count: stride * height)
        return try body(bytes, width, height, stride)
    }

    /// Tells cairo that something outside it drew on the surface (`cairo_surface_mark_dirty`).
    public func markDirty() {
        cairo_surface_mark_dirty(pointer)
    }

    /// Writes everything out and closes a file surface (`cairo_surface_finish`); throws if
    /// the surface failed at any point (a full disk, say).
    public func finish() throws(CairoError) {
        cairo_surface_finish(pointer)
        try CairoError.check(cairo_surface_status(pointer), "cairo_surface_finish", path: path)
    }

    /// Writes an image surface as PNG to `path` as it is (`cairo_surface_write_to_png`).
    ///
    /// Not atomic; `writePNG(atomicallyTo:)` is the one that never leaves half a file.
    public func writePNG(to path: String) throws(CairoError) {
        cairo_surface_flush(pointer)
        try CairoError.check(
            cairo_surface_write_to_png(pointer, path), "cairo_surface_write_to_png", path: path)
    }

    /// Writes an image surface as PNG so that `path` appears whole or not at all: a
    /// temporary file in the same folder, then `rename(2)`.
    public func writePNG(atomicallyTo path: String) throws {
        try AtomicFile.write(to: path) { temporary in
            try writePNG(to: temporary)
        }
    }
}
