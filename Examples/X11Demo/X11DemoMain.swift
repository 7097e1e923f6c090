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
        let trace = start.trace
        let size = start.size
        let recordFile = start.recordFile

        X11Display.messagePrefix = "x11-demo"
        let display: X11Display
        do {
            display = try X11Display()
        } catch {
            console.fail("\(error)", status: 2)
        }
        // From here on, these signals end the run through the loop, which saves the recording
        // first (before now there is nothing to lose, and the default action is right).
        X11EventLoop.stopOnSignals([SIGINT, SIGTERM, SIGHUP])
        // A reader of --events that goes away (`x11-demo --events | head -1`) must not kill the
        // demo before it saves: writes to the broken pipe fail instead.
        signal(SIGPIPE, SIG_IGN)

        // The scale: --scale, else what the desktop's Xft.dpi asks for. The window is opened at
        // the size in points times the scale; everything else stays in points.
        let scale = options.scale ?? display.preferredScale
        guard let pixels = pixelSize(of: size, scale: scale) else {
            let what = options.scale == nil ? "the scale Xft.dpi asks for, " : ""
            console.fail(
                "--scale: \(what)\(jsonNumber(scale)), makes the \(size.width)x\(size.height) pt "
                    + "window larger than 32767 px a side; pass a smaller --scale or --size",
                status: 2)
        }

        var configuration = options.scene.configuration(
            preset: options.configuration, reduceMotion: options.reduceMotion)
        do {
            try configuration.validate()
        } catch {
            console.fail("configuration: \(error)", status: 2)
        }
        var motionReason = options.reduceMotion ? "reduced (--reduce-motion)" : "full"
        if !configuration.reduceMotion {
            // The desktop can ask for less motion through XSETTINGS; no settings manager: off.
            do {
                if let settings = try XSettings.read(from: display), settings.prefersReducedMotion {
                    configuration.reduceMotion = true
                    motionReason = "reduced (XSETTINGS turn animations off)"
                }
            } catch {
                console.error("ignoring unreadable XSETTINGS: \(error)")
            }
        }

        let clock = MonotonicClock()
        let window: X11Window
        let renderer: X11Renderer
        do {
            window = try X11Window(
                display: display, title: "SwipeDismiss demo", width: pixels.width,
                height: pixels.height)
            renderer = try X11Renderer(
                window: window, scale: scale, presentation: options.presentation)
        } catch {
            console.fail("\(error)", status: 1)
        }
        if options.verbose {
            let because = renderer.fallbackReason.map { " (\($0))" } ?? ""
            console.error("presenting with \(renderer.presentation.summary)\(because)")
            let dpi = X11DisplayScale.dpi(resourceManager: display.resourceManagerString)
            let origin =
                options.scale != nil
                ? "--scale" : dpi.map { "Xft.dpi \(jsonNumber($0))" } ?? "no Xft.dpi"
            console.error(
                "scale \(jsonNumber(scale)) (\(origin)): a \(size.width)x\(size.height) pt window of "
                    + "\(pixels.width)x\(pixels.height) px")
            console.error("motion: \(motionReason)")
        }
        // XInput2 (touchpad swipes, touch, wheel) when the server has it; otherwise core
        // events, which the user is told about once (SWIPEDISMISS_NO_XI2=1 asks for them).
        let live = X11InputSource(clock: clock, scale: renderer.scale, window: window)
        switch live.path {
        case .core: console.error(live.path.description)
        case .xinput2: if options.verbose { console.error(live.path.description) }
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
            recording.onFull = {
                console.error(
                    "--record: the recording is full (\(GestureTrace.Limits.fileSize >> 20) MiB); "
                        + "the gesture in progress is kept whole, nothing after it is recorded")
            }
            recorder = recording
            source = recording
        }

        let presenter = options.scene.makePresenter()
        if options.scene == .photo {
            // A missing or unreadable picture is said up front, naming the file.
            do {
                try renderer.painter.prepareImages(
                    in: presenter.makeScene(viewport: renderer.viewport))
            } catch {
                console.fail("--scene photo: \(error)", status: error.refusesPicture ? 2 : 1)
            }
        }
        // The scene's controller: one sheet (or card, or photo), or a stack of sheets.
        let controller: FrameDriver
        if options.scene == .stack {
            controller = StackDemo.makeController(
                input: source, renderer: renderer, clock: clock, configuration: configuration,
                confirm: options.confirm, printsEvents: options.printsEvents)
        } else {
            controller = makeController(
                input: source, presenter: presenter, renderer: renderer, clock: clock,
                configuration: configuration, options: options)
        }

        /// Writes the recording, if one was asked for; returns false (after saying why) on failure.
        func saveRecording() -> Bool {
            guard let recorder, let recordFile else { return true }
            recorder.setViewport(renderer.viewport)
            do {
                try recordFile.write(recorder.trace)
                if recorder.isFull {
                    console.error(
                        "--record: kept \(recorder.trace.events.count) events; "
                            + "\(recorder.droppedEventCount) were left out")
                }
                return true
            } catch {
                console.error("--record: \(error)")
                return false
            }
        }

        let loop = X11EventLoop(
            window: window, renderer: renderer, input: live, clock: clock,
            framesPerSecond: options.framesPerSecond)
        // Screen readers: the sheet as an AT-SPI dialog while the desktop asks for it.
        // (One sheet's, for now: the stack scene is not yet an accessible tree of dialogs.)
        let accessibility = (controller as? DismissController).flatMap {
            startAccessibility(
                controller: $0, loop: loop, scale: renderer.scale, verbose: options.verbose)
        }

        // --exit-after-replay: stop once the replay is over and everything has come to rest.
        // `replay` is captured by value: a captured `var` box makes Swift 6 see a data race.
        let replayFinished: () -> Bool = { [replay] in
            guard options.exitsAfterReplay, let replay else { return false }
            return !replay.isReplaying && !controller.isAnimating && !live.isPressed
                && controller.nextWakeTime == nil
        }
        let reason: X11EventLoop.StopReason
        do {
            reason = try loop.run(
                controller,
                until: followingFocus(of: window, for: accessibility, then: replayFinished))
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
        case .connectionLost(let why):
            console.error("lost the connection to the X server \(display.name) (\(why))")
            exit(1)
        }
    }

    /// The one-sheet controller for the card, sheet and photo scenes, with `--confirm` and
    /// `--events` wired up.
    static func makeController(
        input source: InputSource, presenter: Presenter, renderer: Renderer, clock: TimeSource,
        configuration: DismissConfiguration, options: DemoOptions
    ) -> DismissController {
        let controller = DismissController(
            input: source, presenter: presenter,
            renderer: renderer,
            clock: clock,
            configuration: configuration)
        if options.confirm {
            // The app always wants confirmation: every dismissal attempt is vetoed and the sheet
            // asks; y confirms (the core's confirm keys), n or Escape keeps it.
            controller.shouldDismiss = { _ in false }
        }
        if options.printsEvents {
            let namesDetent = options.scene == .sheet
            let namesTranslation = configuration.direction == .free
            controller.addObserver { event in
                switch event {
                case .phaseChanged(_, _, let state):
                    console.line(
                        eventLine(
                            state, namingDetent: namesDetent, namingTranslation: namesTranslation))
                case .dismissAttempted(let reason):
                    console.line(attemptLine(reason, state: controller.state))
                case .passedThrough(let point):
                    console.line(passThroughLine(point, state: controller.state))
                default:
                    break
                }
            }
        }
        return controller
    }
}
