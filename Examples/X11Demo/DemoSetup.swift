import SwipeDismiss
import SwipeDismissX11
import ToolSupport
import X11DemoCore

extension X11DemoMain {
    /// The scene's controller: one sheet (or card, or photo) with `--confirm` and `--events`
    /// wired up, or a stack of sheets. A photo that cannot be read ends the demo, naming it.
    static func makeController(
        input: InputSource, renderer: X11Renderer, clock: TimeSource,
        configuration: DismissConfiguration, options: DemoOptions
    ) -> FrameDriver {
        if options.scene == .stack {
            return StackDemo.makeController(
                input: input, renderer: renderer, clock: clock, configuration: configuration,
                confirm: options.confirm, printsEvents: options.printsEvents,
                adaptive: options.adaptive, layout: options.layout)
        }
        let presenter = options.scene.makePresenter(
            source: options.source, adaptive: options.adaptive, layout: options.layout)
        if options.scene == .photo {
            // A missing or unreadable picture is said up front, naming the file.
            do {
                try renderer.painter.prepareImages(
                    in: presenter.makeScene(viewport: renderer.viewport))
            } catch {
                console.fail("--scene photo: \(error)", status: error.refusesPicture ? 2 : 1)
            }
        }
        let controller = DismissController(
            input: input, presenter: presenter, renderer: renderer, clock: clock,
            configuration: configuration)
        // A tool: Space and Enter present again.
        controller.keyBindings = .tools
        if options.confirm {
            // The app always wants confirmation: every dismissal attempt is vetoed and the sheet
            // asks; y confirms (the core's confirm keys), n or Escape keeps it.
            controller.shouldDismiss = { _ in false }
        }
        if options.printsEvents {
            printEvents(
                of: controller, namingDetent: options.scene == .sheet,
                namingTranslation: configuration.direction == .free,
                namingMode: options.adaptive && options.scene.namesDetents, namingFocus: true,
                with: console.line)
        }
        return controller
    }

    /// What the demo says when `X11Host` cannot start, for a window of `size` points that
    /// `sizeFlag` (`--size` or `--replay`) asked for.
    static func failureMessage(
        _ failure: X11Host.Failure, size: (width: Int, height: Int), sizeFlag: String = "--size"
    ) -> String {
        guard case .windowTooLarge(_, _, let scale, let source) = failure else {
            return failure.description
        }
        let sides = [size.width, size.height].allSatisfy {
            PixelLimit.pixels(Double($0), scale: scale) != nil
        }
        let problem =
            PixelLimit.problem(
                width: Double(size.width), height: Double(size.height), scale: scale)
            ?? "it cannot be drawn"
        // Too many pixels even at scale 1 (23171x23171 pt): the size is what to change.
        if sides, scale == 1, source != .requested {
            return "\(sizeFlag): the \(size.width)x\(size.height) pt window is too large to draw "
                + "(\(problem)); pass a smaller --size"
        }
        let what = source == .requested ? "" : "the scale Xft.dpi asks for, "
        return "--scale: \(what)\(jsonNumber(scale)), makes the \(size.width)x\(size.height) pt "
            + "window " + (sides ? "too large to draw (\(problem))" : "larger than 32767 px a side")
            + "; pass a smaller --scale or --size"
    }

    /// With `verbose`, says on stderr how frames are presented, the scale and where it came
    /// from, and the motion setting; then the input path (always, when it is core events).
    static func tellSetup(
        of host: X11Host, size: (width: Int, height: Int), motion: X11Host.MotionSource,
        verbose: Bool
    ) {
        if verbose {
            let renderer = host.renderer
            let because = renderer.fallbackReason.map { " (\($0))" } ?? ""
            console.error("presenting with \(renderer.presentation.summary)\(because)")
            let origin: String
            switch host.scaleSource {
            case .requested: origin = "--scale"
            case .xftDPI(let dpi): origin = "Xft.dpi \(jsonNumber(dpi))"
            case .noXftDPI: origin = "no Xft.dpi"
            }
            let window = host.window
            console.error(
                "scale \(jsonNumber(host.scale)) (\(origin)): a \(size.width)x\(size.height) pt "
                    + "window of \(window.pixelWidth)x\(window.pixelHeight) px")
            switch motion {
            case .full: console.error("motion: full")
            case .reducedByApp: console.error("motion: reduced (--reduce-motion)")
            case .reducedByDesktop: console.error("motion: reduced (XSETTINGS turn animations off)")
            }
        }
        // XInput2 (touchpad swipes, touch, wheel) when the server has it; otherwise core
        // events, which the user is told about once (SWIPEDISMISS_NO_XI2=1 asks for them).
        switch host.input.path {
        case .core: console.error(host.input.path.description)
        case .xinput2: if verbose { console.error(host.input.path.description) }
        }
    }
}

extension X11Host.Failure {
    /// `x11-demo`'s exit status for it: 2 when no display could be opened or the scale makes
    /// too large a window (as for bad flags), 1 otherwise.
    var exitStatus: Int32 {
        switch self {
        case .cannotOpenDisplay, .windowTooLarge: return 2
        case .cannotCreate: return 1
        }
    }
}
