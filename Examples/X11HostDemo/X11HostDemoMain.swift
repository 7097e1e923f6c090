// x11-host-demo: an app with its own X connection, window, screen and poll() loop, which
// uses SwipeDismiss only to present a sheet over its screen. "Share" or Space presents the
// sheet; "Cancel", Escape, a drag or a tap on the dim dismisses it; the close button quits.
import CX11
import Glibc
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissX11
import ToolSupport
import X11DemoCore

let usage = """
    usage: x11-host-demo [--events]
      --events   print one JSON line a phase change on stdout (as x11-demo --events)
    """

@main
enum X11HostDemoMain {
    static func main() {
        var printsEvents = false
        for argument in CommandLine.arguments.dropFirst() {
            switch argument {
            case "--events": printsEvents = true
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
        // SwipeDismiss adopts them: it draws the backdrop and the sheet into the app's
        // window, over the screen the app draws with its own cairo code.
        let clock = MonotonicClock()
        let sheet: X11HostedSheet
        do {
            sheet = try X11HostedSheet(display: app.display, window: app.window, clock: clock)
        } catch {
            StandardStream.error.writeLine("x11-host-demo: \(error)")
            exit(1)
        }
        var sharePressed = false
        sheet.painter.setDrawing(for: .presenting) { context, size in
            HostWindow.drawScreen(
                context.cairoPointer, width: size.width, height: size.height, pressed: sharePressed)
        }
        let presenter = SheetPresenter(
            title: "Share",
            rows: [
                .init(id: "copy-link", title: "Copy link"), .init(id: "mail", title: "Mail"),
                .init(id: "cancel", title: "Cancel"),
            ],
            presentAgainHint: "", drawsScreenBehind: false)
        let controller = DismissController(
            input: sheet.input, presenter: presenter, renderer: sheet.renderer, clock: clock,
            configuration: SceneChoice.sheet.configuration(preset: .fluid, reduceMotion: false))
        // Space presents, as documented, until a focus model gives "Share" the keys.
        controller.keyBindings = .tools
        // The app starts with no sheet.
        controller.dismiss(animated: false)
        do {
            _ = try controller.step(forceRender: true)
        } catch {
            StandardStream.error.writeLine("x11-host-demo: rendering failed: \(error)")
            exit(1)
        }
        controller.addObserver { event in
            switch event {
            case .contentTapped(let item, _) where item == "cancel":
                controller.dismiss()
            case .phaseChanged(_, _, let state) where printsEvents:
                StandardStream.output.writeLine(eventLine(state, namingDetent: true))
            case .dismissAttempted(let reason) where printsEvents:
                StandardStream.output.writeLine(attemptLine(reason, state: controller.state))
            default:
                break
            }
        }
        app.map()

        // The app's own loop: poll() on its connection, with the sheet's frame deadline.
        var event = XEvent()
        var descriptors = [
            pollfd(fd: XConnectionNumber(app.display), events: Int16(POLLIN), revents: 0)
        ]
        while true {
            while XPending(app.display) > 0 {
                XNextEvent(app.display, &event)
                switch event.type {
                case ClientMessage:
                    if event.xclient.message_type == app.protocols,
                        Atom(bitPattern: event.xclient.data.l.0) == app.deleteWindow
                    {
                        exit(0)
                    }
                case DestroyNotify:
                    exit(0)
                case ButtonPress where controller.state.phase == .dismissed,
                    ButtonRelease where controller.state.phase == .dismissed,
                    MotionNotify where controller.state.phase == .dismissed:
                    // No sheet: the pointer is the app's. "Share" presents on release.
                    guard event.type == MotionNotify || event.xbutton.button == UInt32(Button1)
                    else { break }
                    let x = Double(event.xbutton.x)
                    let y = Double(event.xbutton.y)
                    let pressed = event.type == ButtonPress && HostWindow.isOnShare(x: x, y: y)
                    if event.type == ButtonRelease, sharePressed, HostWindow.isOnShare(x: x, y: y) {
                        controller.present()
                    }
                    if event.type != MotionNotify, pressed != sharePressed {
                        sharePressed = pressed
                        sheet.painter.setNeedsDisplay(of: .presenting)
                        controller.setNeedsDisplay()
                    }
                default:
                    // The sheet's: pointer (while shown), keys, expose and size.
                    withUnsafeMutablePointer(to: &event) { _ = sheet.handle(event: $0) }
                }
            }
            do {
                if case .connectionLost(let reason) = try sheet.update(controller) {
                    StandardStream.error.writeLine(
                        "x11-host-demo: lost the connection to the X server (\(reason))")
                    exit(1)
                }
            } catch {
                StandardStream.error.writeLine("x11-host-demo: rendering failed: \(error)")
                exit(1)
            }
            if sheet.hasPendingEvents { continue }
            let timeout = sheet.timeout(for: controller)
            let milliseconds = timeout.map { Int32(min(($0 * 1000).rounded(.up), 60_000)) } ?? -1
            descriptors[0].revents = 0
            _ = poll(&descriptors, 1, milliseconds)
        }
    }
}
