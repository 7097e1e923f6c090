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

    func setOnError(_ call: @escaping (Error) -> Void) {
        switch self {
        case .single(let host): host.onError = call
        case .stack(let host): host.onError = call
        }
    }
}

/// Builds each scene's content widgets and host.
enum GtkDemoScenes {
    /// The parts of a scene the run keeps: the host, each level's "Discard changes?" prompt
    /// and the filler under each sheet sized on resize.
    struct Built {
        var host: GtkDemoHost
        var prompts: [UnsafeMutablePointer<GtkWidget>] = []
        var fillers: [UnsafeMutablePointer<GtkWidget>] = []
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
            // Like the tools, for now: Space and Enter present.
            host.controller.keyBindings = .tools
            return .single(host)
        }
        switch options.scene {
        case .sheet:
            let presenter = SheetPresenter(drawsScreenBehind: false)
            let sheet = GtkDemoWidgets.sheet(presenter)
            let content = GtkSheetContent.sheet(
                sheet.widget, presenter: presenter, scrolledWindow: sheet.scrolled,
                closeButton: sheet.close)
            return Built(
                host: single(content, presenter), prompts: [sheet.prompt],
                fillers: [sheet.filler])
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
            let picture = gtk_picture_new_for_filename(path)!
            gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_CONTAIN)
            gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
            return Built(host: single(.photo(picture, presenter: presenter), presenter))
        case .stack:
            var prompts: [UnsafeMutablePointer<GtkWidget>] = []
            var fillers: [UnsafeMutablePointer<GtkWidget>] = []
            var contents: [GtkSheetContent] = []
            for level in 0..<StackScene.maximumDepth {
                let presenter = SheetPresenter(
                    title: StackScene.title(ofLevel: level), drawsScreenBehind: false)
                let sheet = GtkDemoWidgets.sheet(presenter)
                contents.append(
                    .sheet(
                        sheet.widget, presenter: presenter, scrolledWindow: sheet.scrolled,
                        closeButton: sheet.close))
                prompts.append(sheet.prompt)
                fillers.append(sheet.filler)
            }
            let host = GtkStackHost(
                screen: screen, contents: contents, viewport: viewport, clock: clock,
                wrapInput: wrapInput
            ) { input, renderer, clock in
                StackScene.makeController(
                    input: input, renderer: renderer, clock: clock,
                    configuration: configuration, confirm: options.confirm)
            }
            return Built(host: .stack(host), prompts: prompts, fillers: fillers)
        }
    }
}
