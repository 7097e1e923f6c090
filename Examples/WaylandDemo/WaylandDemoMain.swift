// wayland-demo: x11-demo on a native Wayland window (DESIGN §4b "wayland-demo").
import Glibc
import SwipeDismiss
import SwipeDismissTrace
import SwipeDismissWayland
import ToolSupport
import X11DemoCore

/// Where the demo's messages and `--events` lines go.
let console = DemoConsole(tool: "wayland-demo")

/// The program: everything is local to `main()`.
@main
enum WaylandDemoMain {
    static func main() {
        let options = console.options(
            WaylandDemoOptions.parse, usage: WaylandDemoOptions.usage, showsHelp: \.showsHelp)
        let start: DemoStart
        do {
            start = try DemoStart(
                replayPath: options.replayPath, size: options.size,
                recordPath: options.recordPath)
        } catch {
            console.fail("\(error)", status: 2)
        }
        let size = start.size
        if let scale = options.scale,
            let problem = PixelLimit.problem(
                width: Double(size.width), height: Double(size.height), scale: scale)
        {
            let sides = [size.width, size.height].allSatisfy {
                PixelLimit.pixels(Double($0), scale: scale) != nil
            }
            console.fail(
                "--scale: \(jsonNumber(scale)), makes the \(size.width)x\(size.height) pt window "
                    + (sides ? "too large to draw (\(problem))" : "larger than 32767 px a side")
                    + "; pass a smaller --scale or --size", status: 2)
        }

        // A window that cannot be drawn even at scale 1 (23171x23171 pt overflows a wl_shm
        // pool's 32-bit size) is refused before any compositor, as a too-large --scale is.
        if options.scale == nil,
            let problem = PixelLimit.problem(
                width: Double(size.width), height: Double(size.height), scale: 1)
        {
            let source = options.size == nil && options.replayPath != nil ? "--replay" : "--size"
            console.fail(
                "\(source): the \(size.width)x\(size.height) pt window is too large to draw "
                    + "(\(problem)); pass a smaller --size", status: 2)
        }

        // The compositor, SIGINT, SIGTERM and SIGHUP ending the loop as `.interrupted` (so the
        // recording is saved), and the window.
        let host: WaylandHost
        do {
            host = try WaylandHost(
                title: "SwipeDismiss Wayland demo", size: size, scale: options.scale,
                framesPerSecond: options.framesPerSecond, stopsOnSignals: [SIGINT, SIGTERM, SIGHUP])
        } catch {
            switch error {
            case .cannotConnect: console.fail("\(error)", status: 2)
            // A fractional --scale on a compositor without wp_viewporter is a usage problem.
            case .cannotCreateWindow(.missingGlobal): console.fail("--scale: \(error)", status: 2)
            case .cannotStopOnSignals, .cannotCreateWindow: console.fail("\(error)", status: 1)
            }
        }
        signal(SIGPIPE, SIG_IGN)

        let configuration = options.scene.configuration(
            preset: options.configuration, reduceMotion: options.reduceMotion)
        let (display, window, clock) = (host.display, host.window, host.clock)
        if window.width != size.width || window.height != size.height {
            // A --size or a trace's viewport too large to draw (23171x23171 overflows a
            // wl_shm pool): drawn at the largest size that can be.
            console.error(
                "the \(size.width)x\(size.height) pt window is too large to draw; drawn at "
                    + "\(window.width)x\(window.height) pt")
        }
        let (renderer, live, loop) = (host.renderer, host.input, host.loop)
        if options.verbose {
            console.error(
                "compositor \(display.name): \(display.globalNames.joined(separator: " "))")
        }

        let chain = DemoInputChain(
            live: live, start: start, viewport: renderer.viewport, clock: clock, console: console)
        let source = chain.source
        let presenter = options.scene.makePresenter(
            source: options.source, adaptive: options.adaptive, layout: options.layout)
        if options.scene == .photo {
            do {
                try renderer.painter.prepareImages(
                    in: presenter.makeScene(viewport: renderer.viewport))
            } catch {
                console.fail("--scene photo: \(error)", status: 1)
            }
        }
        // The scene's controller: one sheet (or card, or photo), or a stack of sheets.
        let controller: FrameDriver
        if options.scene == .stack {
            let stack = StackScene.makeController(
                input: source, renderer: renderer, clock: clock, configuration: configuration,
                confirm: options.confirm, adaptive: options.adaptive, layout: options.layout)
            if options.printsEvents {
                printEvents(
                    of: stack, namingMode: options.adaptive, namingFocus: true, with: console.line)
            }
            controller = stack
        } else {
            let single = DismissController(
                input: source, presenter: presenter, renderer: renderer, clock: clock,
                configuration: configuration)
            single.keyBindings = .tools
            if options.confirm { single.shouldDismiss = { _ in false } }
            if options.printsEvents {
                printEvents(
                    of: single, namingDetent: options.scene == .sheet,
                    namingTranslation: configuration.direction == .free,
                    namingMode: options.adaptive && options.scene.namesDetents, namingFocus: true,
                    with: console.line)
            }
            controller = single
        }
        // Two resting fingers (a touchpad hold) catch the content while it animates.
        live.catchesOnHold = { point in
            controller.isAnimating && controller.hitTest(point) == .content
        }

        // Screen readers: the sheet (the stack's top one) as an AT-SPI dialog while the
        // desktop asks for it, as in x11-demo.
        let accessibility = startAccessibility(
            host: loop, applicationName: "wayland-demo", windowTitle: "SwipeDismiss Wayland demo",
            verbose: options.verbose, console: console
        ) { accessibilityModel(of: controller, direction: configuration.direction) }
        // --verbose says when the first frame is on screen (tests wait for it before input).
        var firstFrameToldOf = !options.verbose
        let replayFinished: () -> Bool = {
            if !firstFrameToldOf, renderer.framesDone > 0, let size = renderer.lastBufferSize {
                firstFrameToldOf = true
                console.error(
                    "first frame shown: \(size.width)x\(size.height) px at scale \(jsonNumber(renderer.scale))"
                )
            }
            return options.exitsAfterReplay
                && chain.replayIsOver(
                    driver: controller, isPressed: live.isPressed, needsFrame: renderer.needsFrame)
        }
        // However the run ends, the recording is saved first.
        var saved = true
        host.onStop = { _ in saved = chain.saveRecording(viewport: renderer.viewport) }
        let reason: HostStopReason
        do {
            reason = try host.run(controller, until: replayFinished)
        } catch {
            console.fail("rendering failed: \(error)", status: 1)
        }
        withExtendedLifetime(accessibility) {}
        if case .connectionLost(let message) = reason { console.fail(message, status: 1) }
        exit(saved ? reason.exitStatus : 1)
    }
}
