import CGtk
import SwipeDismiss

/// Hosts a `SheetStackController` over a GTK widget tree: sheets over sheets (DESIGN §4b
/// "Stacked sheets"), each level the app's own widget, over the app's screen and one
/// backdrop.
///
/// It works as `GtkSheetHost` does (input from GTK's event controllers in the capture
/// phase, frames from the frame clock only while something moves, moves as render-node
/// transforms) with one dialog per level: level n shows `contents[n]`, moved by its own
/// drag and, while a sheet is over it, receding by the stack's scale (`1 − 0.06 × v`).
/// Space and Enter present a new sheet over the top one while the stack's
/// `keyPresentLimit` allows (they always go to the core, before the focused button, and
/// at the limit do nothing); Escape, drags and each level's Close button dismiss the top
/// sheet through its policy.
///
/// Accessibility: each level's container is a dialog labelled by its content's title. A
/// screen reader sees one dialog, the top sheet's, with state modal: everything behind it
/// (the app's screen and the sheets below) is inert until the sheets over it leave, taking
/// neither focus nor pointer and out of the accessible tree (`GTK_ACCESSIBLE_STATE_HIDDEN`).
/// The focus moves into each new sheet; when the top one leaves, the sheet below is back in
/// the tree, modal, with the focus where it was.
public final class GtkStackHost {
    /// The widget to place in a window: an overlay of the app's screen, the backdrop and the
    /// sheets.
    public var widget: UnsafeMutablePointer<GtkWidget> { core.widget }
    /// The stack's controller.
    public let stack: SheetStackController
    /// The live input from GTK's event controllers.
    public var input: GtkInputSource { core.input }
    /// The renderer that shows the stack's frames as GTK render nodes.
    public var renderer: GtkSheetRenderer { core.renderer }
    /// Each level's dialog container (level 0 first).
    public var dialogs: [UnsafeMutablePointer<GtkWidget>] { core.dialogs }
    /// Called after every frame-clock tick's `step()`.
    public var onTick: (() -> Void)? {
        get { core.onTick }
        set { core.onTick = newValue }
    }
    /// Called with the new viewport when the host widget's size changes (and once when
    /// set).
    public var onResize: ((Size) -> Void)? {
        get { core.onResize }
        set {
            core.onResize = newValue
            newValue?(core.renderer.viewport)
        }
    }
    /// Called when stepping the stack fails (the renderer threw); the host goes on.
    public var onError: ((Error) -> Void)? {
        get { core.onError }
        set { core.onError = newValue }
    }
    /// Whether the app's screen behind is inert now (no focus, no pointer, out of the
    /// accessible tree): while any sheet is shown.
    public var isScreenInert: Bool { core.isScreenInert }

    private let core: GtkHostCore
    private var observation: DismissObservation?

    /// Hosts a stack whose level n shows `contents[n]`, over `screen`.
    ///
    /// - Parameters:
    ///   - screen: The app's screen, the overlay's main child.
    ///   - contents: Each level's widget and resting frame, level 0 first; levels past the
    ///     last are not shown (give as many as the stack's `keyPresentLimit`).
    ///   - viewport: The size the host starts laid out for, in points.
    ///   - clock: The stack's clock (monotonic by default).
    ///   - wrapInput: Wraps the live input (a replay in front of it, a recorder around it).
    ///   - makeStack: Builds the stack's controller on the input, the host's renderer and
    ///     `clock` (its root level, `nextLevel`, policies); its root may start shown.
    public init(
        screen: UnsafeMutablePointer<GtkWidget>, contents: [GtkSheetContent], viewport: Size,
        clock: TimeSource = MonotonicClock(),
        wrapInput: (InputSource) -> InputSource = { $0 },
        makeStack: (InputSource, Renderer, TimeSource) -> SheetStackController
    ) {
        var made: SheetStackController?
        core = GtkHostCore(
            screen: screen, contents: contents, viewport: viewport, clock: clock
        ) { input, renderer in
            let stack = makeStack(wrapInput(input), renderer, clock)
            made = stack
            renderer.scrollOfLevel = { [unowned stack] in stack.state(ofLevel: $0)?.scroll }
            return GtkHostDriver(
                frames: stack,
                isShown: { [unowned stack] in stack.depth > 0 },
                isDismissAttemptPending: { [unowned stack] in
                    stack.state(ofLevel: stack.inputLevel)?.isDismissAttemptPending ?? false
                },
                // A key the stack binds to present is the stack's (as in x11-demo): at the
                // limit it presents nothing, rather than pressing the focused button.
                presentsOnKey: { [unowned stack] in stack.keyBindings.intents[$0] == .present },
                close: { [unowned stack] level in stack.dismiss(level: level) })
        }
        stack = made!
        observation = stack.addObserver { [unowned core] event in
            guard case .phaseChanged(let from, let to, _) = event.event else { return }
            if from == .dismissed, to != .dismissed { core.levelDidShow(event.level) }
            if to == .dismissed, from != .dismissed { core.levelDidHide(event.level) }
        }
        for level in 0..<stack.levelCount
        where stack.state(ofLevel: level).map({ $0.phase != .dismissed }) ?? false {
            core.levelDidShow(level)
        }
    }

    deinit {
        observation?.cancel()
    }

    /// Presents `level` over the top sheet (see `SheetStackController.present`).
    public func present(_ level: StackLevel, animated: Bool = true) {
        stack.present(level, animated: animated)
        wake()
    }

    /// Presents the root again when nothing is shown.
    public func presentRoot(animated: Bool = true) {
        stack.presentRoot(animated: animated)
        wake()
    }

    /// Dismisses the top sheet (or `level`) through its policy, as Escape and Close do.
    public func dismiss(level: Int? = nil, animated: Bool = true, force: Bool = false) {
        stack.dismiss(level: level, animated: animated, force: force)
        wake()
    }

    /// Whether the frame clock's tick callback is installed.
    public var isTicking: Bool { core.isTicking }

    /// Starts ticking if the stack has something to do; call after driving it directly.
    public func wake() {
        core.wake()
    }
}
