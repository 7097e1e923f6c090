import CGtk
import SwipeDismiss

/// Hosts a `DismissController` over a GTK widget tree: the app's own screen behind, dimmed
/// by the backdrop, and the app's sheet widget in front, moved by drags, scrolls and keys
/// that GTK's event controllers deliver, animated on the widget's frame clock.
///
/// Put `widget` (a `GtkOverlay` holding the app's screen) in a window. The host listens
/// to the pointer, touch and scroll in the capture phase, so the sheet's own scrolled
/// window scrolls through the controller (the list scrolls to its top, then the same
/// gesture drags the sheet); a press on a widget inside the sheet that takes presses (a
/// button, an entry, a scale, a switch: `GtkPressTakers`) goes to that widget and never
/// moves the sheet. Keys are the focused widget's first; the host takes only Escape (and y
/// or n while a vetoed dismissal waits), whatever the controller's `keyBindings` say.
/// It runs a tick callback only while something moves: idle, it costs nothing.
///
/// Accessibility: the sheet's container is a box of accessible role dialog, labelled by
/// `GtkSheetContent.title`, with the modal property while shown; focus moves into the
/// sheet when it is presented and back when it is dismissed. While the sheet is shown the
/// app's screen behind is inert: it takes neither the focus (Tab stays in the sheet) nor
/// the pointer, and is out of the accessible tree (a screen reader sees the one dialog);
/// all come back when the sheet is dismissed.
///
/// GTK holds an unretained pointer to the host's internals in its signal handlers: keep
/// the host for as long as its widget is in a window.
public final class GtkSheetHost {
    /// The widget to place in a window: an overlay of the app's screen, the backdrop and the
    /// sheet.
    public var widget: UnsafeMutablePointer<GtkWidget> { core.widget }
    /// The controller driving the sheet.
    public let controller: DismissController
    /// The live input from GTK's event controllers.
    public var input: GtkInputSource { core.input }
    /// The renderer that shows the controller's frames as GTK render nodes.
    public var renderer: GtkSheetRenderer { core.renderer }
    /// The sheet's dialog container (the accessible of role dialog).
    public var dialog: UnsafeMutablePointer<GtkWidget> { core.dialogs[0] }
    /// Called after every frame-clock tick's `step()` (the demo's `--exit-after-replay`).
    public var onTick: (() -> Void)? {
        get { core.onTick }
        set { core.onTick = newValue }
    }
    /// Called with the new viewport when the host widget's size changes (and once at
    /// start), after the content widget was resized to its frame: the place to size parts
    /// of the content that follow the viewport.
    public var onResize: ((Size) -> Void)? {
        get { core.onResize }
        set {
            core.onResize = newValue
            newValue?(core.renderer.viewport)
        }
    }
    /// Called when stepping the controller fails (the renderer threw); the host goes on.
    public var onError: ((Error) -> Void)? {
        get { core.onError }
        set { core.onError = newValue }
    }
    /// Whether the sheet shows a drag indicator (a grabber bar above the content).
    public var showsDragIndicator: Bool {
        get { gtk_widget_get_visible(core.grabbers[0]) != 0 }
        set { gtk_widget_set_visible(core.grabbers[0], newValue ? 1 : 0) }
    }
    /// Whether the app's screen behind is inert now (no focus, no pointer, out of the
    /// accessible tree): while the sheet is shown.
    public var isScreenInert: Bool { core.isScreenInert }

    private let core: GtkHostCore
    private var observation: DismissObservation?

    /// Hosts `content` over `screen` (the app's own widget, shown behind).
    ///
    /// - Parameters:
    ///   - screen: The app's screen, the overlay's main child.
    ///   - content: The app's sheet widget and its layout.
    ///   - presenter: The geometry the controller runs on (a `SheetPresenter`,
    ///     `CardPresenter` or `PhotoPresenter` whose frames `content.frame` follows); it
    ///     draws nothing here.
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
        var made: DismissController?
        core = GtkHostCore(
            screen: screen, contents: [content], viewport: viewport, clock: clock
        ) { input, renderer in
            let controller = DismissController(
                input: wrapInput(input), presenter: presenter, renderer: renderer, clock: clock,
                configuration: configuration, presented: presented)
            made = controller
            return GtkHostDriver(
                frames: controller,
                isShown: { [unowned controller] in controller.state.phase != .dismissed },
                isDismissAttemptPending: { [unowned controller] in
                    controller.state.isDismissAttemptPending
                },
                close: { [unowned controller] _ in controller.dismiss() })
        }
        controller = made!
        observation = controller.addObserver { [unowned core] event in
            // A call the app made on the controller itself animates too (no `wake()`).
            core.controllerDidChange()
            guard case .phaseChanged(let from, let to, _) = event else { return }
            if from == .dismissed, to != .dismissed { core.levelDidShow(0) }
            if to == .dismissed, from != .dismissed { core.levelDidHide(0) }
        }
        if presented { core.levelDidShow(0) }
    }

    deinit {
        observation?.cancel()
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

    /// Shows `content` in the sheet in place of its current content, presented or not: the
    /// dialog takes its title, the sheet its frame and scrolled window, its close button
    /// dismisses, and the focus moves into it if it was in the old content. The old widget
    /// leaves the sheet (take a reference with `g_object_ref` first to use it again).
    public func setContent(_ content: GtkSheetContent) {
        core.replaceContent(0, with: content)
    }

    /// The content the sheet shows now.
    public var content: GtkSheetContent { core.contents[0] }

    /// The widget of the app's screen that takes the focus when the sheet is dismissed and
    /// no widget of the screen had it before (the sheet was shown from the start): the
    /// button that presents it, say. Nil: the focus goes back where it was, or nowhere.
    public var defaultFocus: UnsafeMutablePointer<GtkWidget>? {
        get { core.defaultFocus }
        set { core.defaultFocus = newValue }
    }

    /// Whether the frame clock's tick callback is installed (only while something moves,
    /// input waits, or a replay runs).
    public var isTicking: Bool { core.isTicking }

    /// Starts ticking if the controller has something to do. Calls on `controller` wake the
    /// host themselves (through its events); this is for input the app queued itself.
    public func wake() {
        core.wake()
    }
}
