/// The one implementation behind `DismissController` (one sheet) and `SheetStackController`
/// (sheets over sheets): it reads the input up to the clock, asks the app's policy before
/// each call, performs the model's effects in order (observers, completions, frames to
/// draw), keeps the keyboard focus and renders the frames that changed. The controllers
/// are facades that own one; what differs between a sheet and a stack is the model
/// (`DrivenModel`) and the policy its owner answers (`DriverOwner`).
final class Driver<Model: DrivenModel> {
    /// Where the driver reads its events.
    let input: InputSource
    /// What draws each frame that changed.
    let renderer: Renderer
    /// The time source a step reads.
    let clock: TimeSource
    /// The pure value that decides, with the geometry it asks.
    var model: Model
    /// The controller whose policy is asked; it owns the driver, so it outlives it.
    unowned(unsafe) let owner: any DriverOwner
    /// What keys do (`KeyBindings`).
    var keyBindings = KeyBindings.standard
    /// How a veto shows: left pending for a confirmation or not.
    var veto = DismissPolicy.Veto.pending
    /// How many frames the driver has rendered.
    private(set) var framesRendered = 0
    /// Whether the next step renders even if nothing moved.
    var needsDisplay = true
    /// The observers, the calls' completions and the input buffer (`DriverHub`).
    let hub = DriverHub<Model.Event>()
    /// The policy as the app answers it, around a call (`PolicyAsker`).
    let asker = PolicyAsker()
    /// Each level's keyboard focus (`FocusTracker`).
    var focus = FocusTracker()
    /// The model's effects not yet performed, oldest first: a call made while they are
    /// performed (from an observer or a completion) runs at once, and its effects wait
    /// behind these, so every observer hears every event in order.
    private var queue: [Model.Effect] = []
    private var isPerforming = false
    /// Each level's state as last rendered, to skip frames that would look the same.
    private var lastRendered: [DismissState] = []
    /// Each level's state now, read once a step (swapped with `lastRendered` on a frame).
    private var current: [DismissState] = []

    /// A driver for `model`, asking `owner`'s policy, its focus following the model as it is.
    init(
        model: Model, owner: any DriverOwner, input: InputSource, renderer: Renderer,
        clock: TimeSource
    ) {
        self.model = model
        self.owner = owner
        self.input = input
        self.renderer = renderer
        self.clock = clock
        queue.reserveCapacity(16)
        lastRendered.reserveCapacity(4)
        current.reserveCapacity(4)
        followFocus()
        _ = focus.change(inputLevel: self.model.inputLevel)
    }

    // MARK: Reading

    /// When the owner should step next: now if animating, else the earlier of the input's
    /// next known event and the input level's touchpad deadline, else nil.
    var nextWakeTime: Double? {
        if model.isAnimating || needsDisplay { return model.wakeTime }
        guard let deadline = model.scrollDeadline(ofLevel: model.inputLevel) else {
            return input.nextEventTime
        }
        return min(deadline, input.nextEventTime ?? deadline)
    }

    /// What `point` lands on now, for the sheet that takes input.
    func hitTest(_ point: Point) -> HitRegion {
        let level = model.inputLevel
        let geometry = model.geometry(ofLevel: level)
        return model.withMachine(ofLevel: level) { $0.hitTest(point, environment: geometry) }
    }

    /// The id of the focused item in the sheet that takes input, if any.
    var focusedItem: String? {
        guard let spot = focus.spot(inputLevel: model.inputLevel),
            let presenter = model.presenter(ofLevel: spot.level)
        else { return nil }
        return presenter.focusableItem(at: spot.index)
    }

    // MARK: Driving

    /// Advances to the clock's time and renders if the picture changed (or `force`); from a
    /// policy it does nothing and returns false (the call being decided has not run yet).
    func step(forceRender force: Bool) throws -> Bool {
        guard !asker.isAsking else { return false }
        catchUp()
        return try renderIfNeeded(force: force)
    }

    /// Applies the input that arrived up to the clock's time and advances to it, so a call
    /// from the app starts now, however long the driver has been idle.
    func catchUp() {
        let now = max(clock.now, model.time)
        hub.readInput(input, upTo: now, handle)
        run(asking: .advance(to: now)) { $0.advance(to: now) }
    }

    /// Applies one event at its own time (clamped so time never runs backwards) to the
    /// sheet that takes input; a key does what `keyBindings` says, or nothing.
    func handle(_ event: InputEvent) {
        if asker.isAsking, asker.defers({ self.handle(event) }) { return }
        if case .viewport(let size) = event.kind, event.time.isFinite {
            let time = max(event.time, model.time)
            run(asking: .advance(to: time)) { $0.advance(to: time) }
            return owner.resize(to: size)
        }
        if case .key(let key) = event.kind, event.time.isFinite {
            // Time first (a quiet touchpad stream may end on the way), then the key, read
            // against the sheet that takes input then.
            let time = max(event.time, model.time)
            run(asking: .advance(to: time)) { $0.advance(to: time) }
            let level = model.inputLevel
            let bindings = keyBindings
            guard
                let intent = model.withMachine(
                    ofLevel: level, { bindings.intent(for: key, on: $0) })
            else { return }
            if handleFocus(intent) { return }
            return run(asking: .key(level: level, PolicyAsker.reasons(for: intent))) {
                $0.perform(intent)
            }
        }
        if case .down = event.kind { focus.isVisible = false }
        run(asking: .event(event)) { $0.handle(event) }
    }

    /// Keeps `call` for later if it comes from inside a policy (and returns true). Tests
    /// `isAsking` first, so the closure is only made when it is kept.
    func defers(_ call: @autoclosure () -> () -> Void) -> Bool {
        asker.isAsking && asker.defers(call())
    }

    /// Runs an app's call at the clock's time: numbers its completion, catches up, then
    /// runs `body` with the request number.
    func call(
        asking reasons: DriverAsking, completion: ((Bool) -> Void)?,
        _ body: (inout Model, Int?) -> [Model.Effect]
    ) {
        let request = hub.register(completion)
        catchUp()
        run(asking: reasons) { body(&$0, request) }
    }

    /// Refreshes every level's policy for the reasons `body` can reach, runs `body` on the
    /// model and performs the effects; then runs the calls the policy made meanwhile.
    func run(asking reasons: DriverAsking, _ body: (inout Model) -> [Model.Effect]) {
        refreshPolicies(asking: reasons)
        model.prepareCall()
        queue.append(contentsOf: body(&model))
        perform()
        asker.runDeferredCalls()
    }

    /// Performs `effects` and those waiting, oldest first; nested calls only add to the
    /// queue. The focus follows the state the effects left (a change is one more event);
    /// a new level asked for by a key is the owner's to present, once all is performed.
    func perform(_ effects: [Model.Effect] = []) {
        queue.append(contentsOf: effects)
        guard !isPerforming else { return }
        isPerforming = true
        if Model.hasLevels, model.syncLevels() { needsDisplay = true }
        var requested: Int?
        var index = 0
        while true {
            while index < queue.count {
                let effect = queue[index]
                index += 1
                switch Model.action(for: effect) {
                case .needsDisplay: needsDisplay = true
                case .notify(let event): hub.notify(event)
                case .complete(let request, let succeeded): hub.complete(request, succeeded)
                case .levelRequested(let level): requested = level
                }
            }
            if Model.hasLevels, model.syncLevels() { needsDisplay = true }
            followFocus()
            guard let spot = focus.change(inputLevel: model.inputLevel) else { break }
            queue.append(
                Model.effect(
                    .notify(.focusChanged(item: focusedItem)),
                    ofLevel: spot?.level ?? model.inputLevel))
        }
        queue.removeAll(keepingCapacity: true)
        isPerforming = false
        if let requested { owner.levelRequested(requested) }
    }

    // MARK: Policy

    /// Refreshes each level's policy for the reasons the call can reach at that level, as
    /// its owner answers them.
    private func refreshPolicies(asking reasons: DriverAsking) {
        // The input level takes an event; a level whose touchpad stream ends on the way may
        // leave, and the event then goes to the level under it: every level may get it.
        let count = model.levelCount
        var eventLevel = model.inputLevel
        var end: Double?
        switch reasons {
        case .event(let event): end = event.time
        case .advance(let time): end = time
        case .nothing, .programmatic, .key: break
        }
        if let end {
            for level in 0..<count {
                if let deadline = model.scrollDeadline(ofLevel: level), deadline <= end {
                    eventLevel = -1
                }
            }
        }
        let owner = owner
        for level in 0..<count {
            // Without a policy the reasons are not asked: every dismissal is allowed.
            let hasPolicy = owner.hasPolicy(level: level)
            var asking = PolicyAsker.nothing
            switch hasPolicy ? reasons : .nothing {
            case .nothing: break
            case .event(let event):
                asking = model.withMachine(ofLevel: level) { [asker] machine in
                    eventLevel < 0 || level == eventLevel
                        ? asker.reasons(for: event, machine)
                        : asker.reasons(advancingTo: event.time, machine)
                }
            case .advance(let time):
                asking = model.withMachine(ofLevel: level) { [asker] in
                    asker.reasons(advancingTo: time, $0)
                }
            case .programmatic(let target):
                if level == target ?? model.inputLevel { asking = PolicyAsker.programmatic }
            case .key(let target, let reasons):
                if level == target { asking = reasons }
            }
            let policy = asker.policy(asking: asking, veto: veto, hasPolicy: hasPolicy) {
                owner.allows($0, level: level)
            }
            model.setPolicy(policy, ofLevel: level)
        }
    }

    // MARK: Focus

    /// Moves or activates the keyboard focus for `intent`; returns false when the intent is
    /// the model's.
    private func handleFocus(_ intent: KeyIntent) -> Bool {
        let level = model.inputLevel
        guard let presenter = model.presenter(ofLevel: level) else { return false }
        switch focus.handle(intent, inputLevel: level, presenter: presenter) {
        case .notFocus: return false
        case .done: break
        case .moved(let index):
            // At the top detent the list scrolls to show the newly focused row.
            if let range = presenter.listExtent(ofFocusableItem: index) {
                queue.append(
                    contentsOf: model.revealInList(
                        level: level, top: range.lowerBound, bottom: range.upperBound))
            }
        case .activate(let index):
            let geometry = model.geometry(ofLevel: level)
            let point = presenter.activationPoint(
                ofItem: index, state: model.state(ofLevel: level),
                direction: geometry.direction, viewport: geometry.viewport)
            let item = presenter.focusableItem(at: index)
            queue.append(
                Model.effect(.notify(.contentTapped(item: item, point: point)), ofLevel: level))
        }
        perform()
        return true
    }

    /// Follows every level's life with its focus, and the ring onto the sheet that takes
    /// input.
    private func followFocus() {
        let changed = focus.follow(count: model.focusLevelCount, inputLevel: model.inputLevel) {
            level in
            // `focusLevelCount` counts only levels with a presenter.
            model.life(ofLevel: level)
        }
        if changed { needsDisplay = true }
    }

    // MARK: Rendering

    private func renderIfNeeded(force: Bool) throws -> Bool {
        if Model.hasLevels, model.syncLevels() { needsDisplay = true }
        current.removeAll(keepingCapacity: true)
        for level in 0..<model.levelCount { current.append(model.state(ofLevel: level)) }
        if !force, !needsDisplay, !looksDifferent() { return false }
        let frame = model.frame(for: current)
        try renderer.render(frame.scene, state: frame.state)
        swap(&lastRendered, &current)
        needsDisplay = false
        framesRendered += 1
        return true
    }

    private func looksDifferent() -> Bool {
        guard lastRendered.count == current.count else { return true }
        for level in current.indices where current[level].looksDifferent(from: lastRendered[level])
        {
            return true
        }
        return false
    }
}

/// The controller that owns a `Driver`: it answers the app's dismissal policy for each
/// level, lays out for a new window size, and presents the level a key asks for.
protocol DriverOwner: AnyObject {
    /// Whether the app has a say over the sheet at `level` (a closure or a delegate).
    func hasPolicy(level: Int) -> Bool
    /// The app's answer for dismissing the sheet at `level` for `reason`.
    func allows(_ reason: DismissReason, level: Int) -> Bool
    /// Lays out for a window of `size` points (a trace's `viewport` event).
    func resize(to size: Size)
    /// A key asked for a new sheet over the top one, as `level`.
    func levelRequested(_ level: Int)
}

/// What a call can reach, for asking the levels' policies before it.
enum DriverAsking {
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

/// What a driver does for one of its model's effects.
enum DriverAction<Event> {
    /// Draw the next frame even if the state looks the same.
    case needsDisplay
    /// Tell the observers.
    case notify(Event)
    /// Call the completion of request `request`.
    case complete(request: Int, succeeded: Bool)
    /// A key asked for a new sheet, as this level.
    case levelRequested(Int)
}
