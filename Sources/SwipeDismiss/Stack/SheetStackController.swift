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
    public let presenter = StackPresenter()

    /// The stack at its time (that of the last `step()`, input or call): depth, top sheet,
    /// parent.
    public var state: StackState { stack.state }
    /// How many frames this controller has rendered.
    public private(set) var framesRendered = 0
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
    public var keyBindings = KeyBindings.standard
    /// How a veto shows: left pending for a confirmation (`.pending`, the default) or not.
    public var veto = DismissPolicy.Veto.pending
    /// Space and Enter present new sheets only while fewer than this many stay shown.
    public var keyPresentLimit: Int {
        get { stack.keyPresentLimit }
        set { stack.keyPresentLimit = newValue }
    }

    var stack: SheetStack
    var descriptions: [StackLevel]
    var environments: StackGeometries
    private var presenters: [Presenter]
    private var directions: [DismissDirection]
    var viewportSize: Size
    var needsDisplay = true
    private var lastRendered: [DismissState] = []
    /// The observers, the calls' completions and the input buffer (`DriverHub`).
    private let hub = DriverHub<StackEvent>()
    private var isPerforming = false
    /// The stack's effects not yet performed, oldest first: a call made while they are
    /// performed runs at once, and its effects wait behind these.
    var queue: [StackEffect] = []
    var asker = PolicyAsker()
    /// Each level's keyboard focus (`FocusTracker`).
    var focus = FocusTracker()

    /// A stack holding `root` as level 0, presented and at rest (or dismissed).
    public init(
        input: InputSource, renderer: Renderer, clock: TimeSource, root: StackLevel = StackLevel(),
        presented: Bool = true
    ) {
        self.input = input
        self.renderer = renderer
        self.clock = clock
        viewportSize = renderer.viewport
        descriptions = [root]
        environments = StackGeometries(levels: [root.geometry(viewport: renderer.viewport)])
        presenters = [root.presenter]
        directions = [root.configuration.direction]
        let machine = environments.levels[0].machine(
            configuration: root.configuration, time: clock.now, presented: presented)
        stack = SheetStack(root: machine)
        lastRendered.reserveCapacity(4)
        followFocus()
        _ = focus.change(inputLevel: stack.inputLevel)
    }

    // MARK: Reading

    /// How many sheets are shown (one on its way out still counts).
    public var depth: Int { stack.depth }
    /// How many levels the stack holds: the depth, or 1 when even the root is gone.
    public var levelCount: Int { stack.levels.count }
    /// The level that takes input: the top sheet that is not on its way out.
    public var inputLevel: Int { stack.inputLevel }

    /// The state of the sheet at `level`, if the stack holds it.
    public func state(ofLevel level: Int) -> DismissState? {
        level >= 0 && level < stack.levels.count ? stack.state(ofLevel: level) : nil
    }

    /// The scale the sheet at `level` is drawn at (1 for the top one and outside the stack).
    public func scale(ofLevel level: Int) -> Double {
        level >= 0 && level < stack.levels.count ? stack.scale(ofLevel: level) : 1
    }

    /// The presenter of the sheet at `level` (its items, their titles), if the stack holds it.
    public func presenter(ofLevel level: Int) -> Presenter? {
        level >= 0 && level < descriptions.count ? descriptions[level].presenter : nil
    }

    /// The detents of the top sheet as resolved for the viewport.
    public var layout: DetentLayout { stack.levels[stack.top].layout }

    /// The detents of the sheet at `level` as resolved for the viewport, if the stack
    /// holds it.
    public func layout(ofLevel level: Int) -> DetentLayout? {
        level >= 0 && level < stack.levels.count ? stack.levels[level].layout : nil
    }

    /// The id of the item that has the keyboard focus in the sheet that takes input
    /// (DESIGN §4c "Keyboard in a sheet"): its first focusable item when it shows, moved by
    /// Tab and Shift+Tab; back on the item it had once the sheet above it leaves; nil while
    /// no sheet shows (focus is the app's) or the sheet has no focusable items.
    public var focusedItem: String? {
        guard let spot = focus.spot(inputLevel: stack.inputLevel), spot.level < descriptions.count
        else { return nil }
        return descriptions[spot.level].presenter.focusableItem(at: spot.index)
    }

    /// The one backdrop's alpha: the largest of the sheets' alphas.
    public var backdropAlpha: Double { stack.backdropAlpha }

    /// When the owner should call `step()` next: now if animating, else the input's next
    /// known event or the top sheet's touchpad deadline, else nil.
    public var nextWakeTime: Double? {
        if isAnimating || needsDisplay { return stack.levels[stack.top].time }
        guard let deadline = stack.levels[stack.inputLevel].scrollDeadline else {
            return input.nextEventTime
        }
        return min(deadline, input.nextEventTime ?? deadline)
    }

    /// What `point` lands on now, for the sheet that takes input.
    public func hitTest(_ point: Point) -> HitRegion {
        let level = stack.inputLevel
        return stack.levels[level].hitTest(point, environment: environments.levels[level])
    }

    /// Calls `observer` with every event of every level, each tagged with its level.
    /// Kept until the returned observation's `cancel()`.
    @discardableResult
    public func addObserver(_ observer: @escaping (StackEvent) -> Void) -> DismissObservation {
        hub.addObserver(observer)
    }

    // MARK: Driving

    /// Asks for the next `step()` to render even if nothing moved.
    public func setNeedsDisplay() {
        needsDisplay = true
    }

    /// Re-reads the renderer's viewport and lays every level out again (`resize(to:)`).
    public func viewportDidChange() {
        resize(to: renderer.viewport)
    }

    /// Advances to the clock's time: applies pending input, animates, and renders if the
    /// picture changed (or `forceRender`). Returns whether a frame was rendered; from a
    /// policy it does nothing and returns false (the call being decided has not run yet).
    @discardableResult
    public func step(forceRender: Bool = false) throws -> Bool {
        guard !asker.isAsking else { return false }
        catchUp()
        return try renderIfNeeded(force: forceRender)
    }

    /// Applies one event at its own time to the sheet that takes input.
    public func handle(_ event: InputEvent) {
        if asker.isAsking, asker.defers({ self.handle(event) }) { return }
        if case .viewport(let size) = event.kind, event.time.isFinite {
            let time = max(event.time, stack.time)
            run(asking: .advance(to: time)) { [environments] in
                $0.advance(to: time, environment: environments)
            }
            return resize(to: size)
        }
        if case .key(let key) = event.kind, event.time.isFinite {
            // Time first (a quiet touchpad stream may end on the way), then the key, read
            // against the sheet that takes input then.
            let time = max(event.time, stack.time)
            run(asking: .advance(to: time)) { [environments] in
                $0.advance(to: time, environment: environments)
            }
            let level = stack.inputLevel
            guard let intent = keyBindings.intent(for: key, on: stack.levels[level]) else {
                return
            }
            if handleFocus(intent) { return }
            let reasons = PolicyAsker.reasons(for: intent)
            return run(asking: .key(level: level, reasons)) {
                [environments] in $0.perform(intent, environment: environments)
            }
        }
        if case .down = event.kind { focus.isVisible = false }
        run(asking: .event(event)) { [environments] in
            $0.handle(event, environment: environments)
        }
    }

    // MARK: Performing

    /// Runs a call at the clock's time, asking each level's policy for `reasons(level)`.
    func call(
        asking reasons: StackAsking = .nothing, _ body: (inout SheetStack) -> [StackEffect]
    ) {
        catchUp()
        run(asking: reasons, body)
    }

    /// Keeps `call` for later if it comes from inside a policy (and returns true).
    func defers(_ call: @escaping () -> Void) -> Bool {
        asker.defers(call)
    }

    /// Pushes `level` at the stack's time (a Space from the input, or a call that caught up).
    func push(_ level: StackLevel, animated: Bool, request: Int?) {
        let index = stack.pushIndex
        let environment = level.geometry(viewport: viewportSize)
        let machine = environment.machine(
            configuration: level.configuration, time: stack.time, presented: false)
        // The old levels' environments serve while they end; the new one joins after.
        queue.append(
            contentsOf: stack.push(
                machine, animated: animated, request: request, environment: environments))
        descriptions.removeSubrange(index...)
        environments.levels.removeSubrange(index...)
        descriptions.append(level)
        environments.levels.append(environment)
        performEffects()
        asker.runDeferredCalls()
    }

    /// Refreshes each level's policy for the reasons the call can reach at that level: the
    /// level's own policy, then the controller's.
    private func refreshPolicies(asking reasons: StackAsking) {
        // The input level takes an event; a level whose touchpad stream ends on the way may
        // leave, and the event then goes to the level under it: every level may get it.
        var eventLevel = stack.inputLevel
        var end: Double?
        switch reasons {
        case .nothing: break
        case .event(let event): end = event.time
        case .advance(let time): end = time
        case .programmatic, .key: break
        }
        for level in stack.levels.indices {
            if let end, let deadline = stack.levels[level].scrollDeadline, deadline <= end {
                eventLevel = -1
            }
        }
        for level in stack.levels.indices {
            let machine = stack.levels[level]
            var asking = PolicyAsker.nothing
            switch reasons {
            case .nothing: break
            case .event(let event):
                asking =
                    eventLevel < 0 || level == eventLevel
                    ? asker.reasons(for: event, machine)
                    : asker.reasons(advancingTo: event.time, machine)
            case .advance(let time): asking = asker.reasons(advancingTo: time, machine)
            case .programmatic(let target):
                if level == target ?? stack.inputLevel { asking = PolicyAsker.programmatic }
            case .key(let target, let reasons):
                if level == target { asking = reasons }
            }
            let own = level < descriptions.count ? descriptions[level].shouldDismiss : nil
            stack.levels[level].policy = asker.policy(
                asking: asking, veto: veto, hasPolicy: own != nil || shouldDismiss != nil
            ) { reason in
                if let own, !own(reason) { return false }
                return shouldDismiss?(level, reason) ?? true
            }
        }
    }

    func catchUp() {
        let now = max(clock.now, stack.time)
        hub.readInput(input, upTo: now, handle)
        run(asking: .advance(to: now)) { [environments] in
            $0.advance(to: now, environment: environments)
        }
    }

    func register(_ completion: ((Bool) -> Void)?) -> Int? {
        hub.register(completion)
    }

    func run(asking reasons: StackAsking, _ body: (inout SheetStack) -> [StackEffect]) {
        refreshPolicies(asking: reasons)
        queue.append(contentsOf: body(&stack))
        performEffects()
        asker.runDeferredCalls()
    }

    /// Performs the stack's effects, oldest first; a call from an observer adds its own
    /// behind them.
    func performEffects() {
        guard !isPerforming else { return }
        isPerforming = true
        syncLevels()
        var requested: Int?
        var index = 0
        while true {
            while index < queue.count {
                let effect = queue[index]
                index += 1
                switch effect {
                case .level(_, .needsDisplay): needsDisplay = true
                case .level(let level, .notify(let event)):
                    hub.notify(StackEvent(level: level, event: event))
                case .level(_, .complete(let request, let succeeded)):
                    hub.complete(request, succeeded)
                case .levelRequested(let level): requested = level
                }
            }
            // The focus follows the state the effects left; a change is one more event.
            syncLevels()
            followFocus()
            guard let spot = focus.change(inputLevel: stack.inputLevel) else { break }
            queue.append(
                .level(spot?.level ?? stack.inputLevel, .notify(.focusChanged(item: focusedItem))))
        }
        queue.removeAll(keepingCapacity: true)
        isPerforming = false
        if let requested, let level = nextLevel?(requested) {
            push(level, animated: true, request: nil)
        }
    }

    /// Drops the descriptions of levels that have left and takes the levels' presenters.
    private func syncLevels() {
        let count = stack.levels.count
        if descriptions.count > count {
            descriptions.removeSubrange(count...)
            environments.levels.removeSubrange(count...)
        }
        var changed = presenters.count != descriptions.count
        for index in presenters.indices where !changed {
            changed = presenters[index] !== descriptions[index].presenter
        }
        if changed {
            presenters = descriptions.map(\.presenter)
            directions = descriptions.map(\.configuration.direction)
            needsDisplay = true
        }
    }

    private func renderIfNeeded(force: Bool) throws -> Bool {
        syncLevels()
        if !force, !needsDisplay, !looksDifferent() { return false }
        presenter.update(
            stack: stack, presenters: presenters, directions: directions, viewport: viewportSize)
        try renderer.render(presenter.scene, state: stack.state.top)
        lastRendered.removeAll(keepingCapacity: true)
        for level in stack.levels.indices { lastRendered.append(stack.state(ofLevel: level)) }
        needsDisplay = false
        framesRendered += 1
        return true
    }

    private func looksDifferent() -> Bool {
        guard lastRendered.count == stack.levels.count else { return true }
        for level in stack.levels.indices
        where stack.state(ofLevel: level).looksDifferent(from: lastRendered[level]) {
            return true
        }
        return false
    }
}

/// What a stack call can reach, for asking the levels' policies before it.
enum StackAsking {
    /// Nothing that dismisses.
    case nothing
    /// An input event, at the level that takes it (and time moving on at the others).
    case event(InputEvent)
    /// Time moving on: touchpad streams that go quiet.
    case advance(to: Double)
    /// `dismiss()` or a move to `.dismissed` of `level` (nil: the input level).
    case programmatic(level: Int?)
    /// A key's dismissal (Escape's or a back key's `reasons`) at `level`.
    case key(level: Int, DismissPolicy)
}
