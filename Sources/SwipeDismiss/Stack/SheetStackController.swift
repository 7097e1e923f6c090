/// Drives a stack of sheets: reads input, runs the `SheetStack`, tells observers which level
/// each event concerns, and renders the stack as one scene through a `StackPresenter`.
///
/// Like `DismissController`, it owns the plugins and performs the effects of a value that
/// decides: one `DismissMachine` per level inside a `SheetStack`. Each `step()` reads the
/// clock, applies the input at its own time to the top sheet, advances every level and
/// renders if the picture changed. A call made from an observer runs at once, and its
/// events reach the observers after those of the call in progress, so dismissing a level
/// from a `didDismiss` is safe. The policies are asked before a call, as
/// `DismissController.shouldDismiss` says.
public final class SheetStackController {
    /// Where the controller reads its events; they go to the top sheet.
    public let input: InputSource
    /// What draws each frame that changed.
    public let renderer: Renderer
    /// The time source `step()` reads.
    public let clock: TimeSource
    /// Composes the levels' scenes into the one the renderer draws.
    package let presenter: StackPresenter

    /// The stack at its time (that of the last `step()`, input or call): depth, top sheet,
    /// parent.
    public var state: StackState { stack.state }
    /// How many frames this controller has rendered.
    package var framesRendered: Int { driver.framesRendered }
    /// Whether something is moving, so the owner should keep calling `step()` every frame.
    public var isAnimating: Bool { stack.isAnimating }

    /// What Space or Enter presents over a presented top sheet, given the level it will be;
    /// nil (or a nil answer) presents nothing. Asked while fewer than `keyPresentLimit`
    /// sheets are shown.
    public var nextLevel: ((Int) -> StackLevel?)?
    /// A policy asked for every level, after the level's own: `(level, reason)`. Nil allows.
    /// Like `DismissController.shouldDismiss`, a side-effect-free question asked before a
    /// call; a call it makes back into the controller counts as declining, and runs once
    /// the call being decided is done.
    public var shouldDismiss: ((Int, DismissReason) -> Bool)?
    /// What keys do: `KeyBindings.standard` (Escape dismisses the top sheet through its
    /// policy, nothing presents) unless the app binds more; the tools bind
    /// `KeyBindings.tools` (Space and Enter present the next level).
    public var keyBindings: KeyBindings {
        get { driver.keyBindings }
        set { driver.keyBindings = newValue }
    }
    /// How a veto shows: left pending for a confirmation (`.pending`, the default) or not.
    public var veto: DismissPolicy.Veto {
        get { driver.veto }
        set { driver.veto = newValue }
    }
    /// Space and Enter present new sheets only while fewer than this many stay shown.
    public var keyPresentLimit: Int {
        get { stack.keyPresentLimit }
        set { driver.model.stack.keyPresentLimit = newValue }
    }

    /// The one driver a sheet and a stack share, running this stack.
    private(set) var driver: Driver<StackModel>!
    /// The stack as it is now.
    var stack: SheetStack { driver.model.stack }
    /// Each level's configuration, presenter and policy, root first.
    var descriptions: [StackLevel] { driver.model.descriptions }

    /// A stack holding `root` as level 0, presented and at rest (or dismissed).
    public init(
        input: InputSource, renderer: Renderer, clock: TimeSource, root: StackLevel = StackLevel(),
        presented: Bool = true
    ) {
        self.input = input
        self.renderer = renderer
        self.clock = clock
        let presenter = StackPresenter()
        self.presenter = presenter
        let model = StackModel(
            root: root, viewport: renderer.viewport, time: clock.now, presented: presented,
            composer: presenter)
        driver = Driver(model: model, owner: self, input: input, renderer: renderer, clock: clock)
    }

    // MARK: Reading

    /// How many sheets are shown (one on its way out still counts).
    public var depth: Int { stack.depth }
    /// How many levels the stack holds: the depth, or 1 when even the root is gone.
    package var levelCount: Int { stack.levels.count }
    /// The level that takes input: the top sheet that is not on its way out.
    public var inputLevel: Int { stack.inputLevel }

    /// The state of the sheet at `level`, if the stack holds it.
    public func state(ofLevel level: Int) -> DismissState? {
        level >= 0 && level < stack.levels.count ? stack.state(ofLevel: level) : nil
    }

    /// The scale the sheet at `level` is drawn at (1 for the top one and outside the stack).
    package func scale(ofLevel level: Int) -> Double {
        level >= 0 && level < stack.levels.count ? stack.scale(ofLevel: level) : 1
    }

    /// The presenter of the sheet at `level` (its items, their titles), if the stack holds it.
    package func presenter(ofLevel level: Int) -> Presenter? {
        driver.model.presenter(ofLevel: level)
    }

    /// The detents of the top sheet as resolved for the viewport.
    package var layout: DetentLayout { stack.levels[stack.top].layout }

    /// The detents of the sheet at `level` as resolved for the viewport, if the stack
    /// holds it.
    package func layout(ofLevel level: Int) -> DetentLayout? {
        level >= 0 && level < stack.levels.count ? stack.levels[level].layout : nil
    }

    /// The id of the item that has the keyboard focus in the sheet that takes input
    /// (DESIGN §4c "Keyboard in a sheet"): its first focusable item when it shows, moved by
    /// Tab and Shift+Tab; back on the item it had once the sheet above it leaves; nil while
    /// no sheet shows (focus is the app's) or the sheet has no focusable items.
    public var focusedItem: String? { driver.focusedItem }

    /// The one backdrop's alpha: the largest of the sheets' alphas.
    package var backdropAlpha: Double { stack.backdropAlpha }

    /// When the owner should call `step()` next: now if animating, else the input's next
    /// known event or the top sheet's touchpad deadline, else nil.
    public var nextWakeTime: Double? { driver.nextWakeTime }

    /// What `point` lands on now, for the sheet that takes input.
    public func hitTest(_ point: Point) -> HitRegion {
        driver.hitTest(point)
    }

    /// Calls `observer` with every event of every level, each tagged with its level.
    /// Kept until the returned observation's `cancel()`.
    @discardableResult
    public func addObserver(_ observer: @escaping (StackEvent) -> Void) -> DismissObservation {
        driver.hub.addObserver(observer)
    }

    // MARK: Driving

    /// Asks for the next `step()` to render even if nothing moved.
    public func setNeedsDisplay() {
        driver.needsDisplay = true
    }

    /// Re-reads the renderer's viewport and lays every level out again (`resize(to:)`).
    public func viewportDidChange() {
        resize(to: renderer.viewport)
    }

    /// Advances every level to the clock's time and renders the stack if its picture
    /// changed, as `DismissController.step(forceRender:)` does for one sheet.
    @discardableResult
    public func step(forceRender: Bool = false) throws -> Bool {
        try driver.step(forceRender: forceRender)
    }

    /// Applies one event at its own time to the sheet that takes input.
    public func handle(_ event: InputEvent) {
        driver.handle(event)
    }
}

extension SheetStackController: DriverOwner {
    func hasPolicy(level: Int) -> Bool {
        shouldDismiss != nil
            || (level < descriptions.count && descriptions[level].shouldDismiss != nil)
    }

    func allows(_ reason: DismissReason, level: Int) -> Bool {
        if level < descriptions.count, let own = descriptions[level].shouldDismiss, !own(reason) {
            return false
        }
        return shouldDismiss?(level, reason) ?? true
    }

    /// Presents what `nextLevel` gives for the level a key asked for, animated.
    func levelRequested(_ level: Int) {
        guard let next = nextLevel?(level) else { return }
        push(next, animated: true, request: nil)
    }

    /// Pushes `level` at the stack's time (a key from the input, or a call that caught up).
    func push(_ level: StackLevel, animated: Bool, request: Int?) {
        driver.perform(driver.model.push(level, animated: animated, request: request))
        driver.asker.runDeferredCalls()
    }
}
