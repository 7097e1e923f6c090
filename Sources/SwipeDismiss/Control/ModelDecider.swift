/// The pure value a `DrivenModel`'s calls go to, with the environment they ask: one sheet's
/// `DismissMachine` with its `SheetGeometry`, or the `SheetStack` with every level's.
protocol ModelDecider {
    /// What the calls ask of the world (hit tests, regions, items).
    associatedtype Environment
    /// What a call returns for the driver to perform.
    associatedtype Effect

    /// Moves to `newTime`.
    mutating func advance(to newTime: Double, environment: Environment) -> [Effect]
    /// Applies one input event.
    mutating func handle(_ event: InputEvent, environment: Environment) -> [Effect]
    /// Carries out a key's intent.
    mutating func perform(_ intent: KeyIntent, environment: Environment) -> [Effect]
}

extension DismissMachine: ModelDecider {
    typealias Environment = SheetGeometry
    typealias Effect = DismissEffect
}

extension SheetStack: ModelDecider {
    typealias Environment = StackGeometries
    typealias Effect = StackEffect
}

/// A model whose time, input and key calls all go to one decider: the calls are written once
/// here, for a single sheet and a stack alike.
protocol DecidingModel: DrivenModel where Effect == Decider.Effect {
    /// The value the calls go to.
    associatedtype Decider: ModelDecider

    /// Runs `body` on the decider in place, with the environment its calls ask.
    mutating func withDecider<Result>(_ body: (inout Decider, Decider.Environment) -> Result)
        -> Result
}

extension DecidingModel {
    mutating func advance(to time: Double) -> [Effect] {
        withDecider { $0.advance(to: time, environment: $1) }
    }

    mutating func handle(_ event: InputEvent) -> [Effect] {
        withDecider { $0.handle(event, environment: $1) }
    }

    mutating func perform(_ intent: KeyIntent) -> [Effect] {
        withDecider { $0.perform(intent, environment: $1) }
    }
}
