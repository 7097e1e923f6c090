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
/// The app presents each level (`present(_:)`, or the stack's own calls); Escape, drags and
/// each level's Close button dismiss the top sheet through its policy. Keys are the
/// focused widget's first: the host takes only Escape, and only what the widget leaves.
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
                close: { [unowned stack] level in stack.dismiss(level: level) })
        }
        stack = made!
        observation = stack.addObserver { [unowned core] event in
            // A call the app made on the stack itself animates too (no `wake()`).
            core.controllerDidChange()
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

    /// Presents `level` over the top sheet (see `SheetStackController.present`); the
    /// completion is called once, when it comes to rest or is cut short.
    public func present(
        _ level: StackLevel, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
        stack.present(level, animated: animated, completion: completion)
        wake()
    }

    /// Presents the root again when nothing is shown; the completion is called once.
    public func presentRoot(animated: Bool = true, completion: (() -> Void)? = nil) {
        stack.presentRoot(animated: animated, completion: completion)
        wake()
    }

    /// Dismisses the top sheet (or `level`) through its policy, as Escape and Close do; the
    /// completion gets true when the sheet left, false when vetoed or superseded.
    public func dismiss(
        level: Int? = nil, animated: Bool = true, force: Bool = false,
        completion: ((Bool) -> Void)? = nil
    ) {
        stack.dismiss(level: level, animated: animated, force: force, completion: completion)
        wake()
    }

    /// Sends the top sheet (or `level`) to `detent` (see `SheetStackController.move`); the
    /// completion gets true when it rests there, false for a detent it lacks or when
    /// something else took over.
    public func move(
        level: Int? = nil, to detent: Detent.ID, animated: Bool = true,
        completion: ((Bool) -> Void)? = nil
    ) {
        stack.move(level: level, to: detent, animated: animated, completion: completion)
        wake()
    }

    /// Shows `content` as level `level`'s sheet in place of its current content, shown or
    /// not (as `GtkSheetHost.setContent(_:)`); a level past the host's contents is ignored.
    public func setContent(_ content: GtkSheetContent, ofLevel level: Int) {
        core.replaceContent(level, with: content)
    }

    /// Each level's content now (level 0 first).
    public var contents: [GtkSheetContent] { core.contents }

    /// The widget of the app's screen that takes the focus when the last sheet leaves and no
    /// widget of the screen had it before (the root was shown from the start).
    public var defaultFocus: UnsafeMutablePointer<GtkWidget>? {
        get { core.defaultFocus }
        set { core.defaultFocus = newValue }
    }

    /// Whether the frame clock's tick callback is installed.
    public var isTicking: Bool { core.isTicking }

    /// Starts ticking if the stack has something to do. Calls on `stack` wake the host
    /// themselves (through its events); this is for input the app queued itself.
    public func wake() {
        core.wake()
    }
}
