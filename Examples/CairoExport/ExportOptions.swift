import SwipeDismiss
import SwipeDismissCairo

/// A bad command line: the message names the flag or value at fault.
struct UsageError: Error, CustomStringConvertible, Equatable {
    var description: String
}

/// What the command line asked for.
struct ExportOptions: Equatable {
    var tracePath: String
    var outputFolder: String
    var presetName = "fluid"
    var framesPerSecond = 60.0
    var scale = 1.0
    var format = CairoFileFormat.png

    /// The configuration the preset names.
    var configuration: DismissConfiguration {
        DismissConfiguration.preset(named: presetName) ?? .fluid
    }

    static let usage = """
        usage: cairo-export --trace FILE --out DIR [--preset seed|fluid] [--fps N]
                            [--scale S] [--format png|pdf|svg]

        Replays a gesture trace through the dismiss controller and writes, into DIR:
          frame-0000.png, ...  one image per frame (.pdf or .svg with --format)
          storyboard.pdf       every frame as a labelled thumbnail (time, offset, alpha)
          timeline.png         offset and backdrop alpha against time, phases shaded
          samples.csv          t,offset,alpha,phase - one row per frame, in frame order

        options:
          --trace FILE    the gesture trace (JSON) to replay (required)
          --out DIR       the output folder (required); created if missing, but its
                          parent folder must exist
          --preset NAME   seed (the original blog post) or fluid (default: fluid)
          --fps N         frames per second, 1...1000 (default: 60)
          --scale S       device pixels per point, 0.25...8; 2 doubles the pixels,
                          not the layout (default: 1)
          --format F      png, pdf or svg for the frame files (default: png)
          -h, --help      show this help

        Frames start with the modal presented and at rest, one per clock tick, and stop
        once the trace has been replayed and nothing moves any more. Every file appears
        whole or not at all. Exit status: 0 done, 1 the output could not be written,
        2 a bad command line or a malformed trace (nothing is written).
        """

    /// Parses the arguments (without the program name). Returns nil when help was asked for.
    static func parse(_ arguments: [String]) throws(UsageError) -> ExportOptions? {
        var trace: String?
        var out: String?
        var options = ExportOptions(tracePath: "", outputFolder: "")
        var index = 0
        func value(for flag: String) throws(UsageError) -> String {
            guard index + 1 < arguments.count else {
                throw UsageError(description: "\(flag) needs a value")
            }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            var flag = arguments[index]
            var inlineValue: String?
            if flag.hasPrefix("--"), let equals = flag.firstIndex(of: "=") {
                inlineValue = String(flag[flag.index(after: equals)...])
                flag = String(flag[..<equals])
            }
            func next() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                return try value(for: flag)
            }
            switch flag {
            case "-h", "--help":
                return nil
            case "--trace":
                trace = try next()
            case "--out":
                out = try next()
            case "--preset":
                let name = try next()
                guard DismissConfiguration.preset(named: name) != nil else {
                    throw UsageError(
                        description: "--preset: unknown preset \"\(name)\" (expected seed or fluid)"
                    )
                }
                options.presetName = name
            case "--fps":
                let text = try next()
                guard let fps = Double(text), fps.isFinite, fps >= 1, fps <= 1000 else {
                    throw UsageError(
                        description: "--fps: expected a number from 1 to 1000, got \"\(text)\"")
                }
                options.framesPerSecond = fps
            case "--scale":
                let text = try next()
                guard let scale = Double(text), scale.isFinite, scale >= 0.25, scale <= 8 else {
                    throw UsageError(
                        description: "--scale: expected a number from 0.25 to 8, got \"\(text)\"")
                }
                options.scale = scale
            case "--format":
                let text = try next()
                guard let format = CairoFileFormat(rawValue: text) else {
                    throw UsageError(
                        description: "--format: expected png, pdf or svg, got \"\(text)\"")
                }
                options.format = format
            default:
                throw UsageError(description: "unknown option \"\(flag)\"")
            }
            index += 1
        }
        guard let trace, !trace.isEmpty else {
            throw UsageError(description: "--trace FILE is required")
        }
        guard let out, !out.isEmpty else {
            throw UsageError(description: "--out DIR is required")
        }
        options.tracePath = trace
        options.outputFolder = out
        return options
    }
}
