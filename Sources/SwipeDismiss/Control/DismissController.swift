/// Drives one modal: reads input, runs the state machine, tells observers, renders frames.
///
/// It is built with its collaborators and names no plugin. The decisions live in a
/// `DismissMachine` value; this class only owns the plugins and performs the machine's
/// effects. Each `step()` reads the clock, applies every input event at its own timestamp,
/// and renders only if the picture changed. The state at a given time depends only on the
/// events, never on how often `step()` ran.
public final class DismissController {
    /// The numbers and policies the machine runs on; fixed for the controller's life.
    public let configuration: DismissConfiguration
    /// Where the controller reads its events.
    public let input: InputSource
    /// The scene the controller drives: builds it, moves it, hit-tests it.
    public let presenter: Presenter
    /// What draws each frame that changed.
    public let renderer: Renderer
    /// The time source `step()` reads; a test can step it by hand.
    public let clock: TimeSource

    /// The state at the machine's time: that of the last `step()`, input or call.
    public var state: DismissState { driver.model.machine.state }
    /// How many frames this controller has rendered.
    package var framesRendered: Int { driver.framesRendered }
    /// Counts presentations; 1 for the first.
    package var presentationCount: Int { driver.model.machine.presentationCount }
    /// Whether something is moving, so the owner should keep calling `step()` every frame.
    public var isAnimating: Bool { driver.model.machine.isAnimating }
    /// The detents as resolved for the current viewport.
    package var layout: DetentLayout { driver.model.machine.layout }
    /// The id of the item that has the keyboard focus (DESIGN §4c "Keyboard in a sheet"):
    /// the presenter's first focusable item when the sheet shows, moved by Tab and
    /// Shift+Tab; nil while no sheet shows (focus is the app's: restore your own on
    /// `.focusChanged(item: nil)`) or the content has no focusable items.
    public var focusedItem: String? { driver.focusedItem }

    /// The dismissal policy as a closure; nil (and no delegate) allows every dismissal.
    ///
    /// A side-effect-free question, asked before a call for each reason that call can reach
    /// (a drag or flick for pointer and touchpad input, a backdrop tap, Escape, `dismiss()`
    /// without `force`): the machine reads the answers as data (`DismissPolicy`), so the
    /// policy sees the controller as it was before the call. Say no to keep the content: the
    /// attempt is reported as `.dismissAttempted(reason)`; an app that asks its user
    /// ("discard changes?") shows its prompt on that event and then calls
    /// `dismiss(force: true)`. A call the policy makes back into the controller counts as
    /// declining: the question is answered no, and the call runs once the call being decided
    /// is done, with every dismissal declined (it never asks again, so it cannot recurse).
    public var shouldDismiss: ((DismissReason) -> Bool)?
    /// The dismissal policy as a delegate; asked after `shouldDismiss`, if both are set.
    public weak var delegate: DismissControllerDelegate?
    /// What keys do: `KeyBindings.standard` (Escape dismisses through the policy, nothing
    /// presents) unless the app binds more; the tools bind `KeyBindings.tools`.
    public var keyBindings: KeyBindings {
        get { driver.keyBindings }
        set { driver.keyBindings = newValue }
    }
    /// How a veto shows: left pending for a confirmation (`.pending`, the default) or not
    /// (`.quiet`); reported as `.dismissAttempted` either way.
    public var veto: DismissPolicy.Veto {
        get { driver.veto }
        set { driver.veto = newValue }
    }

    /// The one driver a sheet and a stack share, running this sheet as a model of one level.
    private(set) var driver: Driver<SheetModel>!

    /// A controller showing the modal presented and at rest (or dismissed, if `presented` is false).
    public init(
        input: InputSource, presenter: Presenter, renderer: Renderer, clock: TimeSource,
        configuration: DismissConfiguration = .fluid, presented: Bool = true
    ) {
        self.input = input
        self.presenter = presenter
        self.renderer = renderer
        self.clock = clock
        self.configuration = configuration
        let model = SheetModel(
            presenter: presenter, configuration: configuration, viewport: renderer.viewport,
            time: clock.now, presented: presented)
        driver = Driver(model: model, owner: self, input: input, renderer: renderer, clock: clock)
    }

    // MARK: Observing

    /// Calls `observer` for every phase change, dismissal, presentation, vetoed attempt,
    /// superseded presentation and pass-through press.
    ///
    /// Events come in order, each with the state it happened in; the controller itself
    /// reads as of the end of the input or step that caused them (a dismissal that ends in
    /// the same step as a new presentation starts is reported before it, while
    /// `presentationCount` already counts the new one).
    ///
    /// The observer is kept until the returned observation's `cancel()`: an observer that
    /// captures the controller keeps it alive until then.
    @discardableResult
    public func addObserver(_ observer: @escaping (DismissEvent) -> Void) -> DismissObservation {
        driver.hub.addObserver(observer)
    }

    // MARK: Driving

    /// When the owner should call `step()` next: now if animating, else the earlier of the
    /// input's next known event (a replay) and the deadline that ends a quiet touchpad
    /// stream, else nil (wait for input).
    public var nextWakeTime: Double? { driver.nextWakeTime }

    /// What `point` lands on now: content, backdrop, or a backdrop that lets it through.
    public func hitTest(_ point: Point) -> HitRegion {
        driver.hitTest(point)
    }

    /// Asks for the next `step()` to render even if nothing moved (after an expose, say).
    public func setNeedsDisplay() {
        driver.needsDisplay = true
    }

    /// Re-reads the renderer's viewport and lays the scene out again (`resize(to:)`).
    public func viewportDidChange() {
        resize(to: renderer.viewport)
    }

    /// Advances to the clock's time: applies pending input, animates, and renders if the
    /// picture changed (or `forceRender`). Returns whether a frame was rendered.
    ///
    /// Called from the dismissal policy, it does nothing and returns false: the call being
    /// decided has not run yet.
    @discardableResult
    public func step(forceRender: Bool = false) throws -> Bool {
        try driver.step(forceRender: forceRender)
    }

    /// Applies one event at its own time (clamped so time never runs backwards); a key
    /// does what `keyBindings` says, or nothing.
    public func handle(_ event: InputEvent) {
        driver.handle(event)
    }

    /// Presents the modal at its presented detent if it is dismissed (or on its way out),
    /// starting at the clock's time. A dismissal still under way is reported `superseded`.
    ///
    /// - Parameters:
    ///   - animated: Whether the content springs in (reduced motion: fades in); false puts
    ///     it at rest on the next frame.
    ///   - completion: Called once, when the content comes to rest or a dismissal cuts the
    ///     presentation short (right after this call when it is already shown).
    public func present(animated: Bool = true, completion: (() -> Void)? = nil) {
        if driver.defers({ self.present(animated: animated, completion: completion) }) { return }
        driver.call(asking: .nothing, completion: completion.map { done in { _ in done() } }) {
            $0.machine.present(animated: animated, request: $1, environment: $0.geometry)
        }
    }

    /// Dismisses the modal from wherever it is, with no velocity, if the policy allows,
    /// starting at the clock's time.
    ///
    /// - Parameters:
    ///   - animated: Whether the content leaves on its spring (reduced motion: fades out);
    ///     false takes it away on the next frame.
    ///   - force: Skips the policy (and confirms a pending vetoed attempt).
    ///   - completion: Called once: true when the content has left (at once if it already
    ///     had), false when the policy vetoed it or a new presentation cut it short.
    public func dismiss(
        animated: Bool = true, force: Bool = false, completion: ((Bool) -> Void)? = nil
    ) {
        if driver.defers({
            self.dismiss(animated: animated, force: force, completion: completion)
        }) {
            return
        }
        driver.call(asking: force ? .nothing : .programmatic(level: nil), completion: completion) {
            $0.machine.dismiss(
                animated: animated, force: force, request: $1, environment: $0.geometry)
        }
    }

    /// Sends the content to `detent`, starting at the clock's time: animated, it springs
    /// there in phase `.settling`; from dismissed, it is presented there; `.dismissed`
    /// dismisses through the policy, as `dismiss()`.
    ///
    /// - Parameters:
    ///   - detent: One of the configuration's detents, or `.dismissed`.
    ///   - animated: Whether it springs there; false puts it there on the next frame.
    ///   - completion: Called once: true when the content rests at `detent`, false for a
    ///     detent the layout lacks (nothing changes) or when something else took over (a
    ///     drag, another move, a dismissal or a veto).
    public func move(
        to detent: Detent.ID, animated: Bool = true, completion: ((Bool) -> Void)? = nil
    ) {
        if driver.defers({ self.move(to: detent, animated: animated, completion: completion) }) {
            return
        }
        let reasons = detent == .dismissed ? DriverAsking.programmatic(level: nil) : .nothing
        driver.call(asking: reasons, completion: completion) {
            $0.machine.move(to: detent, animated: animated, request: $1, environment: $0.geometry)
        }
    }

    /// Answers a pending vetoed dismissal with "keep it".
    public func declineDismissal() {
        if driver.defers({ self.declineDismissal() }) { return }
        driver.run(asking: .nothing) { $0.machine.declineDismissal(environment: $0.geometry) }
    }
}

extension DismissController: DriverOwner {
    func hasPolicy(level: Int) -> Bool {
        shouldDismiss != nil || delegate != nil
    }

    func allows(_ reason: DismissReason, level: Int) -> Bool {
        if let shouldDismiss, !shouldDismiss(reason) { return false }
        if let delegate { return delegate.dismissController(self, shouldDismissFor: reason) }
        return true
    }

    func levelRequested(_ level: Int) {}
}
