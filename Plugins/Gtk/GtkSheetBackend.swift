import CGtk
import SwipeDismiss
import SwipeDismissSheetBackend

/// swift-cross-ui's sheet calls on GTK 4: a sheet is a `GtkSheetHost` put between a
/// `GtkWindow` and its child while it is shown.
///
/// `presentSheet` takes the window's child (the app's screen, or a parent sheet's host) as
/// the screen behind, wraps it with a host built from the sheet's latest options, and
/// presents; when the sheet has left, the window gets its child back and the host goes.
/// The content widget is the app's and survives between presentations.
public final class GtkSheetBackend: SheetBackend {
    /// A sheet: the app's content widget (held with a reference), its options and, while
    /// shown, its host.
    public final class Sheet {
        /// The content widget.
        public let content: UnsafeMutablePointer<GtkWidget>
        /// The options `updateSheet` last gave.
        public internal(set) var options = SheetOptions()
        /// The host while the sheet is shown.
        public internal(set) var host: GtkSheetHost?
        /// The sheet this one was presented over.
        public internal(set) weak var parent: Sheet?
        /// How many times the user dismissed the sheet (and `onDismiss` was called).
        public internal(set) var userDismissals = 0
        var window: UnsafeMutablePointer<GtkWidget>?
        var screen: UnsafeMutablePointer<GtkWidget>?
        var programmatic = false
        var viewport = Size(width: 390, height: 844)

        init(content: UnsafeMutablePointer<GtkWidget>) {
            self.content = content
            g_object_ref_sink(UnsafeMutableRawPointer(content))
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(content))
        }
    }

    /// The clock every sheet's host reads.
    public let clock: TimeSource

    /// A backend whose sheets run on `clock` (monotonic by default; a test passes a
    /// `ManualClock` and moves it itself); GTK must be initialised (`gtk_init_check`).
    public init(clock: TimeSource = MonotonicClock()) {
        self.clock = clock
    }

    /// A sheet showing `content` (the backend keeps a reference to it).
    public func createSheet(content: UnsafeMutablePointer<GtkWidget>) -> Sheet {
        Sheet(content: content)
    }

    /// Keeps the options for the next presentation.
    public func updateSheet(
        _ sheet: Sheet, window: UnsafeMutablePointer<GtkWidget>, size: SIMD2<Int>,
        onDismiss: @escaping () -> Void, cornerRadius: Double?, detents: [PresentationDetent],
        dragIndicatorVisibility: SheetVisibility, interactiveDismissDisabled: Bool
    ) {
        sheet.options.size = size
        sheet.options.onDismiss = onDismiss
        sheet.options.cornerRadius = cornerRadius
        sheet.options.detents = detents
        sheet.options.dragIndicatorVisibility = dragIndicatorVisibility
        sheet.options.interactiveDismissDisabled = interactiveDismissDisabled
    }

    /// Wraps the window's child with a host for the sheet and presents it (animated).
    public func presentSheet(
        _ sheet: Sheet, window: UnsafeMutablePointer<GtkWidget>, parentSheet: Sheet?
    ) {
        guard sheet.host == nil, let screen = gtk_window_get_child(sd_window(window)) else {
            if let host = sheet.host { host.present() }
            return
        }
        sheet.parent = parentSheet
        let width = gtk_widget_get_width(screen)
        let height = gtk_widget_get_height(screen)
        sheet.viewport =
            width > 0 && height > 0
            ? Size(width: Double(width), height: Double(height))
            : Size(width: Double(sheet.options.size.x), height: Double(sheet.options.size.y))
        g_object_ref(UnsafeMutableRawPointer(screen))
        gtk_window_set_child(sd_window(window), nil)
        let options = sheet.options
        let presenter = SheetBackendLayout.presenter()
        let host = GtkSheetHost(
            screen: screen,
            content: GtkSheetContent(
                widget: sheet.content, title: presenter.title,
                frame: { presenter.sheetFrame(viewport: $0) }),
            presenter: presenter, configuration: options.configuration(), viewport: sheet.viewport,
            clock: clock, presented: false)
        g_object_unref(UnsafeMutableRawPointer(screen))
        host.showsDragIndicator = options.dragIndicatorVisibility.showsIndicator(
            detentCount: options.coreDetents.count)
        sheet.host = host
        sheet.window = window
        sheet.screen = screen
        gtk_widget_set_size_request(host.widget, -1, -1)
        gtk_window_set_child(sd_window(window), host.widget)
        let controller = host.controller
        controller.shouldDismiss = { [unowned controller] reason in
            if options.allowsDismissal(for: reason) { return true }
            controller.declineDismissal()
            return false
        }
        controller.addObserver { [unowned sheet] event in
            guard case .didDismiss = event else { return }
            if sheet.programmatic {
                sheet.programmatic = false
            } else {
                sheet.userDismissals += 1
                options.onDismiss()
            }
            GtkSheetBackend.tearDownLater(sheet)
        }
        host.present()
    }

    /// Dismisses the sheet (animated) without asking the policy or calling `onDismiss`.
    public func dismissSheet(
        _ sheet: Sheet, window: UnsafeMutablePointer<GtkWidget>, parentSheet: Sheet?
    ) {
        guard let host = sheet.host, host.controller.state.phase != .dismissed else { return }
        sheet.programmatic = true
        host.dismiss(force: true)
    }

    /// The window's width by the height the sheet covers at its top detent.
    public func size(ofSheet sheet: Sheet) -> SIMD2<Int> {
        SheetBackendLayout.size(
            of: sheet.options, viewport: sheet.host?.renderer.viewport ?? sheet.viewport)
    }

    /// The sheet's controller while shown.
    public func controller(ofSheet sheet: Sheet) -> DismissController? { sheet.host?.controller }

    /// Gives the window its child back once GTK is out of the host's frame callback.
    static func tearDownLater(_ sheet: Sheet) {
        let retained = Unmanaged.passRetained(sheet).toOpaque()
        g_idle_add(
            { data in
                guard let data else { return 0 }
                let sheet = Unmanaged<Sheet>.fromOpaque(data).takeRetainedValue()
                GtkSheetBackend.tearDown(sheet)
                return 0
            }, retained)
    }

    /// Releases the host (its handlers go while its widgets live), then unwraps the screen.
    static func tearDown(_ sheet: Sheet) {
        // No local holds the host: it must go (and disconnect) before its widgets do.
        guard sheet.host?.controller.state.phase == .dismissed, let overlay = sheet.host?.widget,
            let dialog = sheet.host?.dialog, let window = sheet.window, let screen = sheet.screen
        else { return }
        g_object_ref(UnsafeMutableRawPointer(overlay))
        sheet.host = nil
        gtk_box_remove(sd_box(dialog), sheet.content)
        g_object_ref(UnsafeMutableRawPointer(screen))
        gtk_overlay_set_child(sd_overlay(overlay), nil)
        if gtk_window_get_child(sd_window(window)) == overlay {
            gtk_window_set_child(sd_window(window), screen)
        }
        g_object_unref(UnsafeMutableRawPointer(screen))
        g_object_unref(UnsafeMutableRawPointer(overlay))
        sheet.window = nil
        sheet.screen = nil
    }
}
