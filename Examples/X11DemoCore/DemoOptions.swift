import SwipeDismiss
import SwipeDismissX11
import ToolSupport

/// The command line of `x11-demo`: every flag of the demos' shared `DemoCommandLine`
/// (`DemoFlagSet.x11Demo`), read through it (`options.scene`, `options.scale`, …), and
/// `--present`, which only an X11 window has.
@dynamicMemberLookup
package struct DemoOptions {
    /// The flags the demos share.
    package var shared: DemoCommandLine
    /// `--present`: how frames reach the window (default: MIT-SHM).
    package var presentation = X11Presentation.sharedMemory

    /// A shared flag's value.
    package subscript<Value>(dynamicMember keyPath: KeyPath<DemoCommandLine, Value>) -> Value {
        shared[keyPath: keyPath]
    }

    /// The window size when neither `--size` nor a replayed trace gives one.
    package static let defaultSize = DemoCommandLine.defaultSize

    package static let usage = """
        usage: x11-demo [--preset seed|fluid] [--scene card|sheet|photo|stack] [--size WxH]
                        [--direction down|up|left|right|free] [--scale S] [--record FILE] [--replay FILE] [--events]
                        [--exit-after-replay] [--fps N] [--confirm] [--reduce-motion]
                        [--present shm|put|xlib|auto] [--verbose] [--source X,Y,W,H[,R]]
                        [--adaptive] [--layout overlay|resize] [--footer]
                        [--content-interaction hand-off|scrolls]

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
          --source X,Y,W,H[,R]  photo scene: a dismissal zooms the photo into this
                                rectangle (points), corner radius R (default 0)
          --adaptive            sheet and stack scenes: a bottom sheet when the window
                                is at most 450 pt wide or 360 pt tall, else a sheet
                                floating min(640, W - 64) pt wide, centred, 40 pt from
                                the top and bottom; a resize switches live; --events
                                lines carry "mode"
          --layout overlay|resize
                                sheet and stack: resize fits the list to the sheet's
                                visible part, so its last row is reachable at every
                                detent (default: overlay, laid out for large)
          --footer              sheet and stack: a "Done" bar pinned to the window's
                                bottom; a click on Done dismisses (through --confirm)
          --content-interaction hand-off|scrolls
                                sheet and stack: scrolls lets a drag on the list
                                scroll it at any detent (default: hand-off, the list
                                scrolls at large only)
          -h, --help            show this help

        Values follow their flag (--fps 30) or join it (--fps=30); numbers are plain
        decimals. Exit status: 0 when the window is closed, 1 on a runtime failure (such
        as a lost X server), 2 for bad flags or when no display can be opened.
        """

    /// Parses `arguments` (without the program name); every refusal names the flag.
    package static func parse(_ arguments: [String]) throws(FlagError) -> DemoOptions {
        let shared = try DemoFlagSet.x11Demo.parse(arguments)
        return DemoOptions(
            shared: shared, presentation: try shared.flags.choice("--present") ?? .sharedMemory)
    }
}
