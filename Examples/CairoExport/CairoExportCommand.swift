import SwipeDismiss
import SwipeDismissCairo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `cairo-export` command: parses arguments, validates everything, then writes.
///
/// Exit status 0 when done, 1 when the output could not be written (the files of this run
/// are removed), 2 for a bad command line or a malformed trace (nothing is written).
struct CairoExportCommand {
    /// Where messages go; the defaults write to the process's stdout and stderr.
    var standardOutput: (String) -> Void = { text in fputs(text, stdout) }
    var standardError: (String) -> Void = { text in fputs(text, stderr) }
    /// Whether to show "frame n of N" progress; by default, when stderr is a terminal.
    var showsProgress = isatty(STDERR_FILENO) == 1

    /// What one export produced.
    struct Result {
        var states: [DismissState]
        var files: [String]
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
            return 2
        }

        let trace: GestureTrace
        do {
            trace = try GestureTrace.load(path: options.tracePath)
        } catch {
            standardError("cairo-export: malformed trace: \(error)\n")
            return 2
        }
        let exporter = Exporter(
            trace: trace, configuration: options.configuration,
            framesPerSecond: options.framesPerSecond)
        do {
            try exporter.checkBudget()
        } catch {
            standardError("cairo-export: \(error)\n")
            return 2
        }

        do {
            let result = try export(options: options, exporter: exporter)
            if showsProgress { standardError("\n") }
            standardError(
                "cairo-export: wrote \(result.states.count) frames to \(options.outputFolder)\n")
            return 0
        } catch {
            if showsProgress { standardError("\n") }
            standardError("cairo-export: \(error)\n")
            return 1
        }
    }

    /// Writes every output file; on failure removes what this run wrote (and the folder,
    /// if this run created it) and rethrows.
    func export(options: ExportOptions, exporter: Exporter) throws -> Result {
        // Simulate first (nothing drawn): the frame count is known before anything is written.
        let planned = try exporter.run(renderer: nil)
        let folder = options.outputFolder
        let createdFolder = try prepareFolder(folder)
        var files: [String] = []
        var renderer: (any CairoFrameRenderer)?
        do {
            let frames = try options.format.makeRenderer(
                folder: folder, viewport: exporter.trace.viewport, scale: options.scale)
            renderer = frames
            let total = planned.count
            let states = try exporter.run(renderer: frames, frameCount: total) { count in
                if showsProgress { standardError("\rframe \(count) of \(total)") }
            }
            files = (0..<frames.framesWritten).map { frames.path(forFrame: $0) }
            let title =
                "\(lastComponent(options.tracePath)) · \(options.presetName) · "
                + "\(fixed(options.framesPerSecond, 0)) fps"

            let csvPath = join(folder, "samples.csv")
            try AtomicFile.write(bytes: Array(samplesCSV(states).utf8), to: csvPath)
            files.append(csvPath)
            let timelinePath = join(folder, "timeline.png")
            try Timeline(states: states, title: title, scale: options.scale)
                .write(to: timelinePath)
            files.append(timelinePath)
            let storyboardPath = join(folder, "storyboard.pdf")
            try Storyboard(states: states, viewport: exporter.trace.viewport, title: title)
                .write(to: storyboardPath)
            files.append(storyboardPath)
            return Result(states: states, files: files)
        } catch {
            if let renderer {
                for number in 0..<renderer.framesWritten {
                    unlink(renderer.path(forFrame: number))
                }
            }
            for file in files { unlink(file) }
            if createdFolder { rmdir(folder) }
            throw error
        }
    }

    /// Makes sure `folder` exists (creating it, but not its parents); returns whether it
    /// was created. Errors name the folder.
    func prepareFolder(_ folder: String) throws -> Bool {
        var info = stat()
        if stat(folder, &info) == 0 {
            try AtomicFile.checkFolder(folder)
            return false
        }
        guard mkdir(folder, 0o755) == 0 else {
            let reason = String(cString: strerror(errno))
            throw CairoError(
                operation: "mkdir",
                reason: "cannot create the output folder (\(reason)); its parent must exist",
                path: folder)
        }
        do {
            try AtomicFile.checkFolder(folder)
        } catch {
            rmdir(folder)
            throw error
        }
        return true
    }
}

/// `folder/name`.
func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
}

/// The last path component.
func lastComponent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}
