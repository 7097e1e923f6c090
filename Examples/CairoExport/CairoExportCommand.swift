import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissFiles
import SwipeDismissTrace
import ToolSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `cairo-export` command: parses arguments, checks everything, plans every frame,
/// then renders into a staging folder and swaps it in whole.
///
/// Exit status 0 when done; 1 when the output could not be written (the folder is as it
/// was); 2 for a bad command line, a malformed or oversize trace, a frame budget exceeded,
/// or a folder refused (nothing is written); 128 + N after signal N (the folder is as it was).
struct CairoExportCommand {
    /// Where messages go; the defaults write to the process's stdout and stderr.
    var standardOutput: (String) -> Void = { text in StandardStream.output.write(text) }
    var standardError: (String) -> Void = { text in StandardStream.error.write(text) }
    /// Whether to show "frame n of N" progress; by default, when stderr is a terminal.
    var showsProgress = isatty(STDERR_FILENO) == 1
    /// The signal that asks the export to stop, if one arrived; checked between frames.
    var interrupted: () -> Int32? = { nil }
    /// How long to wait for another export into the same folder to finish.
    var lockWait: Duration = .seconds(2)

    /// What one export produced.
    struct Result {
        var frames: [ExportFrame]
        var files: [String]
    }

    /// A signal arrived; the export stopped and cleaned up.
    struct Interrupted: Error {
        var signal: Int32
    }

    /// Runs the command with `arguments` (without the program name); returns the exit status.
    func run(_ arguments: [String]) -> Int32 {
        let options: ExportOptions
        do {
            guard let parsed = try ExportOptions.parse(arguments) else {
                standardOutput(ExportOptions.usage + "\n")
                return 0
            }
            options = parsed
        } catch {
            standardError("cairo-export: \(error)\nTry 'cairo-export --help'.\n")
            return FlagError.exitStatus
        }

        do {
            try options.configuration.validate()
        } catch {
            standardError("cairo-export: configuration: \(error)\n")
            return FlagError.exitStatus
        }

        if options.scene == .photo {
            // A missing or unreadable picture is said up front, naming the file.
            let presenter = options.scene.makePresenter()
            do {
                try CairoPainter().prepareImages(
                    in: presenter.makeScene(viewport: Size(width: 390, height: 844)))
            } catch {
                standardError("cairo-export: --scene photo: \(error)\n")
                return error.refusesPicture ? 2 : 1
            }
        }

        let frames: [ExportFrame]
        let exporter: Exporter
        do {
            let trace = try GestureTrace.load(path: options.tracePath)
            try ExportLimits.check(trace, file: options.tracePath, scale: options.scale)
            var planner = Exporter(
                trace: trace, configuration: options.configuration,
                framesPerSecond: options.framesPerSecond)
            planner.frameLimit = options.maxFrames
            planner.scene = options.scene
            planner.confirm = options.confirm
            planner.source = options.source
            planner.adaptive = options.adaptive
            planner.layout = options.layout
            exporter = planner
            frames = try planner.plan()
        } catch let error as GestureTraceError {
            standardError("cairo-export: --trace: \(error)\n")
            return 2
        } catch {
            standardError("cairo-export: \(options.tracePath): \(error)\n")
            return 2
        }

        do {
            let result = try export(options: options, exporter: exporter, frames: frames)
            standardError(
                "cairo-export: wrote \(result.frames.count) frames to \(options.outputFolder)\n")
            return 0
        } catch let error as Interrupted {
            standardError(
                "cairo-export: stopped by signal \(error.signal); \(options.outputFolder) is as "
                    + "it was\n")
            return InterruptSignals.exitStatus(for: error.signal)
        } catch let error as FolderError {
            standardError("cairo-export: \(error)\n")
            return error.exitStatus
        } catch {
            standardError("cairo-export: \(error)\n")
            return 1
        }
    }

    /// The names of the files an export of `frames` writes, in the order they are written.
    static func fileNames(frameCount: Int, format: CairoFileFormat, gif: Bool = false)
        -> [String]
    {
        let frameNames = (0..<frameCount).map { number in
            var digits = String(number)
            if digits.count < 4 {
                digits = String(repeating: "0", count: 4 - digits.count) + digits
            }
            return "frame-\(digits).\(format.fileExtension)"
        }
        return frameNames + (gif ? ["animation.gif"] : [])
            + ["samples.csv", "timeline.png", "storyboard.pdf"]
    }

    /// Locks the folder, stages every output (manifest first), swaps the staging folder in,
    /// and clears the old one. On any failure or signal the staging folder goes and the
    /// folder is as it was.
    func export(options: ExportOptions, exporter: Exporter, frames: [ExportFrame]) throws -> Result
    {
        let names = Self.fileNames(
            frameCount: frames.count, format: options.format, gif: options.writesGif)
        guard
            let folder = try ExportFolder.open(
                path: options.outputFolder, force: options.force, lockWait: lockWait,
                interrupted: interrupted)
        else { throw Interrupted(signal: interrupted() ?? SIGINT) }
        defer { folder.close() }
        note(folder.takeNotes())
        TestHooks.pauseIfAsked(at: "locked", log: standardError, interrupted: interrupted)
        try stopIfInterrupted()
        try folder.checkAddedFiles(against: names)
        do {
            try folder.createStaging()
            try write(
                frames, named: names, into: folder.staging, options: options, exporter: exporter)
            TestHooks.pauseIfAsked(at: "before-swap", log: standardError, interrupted: interrupted)
            try stopIfInterrupted()
        } catch {
            if showsProgress { standardError("\n") }
            folder.abandon()
            note(folder.takeNotes())
            throw error
        }
        // From here on the new export is whole: a signal no longer stops it.
        do {
            try folder.commit { point in
                TestHooks.pauseIfAsked(at: point, log: standardError, interrupted: interrupted)
            }
        } catch {
            // The swap did not happen (or was undone): the staging folder is still ours.
            folder.abandon()
            note(folder.takeNotes())
            throw error
        }
        note(folder.takeNotes())
        return Result(frames: frames, files: names.map { join(folder.target, $0) })
    }

    /// Writes the manifest, then the frames (and the GIF), the CSV, the timeline and the
    /// storyboard.
    private func write(
        _ frames: [ExportFrame], named names: [String], into staging: String,
        options: ExportOptions, exporter: Exporter
    ) throws {
        let manifest = ExportManifest(
            trace: options.tracePath, options: options.manifestOptions, files: names)
        try AtomicFile.write(
            bytes: try manifest.encoded(), to: join(staging, ExportManifest.fileName))
        let renderer = try options.format.makeRenderer(
            folder: staging, viewport: exporter.canvas, scale: options.scale)
        var gif: GifRecorder?
        if options.writesGif, let png = renderer as? CairoPNGRenderer {
            gif = try GifRecorder(
                frames: png, path: join(staging, "animation.gif"),
                maximumWidth: options.gifMaximumWidth,
                durations: GifRecorder.durations(
                    of: frames, framesPerSecond: options.framesPerSecond))
        }
        let total = frames.count
        try exporter.render(frames, to: gif ?? renderer) { count in
            if showsProgress { standardError("\rframe \(count) of \(total)") }
            TestHooks.pauseIfAsked(
                at: "frames:\(count)", log: standardError, interrupted: interrupted)
            try stopIfInterrupted()
        }
        if showsProgress { standardError("\n") }
        try gif?.finish()
        try stopIfInterrupted()
        let title =
            "\(lastComponent(options.tracePath)) · \(options.presetName) · "
            + (options.scene == .card ? "" : "\(options.scene.rawValue) · ")
            + (options.confirm ? "confirm · " : "")
            + (options.reduceMotion ? "reduced motion · " : "")
            + "\(NumberText.readable(options.framesPerSecond)) fps"
        try AtomicFile.write(
            bytes: Array(
                samplesCSV(
                    frames, direction: options.configuration.direction, scene: options.scene,
                    zoom: options.scene == .photo && options.source != nil
                        ? options.scene.makePresenter() as? PhotoPresenter : nil,
                    viewport: exporter.trace.viewport,
                    adaptive: exporter.hasAdaptiveColumns ? options.adaptive : nil,
                    layout: options.layout
                ).utf8),
            to: join(staging, "samples.csv"))
        try stopIfInterrupted()
        var timeline = Timeline(frames: frames, title: title, scale: options.scale)
        timeline.pointer = PointerTrack(
            trace: exporter.trace, direction: options.configuration.direction)
        timeline.offsetMarks = exporter.offsetMarks()
        timeline.alphaFloorMark = options.scene == .card ? Timeline.alphaFloor : nil
        try timeline.write(to: join(staging, "timeline.png"))
        try stopIfInterrupted()
        var storyboard = Storyboard(frames: frames, viewport: exporter.canvas, title: title)
        storyboard.scene = options.scene
        storyboard.adaptive = options.adaptive
        storyboard.direction = options.configuration.direction
        storyboard.sheetLayout = options.layout
        try storyboard.write(to: join(staging, "storyboard.pdf"))
        try stopIfInterrupted()
    }

    private func stopIfInterrupted() throws {
        if let signal = interrupted() { throw Interrupted(signal: signal) }
    }

    private func note(_ notes: [String]) {
        for line in notes { standardError("cairo-export: note: \(line)\n") }
    }
}
