import ToolSupport

/// The command line of `wayland-demo`: the demos' shared flags but `--present`
/// (`DemoFlagSet.waylandDemo`), read by their one parser.
enum WaylandDemoOptions {
    static let usage = """
        usage: wayland-demo [--preset seed|fluid] [--scene card|sheet|photo|stack]
                            [--size WxH] [--scale S]
                            [--direction down|up|left|right|free] [--record FILE] [--replay FILE]
                            [--events] [--exit-after-replay] [--fps N] [--confirm] [--reduce-motion]
                            [--verbose] [--source X,Y,W,H[,R]] [--adaptive]
                            [--layout overlay|resize] [--footer]
                            [--content-interaction hand-off|scrolls]

        Opens a Wayland window titled "SwipeDismiss Wayland demo" (on WAYLAND_DISPLAY). Drag the
        card (or the sheet) down, or the photo any way, to dismiss it; a two-finger touchpad
        scroll drags it too and lets go when the fingers lift, as does one finger on a
        touchscreen (other fingers are ignored); a wheel never dismisses; Escape dismisses;
        Space or a click presents it again; close the window to quit. The scale is the
        compositor's (integer, or fractional with wp_fractional_scale_v1) unless --scale.

          --preset seed|fluid   behaviour preset (default: fluid)
          --scene card|sheet|photo|stack
                                card (default), a bottom sheet with detents large and
                                medium that presents at medium, a photo dragged in any
                                direction over a black backdrop, or sheets over sheets
                                (Space or Enter presents another, up to 3)
          --direction D         down, up, left, right or free (default: free for the
                                photo, down otherwise)
          --size WxH            window size in points, 64...32767 a side and at most
                                536 870 911 px (default: 390x844, or the replayed trace's
                                viewport); the compositor may configure another
          --scale S             device pixels per point, 0.25...8, instead of the
                                compositor's: frames are drawn at S and the compositor
                                maps them onto the window (set_buffer_scale, or
                                wp_viewporter when S is not whole); geometry, --events
                                and traces stay in points
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
          --source X,Y,W,H[,R]  photo scene: a dismissal zooms the photo into this
                                rectangle (points), corner radius R (default 0)
          --adaptive            sheet and stack scenes: the sheet floats on wide
                                windows (as x11-demo --adaptive); a configure
                                switches live; --events lines carry "mode"
          --layout overlay|resize
                                sheet and stack: resize fits the list to the sheet's
                                visible part (default: overlay, laid out for large)
          --footer              sheet and stack: a "Done" bar pinned to the window's
                                bottom; a click on Done dismisses (through --confirm)
          --content-interaction hand-off|scrolls
                                sheet and stack: scrolls lets a drag on the list
                                scroll it at any detent (default: hand-off)
          -h, --help            show this help

        Exit status: 0 when the window is closed, 1 on a runtime failure (such as a lost
        compositor), 2 for bad flags or when no Wayland compositor with xdg-shell is found.
        """

    /// Parses `arguments` (without the program name); every refusal names the flag.
    static func parse(_ arguments: [String]) throws(FlagError) -> DemoCommandLine {
        try DemoFlagSet.waylandDemo.parse(arguments)
    }
}
