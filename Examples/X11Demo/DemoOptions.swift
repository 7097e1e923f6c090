import SwipeDismiss
import SwipeDismissX11

/// The command line of `x11-demo`.
struct DemoOptions: Equatable {
    var preset = "fluid"
    var configuration = DismissConfiguration.fluid
    /// The window size in pixels; nil means 390x844, or the replayed trace's viewport.
    var size: (width: Int, height: Int)?
    var recordPath: String?
    var replayPath: String?
    var printsEvents = false
    var exitsAfterReplay = false
    var framesPerSecond = 60.0
    var showsHelp = false
    var presentation = X11Presentation.sharedMemory
    var verbose = false

    static func == (a: DemoOptions, b: DemoOptions) -> Bool {
        a.preset == b.preset && a.size?.width == b.size?.width
            && a.size?.height == b.size?.height && a.recordPath == b.recordPath
            && a.replayPath == b.replayPath && a.printsEvents == b.printsEvents
            && a.exitsAfterReplay == b.exitsAfterReplay && a.framesPerSecond == b.framesPerSecond
            && a.showsHelp == b.showsHelp && a.presentation == b.presentation
            && a.verbose == b.verbose
    }

    static let defaultSize = (width: 390, height: 844)

    static let usage = """
        usage: x11-demo [--preset seed|fluid] [--size WxH] [--record FILE] [--replay FILE]
                        [--events] [--exit-after-replay] [--fps N]
                        [--present shm|put|xlib|auto] [--verbose]

        Opens a window titled "SwipeDismiss demo". Drag the card down to dismiss it;
        Escape dismisses; Space or a click presents it again; close the window to quit.

          --preset seed|fluid   behaviour preset (default: fluid)
          --size WxH            window size in pixels (default: 390x844, or the
                                replayed trace's viewport)
          --record FILE         write the gesture trace to FILE when the window closes
          --replay FILE         replay the gesture trace in FILE, then take live input
          --events              print one JSON line per phase change on stdout
          --exit-after-replay   with --replay: exit 0 once the replay has settled
          --fps N               frame rate while animating (default: 60)
          --present shm|put|xlib|auto
                                how frames reach the window (default: shm): shm draws
                                in our memory and sends it through MIT-SHM, falling
                                back to XPutImage; put always uses XPutImage; xlib
                                has the X server draw (cairo xlib surface); auto is
                                shm, falling back to xlib
          --verbose             say on stderr which presentation path is in use
          --help                show this help

        Exit status: 0 when the window is closed, 1 on a runtime failure (such as a
        lost X server), 2 for bad flags or when no display can be opened.
        """

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(DemoOptionError) -> DemoOptions {
        var options = DemoOptions()
        var index = 0
        func value(for flag: String) throws(DemoOptionError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw DemoOptionError(flag: flag, reason: "needs a value")
            }
            return arguments[index]
        }
        while index < arguments.count {
            var flag = arguments[index]
            var inline: String?
            if flag.hasPrefix("--"), let equals = flag.firstIndex(of: "=") {
                inline = String(flag[flag.index(after: equals)...])
                flag = String(flag[..<equals])
            }
            func argument() throws(DemoOptionError) -> String {
                if let inline { return inline }
                return try value(for: flag)
            }
            switch flag {
            case "--preset":
                let name = try argument()
                guard let configuration = DismissConfiguration.preset(named: name) else {
                    throw DemoOptionError(
                        flag: flag, reason: "unknown preset \"\(name)\" (expected seed or fluid)")
                }
                options.preset = name
                options.configuration = configuration
            case "--size":
                let text = try argument()
                guard let size = parseSize(text) else {
                    throw DemoOptionError(
                        flag: flag,
                        reason: "expected WIDTHxHEIGHT in pixels (64...32767), got \"\(text)\"")
                }
                options.size = size
            case "--record":
                options.recordPath = try argument()
            case "--replay":
                options.replayPath = try argument()
            case "--fps":
                let text = try argument()
                guard let fps = Double(text), fps.isFinite, fps >= 1, fps <= 1000 else {
                    throw DemoOptionError(
                        flag: flag, reason: "expected a frame rate from 1 to 1000, got \"\(text)\"")
                }
                options.framesPerSecond = fps
            case "--present":
                let name = try argument()
                guard let presentation = X11Presentation(rawValue: name) else {
                    throw DemoOptionError(
                        flag: flag,
                        reason: "unknown path \"\(name)\" (expected shm, put, xlib or auto)")
                }
                options.presentation = presentation
            case "--verbose":
                guard inline == nil else {
                    throw DemoOptionError(flag: flag, reason: "takes no value")
                }
                options.verbose = true
            case "--events", "--exit-after-replay", "--help", "-h":
                guard inline == nil else {
                    throw DemoOptionError(flag: flag, reason: "takes no value")
                }
                switch flag {
                case "--events": options.printsEvents = true
                case "--exit-after-replay": options.exitsAfterReplay = true
                default: options.showsHelp = true
                }
            default:
                throw DemoOptionError(
                    flag: flag,
                    reason: flag.hasPrefix("-") ? "unknown option" : "unexpected argument")
            }
            index += 1
        }
        if options.exitsAfterReplay, options.replayPath == nil {
            throw DemoOptionError(flag: "--exit-after-replay", reason: "needs --replay FILE")
        }
        return options
    }

    /// `390x844` → (390, 844); nil unless both sides are 64...32767.
    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (64...32767).contains(width), (64...32767).contains(height)
        else { return nil }
        return (width, height)
    }
}

/// A flag the demo could not accept; the message names it.
struct DemoOptionError: Error, CustomStringConvertible, Equatable {
    var flag: String
    var reason: String

    var description: String { "\(flag): \(reason)" }
}
