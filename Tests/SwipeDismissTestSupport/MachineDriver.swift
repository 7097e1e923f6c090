import SwipeDismiss

/// A `DismissMachine` driven as `DismissController` drives it, with no controller, renderer
/// or scene: input up to a time is applied at its own times, then the machine advances to
/// that time. What the effects announce is kept in `events` and `completions`.
package final class MachineDriver {
    /// The machine, as of the last call.
    package private(set) var machine: DismissMachine
    /// The presenter's geometry the machine consults.
    package private(set) var environment: SheetGeometry
    /// Where `step(to:)` reads the input.
    package let input: InputSource
    /// Every event the effects announced, oldest first.
    package private(set) var events: [DismissEvent] = []
    /// Every completion the effects reported, oldest first.
    package private(set) var completions: [(request: Int, succeeded: Bool)] = []
    /// Called with each event the effects announce, as it is kept (a controller's observer).
    package var onEvent: ((DismissEvent) -> Void)?
    /// The app's dismissal policy, as a controller's `shouldDismiss`: asked for every
    /// reason before each machine call, its answers the machine's `policy`; nil allows.
    package var shouldDismiss: ((DismissReason) -> Bool)?
    /// What keys do, as a controller's `keyBindings`: the tools' (Space and Enter present)
    /// unless set, since the drivers here replay traces as the tools do.
    package var keyBindings = KeyBindings.tools
    private var pending: [InputEvent] = []

    /// A machine at `time` for `presenter` in `viewport` (the list, if the presenter has
    /// one, as the controller sets it), fed from `input`.
    package init(
        presenter: Presenter, configuration: DismissConfiguration,
        viewport: Size = Size(width: 390, height: 844), input: InputSource = QueuedInputSource(),
        time: Double = 0, presented: Bool = true
    ) {
        environment = SheetGeometry(
            presenter: presenter, direction: configuration.direction, viewport: viewport)
        self.input = input
        machine = environment.machine(
            configuration: configuration, time: time, presented: presented)
    }

    /// The machine's state.
    package var state: DismissState { machine.state }

    /// Applies the input that arrived up to `time`, each event at its own time, then
    /// advances to `time` (or the machine's time, if later): what `DismissController.step()`
    /// does with the clock reading `time`.
    package func step(to time: Double) {
        let now = max(time, machine.time)
        pending.removeAll(keepingCapacity: true)
        input.events(upTo: now, into: &pending)
        for event in pending { handle(event) }
        refreshPolicy()
        keep(machine.advance(to: now, environment: environment))
    }

    /// Applies one event at its own time.
    package func handle(_ event: InputEvent) {
        refreshPolicy()
        if case .key(let key) = event.kind, event.time.isFinite {
            // As the controller: time first, then what the key is bound to.
            keep(machine.advance(to: max(event.time, machine.time), environment: environment))
            guard let intent = keyBindings.intent(for: key, on: machine) else { return }
            return keep(machine.perform(intent, environment: environment))
        }
        keep(machine.handle(event, environment: environment))
    }

    /// `present(animated:request:)` after catching up to `time`, as the controller's call.
    package func present(at time: Double, animated: Bool = true, request: Int? = nil) {
        step(to: time)
        refreshPolicy()
        keep(machine.present(animated: animated, request: request, environment: environment))
    }

    /// `dismiss(animated:force:request:)` after catching up to `time`.
    package func dismiss(
        at time: Double, animated: Bool = true, force: Bool = false, request: Int? = nil
    ) {
        step(to: time)
        refreshPolicy()
        keep(
            machine.dismiss(
                animated: animated, force: force, request: request, environment: environment))
    }

    /// `move(to:animated:request:)` after catching up to `time`.
    package func move(
        to detent: Detent.ID, at time: Double, animated: Bool = true, request: Int? = nil
    ) {
        step(to: time)
        refreshPolicy()
        keep(
            machine.move(to: detent, animated: animated, request: request, environment: environment)
        )
    }

    /// `declineDismissal()`: answers a pending vetoed dismissal with "keep it".
    package func declineDismissal() {
        keep(machine.declineDismissal(environment: environment))
    }

    /// Takes a new viewport as `DismissController.viewportDidChange()` does: the layout and
    /// the list's lengths for `size` (nothing when the size is the same).
    package func resize(to size: Size) {
        guard size != environment.viewport else { return }
        environment.viewport = size
        keep(environment.relayout(&machine))
    }

    /// The state at every frame of a `fps` clock from `start` while it reads `end` or
    /// earlier, each after `step(to:)` that frame's time (exactly `FixedStepClock`'s times).
    package func sampleFrames(fps: Double, start: Double = 0, through end: Double)
        -> [DismissState]
    {
        let clock = FixedStepClock(start: start, framesPerSecond: fps)
        var states: [DismissState] = []
        while clock.now <= end {
            step(to: clock.now)
            states.append(machine.state)
            clock.tick()
        }
        return states
    }

    /// The machine's policy from `shouldDismiss`, as a controller refreshes it.
    private func refreshPolicy() {
        guard let shouldDismiss else {
            machine.policy = .allow
            return
        }
        machine.policy = DismissPolicy(allowing: DismissReason.allCases.filter(shouldDismiss))
    }

    private func keep(_ effects: [DismissEffect]) {
        for effect in effects {
            switch effect {
            case .notify(let event):
                events.append(event)
                onEvent?(event)
            case .complete(let request, let succeeded): completions.append((request, succeeded))
            case .needsDisplay: break
            }
        }
    }
}
