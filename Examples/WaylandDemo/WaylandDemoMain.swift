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
        let trace = start.trace
        let size = start.size
        let recordFile = start.recordFile
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

        let display: WaylandDisplay
        do {
            display = try WaylandDisplay()
        } catch {
            console.fail("\(error)", status: 2)
        }
        // SIGINT, SIGTERM and SIGHUP end the loop as `.interrupted`, so the recording is saved:
        // the demo asks for the pipe; the plugin installs nothing by itself.
        let signals: WaylandSignalPipe
        do {
            signals = try WaylandSignalPipe(signals: [SIGINT, SIGTERM, SIGHUP])
        } catch {
            console.fail("\(error)", status: 1)
        }
        signal(SIGPIPE, SIG_IGN)

        let configuration = options.scene.configuration(
            preset: options.configuration, reduceMotion: options.reduceMotion)
        let clock = MonotonicClock()
        let window: WaylandWindow
        do {
            window = try WaylandWindow(
                display: display, title: "SwipeDismiss Wayland demo", width: size.width,
                height: size.height, scale: options.scale)
        } catch {
            // A fractional --scale on a compositor without wp_viewporter is a usage problem.
            if case .missingGlobal = error { console.fail("--scale: \(error)", status: 2) }
            console.fail("\(error)", status: 1)
        }
        if window.width != size.width || window.height != size.height {
            // A --size or a trace's viewport too large to draw (23171x23171 overflows a
            // wl_shm pool): drawn at the largest size that can be.
            console.error(
                "the \(size.width)x\(size.height) pt window is too large to draw; drawn at "
                    + "\(window.width)x\(window.height) pt")
        }
        let renderer = WaylandRenderer(window: window)
        let live = WaylandInputSource(display: display, clock: clock)
        if options.verbose {
            console.error(
                "compositor \(display.name): \(display.globalNames.joined(separator: " "))")
        }

        var replay: ReplayThenLiveInput?
        var source: InputSource = live
        if let trace {
            let input = ReplayThenLiveInput(
                replay: TraceInputSource(trace: trace, startTime: clock.now), live: live)
            replay = input
            source = input
        }
        var recorder: RecordingInputSource?
        if recordFile != nil {
            let recording = RecordingInputSource(
                recording: source, viewport: renderer.viewport, startTime: clock.now)
            recorder = recording
            source = recording
        }
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

        /// Writes the recording, if one was asked for; false (after saying why) on failure.
        func saveRecording() -> Bool {
            guard let recorder, let recordFile else { return true }
            recorder.setViewport(renderer.viewport)
            do {
                try recordFile.write(recorder.trace)
                return true
            } catch {
                console.error("--record: \(error)")
                return false
            }
        }

        let loop = WaylandEventLoop(
            window: window, renderer: renderer, input: live, clock: clock,
            framesPerSecond: options.framesPerSecond)
        loop.signalPipe = signals
        // Screen readers: the sheet (the stack's top one) as an AT-SPI dialog while the
        // desktop asks for it, as in x11-demo.
        let accessibility = startAccessibility(
            loop: loop, input: live, verbose: options.verbose
        ) { accessibilityModel(of: controller, direction: configuration.direction) }
        // --verbose says when the first frame is on screen (tests wait for it before input).
        var firstFrameToldOf = !options.verbose
        let replayFinished: () -> Bool = { [replay] in
            // Extents are in pixels: the compositor may change the scale while running.
            if let accessibility, accessibility.scale != renderer.scale {
                accessibility.scale = renderer.scale
            }
            if !firstFrameToldOf, renderer.framesDone > 0, let size = renderer.lastBufferSize {
                firstFrameToldOf = true
                console.error(
                    "first frame shown: \(size.width)x\(size.height) px at scale \(jsonNumber(renderer.scale))"
                )
            }
            guard options.exitsAfterReplay, let replay else { return false }
            return !replay.isReplaying && !controller.isAnimating && !live.isPressed
                && controller.nextWakeTime == nil && !renderer.needsFrame
        }
        let reason: WaylandEventLoop.StopReason
        do {
            reason = try loop.run(controller, until: replayFinished)
        } catch {
            _ = saveRecording()
            console.fail("rendering failed: \(error)", status: 1)
        }
        withExtendedLifetime(accessibility) {}
        let saved = saveRecording()
        switch reason {
        case .interrupted(let signal):
            exit(saved ? 128 + signal : 1)
        case .windowClosed, .stopped:
            exit(saved ? 0 : 1)
        case .compositorLost(let message):
            console.fail(message, status: 1)
        }
    }
}
