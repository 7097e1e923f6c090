// x11-host-demo: an app with its own X connection, window, screen and poll() loop, which
// uses SwipeDismiss only to present sheets over its screen. "Share" (click, or Space or Enter
// while it has the focus) presents the share sheet; "Copy link" becomes "Link copied";
// "Mail" presents a second sheet over it; "Cancel", Escape, a drag or a tap on the dim
// dismisses the top one; the Volume slider is the app's; the close button quits.
import CX11
import Glibc
import SwipeDismiss
import SwipeDismissX11
import ToolSupport

let usage = """
    usage: x11-host-demo [--events] [--adaptive]
      --events   print one JSON line a phase change on stdout (as x11-demo --events, with
                 "level" and "depth" as in --scene stack) and one a Volume change
      --adaptive float the sheets, centred, on windows over 450 x 360 pt (live on resize;
                 phase lines then carry "mode")
    """

@main
enum X11HostDemoMain {
    static func main() {
        var printsEvents = false
        var adaptive = false
        for argument in CommandLine.arguments.dropFirst() {
            switch argument {
            case "--events": printsEvents = true
            case "--adaptive": adaptive = true
            case "-h", "--help":
                StandardStream.output.writeLine(usage)
                exit(0)
            default:
                StandardStream.error.writeLine(
                    "x11-host-demo: unknown option \(argument)\n\(usage)")
                exit(2)
            }
        }
        signal(SIGPIPE, SIG_IGN)

        // The app's own connection and window.
        guard let app = HostWindow() else {
            StandardStream.error.writeLine(
                "x11-host-demo: cannot open display \(String(cString: XDisplayName(nil)))")
            exit(2)
        }

        // A lost server should come back as a value from the loop (Xlib's default I/O error
        // handler would end the process first): the app opts in to the plugin's handler.
        X11Display.installConnectionLossHandler()
        // SwipeDismiss adopts them: it draws the backdrop and the sheets into the app's
        // window, over the screen the app draws with its own cairo code.
        let clock = MonotonicClock()
        let sheet: X11HostedSheet
        do {
            sheet = try X11HostedSheet(display: app.display, window: app.window, clock: clock)
        } catch {
            StandardStream.error.writeLine("x11-host-demo: \(error)")
            exit(1)
        }
        let demo = HostDemo(
            app: app, sheet: sheet, clock: clock, printsEvents: printsEvents, adaptive: adaptive)
        do {
            _ = try demo.stack.step(forceRender: true)
        } catch {
            StandardStream.error.writeLine("x11-host-demo: rendering failed: \(error)")
            exit(1)
        }
        demo.startAccessibility()
        app.map()

        // The app's own loop: poll() on its connection (and the screen reader's bus), with
        // the sheets' frame deadline.
        var event = XEvent()
        var descriptors = [
            pollfd(fd: XConnectionNumber(app.display), events: Int16(POLLIN), revents: 0),
            pollfd(fd: -1, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            while XPending(app.display) > 0 {
                XNextEvent(app.display, &event)
                switch event.type {
                case ClientMessage
                where event.xclient.message_type == app.protocols
                    && Atom(bitPattern: event.xclient.data.l.0) == app.deleteWindow:
                    exit(0)
                case DestroyNotify:
                    exit(0)
                default:
                    demo.handle(&event)
                }
            }
            if let bridge = demo.accessibility, descriptors[1].revents & Int16(POLLIN) != 0 {
                bridge.handleReadable()
            }
            demo.followFocus()
            do {
                if case .connectionLost(let reason) = try sheet.update(demo.stack) {
                    StandardStream.error.writeLine(
                        "x11-host-demo: lost the connection to the X server (\(reason))")
                    exit(1)
                }
            } catch {
                StandardStream.error.writeLine("x11-host-demo: rendering failed: \(error)")
                exit(1)
            }
            if sheet.hasPendingEvents { continue }
            let timeout = sheet.timeout(for: demo.stack)
            let milliseconds = timeout.map { Int32(min(($0 * 1000).rounded(.up), 60_000)) } ?? -1
            descriptors[0].revents = 0
            descriptors[1].fd = demo.accessibility?.pollDescriptor ?? -1
            descriptors[1].revents = 0
            _ = poll(&descriptors, 2, milliseconds)
        }
    }
}
