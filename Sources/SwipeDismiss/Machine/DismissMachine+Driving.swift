/// The calls a driver makes: each applies at the machine's time and returns the effects it
/// asks for, oldest first (an empty array when nothing is to be done).
extension DismissMachine {
    /// Runs one call: forgets the effects the last call returned, lets `body` change the
    /// machine and returns the effects it gathered, oldest first. The buffer is reused once
    /// the caller has let go of it, so a steady frame allocates nothing to return them.
    mutating func call<Failure: Error>(_ body: (inout DismissMachine) throws(Failure) -> Void)
        throws(Failure) -> [DismissEffect]
    {
        effects.removeAll(keepingCapacity: true)
        try body(&self)
        return effects
    }

    /// Asks the driver to draw the next frame.
    @discardableResult
    package mutating func setNeedsDisplay() -> [DismissEffect] {
        call { $0.effects.append(.needsDisplay) }
    }

    /// Applies one input at its own time (clamped so time never runs backwards).
    ///
    /// A touchpad scroll drags like a pointer (see `DismissMachine+Scroll.swift`); a wheel
    /// never drags the content: it scrolls the list, if any (`DismissMachine+List.swift`).
    @discardableResult
    public mutating func handle(_ event: InputEvent, environment: some DismissEnvironment)
        -> [DismissEffect]
    {
        call { $0.apply(event, environment: environment) }
    }

    /// Carries out what a key asked for (`KeyIntent`, mapped by the driver's `KeyBindings`)
    /// at the machine's time; a key event given to `handle(_:environment:)` only moves time.
    @discardableResult
    package mutating func perform(_ intent: KeyIntent, environment: some DismissEnvironment)
        -> [DismissEffect]
    {
        call { $0.carryOut(intent) }
    }

    /// Answers a pending vetoed dismissal with "keep it": the prompt goes away.
    @discardableResult
    package mutating func declineDismissal(environment: some DismissEnvironment) -> [DismissEffect]
    {
        call { $0.decline() }
    }

    /// Moves the model to `newTime`: first ends at its deadline a touchpad stream that has
    /// gone quiet for 150 ms, then finishes any animation that has come to rest by then, so
    /// the state at a time never depends on how often this runs.
    @discardableResult
    public mutating func advance(to newTime: Double, environment: some DismissEnvironment)
        -> [DismissEffect]
    {
        call { $0.advanceTime(to: newTime, environment: environment) }
    }

    /// Starts a presentation at the presented detent if the content is dismissed (or on its
    /// way out); a dismissal still under way is reported `superseded`.
    ///
    /// Animated, the content springs in (reduced motion: fades in); not animated, it is at
    /// rest at once. Request `request` completes when the content rests or starts to leave
    /// (at once when it is already shown).
    @discardableResult
    public mutating func present(
        animated: Bool = true, request: Int? = nil, environment: some DismissEnvironment
    ) -> [DismissEffect] {
        call { $0.present(at: $0.presentedDetentIndex, animated: animated, request: request) }
    }

    /// Starts a dismissal with no velocity, from wherever the content is, if the policy
    /// allows it (or `force`, which also confirms a pending vetoed dismissal).
    ///
    /// Not animated, the content is gone at once. Request `request` completes with true
    /// once the content has left, false when vetoed or cut short by a new presentation.
    @discardableResult
    public mutating func dismiss(
        animated: Bool = true, force: Bool = false, request: Int? = nil,
        environment: some DismissEnvironment
    ) -> [DismissEffect] {
        call { $0.requestDismissal(animated: animated, force: force, request: request) }
    }

    /// Sends the content to detent `id`: springs it there (phase `.settling`) or, not
    /// animated, puts it there at once; from dismissed, presents it there; `.dismissed`
    /// dismisses, through the policy.
    ///
    /// Request `request` completes with true once the content rests at `id`, false when
    /// the layout has no such detent (nothing changes) or something else took over (a
    /// drag, another move, a dismissal).
    @discardableResult
    public mutating func move(
        to id: Detent.ID, animated: Bool = true, request: Int? = nil,
        environment: some DismissEnvironment
    ) -> [DismissEffect] {
        call { $0.requestMove(to: id, animated: animated, request: request) }
    }
}
