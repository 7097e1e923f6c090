import CGtk
import SwipeDismiss

/// What the host's widgets and event handlers ask of the controller they serve: one sheet's
/// (`GtkSheetHost`) or a stack's (`GtkStackHost`).
struct GtkHostDriver {
    /// Steps, wake times, hit tests, layout.
    let frames: FrameDriver
    /// Whether any sheet is shown (input goes to the core only then).
    let isShown: () -> Bool
    /// Whether the top sheet asks "Discard changes?" (y and n answer it).
    let isDismissAttemptPending: () -> Bool
    /// The Close button of level `level` was clicked: dismiss through the policy.
    let close: (Int) -> Void
}

/// The widgets and event handling both GTK hosts share: an overlay of the app's screen, one
/// backdrop and a fixed holding one dialog per sheet level; the tick callback; focus,
/// modality (the top sheet's dialog only) and the inert screen and sheets behind it.
///
/// GTK holds an unretained pointer to the core in its signal handlers; the public host that
/// owns it keeps it alive, and its `deinit` disconnects them.
final class GtkHostCore {
    let widget: UnsafeMutablePointer<GtkWidget>
    let input: GtkInputSource
    let renderer: GtkSheetRenderer
    let screen: UnsafeMutablePointer<GtkWidget>
    let dialogs: [UnsafeMutablePointer<GtkWidget>]
    let grabbers: [UnsafeMutablePointer<GtkWidget>]
    var contents: [GtkSheetContent]
    let backdrop: UnsafeMutablePointer<GtkWidget>
    let fixed: UnsafeMutablePointer<GtkWidget>
    private(set) var driver: GtkHostDriver!
    var onTick: (() -> Void)?
    var onResize: ((Size) -> Void)?
    var onError: ((Error) -> Void)?

    var touchSequence: OpaquePointer?
    var lastPoint = Point.zero
    var hoverPoint: Point?
    var attachedWindow: UnsafeMutablePointer<GtkWidget>?
    /// The key controller added to `attachedWindow`, taken off again in `deinit`.
    var keyController: OpaquePointer?
    /// Holds cairo's shared-memory pool on X11 while the host is realized.
    var shmPool: GtkX11ShmPool?
    private var tickID: guint = 0
    /// Per level: whether it is shown, and the widget focused before it was.
    private(set) var shown: [Bool]
    /// Per level: whether its dialog carries the modal property now (the top shown one only).
    private var isModal: [Bool]
    private var focusBefore: [UnsafeMutablePointer<GtkWidget>?]
    /// Every object a handler of ours is connected to, for `deinit`.
    private var connected: [gpointer] = []

    /// The overlay of `screen`, the backdrop and one dialog per content (level 0 first);
    /// `makeDriver` builds the controller on the core's input and renderer.
    init(
        screen: UnsafeMutablePointer<GtkWidget>, contents: [GtkSheetContent], viewport: Size,
        clock: TimeSource, makeDriver: (GtkInputSource, GtkSheetRenderer) -> GtkHostDriver
    ) {
        self.screen = screen
        self.contents = contents
        let overlay = gtk_overlay_new()!
        widget = overlay
        gtk_overlay_set_child(sd_overlay(overlay), screen)

        // The backdrop: a drawing area with no draw function draws only its CSS background,
        // one colour node; its "resize" reports the viewport.
        backdrop = gtk_drawing_area_new()!
        gtk_widget_add_css_class(backdrop, "swipedismiss-backdrop")
        gtk_widget_set_can_target(backdrop, 0)
        gtk_overlay_add_overlay(sd_overlay(overlay), backdrop)

        fixed = gtk_fixed_new()!
        var dialogs: [UnsafeMutablePointer<GtkWidget>] = []
        var grabbers: [UnsafeMutablePointer<GtkWidget>] = []
        for content in contents {
            let dialog = sd_dialog_box_new()!
            if content.drawsBackground { gtk_widget_add_css_class(dialog, "swipedismiss-sheet") }
            sd_accessible_set_label(dialog, content.title)
            let grabber = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_widget_add_css_class(grabber, "swipedismiss-grabber")
            gtk_widget_set_size_request(grabber, 36, 5)
            gtk_widget_set_halign(grabber, GTK_ALIGN_CENTER)
            gtk_widget_set_margin_top(grabber, 6)
            gtk_widget_set_visible(grabber, 0)
            gtk_box_append(sd_box(dialog), grabber)
            gtk_box_append(sd_box(dialog), content.widget)
            gtk_widget_set_vexpand(content.widget, 1)
            gtk_widget_set_visible(dialog, 0)
            gtk_fixed_put(sd_fixed(fixed), dialog, 0, 0)
            dialogs.append(dialog)
            grabbers.append(grabber)
        }
        self.dialogs = dialogs
        self.grabbers = grabbers
        shown = Array(repeating: false, count: contents.count)
        isModal = shown
        focusBefore = Array(repeating: nil, count: contents.count)
        gtk_widget_set_visible(fixed, 0)
        gtk_overlay_add_overlay(sd_overlay(overlay), fixed)
        GtkSheetStyle.install()

        input = GtkInputSource(clock: clock)
        renderer = GtkSheetRenderer(
            viewport: viewport, backdrop: backdrop, fixed: fixed, dialogs: dialogs,
            contents: contents)
        renderer.layOut()
        driver = makeDriver(input, renderer)
        connectInput()
    }

    deinit {
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

    // MARK: Frames

    /// Whether the frame clock's tick callback is installed.
    var isTicking: Bool { tickID != 0 }

    /// Starts ticking if the controller has something to do.
    func wake() {
        let frames = driver.frames
        guard tickID == 0, frames.nextWakeTime != nil || frames.isAnimating else { return }
        startTicking()
    }

    /// The controller told its observers of a change (a call the app made on it directly,
    /// with no `wake()`): ticks at least once, which steps it and keeps ticking while it
    /// moves. The event may come before the machine's effects ask for a frame, so this does
    /// not ask the controller whether it has anything to do.
    func controllerDidChange() {
        guard tickID == 0 else { return }
        startTicking()
    }

    private func startTicking() {
        tickID = gtk_widget_add_tick_callback(
            widget,
            { _, _, data in
                guard let core = GtkHostCore.from(data) else { return 0 }
                return core.tick() ? 1 : 0
            }, userData, nil)
    }

    /// One frame: steps the controller; returns whether to keep ticking.
    private func tick() -> Bool {
        let frames = driver.frames
        do {
            try frames.step()
        } catch {
            onError?(error)
        }
        onTick?()
        guard frames.isAnimating || frames.nextWakeTime != nil else {
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
        driver.frames.viewportDidChange()
        driver.frames.setNeedsDisplay()
        wake()
    }

    // MARK: Accessibility, focus and the inert screen behind

    /// Level `level` came on screen: its dialog is modal, everything behind it inert, and
    /// the focus moves into it.
    func levelDidShow(_ level: Int) {
        guard shown.indices.contains(level) else { return }
        shown[level] = true
        gtk_widget_set_visible(fixed, 1)
        gtk_widget_set_visible(dialogs[level], 1)
        updateInertness()
        moveFocusIn(level)
    }

    /// Level `level` left: its dialog is no longer modal, what was behind it takes input
    /// again (the sheet below is the modal one now), and the focus goes back where it was
    /// before the level came.
    func levelDidHide(_ level: Int) {
        guard shown.indices.contains(level) else { return }
        shown[level] = false
        gtk_widget_set_visible(dialogs[level], 0)
        if !shown.contains(true) { gtk_widget_set_visible(fixed, 0) }
        updateInertness()
        let below = shown.lastIndex(of: true)
        if let before = focusBefore[level], gtk_widget_get_root(before) != nil,
            gtk_widget_is_sensitive(before) != 0
        {
            gtk_widget_grab_focus(before)
        } else if below == nil, let home = defaultFocus, gtk_widget_get_root(home) != nil,
            gtk_widget_is_sensitive(home) != 0
        {
            gtk_widget_grab_focus(home)
        } else if let below {
            focusContent(below)
        } else if let root = gtk_widget_get_root(widget) {
            gtk_root_set_focus(root, nil)
        }
        focusBefore[level] = nil
    }

    /// Only the top shown level's dialog is modal. Behind it everything is inert, as HTML's
    /// `inert`: the app's screen while any sheet is shown, and each sheet while one above it
    /// is, takes neither the focus nor the pointer (GTK 4: `can-focus` and `can-target` off
    /// on a container keep its descendants out of the focus chain and of picking) and is out
    /// of the accessible tree (`GTK_ACCESSIBLE_STATE_HIDDEN`: a screen reader sees one
    /// dialog, the top sheet, as with x11-demo's one dialog).
    ///
    /// In that order: the old top stops being modal, the tree changes, the new top becomes
    /// modal, so that a screen reader hears "not modal" before a sheet leaves the tree and
    /// "modal" after one comes back. (GTK 4.8 holds back the events of an accessible no AT
    /// client has asked about yet and sends them, stale, with its next change.)
    private func updateInertness() {
        let top = shown.lastIndex(of: true)
        for level in dialogs.indices where isModal[level] && level != top {
            setModal(level, false)
        }
        setInert(screen, top != nil)
        for level in dialogs.indices {
            setInert(dialogs[level], top.map { level < $0 } ?? false)
        }
        if let top, !isModal[top] { setModal(top, true) }
    }

    private func setModal(_ level: Int, _ modal: Bool) {
        isModal[level] = modal
        sd_accessible_set_modal(dialogs[level], modal ? 1 : 0)
    }

    private func setInert(_ widget: UnsafeMutablePointer<GtkWidget>, _ inert: Bool) {
        let value: gboolean = inert ? 0 : 1
        guard
            gtk_widget_get_can_focus(widget) != value || gtk_widget_get_can_target(widget) != value
        else { return }
        gtk_widget_set_can_focus(widget, value)
        gtk_widget_set_can_target(widget, value)
        // Back out of inertness, GTK's own rule applies again: hidden while not visible.
        setAccessibleHidden(widget, inert || gtk_widget_get_visible(widget) == 0)
    }

    /// Sets `GTK_ACCESSIBLE_STATE_HIDDEN` on `widget` (GTK tells the AT-SPI bus with a
    /// children-changed event on its parent). The variadic `gtk_accessible_update_state`
    /// does not import into Swift; its GValue form does.
    private func setAccessibleHidden(_ widget: UnsafeMutablePointer<GtkWidget>, _ hidden: Bool) {
        var value = GValue()
        g_value_init(&value, Self.booleanType)
        g_value_set_boolean(&value, hidden ? 1 : 0)
        var state = GTK_ACCESSIBLE_STATE_HIDDEN
        gtk_accessible_update_state_value(OpaquePointer(widget), 1, &state, &value)
        g_value_unset(&value)
    }

    /// `G_TYPE_BOOLEAN`, a C macro Swift does not import.
    private static let booleanType = g_type_from_name("gboolean")

    /// Whether the app's screen behind is inert now (no focus, no pointer, out of the
    /// accessible tree: `setInert` sets the three together).
    var isScreenInert: Bool {
        gtk_widget_get_can_focus(screen) == 0 && gtk_widget_get_can_target(screen) == 0
    }

    /// Remembers the focused widget and focuses level `level`'s first widget.
    func moveFocusIn(_ level: Int) {
        // Not in a window yet: the window's "realize" focuses the sheet (`attachKeys`).
        guard dialogs.indices.contains(level), let root = gtk_widget_get_root(widget) else {
            return
        }
        let focus = gtk_root_get_focus(root)
        if focus.map({ gtk_widget_is_ancestor($0, dialogs[level]) == 0 }) ?? true {
            focusBefore[level] = focus
        }
        focusContent(level)
    }

    /// Focuses level `level`'s `initialFocus`, or its first focusable widget.
    func focusContent(_ level: Int) {
        if let focus = contents[level].initialFocus {
            gtk_widget_grab_focus(focus)
        } else {
            _ = gtk_widget_child_focus(dialogs[level], GTK_DIR_TAB_FORWARD)
        }
    }

    /// The widget of the app's screen that takes the focus when the last sheet leaves and
    /// no widget of the screen had it before (a sheet shown from the start).
    var defaultFocus: UnsafeMutablePointer<GtkWidget>?

    /// The top shown level, for keys arriving before any frame.
    var topShownLevel: Int? { shown.lastIndex(of: true) }

    /// Remembers `instance` as one our handlers are connected to, holding a reference so
    /// that `deinit` can disconnect them whatever was destroyed first.
    func remember(_ instance: gpointer) {
        g_object_ref(instance)
        connected.append(instance)
    }

    /// The core pointer GTK hands back to our handlers.
    var userData: gpointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The core behind a handler's user data.
    static func from(_ data: gpointer?) -> GtkHostCore? {
        data.map { Unmanaged<GtkHostCore>.fromOpaque($0).takeUnretainedValue() }
    }
}
