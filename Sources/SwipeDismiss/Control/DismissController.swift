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
    public var state: DismissState { machine.state }
    /// How many frames this controller has rendered.
    public private(set) var framesRendered = 0
    /// Counts presentations; 1 for the first.
    public var presentationCount: Int { machine.presentationCount }
    /// Whether something is moving, so the owner should keep calling `step()` every frame.
    public var isAnimating: Bool { machine.isAnimating }
    /// The detents as resolved for the current viewport.
    public var layout: DetentLayout { machine.layout }

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
    public var keyBindings = KeyBindings.standard
    /// How a veto shows: left pending for a confirmation (`.pending`, the default) or not
    /// (`.quiet`); reported as `.dismissAttempted` either way.
    public var veto = DismissPolicy.Veto.pending

    var machine: DismissMachine
    var environment: SheetGeometry
    var scene: Scene
    private var needsDisplay = true
    private var lastRendered: DismissState?
    /// The observers, the calls' completions and the input buffer (`DriverHub`).
    private let hub = DriverHub<DismissEvent>()
    /// The machine's effects not yet performed, oldest first: a call made while they are
    /// performed (from an observer or a completion) runs at once, and its effects wait
    /// behind these, so every observer hears every event in order.
    private var queue: [DismissEffect] = []
    private var isPerforming = false
    /// The policy as the app answers it, around a call (`PolicyAsker`).
    var asker = PolicyAsker()

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
        let viewport = renderer.viewport
        environment = SheetGeometry(
            presenter: presenter, direction: configuration.direction, viewport: viewport)
        scene = presenter.makeScene(viewport: viewport)
        machine = environment.machine(
            configuration: configuration, time: clock.now, presented: presented)
        queue.reserveCapacity(16)
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
        hub.addObserver(observer)
    }

    // MARK: Driving

    /// When the owner should call `step()` next: now if animating, else the earlier of the
    /// input's next known event (a replay) and the deadline that ends a quiet touchpad
    /// stream, else nil (wait for input).
    public var nextWakeTime: Double? {
        if isAnimating || needsDisplay { return machine.time }
        guard let deadline = machine.scrollDeadline else { return input.nextEventTime }
        return min(deadline, input.nextEventTime ?? deadline)
    }

    /// What `point` lands on now: content, backdrop, or a backdrop that lets it through.
    public func hitTest(_ point: Point) -> HitRegion {
        machine.hitTest(point, environment: environment)
    }

    /// Asks for the next `step()` to render even if nothing moved (after an expose, say).
    public func setNeedsDisplay() {
        needsDisplay = true
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
        guard !asker.isAsking else { return false }
        catchUp()
        return try renderIfNeeded(force: forceRender)
    }

    /// Applies the input that arrived up to the clock's time and advances to it, so a call
    /// from the app starts now, however long the controller has been idle.
    func catchUp() {
        let now = max(clock.now, machine.time)
        hub.readInput(input, upTo: now, handle)
        run(asking: asker.reasons(advancingTo: now, machine)) { [environment] in
            $0.advance(to: now, environment: environment)
        }
    }

    /// Applies one event at its own time (clamped so time never runs backwards); a key
    /// does what `keyBindings` says, or nothing.
    public func handle(_ event: InputEvent) {
        if asker.isAsking, asker.defers({ self.handle(event) }) { return }
        if case .viewport(let size) = event.kind, event.time.isFinite {
            let time = max(event.time, machine.time)
            run(asking: asker.reasons(advancingTo: time, machine)) { [environment] in
                $0.advance(to: time, environment: environment)
            }
            return resize(to: size)
        }
        if case .key(let key) = event.kind, event.time.isFinite {
            // Time first (a quiet touchpad stream may end on the way), then the key, read
            // against the machine as it is then.
            let time = max(event.time, machine.time)
            run(asking: asker.reasons(advancingTo: time, machine)) { [environment] in
                $0.advance(to: time, environment: environment)
            }
            guard let intent = keyBindings.intent(for: key, on: machine) else { return }
            return run(asking: intent == .dismiss ? PolicyAsker.escape : PolicyAsker.nothing) {
                [environment] in $0.perform(intent, environment: environment)
            }
        }
        run(asking: asker.reasons(for: event, machine)) { [environment] in
            $0.handle(event, environment: environment)
        }
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
        if asker.isAsking,
            asker.defers({ self.present(animated: animated, completion: completion) })
        {
            return
        }
        let request = hub.register(completion.map { done in { _ in done() } })
        catchUp()
        run(asking: PolicyAsker.nothing) { [environment] in
            $0.present(animated: animated, request: request, environment: environment)
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
        if asker.isAsking,
            asker.defers({ self.dismiss(animated: animated, force: force, completion: completion) })
        {
            return
        }
        let request = hub.register(completion)
        catchUp()
        run(asking: force ? PolicyAsker.nothing : PolicyAsker.programmatic) { [environment] in
            $0.dismiss(
                animated: animated, force: force, request: request, environment: environment)
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
        if asker.isAsking,
            asker.defers({ self.move(to: detent, animated: animated, completion: completion) })
        {
            return
        }
        let request = hub.register(completion)
        catchUp()
        run(asking: detent == .dismissed ? PolicyAsker.programmatic : PolicyAsker.nothing) {
            [environment] in
            $0.move(to: detent, animated: animated, request: request, environment: environment)
        }
    }

    /// Answers a pending vetoed dismissal with "keep it".
    public func declineDismissal() {
        if asker.isAsking, asker.defers({ self.declineDismissal() }) { return }
        run(asking: PolicyAsker.nothing) { [environment] in
            $0.declineDismissal(environment: environment)
        }
    }

    /// Refreshes the machine's policy for the reasons `body` can reach, runs `body` on the
    /// machine and performs the effects; then runs the calls the policy made meanwhile.
    private func run(
        asking reasons: DismissPolicy, _ body: (inout DismissMachine) -> [DismissEffect]
    ) {
        machine.policy = asker.policy(asking: reasons, veto: veto, hasPolicy: hasPolicy) { reason in
            if let shouldDismiss, !shouldDismiss(reason) { return false }
            if let delegate { return delegate.dismissController(self, shouldDismissFor: reason) }
            return true
        }
        machine.refreshZoomLanding(from: presenter, viewport: scene.size)
        queue.append(contentsOf: body(&machine))
        perform()
        asker.runDeferredCalls()
    }

    /// Whether the app has a say (a closure or a delegate).
    private var hasPolicy: Bool { shouldDismiss != nil || delegate != nil }

    /// Performs the machine's effects, oldest first; nested calls only add to the queue.
    func perform(_ effects: [DismissEffect] = []) {
        queue.append(contentsOf: effects)
        guard !isPerforming else { return }
        isPerforming = true
        var index = 0
        while index < queue.count {
            let effect = queue[index]
            index += 1
            switch effect {
            case .needsDisplay: needsDisplay = true
            case .notify(let event): hub.notify(event)
            case .complete(let request, let succeeded):
                hub.complete(request, succeeded)
            }
        }
        queue.removeAll(keepingCapacity: true)
        isPerforming = false
    }

    private func renderIfNeeded(force: Bool) throws -> Bool {
        let state = machine.state
        if !force, !needsDisplay, let last = lastRendered, !state.looksDifferent(from: last) {
            return false
        }
        presenter.update(&scene, for: state, direction: configuration.direction)
        try renderer.render(scene, state: state)
        lastRendered = state
        needsDisplay = false
        framesRendered += 1
        return true
    }
}
