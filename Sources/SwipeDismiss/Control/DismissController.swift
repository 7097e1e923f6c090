/// Drives one modal: reads input, runs the gesture and the springs, and renders frames.
///
/// It is built with its collaborators and names no plugin. Each `step()` reads the clock,
/// applies every input event at its own timestamp, and renders only if the picture changed.
/// The state at a given time depends only on the events, never on how often `step()` ran.
/// The decisions live in a `DismissMachine` value; this class owns the plugins, feeds the
/// machine, tells the observers what it reports and renders.
public final class DismissController {
    public let configuration: DismissConfiguration
    public let input: InputSource
    public let presenter: Presenter
    public let renderer: Renderer
    public let clock: Clock

    /// The state as of the last `step()` (or phase change).
    public private(set) var state: DismissState
    /// How many frames this controller has rendered.
    public private(set) var framesRendered = 0

    private var machine: DismissMachine
    private var scene: Scene
    private var viewport: Size
    private var needsDisplay = true
    private var lastRendered: DismissState?
    private var pending: [InputEvent] = []
    private var observers: [(DismissEvent) -> Void] = []
    /// Set while observers are being told, so that a call they make queues its events
    /// behind the ones being told instead of telling them out of order.
    private var isEmitting = false

    /// A controller showing the modal presented and at rest (or dismissed, if `presented` is false).
    public init(
        input: InputSource, presenter: Presenter, renderer: Renderer, clock: Clock,
        configuration: DismissConfiguration = .fluid, presented: Bool = true
    ) {
        self.input = input
        self.presenter = presenter
        self.renderer = renderer
        self.clock = clock
        self.configuration = configuration
        viewport = renderer.viewport
        scene = presenter.makeScene(viewport: viewport)
        machine = DismissMachine(
            configuration: configuration,
            dismissDistance: presenter.dismissDistance(
                direction: configuration.direction, viewport: viewport),
            time: clock.now, presented: presented)
        state = machine.state
        pending.reserveCapacity(64)
    }

    /// Counts presentations; 1 for the first.
    public var presentationCount: Int { machine.presentationCount }

    // MARK: Observing

    /// Calls `observer` for every phase change, dismissal and presentation.
    public func addObserver(_ observer: @escaping (DismissEvent) -> Void) {
        observers.append(observer)
    }

    // MARK: Driving

    /// Whether something is moving, so the owner should keep calling `step()` every frame.
    public var isAnimating: Bool { machine.isAnimating }

    /// When the owner should call `step()` next: now if animating, else the input's next
    /// known event (a replay), else nil (wait for input).
    public var nextWakeTime: Double? {
        if isAnimating || needsDisplay { return machine.time }
        return input.nextEventTime
    }

    /// Asks for the next `step()` to render even if nothing moved (after an expose, say).
    public func setNeedsDisplay() {
        needsDisplay = true
    }

    /// Re-reads the renderer's viewport and lays the scene out again.
    public func viewportDidChange() {
        let size = renderer.viewport
        guard size != viewport else { return }
        viewport = size
        scene = presenter.makeScene(viewport: size)
        machine.setDismissDistance(
            presenter.dismissDistance(direction: configuration.direction, viewport: size))
        needsDisplay = true
    }

    /// Advances to the clock's time: applies pending input, animates, and renders if the
    /// picture changed (or `forceRender`). Returns whether a frame was rendered.
    @discardableResult
    public func step(forceRender: Bool = false) throws -> Bool {
        let now = max(clock.now, machine.time)
        pending.removeAll(keepingCapacity: true)
        input.events(upTo: now, into: &pending)
        for event in pending {
            handle(event)
        }
        machine.advance(to: now)
        tellObservers()
        return try renderIfNeeded(force: forceRender)
    }

    /// Applies one event at its own time (clamped so time never runs backwards).
    public func handle(_ event: InputEvent) {
        machine.handle(event) { point, offset in
            presenter.hitTest(
                point, offset: offset, direction: configuration.direction, viewport: viewport)
        }
        tellObservers()
    }

    /// Starts an animated presentation if the modal is dismissed (or on its way out).
    ///
    /// Called during a dismissal, it first ends that presentation: its observers get its one
    /// `didDismiss` (phase `.dismissing`, where the content was), then the new presentation
    /// starts from there.
    public func present() {
        machine.present()
        tellObservers()
    }

    /// Starts an animated dismissal with no velocity, from wherever the content is.
    public func dismiss() {
        machine.dismiss()
        tellObservers()
    }

    // MARK: Effects

    /// Passes the machine's events to the observers, in order, each exactly once.
    private func tellObservers() {
        guard !isEmitting, !machine.effects.isEmpty else { return }
        isEmitting = true
        defer { isEmitting = false }
        var index = 0
        // An observer may call back in (present again on `didDismiss`, say): its events join
        // the end of the same buffer and are told in turn.
        while index < machine.effects.count {
            let event = machine.effects[index]
            index += 1
            if case .phaseChanged(_, _, let changed) = event { state = changed }
            for observer in observers { observer(event) }
        }
        machine.clearEffects()
    }

    private func renderIfNeeded(force: Bool) throws -> Bool {
        state = machine.state
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
