// x11-demo: the interaction in a real window. Drag the card (or sheet) down to dismiss it,
// Escape dismisses, Space or a click presents again, the close button quits.
import Glibc
import SwipeDismiss
import SwipeDismissTrace
import SwipeDismissX11
import ToolSupport
import X11DemoCore

/// Where the demo's messages and `--events` lines go.
let console = DemoConsole(tool: "x11-demo")

/// The program: everything is local to `main()`, so nothing is a shared global.
@main
enum X11DemoMain {
    static func main() {
        let options = console.options(
            DemoOptions.parse, usage: DemoOptions.usage, showsHelp: \.showsHelp)
        // The trace, the window size and the --record path, refused before any display.
        let start: DemoStart
        do {
            start = try DemoStart(
                replayPath: options.replayPath, size: options.size,
                recordPath: options.recordPath)
        } catch {
            console.fail("\(error)", status: 2)
        }
        var configuration = options.scene.configuration(
            preset: options.configuration, reduceMotion: options.reduceMotion)
        do {
            try configuration.validate()
        } catch {
            console.fail("configuration: \(error)", status: 2)
        }

        // The display, the scale Xft.dpi asks for (unless --scale), XSETTINGS, the window;
        // once the display is open, SIGINT, SIGTERM and SIGHUP end the run through the loop,
        // which saves the recording first. Protocol errors are logged, not fatal.
        X11Display.messagePrefix = "x11-demo"
        let host: X11Host
        do {
            host = try X11Host(
                title: "SwipeDismiss demo", size: start.size, scale: options.scale,
                presentation: options.presentation, framesPerSecond: options.framesPerSecond,
                stopsOnSignals: [SIGINT, SIGTERM, SIGHUP], logsProtocolErrors: true)
        } catch {
            let sizeFlag = options.size == nil && options.replayPath != nil ? "--replay" : "--size"
            console.fail(
                failureMessage(error, size: start.size, sizeFlag: sizeFlag),
                status: error.exitStatus)
        }
        // A reader of --events that goes away (`x11-demo --events | head -1`) must not kill the
        // demo before it saves: writes to the broken pipe fail instead.
        signal(SIGPIPE, SIG_IGN)
        // The desktop can ask for less motion through XSETTINGS; no settings manager: off.
        if !configuration.reduceMotion, let error = host.desktopSettingsError {
            console.error("ignoring unreadable XSETTINGS: \(error)")
        }
        let motion = host.applyDesktopMotion(to: &configuration)
        tellSetup(of: host, size: start.size, motion: motion, verbose: options.verbose)

        let chain = DemoInputChain(
            live: host.input, start: start, viewport: host.renderer.viewport, clock: host.clock,
            console: console)
        let controller = makeController(
            input: chain.source, renderer: host.renderer, clock: host.clock,
            configuration: configuration, options: options)
        // Screen readers: the sheet (the stack's top one) as an AT-SPI dialog while the
        // desktop asks for it.
        let accessibility = startAccessibility(
            host: host.loop, applicationName: "x11-demo", windowTitle: "SwipeDismiss demo",
            verbose: options.verbose, console: console
        ) { accessibilityModel(of: controller, direction: configuration.direction) }
        // --exit-after-replay: stop once the replay is over and everything has come to rest.
        let live = host.input
        let replayFinished: () -> Bool = {
            options.exitsAfterReplay
                && chain.replayIsOver(driver: controller, isPressed: live.isPressed)
        }

        // However the run ends, the recording is saved first.
        var saved = true
        let renderer = host.renderer
        host.onStop = { _ in saved = chain.saveRecording(viewport: renderer.viewport) }
        let reason: X11EventLoop.StopReason
        do {
            reason = try host.run(controller, until: replayFinished)
        } catch {
            console.fail("rendering failed: \(error)", status: 1)
        }
        withExtendedLifetime(accessibility) {}
        if case .connectionLost(let why) = reason {
            console.error("lost the connection to the X server \(host.display.name) (\(why))")
        }
        exit(saved ? reason.exitStatus : 1)
    }
}
