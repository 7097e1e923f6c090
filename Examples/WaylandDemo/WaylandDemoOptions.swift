import SwipeDismiss
import ToolSupport
import X11DemoCore

/// The command line of `wayland-demo`: `x11-demo`'s flags without the X11-only ones
/// (`--present`, `--scale`: the compositor says the scale).
struct WaylandDemoOptions {
    var configuration = DismissConfiguration.fluid
    /// The window size in points; nil means 390x844, or the replayed trace's viewport.
    var size: (width: Int, height: Int)?
    var recordPath: String?
    var replayPath: String?
    var printsEvents = false
    var exitsAfterReplay = false
    var framesPerSecond = 60.0
    var showsHelp = false
    var verbose = false
    var scene = SceneChoice.card
    var confirm = false
    var reduceMotion = false

    static let usage = """
        usage: wayland-demo [--preset seed|fluid] [--scene card|sheet|photo] [--size WxH]
                            [--direction down|up|left|right|free] [--record FILE] [--replay FILE]
                            [--events] [--exit-after-replay] [--fps N] [--confirm] [--reduce-motion]
                            [--verbose]

        Opens a Wayland window titled "SwipeDismiss Wayland demo" (on WAYLAND_DISPLAY). Drag the
        card (or the sheet) down, or the photo any way, to dismiss it; a two-finger touchpad
        scroll drags it too and lets go when the fingers lift; a wheel never dismisses; Escape
        dismisses; Space or a click presents it again; close the window to quit. The scale is
        the compositor's (integer, or fractional with wp_fractional_scale_v1).

          --preset seed|fluid   behaviour preset (default: fluid)
          --scene card|sheet|photo
                                card (default), a bottom sheet with detents large and
                                medium that presents at medium, or a photo dragged in any
                                direction over a black backdrop
          --direction D         down, up, left, right or free (default: free for the
                                photo, down otherwise)
          --size WxH            window size in points, 64...32767 a side (default: 390x844,
                                or the replayed trace's viewport); the compositor may
                                configure another
          --record FILE         write the gesture trace to FILE when the window closes
          --replay FILE         replay the gesture trace in FILE, then take live input
          --events              print one JSON line per phase change on stdout (and one
                                per vetoed dismissal attempt)
          --exit-after-replay   with --replay: exit 0 once the replay has settled
          --fps N               highest frame rate while animating, 1...1000 (default: 60;
                                the compositor's frame callbacks pace first)
          --confirm             veto every dismissal: y dismisses, n or Escape keeps it
          --reduce-motion       critically damped springs; present and dismiss cross-fade
          --verbose             say on stderr which globals, scale and input are in use
          -h, --help            show this help

        Exit status: 0 when the window is closed, 1 on a runtime failure (such as a lost
        compositor), 2 for bad flags or when no Wayland compositor with xdg-shell is found.
        """

    static let parser = FlagParser([
        .value("--preset"), .value("--scene"), .value("--direction"), .value("--size"),
        .value("--record"), .value("--replay"), .toggle("--events"),
        .toggle("--exit-after-replay"), .value("--fps"), .toggle("--confirm"),
        .toggle("--reduce-motion"), .toggle("--verbose"),
    ])

    /// Parses `arguments` (without the program name); the error names the flag.
    static func parse(_ arguments: [String]) throws(WaylandDemoOptionError) -> WaylandDemoOptions {
        let options: WaylandDemoOptions
        do {
            options = try parseFlags(arguments)
        } catch {
            throw WaylandDemoOptionError(flag: error.flag, message: error.description)
        }
        if options.exitsAfterReplay, options.replayPath == nil {
            throw WaylandDemoOptionError(
                flag: "--exit-after-replay", message: "--exit-after-replay needs --replay FILE")
        }
        return options
    }

    private static func parseFlags(_ arguments: [String]) throws(FlagError) -> WaylandDemoOptions {
        var options = WaylandDemoOptions()
        let flags = try parser.parse(arguments)
        guard !flags.helpRequested else {
            options.showsHelp = true
            return options
        }
        if let name = try flags.value(
            "--preset", expected: "seed or fluid",
            { DismissConfiguration.preset(named: $0) == nil ? nil : $0 })
        {
            options.configuration = DismissConfiguration.preset(named: name) ?? .fluid
        }
        options.scene = try SceneChoice.parse(flags) ?? .card
        options.configuration.direction = try DirectionChoice.parse(flags, scene: options.scene)
        let sides = DemoOptions.sides
        options.size = try flags.value(
            "--size",
            expected: "WIDTHxHEIGHT in points, \(sides.lowerBound)...\(sides.upperBound) a side",
            DemoOptions.parseSize)
        options.recordPath = flags.string("--record")
        options.replayPath = flags.string("--replay")
        options.printsEvents = flags.isSet("--events")
        options.exitsAfterReplay = flags.isSet("--exit-after-replay")
        options.framesPerSecond = try flags.decimal("--fps", in: DemoOptions.frameRates) ?? 60
        options.confirm = flags.isSet("--confirm")
        options.reduceMotion = flags.isSet("--reduce-motion")
        options.verbose = flags.isSet("--verbose")
        return options
    }
}

/// A command line the demo could not accept; the message names the flag.
struct WaylandDemoOptionError: Error, CustomStringConvertible, Equatable {
    /// The flag at fault, as written.
    var flag: String
    /// The message, beginning with or naming the flag.
    var message: String

    var description: String { message }
}
