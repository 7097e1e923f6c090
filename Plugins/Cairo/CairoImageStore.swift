internal import CCairo
import SwipeDismiss

/// One decoded image and the pattern that paints it, made once and reused by every frame.
public final class CairoLoadedImage {
    /// The decoded pixels (`cairo_image_surface_create_from_png`).
    public let surface: CairoSurface
    /// The image's size in pixels.
    public let size: Size
    let pattern: OpaquePointer
    /// The file it was decoded from, for messages.
    let path: String?

    /// Wraps `surface`, making its pattern: padded at the edges, so a scaled image keeps hard
    /// edges where its frame clips it instead of fading into transparency.
    init(surface: CairoSurface, path: String?) throws(CairoError) {
        let raw = cairo_pattern_create_for_surface(surface.pointer)!
        let status = cairo_pattern_status(raw)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_pattern_destroy(raw)
            throw CairoError(
                operation: "cairo_pattern_create_for_surface", cairoStatus: status, path: path)
        }
        cairo_pattern_set_extend(raw, CAIRO_EXTEND_PAD)
        self.surface = surface
        self.pattern = raw
        self.path = path
        size = Size(width: Double(surface.pixelWidth), height: Double(surface.pixelHeight))
    }

    deinit {
        cairo_pattern_destroy(pattern)
    }
}

/// The images a painter draws, each decoded once: by file path, or by a name registered with
/// `register(_:pngPath:)`.
///
/// A file that is missing or not a PNG is remembered as a failure, so a frame neither
/// decodes again nor retries the disk; the error names the file. Only a regular file is
/// opened (without blocking, so a FIFO cannot hang the caller), and only one of at most
/// `pixelLimit` pixels is decoded, judged from its header before any pixel memory is taken.
/// An image drawn much smaller than it is gets a reduced copy, made once
/// (`image(for:drawnAt:)`), so no surface ever holds more of it than it shows.
public final class CairoImageStore {
    /// The most pixels an image may have: 64 Mpx (256 MB decoded), the frame budget
    /// `cairo-export` documents.
    public static let pixelLimit = 64 << 20
    /// The most pixels an image may have on a side (cairo's image surface limit).
    public static let sideLimit = 32767

    private var loaded: [ImageSource: CairoLoadedImage] = [:]
    private var failures: [ImageSource: CairoError] = [:]
    private var paths: [String: String] = [:]
    /// Reduced copies, by source and level (`CairoImageStore+Levels.swift`).
    var reduced: [ReducedKey: CairoLoadedImage] = [:]
    /// How many PNG files were decoded so far (a second frame adds none).
    public private(set) var decodeCount = 0

    /// An empty store.
    public init() {}

    /// Makes `.named(name)` stand for the PNG at `path`; a previously loaded image of that
    /// name is forgotten.
    public func register(_ name: String, pngPath path: String) {
        paths[name] = path
        loaded[.named(name)] = nil
        failures[.named(name)] = nil
        reduced = reduced.filter { $0.key.source != .named(name) }
    }

    /// The decoded image for `source`, loading it on first use.
    ///
    /// Throws a `CairoError` naming the file when it is missing, not a regular file, larger
    /// than `pixelLimit` or `sideLimit`, or corrupt (`cairo_image_surface_create_from_png`'s
    /// status), or the name when none is registered.
    public func image(for source: ImageSource) throws(CairoError) -> CairoLoadedImage {
        if let image = loaded[source] { return image }
        if let failure = failures[source] { throw failure }
        do {
            let image = try load(source)
            loaded[source] = image
            return image
        } catch {
            failures[source] = error
            throw error
        }
    }

    private func load(_ source: ImageSource) throws(CairoError) -> CairoLoadedImage {
        let path: String
        switch source {
        case .file(let file):
            path = file
        case .named(let name):
            guard let registered = paths[name] else {
                throw CairoError(
                    operation: "image lookup",
                    reason: "no image is registered under the name \"\(name)\"")
            }
            path = registered
        }
        decodeCount += 1
        let file = try PNGFile(opening: path)
        defer { file.close() }
        if let (width, height) = file.headerSize {
            try Self.checkSize(width: width, height: height, path: path)
        }
        let surface = try file.decode()
        guard surface.pixelWidth > 0, surface.pixelHeight > 0 else {
            throw CairoError(
                operation: "cairo_image_surface_create_from_png", reason: "the image is empty",
                path: path)
        }
        return try CairoLoadedImage(surface: surface, path: path)
    }

    /// The operation named by a refusal of a picture that is not a regular file.
    static let fileCheck = "image file check"
    /// The operation named by a refusal of a picture beyond `pixelLimit` or `sideLimit`.
    static let sizeCheck = "image size check"

    /// Throws unless an image of `width` × `height` pixels fits `sideLimit` and `pixelLimit`.
    static func checkSize(width: Int, height: Int, path: String) throws(CairoError) {
        guard width > sideLimit || height > sideLimit || width * height > pixelLimit else {
            return
        }
        throw CairoError(
            operation: sizeCheck,
            status: Int32(CAIRO_STATUS_INVALID_SIZE.rawValue),
            reason: "the image is \(width)x\(height) px, more than an image may have "
                + "(\(pixelLimit >> 20) Mpx, \(sideLimit) px a side); use a smaller picture",
            path: path)
    }
}

extension CairoError {
    /// Whether this refuses a picture for what it is (not a regular file; more pixels than
    /// `CairoImageStore.pixelLimit` or `sideLimit`), before decoding it: bad input, for a
    /// tool (exit 2), where a missing or corrupt file is a failure to read it.
    public var refusesPicture: Bool {
        operation == CairoImageStore.fileCheck || operation == CairoImageStore.sizeCheck
    }
}
