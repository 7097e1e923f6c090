import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissGif

/// `--format gif`: renders each frame through the PNG renderer, then adds the same pixels
/// to `animation.gif`, each frame shown for its planned duration.
final class GifRecorder: Renderer {
    /// The longest a collapsed idle stretch is shown in the GIF, in seconds, so a long
    /// pause does not freeze the animation.
    static let longestRest = 2.0

    let frames: CairoPNGRenderer
    let writer: GifAnimationWriter
    private let durations: [Double]
    private var rendered = 0
    var viewport: Size { frames.viewport }
    var scale: Double { frames.scale }

    /// Starts the GIF at `path` for the frames `frames` will render, at their pixel size or
    /// shrunk to `maximumWidth`; each is shown for its entry of `durations`.
    init(frames: CairoPNGRenderer, path: String, maximumWidth: Int?, durations: [Double]) throws {
        var options = GifAnimationWriter.Options()
        options.maximumWidth = maximumWidth
        self.frames = frames
        self.durations = durations
        writer = try GifAnimationWriter(
            path: path, width: frames.surface.pixelWidth, height: frames.surface.pixelHeight,
            options: options)
    }

    /// How long each planned frame is shown: until the next frame's tick (one frame time,
    /// or the real length of a collapsed idle stretch, capped at `longestRest`); the last
    /// frame for one frame time.
    static func durations(of plan: [ExportFrame], framesPerSecond: Double) -> [Double] {
        plan.indices.map { index in
            guard index + 1 < plan.count else { return 1 / framesPerSecond }
            let start = Double(plan[index].tick) / framesPerSecond
            let end = Double(plan[index + 1].tick) / framesPerSecond
            return plan[index].restDuration == nil ? end - start : min(end - start, longestRest)
        }
    }

    func render(_ scene: Scene, state: DismissState) throws {
        try frames.render(scene, state: state)
        guard rendered < durations.count else {
            throw CairoError(
                operation: "animation.gif",
                reason: "more frames than planned (\(durations.count))", path: writer.path)
        }
        let duration = durations[rendered]
        try frames.surface.withImagePixels { bytes, width, height, bytesPerRow in
            try writer.append(
                frame: GifPixels(
                    width: width, height: height, bytesPerRow: bytesPerRow,
                    format: .argb32Premultiplied, bytes: bytes),
                duration: duration)
        }
        rendered += 1
    }

    /// Writes the last frame and renames the GIF into place.
    func finish() throws {
        try writer.finish()
    }
}
