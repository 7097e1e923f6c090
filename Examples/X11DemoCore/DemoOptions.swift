import SwipeDismiss
import SwipeDismissX11
import ToolSupport

/// The command line of `x11-demo`.
package struct DemoOptions: Equatable {
    package var preset = "fluid"
    package var configuration = DismissConfiguration.fluid
    /// The window size in points; nil means 390x844, or the replayed trace's viewport.
    package var size: (width: Int, height: Int)?
    package var recordPath: String?
    package var replayPath: String?
    package var printsEvents = false
    package var exitsAfterReplay = false
    package var framesPerSecond = 60.0
    package var showsHelp = false
    package var presentation = X11Presentation.sharedMemory
    package var verbose = false
    package var scene = SceneChoice.card
    /// `--direction`: the edge the content leaves by, or free (2-D), also set in
    /// `configuration`; the scene's default when not given.
    package var direction = DismissDirection.down
    package var confirm = false
    package var reduceMotion = false
    /// Device pixels per point; nil means what `Xft.dpi` asks for (1 when unset).
    package var scale: Double?

    package static func == (a: DemoOptions, b: DemoOptions) -> Bool {
        a.preset == b.preset && a.size?.width == b.size?.width
            && a.size?.height == b.size?.height && a.recordPath == b.recordPath
            && a.replayPath == b.replayPath && a.printsEvents == b.printsEvents
            && a.exitsAfterReplay == b.exitsAfterReplay && a.framesPerSecond == b.framesPerSecond
            && a.showsHelp == b.showsHelp && a.presentation == b.presentation
            && a.verbose == b.verbose && a.scene == b.scene && a.direction == b.direction
            && a.confirm == b.confirm
            && a.reduceMotion == b.reduceMotion && a.scale == b.scale
    }

    package static let defaultSize = (width: 390, height: 844)
    /// The sides `--size` accepts, in points.
    package static let sides = 64...32767
    package static let frameRates = 1.0...1000.0
    /// The scales `--scale` accepts (as `cairo-export --scale`).
    package static let scales = 0.25...8.0

    package static let usage = """
        usage: x11-demo [--preset seed|fluid] [--scene card|sheet|photo|stack] [--size WxH]
                        [--direction down|up|left|right|free] [--scale S] [--record FILE] [--replay FILE] [--events]
                        [--exit-after-replay] [--fps N] [--confirm] [--reduce-motion]
                        [--present shm|put|xlib|auto] [--verbose]

        Opens a window titled "SwipeDismiss demo". Drag the card (or the sheet) down, or
        the photo any way, to dismiss it; Escape dismisses; Space or a click presents it again; close the
        window to quit.

          --preset seed|fluid   behaviour preset (default: fluid)
          --scene card|sheet|photo|stack
                                card (default), a bottom sheet with detents large
                                and medium that presents at medium, a photo
                                dragged in any direction over a black backdrop, or
                                sheets over sheets (Space or Enter presents another
                                over the top one, up to 3)
          --direction D         the edge the content leaves by: down, up, left or
                                right, or free to drag it in any direction (default:
                                free for the photo, down otherwise; the sheet takes
                                the four edges)
          --size WxH            window size in points, 64...32767 a side (default:
                                390x844, or the replayed trace's viewport)
          --scale S             device pixels per point, 0.25...8: the window is
                                WxH times S pixels, drawn at that scale; geometry,
                                --events and traces stay in points (default: Xft.dpi
                                / 96 from the X resource database, rounded to a
                                quarter; 1 when unset)
          --record FILE         write the gesture trace to FILE when the window closes
          --replay FILE         replay the gesture trace in FILE, then take live input
          --events              print one JSON line per phase change on stdout (and
                                one per vetoed dismissal attempt)
          --exit-after-replay   with --replay: exit 0 once the replay has settled
          --fps N               frame rate while animating, 1...1000 (default: 60)
          --confirm             veto every dismissal: the sheet asks "Discard
                                changes?"; y dismisses, n or Escape keeps it
          --reduce-motion       critically damped springs; present and dismiss
                                cross-fade in 0.2 s (also on when the desktop's
                                XSETTINGS turn animations off)
          --present shm|put|xlib|auto
                                how frames reach the window (default: shm): shm draws
                                in our memory and sends it through MIT-SHM, falling
                                back to XPutImage; put always uses XPutImage; xlib
                                has the X server draw (cairo xlib surface); auto is
                                shm, falling back to xlib
          --verbose             say on stderr which presentation path, scale,
                                motion setting and input path are in use
          -h, --help            show this help

        Values follow their flag (--fps 30) or join it (--fps=30); numbers are plain
        decimals. Exit status: 0 when the window is closed, 1 on a runtime failure (such
        as a lost X server), 2 for bad flags or when no display can be opened.
        """

    package static let parser = FlagParser([
        .value("--preset"), .value("--scene"), .value("--direction"), .value("--size"),
        .value("--scale"),
        .value("--record"), .value("--replay"), .toggle("--events"),
        .toggle("--exit-after-replay"), .value("--fps"), .toggle("--confirm"),
        .toggle("--reduce-motion"), .value("--present"), .toggle("--verbose"),
    ])

    /// Parses `arguments` (without the program name).
    package static func parse(_ arguments: [String]) throws(DemoOptionError) -> DemoOptions {
        let options: DemoOptions
        do {
            options = try parseFlags(arguments)
        } catch {
            throw DemoOptionError(flag: error.flag, message: error.description)
        }
        if options.exitsAfterReplay, options.replayPath == nil {
            throw DemoOptionError(
                flag: "--exit-after-replay", message: "--exit-after-replay needs --replay FILE")
        }
        return options
    }

    private static func parseFlags(_ arguments: [String]) throws(FlagError) -> DemoOptions {
        var options = DemoOptions()
        let flags = try parser.parse(arguments)
        guard !flags.helpRequested else {
            options.showsHelp = true
            return options
        }
        if let name = try flags.value(
            "--preset", expected: "seed or fluid",
            { DismissConfiguration.preset(named: $0) == nil ? nil : $0 })
        {
            options.preset = name
            options.configuration = DismissConfiguration.preset(named: name) ?? .fluid
        }
        options.scene = try SceneChoice.parse(flags) ?? .card
        options.direction = try DirectionChoice.parse(flags, scene: options.scene)
        options.configuration.direction = options.direction
        options.size = try flags.value(
            "--size",
            expected: "WIDTHxHEIGHT in points, \(sides.lowerBound)...\(sides.upperBound) a side",
            parseSize)
        options.scale = try flags.decimal("--scale", in: scales)
        options.recordPath = flags.string("--record")
        options.replayPath = flags.string("--replay")
        options.printsEvents = flags.isSet("--events")
        options.exitsAfterReplay = flags.isSet("--exit-after-replay")
        options.framesPerSecond = try flags.decimal("--fps", in: frameRates) ?? 60
        options.confirm = flags.isSet("--confirm")
        options.reduceMotion = flags.isSet("--reduce-motion")
        options.presentation = try flags.choice("--present") ?? .sharedMemory
        options.verbose = flags.isSet("--verbose")
        return options
    }

    /// `390x844` → (390, 844); nil unless both sides are plain decimal 64...32767.
    package static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let width = Int(parts[0]), let height = Int(parts[1]),
            sides.contains(width), sides.contains(height)
        else { return nil }
        return (width, height)
    }
}

/// A command line the demo could not accept; the message names the flag.
package struct DemoOptionError: Error, CustomStringConvertible, Equatable {
    /// The flag at fault, as written.
    package var flag: String
    /// The message, beginning with or naming the flag.
    package var message: String

    package var description: String { message }
}
