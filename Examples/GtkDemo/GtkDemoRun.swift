import CGtk
import SwipeDismiss
import SwipeDismissGtk
import SwipeDismissTrace
import ToolSupport
import X11DemoCore

/// One run of the demo: the window, the host and the main loop.
final class GtkDemoRun {
    let options: GtkDemoOptions
    let window: UnsafeMutablePointer<GtkWidget>
    let host: GtkSheetHost
    let loop: OpaquePointer
    private var replay: ReplayThenLiveInput?
    private var prompt: UnsafeMutablePointer<GtkWidget>?

    init(
        options: GtkDemoOptions, configuration: DismissConfiguration, trace: GestureTrace?,
        size: (width: Int, height: Int)
    ) {
        self.options = options
        loop = g_main_loop_new(nil, 0)
        window = gtk_window_new()!
        gtk_window_set_title(sd_window(window), "SwipeDismiss GTK demo")

        var showButton: UnsafeMutablePointer<GtkWidget>?
        let screen = GtkDemoWidgets.screen(showButton: &showButton)
        let content: GtkSheetContent
        let presenter: Presenter
        var filler: UnsafeMutablePointer<GtkWidget>?
        switch options.scene {
        case .sheet, .photo, .stack:
            let sheetPresenter = SheetPresenter(drawsScreenBehind: false)
            let sheet = GtkDemoWidgets.sheet(sheetPresenter)
            content = .sheet(
                sheet.widget, presenter: sheetPresenter, scrolledWindow: sheet.scrolled,
                closeButton: sheet.close)
            presenter = sheetPresenter
            prompt = sheet.prompt
            filler = sheet.filler
        case .card:
            let cardPresenter = CardPresenter(drawsScreenBehind: false)
            let card = GtkDemoWidgets.card(cardPresenter)
            content = .card(card.widget, presenter: cardPresenter, closeButton: card.close)
            presenter = cardPresenter
        }
        let clock = MonotonicClock()
        var replay: ReplayThenLiveInput?
        host = GtkSheetHost(
            screen: screen, content: content, presenter: presenter, configuration: configuration,
            viewport: Size(width: Double(size.width), height: Double(size.height)), clock: clock,
            wrapInput: { live in
                guard let trace else { return live }
                let input = ReplayThenLiveInput(
                    replay: TraceInputSource(trace: trace, startTime: clock.now), live: live)
                replay = input
                return input
            })
        self.replay = replay
        if let filler {
            // The part of the sheet below the screen's bottom edge is filler, so the scrolled
            // window's page is what the list shows on screen at `large`.
            host.onResize = { viewport in
                let overdraw = viewport.height * SheetPresenter.overdrawFraction
                gtk_widget_set_size_request(filler, -1, Int32(overdraw.rounded()))
            }
        }
        // The content (not the window, whose titlebar under Wayland's client-side decorations
        // would take its share) is WxH points, the size the replayed trace was recorded at.
        gtk_widget_set_size_request(host.widget, Int32(size.width), Int32(size.height))
        gtk_window_set_child(sd_window(window), host.widget)
        if options.confirm {
            host.controller.shouldDismiss = { _ in false }
        }
        if let showButton {
            sd_connect_void(
                UnsafeMutableRawPointer(showButton), "clicked",
                { _, data in
                    guard let data else { return }
                    Unmanaged<GtkDemoRun>.fromOpaque(data).takeUnretainedValue().host.present()
                }, Unmanaged.passUnretained(self).toOpaque())
        }
        sd_connect_bool(
            UnsafeMutableRawPointer(window), "close-request",
            { _, data in
                g_main_loop_quit(OpaquePointer(data))
                return 0
            }, UnsafeMutableRawPointer(loop))
        observe(sheetNamesDetent: options.scene == .sheet)
        host.onTick = { [unowned self] in self.afterFrame() }
        host.onError = { console.error("rendering failed: \($0)") }
    }

    private func observe(sheetNamesDetent: Bool) {
        guard options.printsEvents else { return }
        let controller = host.controller
        controller.addObserver { event in
            switch event {
            case .phaseChanged(_, _, let state):
                console.line(eventLine(state, namingDetent: sheetNamesDetent))
            case .dismissAttempted(let reason):
                console.line(attemptLine(reason, state: controller.state))
            case .passedThrough(let point):
                console.line(passThroughLine(point, state: controller.state))
            default:
                break
            }
        }
    }

    /// After each frame: the confirmation prompt, and the end of `--exit-after-replay`.
    private func afterFrame() {
        let controller = host.controller
        if let prompt {
            let pending = controller.state.isDismissAttemptPending
            if (gtk_widget_get_visible(prompt) != 0) != pending {
                gtk_widget_set_visible(prompt, pending ? 1 : 0)
            }
        }
        guard options.exitsAfterReplay, let replay else { return }
        if !replay.isReplaying, !controller.isAnimating, !host.input.isPressed,
            controller.nextWakeTime == nil
        {
            g_main_loop_quit(loop)
        }
    }

    /// Shows the window and runs the main loop until the window closes (or the replay ends).
    func start() {
        gtk_window_present(sd_window(window))
        host.wake()
        g_main_loop_run(loop)
        withExtendedLifetime(self) {}
    }
}
