import CGtk
import SwipeDismiss
import SwipeDismissGtk
import SwipeDismissHost
import ToolSupport
import X11DemoCore

/// One run of the demo: the window, the host and the main loop.
final class GtkDemoRun {
    let options: GtkDemoOptions
    let configuration: DismissConfiguration
    let window: UnsafeMutablePointer<GtkWidget>
    let host: GtkDemoHost
    let loop: OpaquePointer
    let clock: MonotonicClock
    /// The live input after the `--replay` trace, and `--exit-after-replay`'s predicate.
    private var chain: DemoInputChain?
    private var sheets: [GtkDemoWidgets.Sheet] = []

    init(
        options: GtkDemoOptions, configuration: DismissConfiguration, start: DemoStart
    ) {
        let size = start.size
        self.options = options
        self.configuration = configuration
        loop = g_main_loop_new(nil, 0)
        window = gtk_window_new()!
        gtk_window_set_title(sd_window(window), "SwipeDismiss GTK demo")

        let screen = GtkDemoWidgets.screen()
        let clock = MonotonicClock()
        self.clock = clock
        var chain: DemoInputChain?
        let viewport = Size(width: Double(size.width), height: Double(size.height))
        let built = GtkDemoScenes.build(
            options: options, configuration: configuration, screen: screen.widget,
            viewport: viewport, clock: clock,
            wrapInput: { live in
                let made = DemoInputChain(
                    live: live, start: start, viewport: viewport, clock: clock, console: console)
                chain = made
                return made.source
            })
        host = built.host
        sheets = built.sheets
        self.chain = chain
        if !built.sheets.isEmpty {
            // The part of a sheet below the screen's bottom edge is filler, so the scrolled
            // window's page is what the list shows on screen at `large`.
            let fillers = built.sheets.map(\.filler)
            host.setOnResize { viewport in
                let overdraw = viewport.height * SheetPresenter.overdrawFraction
                for filler in fillers {
                    gtk_widget_set_size_request(filler, -1, Int32(overdraw.rounded()))
                }
            }
        }
        // The content (not the window, whose titlebar under Wayland's client-side decorations
        // would take its share) is WxH points, the size the replayed trace was recorded at.
        gtk_widget_set_size_request(host.widget, Int32(size.width), Int32(size.height))
        gtk_window_set_child(sd_window(window), host.widget)
        if options.confirm, case .single(let single) = host {
            single.controller.shouldDismiss = { _ in false }
        }
        // A dismissal started from the first sheet (shown at start) gives "Open" the focus.
        host.setDefaultFocus(screen.open)
        connect(screen.open, "clicked") { [unowned self] in openPressed() }
        for button in sheets.compactMap(\.openAnother) {
            connect(button, "clicked") { [unowned self] in openPressed() }
        }
        if options.printsEvents {
            for entry in [screen.search] + sheets.map(\.note) {
                connect(entry, "changed") { [unowned self] in entryChanged(entry) }
            }
            for volume in sheets.map(\.volume) {
                connect(volume, "value-changed") { [unowned self] in volumeChanged(volume) }
            }
        }
        sd_connect_bool(
            UnsafeMutableRawPointer(window), "close-request",
            { _, data in
                g_main_loop_quit(OpaquePointer(data))
                return 0
            }, UnsafeMutableRawPointer(loop))
        observe()
        host.setOnTick { [unowned self] in self.afterFrame() }
        host.setOnError { console.error("rendering failed: \($0)") }
    }

    /// A signal handler's closure, kept alive by the run (GTK holds it unretained).
    private final class Handler {
        let call: () -> Void
        init(_ call: @escaping () -> Void) { self.call = call }
    }
    private var handlers: [Handler] = []

    /// Calls `call` on each of `widget`'s `signal` (one without arguments: "clicked",
    /// "changed", "value-changed").
    private func connect(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ signal: String,
        _ call: @escaping () -> Void
    ) {
        let handler = Handler(call)
        handlers.append(handler)
        sd_connect_void(
            UnsafeMutableRawPointer(widget), signal,
            { _, data in
                guard let data else { return }
                Unmanaged<Handler>.fromOpaque(data).takeUnretainedValue().call()
            }, Unmanaged.passUnretained(handler).toOpaque())
    }

    /// `--events`: `{"t":…,"entry":"<name>","text":"…"}` for an entry's new text.
    private func entryChanged(_ entry: UnsafeMutablePointer<GtkWidget>) {
        let name = gtk_entry_get_placeholder_text(GtkDemoWidgets.cast(entry)).map {
            String(cString: $0)
        }
        let text = gtk_editable_get_text(OpaquePointer(entry)).map { String(cString: $0) }
        console.line(
            "{\"t\":\(jsonNumber(clock.now)),\"entry\":\"\(jsonEscaped(name ?? ""))\","
                + "\"text\":\"\(jsonEscaped(text ?? ""))\"}")
    }

    /// `--events`: `{"t":…,"scale":"Volume","value":V}` for the Volume scale's new value.
    private func volumeChanged(_ scale: UnsafeMutablePointer<GtkWidget>) {
        let value = gtk_range_get_value(GtkDemoWidgets.cast(scale))
        console.line(
            "{\"t\":\(jsonNumber(clock.now)),\"scale\":\"Volume\",\"value\":\(jsonNumber(value))}")
    }

    /// "Open" (on the screen behind) and "Open another" (in a stack's sheet): presents the
    /// sheet, or (stack) a sheet over the top one.
    private func openPressed() {
        switch host {
        case .single(let single):
            single.present()
        case .stack(let stackHost):
            let depth = stackHost.stack.depth
            if depth == 0 {
                stackHost.presentRoot()
            } else if depth < StackScene.maximumDepth {
                stackHost.present(
                    StackScene.level(
                        depth, configuration: configuration, adaptive: options.adaptive))
            }
        }
    }

    /// `--events`: the same lines as x11-demo's for the scene.
    private func observe() {
        guard options.printsEvents else { return }
        switch host {
        case .stack(let stackHost):
            printEvents(of: stackHost.stack, namingMode: options.adaptive, with: console.line)
        case .single(let single):
            printEvents(
                of: single.controller, namingDetent: options.scene == .sheet,
                namingTranslation: configuration.direction == .free,
                namingMode: options.adaptive && options.scene.namesDetents, with: console.line)
        }
    }

    /// Whether level `level`'s sheet asks "Discard changes?".
    private func isAttemptPending(level: Int) -> Bool {
        switch host {
        case .single(let single): single.controller.state.isDismissAttemptPending
        case .stack(let stackHost):
            stackHost.stack.state(ofLevel: level)?.isDismissAttemptPending ?? false
        }
    }

    /// After each frame: the confirmation prompts, and the end of `--exit-after-replay`.
    private func afterFrame() {
        for (level, prompt) in sheets.map(\.prompt).enumerated() {
            let pending = isAttemptPending(level: level)
            if (gtk_widget_get_visible(prompt) != 0) != pending {
                gtk_widget_set_visible(prompt, pending ? 1 : 0)
            }
        }
        guard options.exitsAfterReplay, let chain,
            chain.replayIsOver(driver: host.frames, isPressed: host.input.isPressed)
        else { return }
        stopReason = .stopped
        g_main_loop_quit(loop)
    }

    /// Why the main loop ended: a closed window unless the replay ended or the display went.
    private var stopReason = HostStopReason.windowClosed

    /// Shows the window and runs the main loop until the window closes (`windowClosed`), the
    /// replay ends (`stopped`), or the display goes away (`connectionLost`, already said).
    func start() -> HostStopReason {
        // A lost X server or compositor ends the loop with a reason, as x11-demo's does
        // (GDK would end the process with status 1 and nothing said).
        let loop = self.loop
        let watch = GtkDisplayWatch { [unowned self] reason in
            // Said at once: when GDK found the loss first, it ends the process next.
            console.error(reason)
            stopReason = .connectionLost(reason: reason)
            g_main_loop_quit(loop)
        }
        gtk_window_present(sd_window(window))
        host.wake()
        g_main_loop_run(loop)
        withExtendedLifetime(self) {}
        withExtendedLifetime(watch) {}
        return stopReason
    }
}
