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
            standardError("cairo-export: --trace: \(error)\n")
            return 2
        }
        // Cairo's image surfaces stop at 32767 pixels a side: say so now, by name, rather
        // than fail after the folder exists.
        for (field, points) in [
            ("viewport.width", trace.viewport.width), ("viewport.height", trace.viewport.height),
        ] where points * options.scale > 32767 {
            standardError(
                "cairo-export: \(options.tracePath), field \"\(field)\": \(fixed(points, 0)) pt "
                    + "at --scale \(options.scale) is more than 32767 pixels\n")
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

    /// Writes every output file into a staging folder inside `folder`, then renames each
    /// into place and removes frame files an earlier, longer export left behind. On failure
    /// the staging folder goes (and `folder`, if this run created it) and `folder` is as
    /// it was: an earlier export there stays whole.
    func export(options: ExportOptions, exporter: Exporter) throws -> Result {
        // Simulate first (nothing drawn): the frame count is known before anything is written.
        let planned = try exporter.run(renderer: nil)
        let folder = options.outputFolder
        let createdFolder = try prepareFolder(folder)
        let staging = join(folder, ".cairo-export-staging-\(getpid())")
        var names: [String] = []
        do {
            guard mkdir(staging, 0o755) == 0 else {
                throw CairoError(
                    operation: "mkdir", reason: String(cString: strerror(errno)), path: staging)
            }
            let frames = try options.format.makeRenderer(
                folder: staging, viewport: exporter.trace.viewport, scale: options.scale)
            let total = planned.count
            let states = try exporter.run(renderer: frames, frameCount: total) { count in
                if showsProgress { standardError("\rframe \(count) of \(total)") }
            }
            names = (0..<frames.framesWritten).map { lastComponent(frames.path(forFrame: $0)) }
            let title =
                "\(lastComponent(options.tracePath)) · \(options.presetName) · "
                + "\(fixed(options.framesPerSecond, 0)) fps"

            try AtomicFile.write(
                bytes: Array(samplesCSV(states).utf8), to: join(staging, "samples.csv"))
            names.append("samples.csv")
            try Timeline(states: states, title: title, scale: options.scale)
                .write(to: join(staging, "timeline.png"))
            names.append("timeline.png")
            try Storyboard(states: states, viewport: exporter.trace.viewport, title: title)
                .write(to: join(staging, "storyboard.pdf"))
            names.append("storyboard.pdf")

            for name in names {
                guard rename(join(staging, name), join(folder, name)) == 0 else {
                    throw CairoError(
                        operation: "rename", reason: String(cString: strerror(errno)),
                        path: join(folder, name))
                }
            }
            rmdir(staging)
            removeStaleFrames(in: folder, keeping: Set(names))
            return Result(states: states, files: names.map { join(folder, $0) })
        } catch {
            removeFolder(staging)
            if createdFolder { rmdir(folder) }
            throw error
        }
    }

    /// Removes `frame-NNNN.{png,pdf,svg}` files in `folder` that this export did not write.
    private func removeStaleFrames(in folder: String, keeping written: Set<String>) {
        for name in listFolder(folder) where !written.contains(name) && isFrameFileName(name) {
            unlink(join(folder, name))
        }
    }

    /// Removes a folder this command made and the plain files in it.
    private func removeFolder(_ folder: String) {
        for name in listFolder(folder) { unlink(join(folder, name)) }
        rmdir(folder)
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

/// The names in `folder` (without `.` and `..`); empty if it cannot be read.
func listFolder(_ folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}

/// Whether `name` is a frame file of any format: `frame-` then digits, then an extension.
func isFrameFileName(_ name: String) -> Bool {
    guard name.hasPrefix("frame-"), let dot = name.lastIndex(of: ".") else { return false }
    let digits = name[name.index(name.startIndex, offsetBy: 6)..<dot]
    let ext = name[name.index(after: dot)...]
    return digits.count >= 4 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
        && CairoFileFormat.allCases.contains { $0.fileExtension == ext }
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
