import SwipeDismiss
import SwipeDismissFiles

/// The file formats the Cairo plugin renders frames to.
public enum CairoFileFormat: String, CaseIterable, Sendable {
    /// One PNG image a frame.
    case png
    /// One single-page PDF a frame.
    case pdf
    /// One SVG file a frame.
    case svg

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }

    /// A renderer writing one file of this format per frame into `folder`.
    public func makeRenderer(
        folder: String, viewport: Size, scale: Double = 1, filePrefix: String = "frame-"
    ) throws(CairoError) -> any CairoFrameRenderer {
        switch self {
        case .png:
            return try CairoPNGRenderer(
                folder: folder, viewport: viewport, scale: scale, filePrefix: filePrefix)
        case .pdf, .svg:
            return try CairoVectorRenderer(
                format: self, folder: folder, viewport: viewport, scale: scale,
                filePrefix: filePrefix)
        }
    }
}

/// A renderer that writes each frame to its own file, `<folder>/<prefix>0000.<ext>`, ….
///
/// Every file appears whole or not at all (temporary name, then rename).
public protocol CairoFrameRenderer: Renderer {
    /// The folder the frames go to.
    var folder: String { get }
    /// The format of the frame files.
    var format: CairoFileFormat { get }
    /// How many frame files have been written; the next frame gets this number.
    var framesWritten: Int { get }
    /// The path of frame `number`.
    func path(forFrame number: Int) -> String
}

/// Names frame files: `frame-0000.png`, … (at least four digits).
struct FrameFileNames {
    let folder: String
    let prefix: String
    let fileExtension: String

    func path(forFrame number: Int) -> String {
        var digits = String(number)
        if digits.count < 4 { digits = String(repeating: "0", count: 4 - digits.count) + digits }
        let separator = folder.hasSuffix("/") || folder.isEmpty ? "" : "/"
        return folder + separator + prefix + digits + "." + fileExtension
    }
}

/// Checks a renderer's arguments; errors name the folder.
func validateFrameOutput(folder: String, viewport: Size, scale: Double) throws(CairoError) {
    guard viewport.width.isFinite, viewport.height.isFinite, viewport.width > 0,
        viewport.height > 0
    else {
        throw CairoError(
            operation: "renderer", reason: "invalid viewport \(viewport.width)x\(viewport.height)")
    }
    guard scale.isFinite, scale > 0 else {
        throw CairoError(operation: "renderer", reason: "invalid scale \(scale)")
    }
    do {
        try AtomicFile.checkFolder(folder)
    } catch {
        throw CairoError(operation: error.operation, reason: error.reason, path: error.path)
    }
}

/// Renders each frame to a PNG file through one ARGB32 image surface reused across frames.
///
/// The image is `viewport × scale` pixels, rounded up: scale 2 doubles the pixels, not the
/// layout.
public final class CairoPNGRenderer: CairoFrameRenderer {
    /// The size in points each frame is laid out for.
    public let viewport: Size
    /// Device pixels per point: the PNG is `viewport × scale` pixels.
    public let scale: Double
    /// The folder the PNG files go to.
    public let folder: String
    /// Always `.png`.
    public var format: CairoFileFormat { .png }
    /// How many PNG files have been written; the next frame gets this number.
    public private(set) var framesWritten = 0
    /// The image every frame is painted on; it holds the last frame after `render`.
    public let surface: CairoSurface
    /// Paints each scene onto the surface.
    public let painter: CairoPainter
    private let context: CairoContext
    private let names: FrameFileNames

    /// A renderer writing `<folder>/<filePrefix>NNNN.png`; throws naming `folder` unless it
    /// is an existing, writable folder.
    public init(
        folder: String, viewport: Size, scale: Double = 1, filePrefix: String = "frame-",
        painter: CairoPainter = CairoPainter()
    ) throws(CairoError) {
        try validateFrameOutput(folder: folder, viewport: viewport, scale: scale)
        self.folder = folder
        self.viewport = viewport
        self.scale = scale
        self.painter = painter
        names = FrameFileNames(folder: folder, prefix: filePrefix, fileExtension: "png")
        surface = try CairoSurface(
            imageWidth: Int((viewport.width * scale).rounded(.up)),
            height: Int((viewport.height * scale).rounded(.up)))
        context = try CairoContext(surface: surface)
    }

    /// The path of PNG frame `number`, `<folder>/<filePrefix>NNNN.png`.
    public func path(forFrame number: Int) -> String {
        names.path(forFrame: number)
    }

    /// Paints the scene and writes the next frame file.
    public func render(_ scene: Scene, state: DismissState) throws {
        try painter.prepareImages(in: scene)
        context.clear()
        painter.paint(scene, on: context, scale: scale)
        try context.checkStatus("painting frame \(framesWritten)")
        if let error = painter.imageError { throw error }
        try surface.writePNG(atomicallyTo: names.path(forFrame: framesWritten))
        framesWritten += 1
    }
}

/// Renders each frame to its own vector file (a one-page PDF, or an SVG) of
/// `viewport × scale` points.
public final class CairoVectorRenderer: CairoFrameRenderer {
    /// The size in points each frame is laid out for.
    public let viewport: Size
    /// The factor from layout points to the file's points.
    public let scale: Double
    /// The folder the vector files go to.
    public let folder: String
    /// `.pdf` or `.svg`.
    public let format: CairoFileFormat
    /// How many vector files have been written; the next frame gets this number.
    public private(set) var framesWritten = 0
    /// Paints each scene onto the frame's surface.
    public let painter: CairoPainter
    private let names: FrameFileNames

    /// A renderer writing `<folder>/<filePrefix>NNNN.<pdf|svg>`; throws naming `folder`
    /// unless it is an existing, writable folder.
    public init(
        format: CairoFileFormat, folder: String, viewport: Size, scale: Double = 1,
        filePrefix: String = "frame-", painter: CairoPainter = CairoPainter()
    ) throws(CairoError) {
        guard format != .png else {
            throw CairoError(operation: "renderer", reason: "PNG frames use CairoPNGRenderer")
        }
        try validateFrameOutput(folder: folder, viewport: viewport, scale: scale)
        self.format = format
        self.folder = folder
        self.viewport = viewport
        self.scale = scale
        self.painter = painter
        names = FrameFileNames(
            folder: folder, prefix: filePrefix, fileExtension: format.fileExtension)
    }

    /// The path of vector frame `number`, `<folder>/<filePrefix>NNNN.<pdf|svg>`.
    public func path(forFrame number: Int) -> String {
        names.path(forFrame: number)
    }

    /// Paints into a fresh surface at a temporary path, finishes it, and renames it into place.
    public func render(_ scene: Scene, state: DismissState) throws {
        try painter.prepareImages(in: scene)
        let path = names.path(forFrame: framesWritten)
        let (width, height) = (viewport.width * scale, viewport.height * scale)
        try AtomicFile.write(to: path) { temporary in
            let surface =
                format == .pdf
                ? try CairoSurface(pdfPath: temporary, width: width, height: height)
                : try CairoSurface(svgPath: temporary, width: width, height: height)
            let context = try CairoContext(surface: surface)
            painter.paint(scene, on: context, scale: scale)
            try context.checkStatus("painting \(path)")
            try surface.finish()
        }
        framesWritten += 1
    }
}
