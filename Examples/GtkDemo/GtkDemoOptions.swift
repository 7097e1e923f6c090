import SwipeDismiss
import ToolSupport
import X11DemoCore

/// The command line of `gtk-demo`: `x11-demo`'s flags that mean something to a GTK window.
struct GtkDemoOptions {
    var preset = "fluid"
    var configuration = DismissConfiguration.fluid
    /// The window size in points; nil: 390x844, or the replayed trace's viewport.
    var size: (width: Int, height: Int)?
    var replayPath: String?
    var printsEvents = false
    var exitsAfterReplay = false
    var showsHelp = false
    var scene = SceneChoice.sheet
    var confirm = false
    var reduceMotion = false

    static let usage = """
        usage: gtk-demo [--scene card|sheet|photo|stack] [--preset seed|fluid] [--size WxH]
                        [--replay FILE]
                        [--exit-after-replay] [--events] [--confirm] [--reduce-motion]

        Opens a GTK 4 window titled "SwipeDismiss GTK demo" (X11 or Wayland, as GDK_BACKEND
        and the environment choose): real GTK widgets behind, and a sheet of real widgets (a
        header with a Close button, a scrolled list of 60 rows) that drags down to dismiss.
        Escape or Close dismisses; Space, Enter or "Show sheet" presents it again.

          --scene card|sheet|photo|stack
                                the bottom sheet (default; detents large and medium, presents
                                at medium, its list hands off to the sheet), the card, the
                                photo (dragged freely in 2-D, shrinking as it goes; the PNG
                                at $SWIPEDISMISS_PHOTO or the bundled one), or sheets
                                stacked over sheets (Space or Enter presents another over
                                the top one, up to 3; the parent recedes)
          --preset seed|fluid   behaviour preset (default: fluid)
          --size WxH            window size in points, 64...32767 a side (default: 390x844,
                                or the replayed trace's viewport)
          --replay FILE         replay the gesture trace in FILE, then take live input
          --exit-after-replay   with --replay: exit 0 once the replay has settled
          --events              print one JSON line per phase change on stdout (and one per
                                vetoed dismissal attempt), as x11-demo does
          --confirm             veto every dismissal: the sheet asks "Discard changes?";
                                y dismisses, n or Escape keeps it
          --reduce-motion       critically damped springs; present and dismiss cross-fade
          -h, --help            show this help

        Exit status: 0 when the window is closed, 2 for bad flags or when no display can be
        opened.
        """

    static let parser = FlagParser([
        .value("--preset"), .value("--scene"), .value("--size"), .value("--replay"),
        .toggle("--events"), .toggle("--exit-after-replay"), .toggle("--confirm"),
        .toggle("--reduce-motion"),
    ])

    /// Parses `arguments` (without the program name); the error names the flag.
    static func parse(_ arguments: [String]) throws(GtkDemoOptionError) -> GtkDemoOptions {
        let options: GtkDemoOptions
        do {
            options = try parseFlags(arguments)
        } catch {
            throw GtkDemoOptionError(description: error.description)
        }
        if options.exitsAfterReplay, options.replayPath == nil {
            throw GtkDemoOptionError(description: "--exit-after-replay needs --replay FILE")
        }
        return options
    }

    private static func parseFlags(_ arguments: [String]) throws(FlagError) -> GtkDemoOptions {
        var options = GtkDemoOptions()
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
        options.scene =
            try flags.value(
                "--scene", expected: "card, sheet, photo or stack", { SceneChoice(rawValue: $0) })
            ?? .sheet
        options.size = try flags.value(
            "--size", expected: "WIDTHxHEIGHT in points, 64...32767 a side",
            DemoOptions.parseSize)
        options.replayPath = flags.string("--replay")
        options.printsEvents = flags.isSet("--events")
        options.exitsAfterReplay = flags.isSet("--exit-after-replay")
        options.confirm = flags.isSet("--confirm")
        options.reduceMotion = flags.isSet("--reduce-motion")
        return options
    }
}

/// A command line gtk-demo refuses; the message names the flag.
struct GtkDemoOptionError: Error, CustomStringConvertible {
    var description: String
}
