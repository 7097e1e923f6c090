import CGtk
import SwipeDismiss
import SwipeDismissGtk
import ToolSupport
import X11DemoCore

/// The host a scene runs in: one sheet (card, sheet, photo) or a stack of sheets.
enum GtkDemoHost {
    case single(GtkSheetHost)
    case stack(GtkStackHost)

    var widget: UnsafeMutablePointer<GtkWidget> {
        switch self {
        case .single(let host): host.widget
        case .stack(let host): host.widget
        }
    }

    var frames: FrameDriver {
        switch self {
        case .single(let host): host.controller
        case .stack(let host): host.stack
        }
    }

    var input: GtkInputSource {
        switch self {
        case .single(let host): host.input
        case .stack(let host): host.input
        }
    }

    func wake() {
        switch self {
        case .single(let host): host.wake()
        case .stack(let host): host.wake()
        }
    }

    func setOnTick(_ call: @escaping () -> Void) {
        switch self {
        case .single(let host): host.onTick = call
        case .stack(let host): host.onTick = call
        }
    }

    func setOnResize(_ call: @escaping (Size) -> Void) {
        switch self {
        case .single(let host): host.onResize = call
        case .stack(let host): host.onResize = call
        }
    }

    func setDefaultFocus(_ widget: UnsafeMutablePointer<GtkWidget>) {
        switch self {
        case .single(let host): host.defaultFocus = widget
        case .stack(let host): host.defaultFocus = widget
        }
    }

    func setOnError(_ call: @escaping (Error) -> Void) {
        switch self {
        case .single(let host): host.onError = call
        case .stack(let host): host.onError = call
        }
    }
}

/// Builds each scene's content widgets and host.
enum GtkDemoScenes {
    /// The parts of a scene the run keeps: the host and each level's sheet widgets (its
    /// "Discard changes?" prompt, the filler sized on resize, its Note, Volume and "Open
    /// another").
    struct Built {
        var host: GtkDemoHost
        var sheets: [GtkDemoWidgets.Sheet] = []
    }

    /// The scene `options.scene` over `screen`; a photo that cannot be read ends the demo
    /// (exit 2), naming the file.
    static func build(
        options: GtkDemoOptions, configuration: DismissConfiguration,
        screen: UnsafeMutablePointer<GtkWidget>, viewport: Size, clock: TimeSource,
        wrapInput: (InputSource) -> InputSource
    ) -> Built {
        func single(_ content: GtkSheetContent, _ presenter: Presenter) -> GtkDemoHost {
            let host = GtkSheetHost(
                screen: screen, content: content, presenter: presenter,
                configuration: configuration, viewport: viewport, clock: clock,
                wrapInput: wrapInput)
            // A replayed trace's keys follow the tools' rule (Space presents); live keys
            // never reach the controller but Escape (the host takes no other).
            host.controller.keyBindings = .tools
            return .single(host)
        }
        // `--adaptive`: the sheets float on wide windows (their frames follow the presenter).
        let adaptive: AdaptivePresentation? = options.adaptive ? .standard : nil
        switch options.scene {
        case .sheet:
            let presenter = SheetPresenter(drawsScreenBehind: false, adaptive: adaptive)
            let sheet = GtkDemoWidgets.sheet(presenter)
            let content = GtkSheetContent.sheet(
                sheet.widget, presenter: presenter, scrolledWindow: sheet.scrolled,
                closeButton: sheet.close)
            return Built(host: single(content, presenter), sheets: [sheet])
        case .card:
            let presenter = CardPresenter(drawsScreenBehind: false)
            let card = GtkDemoWidgets.card(presenter)
            let content = GtkSheetContent.card(
                card.widget, presenter: presenter, closeButton: card.close)
            return Built(host: single(content, presenter))
        case .photo:
            let path = BundledPhoto.path()
            guard let size = PNGHeader.size(ofFileAt: path) else {
                console.fail("--scene photo: cannot read the PNG \(path)", status: 2)
            }
            let presenter = BundledPhoto.presenter(path: path, size: size)
            // `--source`: every dismissal zooms into it, as in x11-demo (the renderer clips
            // the picture to its rounded rectangle).
            if let source = options.source { presenter.sourceProvider = { source } }
            let picture = gtk_picture_new_for_filename(path)!
            gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_CONTAIN)
            gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
            return Built(host: single(.photo(picture, presenter: presenter), presenter))
        case .stack:
            var sheets: [GtkDemoWidgets.Sheet] = []
            var contents: [GtkSheetContent] = []
            for level in 0..<StackScene.maximumDepth {
                let presenter = SheetPresenter(
                    title: StackScene.title(ofLevel: level), drawsScreenBehind: false,
                    adaptive: adaptive)
                let sheet = GtkDemoWidgets.sheet(presenter, opensAnother: true)
                // The top level has none above it.
                if level == StackScene.maximumDepth - 1, let button = sheet.openAnother {
                    gtk_widget_set_sensitive(button, 0)
                }
                contents.append(
                    .sheet(
                        sheet.widget, presenter: presenter, scrolledWindow: sheet.scrolled,
                        closeButton: sheet.close))
                sheets.append(sheet)
            }
            let host = GtkStackHost(
                screen: screen, contents: contents, viewport: viewport, clock: clock,
                wrapInput: wrapInput
            ) { input, renderer, clock in
                StackScene.makeController(
                    input: input, renderer: renderer, clock: clock,
                    configuration: configuration, confirm: options.confirm,
                    adaptive: options.adaptive)
            }
            return Built(host: .stack(host), sheets: sheets)
        }
    }
}
