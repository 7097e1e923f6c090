internal import CCairo
import SwipeDismiss

/// One decoded image and the pattern that paints it, made once and reused by every frame.
public final class CairoLoadedImage {
    /// The decoded pixels (`cairo_image_surface_create_from_png`).
    public let surface: CairoSurface
    /// The image's size in pixels.
    public let size: Size
    let pattern: OpaquePointer

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
/// decodes again nor retries the disk; the error names the file.
public final class CairoImageStore {
    private var loaded: [ImageSource: CairoLoadedImage] = [:]
    private var failures: [ImageSource: CairoError] = [:]
    private var paths: [String: String] = [:]
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
    }

    /// The decoded image for `source`, loading it on first use.
    ///
    /// Throws a `CairoError` naming the file when it is missing or corrupt
    /// (`cairo_image_surface_create_from_png`'s status), or the name when none is registered.
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
        let raw = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(raw)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(raw)
            throw CairoError(
                operation: "cairo_image_surface_create_from_png", cairoStatus: status, path: path)
        }
        let surface = try CairoSurface(adopting: raw)
        guard surface.pixelWidth > 0, surface.pixelHeight > 0 else {
            throw CairoError(
                operation: "cairo_image_surface_create_from_png", reason: "the image is empty",
                path: path)
        }
        return try CairoLoadedImage(surface: surface, path: path)
    }
}
