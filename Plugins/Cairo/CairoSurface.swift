internal import CCairo
import Glibc
import SwipeDismiss
import SwipeDismissFiles

/// The user-data key under which a mapped image surface keeps its mapping.
nonisolated(unsafe) private var mappedPixelsKey = cairo_user_data_key_t()

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
        guard PixelLimit.fits(width: width, height: height) else {
            throw CairoError(
                operation: "cairo_image_surface_create",
                status: Int32(CAIRO_STATUS_INVALID_SIZE.rawValue),
                reason: "invalid image size \(width)x\(height)")
        }
        let raw = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        try self.init(owning: raw, kind: .image, path: nil, operation: "cairo_image_surface_create")
    }

    /// An image surface of `width` × `height` pixels in `format` (ARGB32 or RGB24), cleared,
    /// in memory of its own mapping (`mmap`, faulted in at once), unmapped when cairo lets
    /// go of the surface: a raster that comes and goes gives its memory back to the system
    /// every time, which memory from `malloc` (cairo's own) need not.
    package convenience init(mappedImageWidth width: Int, height: Int, opaque: Bool)
        throws(CairoError)
    {
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let stride = Int(cairo_format_stride_for_width(format, Int32(clamping: width)))
        guard width > 0, height > 0, width <= 32767, height <= 32767, stride > 0 else {
            throw CairoError(
                operation: "cairo_image_surface_create_for_data",
                status: Int32(CAIRO_STATUS_INVALID_SIZE.rawValue),
                reason: "invalid image size \(width)x\(height)")
        }
        let length = stride * height
        let mapped = mmap(
            nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw CairoError(
                operation: "mmap", status: Int32(CAIRO_STATUS_NO_MEMORY.rawValue),
                reason: "no memory for a \(width)x\(height) image")
        }
        let raw = cairo_image_surface_create_for_data(
            mapped.assumingMemoryBound(to: UInt8.self), format, Int32(width), Int32(height),
            Int32(stride))!
        let mapping = UnsafeMutablePointer<MappedPixels>.allocate(capacity: 1)
        mapping.initialize(to: MappedPixels(base: mapped, length: length))
        guard cairo_surface_status(raw) == CAIRO_STATUS_SUCCESS,
            cairo_surface_set_user_data(raw, &mappedPixelsKey, mapping, MappedPixels.unmap)
                == CAIRO_STATUS_SUCCESS
        else {
            cairo_surface_destroy(raw)
            munmap(mapped, length)
            mapping.deallocate()
            throw CairoError(
                operation: "cairo_image_surface_create_for_data",
                status: Int32(CAIRO_STATUS_NO_MEMORY.rawValue),
                reason: "could not make a \(width)x\(height) image")
        }
        try self.init(
            owning: raw, kind: opaque ? .other : .image, path: nil,
            operation: "cairo_image_surface_create_for_data")
    }

    /// A PDF file at `path` whose first page is `width` × `height` points
    /// (`cairo_pdf_surface_create`). The file is complete after `finish()`.
    ///
    /// The same drawing gives the same bytes: the file carries no wall-clock date. Its
    /// creation and modification dates are `SOURCE_DATE_EPOCH` (seconds since 1970, UTC, the
    /// reproducible-builds convention, which cairo 1.17.6 and later read themselves) when
    /// that is set to a whole number, else the file has none
    /// (`cairo_pdf_surface_set_metadata`).
    public convenience init(pdfPath path: String, width: Double, height: Double)
        throws(CairoError)
    {
        let raw = cairo_pdf_surface_create(path, width, height)!
        try self.init(owning: raw, kind: .pdf, path: path, operation: "cairo_pdf_surface_create")
        // cairo 1.16 stamps the current time; a date it cannot read (the empty one) means none.
        let date = Self.reproducibleDate(getenv("SOURCE_DATE_EPOCH").map { String(cString: $0) })
        cairo_pdf_surface_set_metadata(raw, CAIRO_PDF_METADATA_CREATE_DATE, date)
        cairo_pdf_surface_set_metadata(raw, CAIRO_PDF_METADATA_MOD_DATE, date)
    }

    /// The date a PDF carries for the `SOURCE_DATE_EPOCH` value `epoch`, as cairo's metadata
    /// takes it (`YYYY-MM-DDThh:mm:ssZ`); empty (no date) when `epoch` is nil or not a whole
    /// number of seconds from 0 to 253 402 300 799 (the end of year 9999).
    static func reproducibleDate(_ epoch: String?) -> String {
        guard let epoch, !epoch.isEmpty, epoch.allSatisfy({ $0.isASCII && $0.isNumber }),
            let seconds = Int(epoch), seconds <= 253_402_300_799
        else { return "" }
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var year = String(parts.tm_year + 1900)
        while year.count < 4 { year = "0" + year }
        return "\(year)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
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
    public convenience init(adopting pointer: OpaquePointer) throws(CairoError) {
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

    /// The `cairo_surface_t *`, for your own cairo calls. Borrowed: valid while this object
    /// lives; do not destroy it.
    public var cairoPointer: OpaquePointer { pointer }

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

    /// An image surface's pixel memory (nil for other surfaces), for this module and its tests.
    package var imageData: UnsafeMutableRawPointer? {
        cairo_image_surface_get_data(pointer).map { UnsafeMutableRawPointer($0) }
    }
    /// An image surface's bytes per row (0 for other surfaces).
    package var imageStride: Int { Int(cairo_image_surface_get_stride(pointer)) }

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

/// The mapping under a surface from `init(mappedImageWidth:height:opaque:)`.
private struct MappedPixels {
    let base: UnsafeMutableRawPointer
    let length: Int

    /// Cairo's destroy function for the user data: unmaps the pixels, frees the record.
    static let unmap: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        guard let mapping = data?.assumingMemoryBound(to: MappedPixels.self) else { return }
        munmap(mapping.pointee.base, mapping.pointee.length)
        mapping.deallocate()
    }
}
