import ToolSupport

/// The command line of `gtk-demo`: the demos' shared flags that mean something to a GTK
/// window (`DemoFlagSet.gtkDemo`), read by their one parser (`options.scene`, …).
@dynamicMemberLookup
struct GtkDemoOptions {
    /// The flags as read.
    var shared: DemoCommandLine

    /// A flag's value.
    subscript<Value>(dynamicMember keyPath: KeyPath<DemoCommandLine, Value>) -> Value {
        shared[keyPath: keyPath]
    }

    static let usage = """
        usage: gtk-demo [--scene card|sheet|photo|stack] [--preset seed|fluid] [--size WxH]
                        [--replay FILE]
                        [--exit-after-replay] [--events] [--confirm] [--reduce-motion]
                        [--adaptive] [--source X,Y,W,H[,R]]

        Opens a GTK 4 window titled "SwipeDismiss GTK demo" (X11 or Wayland, as GDK_BACKEND
        and the environment choose): real GTK widgets behind (an "Open" button and a "Search"
        entry), and a sheet of real widgets (a header with a "Note" entry and a Close button,
        a scrolled list of 60 rows whose first is a "Volume" scale) that drags down to
        dismiss. Escape or Close dismisses; "Open" presents it again. Keys are GTK's: Space
        and Enter press the focused button or go into the focused entry; a press on a button,
        entry or scale is that widget's and never moves the sheet.

          --scene card|sheet|photo|stack
                                the bottom sheet (default; detents large and medium, presents
                                at medium, its list hands off to the sheet), the card, the
                                photo (dragged freely in 2-D, shrinking as it goes; the PNG
                                at $SWIPEDISMISS_PHOTO or the bundled one), or sheets
                                stacked over sheets ("Open another" presents one over the
                                top one, up to 3; the parent recedes)
          --preset seed|fluid   behaviour preset (default: fluid)
          --size WxH            window size in points, 64...32639 a side and at most
                                536 870 911 px with GTK's decorations (default: 390x844,
                                or the replayed trace's viewport)
          --replay FILE         replay the gesture trace in FILE, then take live input
          --exit-after-replay   with --replay: exit 0 once the replay has settled
          --events              print one JSON line per phase change on stdout (and one per
                                vetoed dismissal attempt), as x11-demo does, and one per
                                entry text change ({"entry":"Note","text":…}) and Volume
                                change ({"scale":"Volume","value":…})
          --confirm             veto every dismissal: the sheet asks "Discard changes?";
                                y dismisses, n or Escape keeps it
          --reduce-motion       critically damped springs; present and dismiss cross-fade
          --adaptive            sheet and stack: on windows over 450 x 360 pt the sheets
                                float, centred, at most 640 pt wide, live as the window is
                                resized (phase lines then carry "mode")
          --source X,Y,W,H[,R]  photo scene: a dismissal zooms the photo into this
                                rectangle (points), corner radius R (default 0)
          -h, --help            show this help

        Exit status: 0 when the window is closed, 2 for bad flags or when no display can be
        opened.
        """

    /// Parses `arguments` (without the program name); every refusal names the flag.
    static func parse(_ arguments: [String]) throws(FlagError) -> GtkDemoOptions {
        GtkDemoOptions(shared: try DemoFlagSet.gtkDemo.parse(arguments))
    }
}
