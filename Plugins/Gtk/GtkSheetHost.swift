import CGtk
import SwipeDismiss

/// Hosts a `DismissController` over a GTK widget tree: the app's own screen behind, dimmed
/// by the backdrop, and the app's sheet widget in front, moved by drags, scrolls and keys
/// that GTK's event controllers deliver, animated on the widget's frame clock.
///
/// Put `widget` (a `GtkOverlay` holding the app's screen) in a window. The host listens
/// to the pointer, touch and scroll in the capture phase, so the sheet's own scrolled
/// window scrolls through the controller (the list scrolls to its top, then the same
/// gesture drags the sheet); presses on a `GtkButton` inside the sheet go to the button.
/// It runs a tick callback only while something moves: idle, it costs nothing.
///
/// Accessibility: the sheet's container is a box of accessible role dialog, labelled by
/// `GtkSheetContent.title`, with the modal property while shown; focus moves into the
/// sheet when it is presented and back when it is dismissed.
///
/// GTK holds an unretained pointer to the host in its signal handlers: keep the host for
/// as long as its widget is in a window.
public final class GtkSheetHost {
    /// The widget to place in a window: an overlay of the app's screen, the backdrop and the
    /// sheet.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The controller driving the sheet.
    public let controller: DismissController
    /// The live input from GTK's event controllers.
    public let input: GtkInputSource
    /// The renderer that shows the controller's frames as GTK render nodes.
    public let renderer: GtkSheetRenderer
    /// The sheet's dialog container (the accessible of role dialog).
    public let dialog: UnsafeMutablePointer<GtkWidget>
    /// Called after every frame-clock tick's `step()` (the demo's `--exit-after-replay`).
    public var onTick: (() -> Void)?
    /// Called with the new viewport when the host widget's size changes (and once at
    /// start), after the content widget was resized to its frame: the place to size parts
    /// of the content that follow the viewport.
    public var onResize: ((Size) -> Void)? {
        didSet { onResize?(renderer.viewport) }
    }
    /// Called when stepping the controller fails (the renderer threw); the host goes on.
    public var onError: ((Error) -> Void)?

    let content: GtkSheetContent
    private let grabber: UnsafeMutablePointer<GtkWidget>

    /// Whether the sheet shows a drag indicator (a grabber bar above the content).
    public var showsDragIndicator: Bool {
        get { gtk_widget_get_visible(grabber) != 0 }
        set { gtk_widget_set_visible(grabber, newValue ? 1 : 0) }
    }
    let backdrop: UnsafeMutablePointer<GtkWidget>
    let fixed: UnsafeMutablePointer<GtkWidget>
    var touchSequence: OpaquePointer?
    var lastPoint = Point.zero
    var hoverPoint: Point?
    var attachedWindow: UnsafeMutablePointer<GtkWidget>?
    /// The key controller added to `attachedWindow`, taken off again in `deinit`.
    var keyController: OpaquePointer?
    var backdropWidget: UnsafeMutablePointer<GtkWidget> { backdrop }
    var closeButton: UnsafeMutablePointer<GtkWidget>? { content.closeButton }
    private var tickID: guint = 0
    private var focusBefore: UnsafeMutablePointer<GtkWidget>?
    /// Every object a handler of ours is connected to, for `deinit`.
    private var connected: [gpointer] = []
    private var observation: DismissObservation?

    /// Hosts `content` over `screen` (the app's own widget, shown behind).
    ///
    /// - Parameters:
    ///   - screen: The app's screen, the overlay's main child.
    ///   - content: The app's sheet widget and its layout.
    ///   - presenter: The geometry the controller runs on (a `SheetPresenter` or
    ///     `CardPresenter` whose frames `content.frame` follows); it draws nothing here.
    ///   - configuration: Detents, springs and policies.
    ///   - viewport: The size the host starts laid out for, in points (the window's default
    ///     size); it follows the allocation afterwards.
    ///   - clock: The controller's clock (monotonic by default).
    ///   - presented: Whether the sheet starts shown.
    ///   - wrapInput: Wraps the live input (a replay in front of it, a recorder around it).
    public init(
        screen: UnsafeMutablePointer<GtkWidget>, content: GtkSheetContent, presenter: Presenter,
        configuration: DismissConfiguration, viewport: Size, clock: TimeSource = MonotonicClock(),
        presented: Bool = true, wrapInput: (InputSource) -> InputSource = { $0 }
    ) {
        self.content = content
        let overlay = gtk_overlay_new()!
        widget = overlay
        gtk_overlay_set_child(sd_overlay(overlay), screen)

        // The backdrop: a drawing area with no draw function draws only its CSS background,
        // one colour node; its "resize" reports the viewport.
        backdrop = gtk_drawing_area_new()!
        gtk_widget_add_css_class(backdrop, "swipedismiss-backdrop")
        gtk_widget_set_can_target(backdrop, 0)
        gtk_widget_set_opacity(backdrop, 0)
        gtk_overlay_add_overlay(sd_overlay(overlay), backdrop)

        fixed = gtk_fixed_new()!
        dialog = sd_dialog_box_new()
        gtk_widget_add_css_class(dialog, "swipedismiss-sheet")
        sd_accessible_set_label(dialog, content.title)
        grabber = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(grabber, "swipedismiss-grabber")
        gtk_widget_set_size_request(grabber, 36, 5)
        gtk_widget_set_halign(grabber, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(grabber, 6)
        gtk_widget_set_visible(grabber, 0)
        gtk_box_append(sd_box(dialog), grabber)
        gtk_box_append(sd_box(dialog), content.widget)
        gtk_widget_set_vexpand(content.widget, 1)
        gtk_fixed_put(sd_fixed(fixed), dialog, 0, 0)
        gtk_widget_set_visible(fixed, 0)
        gtk_overlay_add_overlay(sd_overlay(overlay), fixed)
        GtkSheetStyle.install()

        input = GtkInputSource(clock: clock)
        renderer = GtkSheetRenderer(
            viewport: viewport, backdrop: backdrop, fixed: fixed, dialog: dialog, content: content)
        renderer.layOut()
        controller = DismissController(
            input: wrapInput(input), presenter: presenter, renderer: renderer, clock: clock,
            configuration: configuration, presented: presented)
        observation = controller.addObserver { [unowned self] event in
            switch event {
            case .phaseChanged(let from, let to, _):
                if from == .dismissed, to != .dismissed { self.didShow() }
                if to == .dismissed, from != .dismissed { self.didHide() }
            default:
                break
            }
        }
        if presented { sd_accessible_set_modal(dialog, 1) }
        connectInput()
    }

    deinit {
        observation?.cancel()
        if tickID != 0 { gtk_widget_remove_tick_callback(widget, tickID) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        if let window = attachedWindow, let keys = keyController,
            gtk_event_controller_get_widget(keys) == window
        {
            gtk_widget_remove_controller(window, keys)
        }
        // Each is held (`remember`), so it is still an object here even if its window went.
        for instance in connected {
            g_signal_handlers_disconnect_matched(
                instance, G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, me)
            g_object_unref(instance)
        }
    }

    // MARK: App calls

    /// Presents the sheet (see `DismissController.present(animated:completion:)`).
    public func present(animated: Bool = true, completion: (() -> Void)? = nil) {
        controller.present(animated: animated, completion: completion)
        wake()
    }

    /// Dismisses the sheet through the policy, as Escape and the Close button do (see
    /// `DismissController.dismiss(animated:force:completion:)`).
    public func dismiss(
        animated: Bool = true, force: Bool = false, completion: ((Bool) -> Void)? = nil
    ) {
        controller.dismiss(animated: animated, force: force, completion: completion)
        wake()
    }

    /// Sends the sheet to `detent` (see `DismissController.move(to:animated:completion:)`).
    public func move(
        to detent: Detent.ID, animated: Bool = true, completion: ((Bool) -> Void)? = nil
    ) {
        controller.move(to: detent, animated: animated, completion: completion)
        wake()
    }

    /// Whether the frame clock's tick callback is installed (only while something moves,
    /// input waits, or a replay runs).
    public var isTicking: Bool { tickID != 0 }

    /// Starts ticking if the controller has something to do; call after driving the
    /// controller directly.
    public func wake() {
        guard tickID == 0, controller.nextWakeTime != nil || controller.isAnimating else {
            return
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        tickID = gtk_widget_add_tick_callback(
            widget,
            { _, _, data in
                guard let data else { return 0 }
                let host = Unmanaged<GtkSheetHost>.fromOpaque(data).takeUnretainedValue()
                return host.tick() ? 1 : 0
            }, me, nil)
    }

    /// One frame: steps the controller; returns whether to keep ticking.
    private func tick() -> Bool {
        do {
            try controller.step()
        } catch {
            onError?(error)
        }
        onTick?()
        guard controller.isAnimating || controller.nextWakeTime != nil else {
            tickID = 0
            return false
        }
        return true
    }

    /// The viewport changed size (the backdrop's "resize").
    func resize(width: Int32, height: Int32) {
        let size = Size(width: Double(width), height: Double(height))
        guard size != renderer.viewport, width > 0, height > 0 else { return }
        renderer.viewport = size
        renderer.layOut()
        onResize?(size)
        controller.viewportDidChange()
        controller.setNeedsDisplay()
        wake()
    }

    // MARK: Accessibility and focus

    private func didShow() {
        sd_accessible_set_modal(dialog, 1)
        gtk_widget_set_visible(fixed, 1)
        moveFocusIn()
    }

    /// Remembers the focused widget and focuses the sheet's first widget.
    func moveFocusIn() {
        if let root = gtk_widget_get_root(widget) {
            focusBefore = gtk_root_get_focus(root)
        }
        if let focus = content.initialFocus {
            gtk_widget_grab_focus(focus)
        } else {
            _ = gtk_widget_child_focus(dialog, GTK_DIR_TAB_FORWARD)
        }
    }

    private func didHide() {
        sd_accessible_set_modal(dialog, 0)
        gtk_widget_set_visible(fixed, 0)
        if let before = focusBefore, gtk_widget_get_root(before) != nil {
            gtk_widget_grab_focus(before)
        } else if let root = gtk_widget_get_root(widget) {
            gtk_root_set_focus(root, nil)
        }
        focusBefore = nil
    }

    /// Remembers `instance` as one our handlers are connected to, holding a reference so
    /// that `deinit` can disconnect them whatever was destroyed first.
    func remember(_ instance: gpointer) {
        g_object_ref(instance)
        connected.append(instance)
    }

    /// The host pointer GTK hands back to our handlers.
    var userData: gpointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The host behind a handler's user data.
    static func from(_ data: gpointer?) -> GtkSheetHost? {
        data.map { Unmanaged<GtkSheetHost>.fromOpaque($0).takeUnretainedValue() }
    }
}
