/// The programmatic calls waiting for their outcome, each to be completed exactly once.
///
/// The machine tells it where the content went (`phaseChanged`) and collects what it says
/// is over: a presentation is over once the content rests or starts to leave; a dismissal
/// once the content has left (or a new presentation cut it short); a move once the content
/// rests at its detent (or anything else took over).
struct DismissRequests: Sendable {
    enum Kind: Sendable, Equatable {
        case present
        case dismiss
        /// A move to the detent at this index.
        case move(Int)
    }

    private var waiting: [(id: Int, kind: Kind)] = []

    /// Whether nothing waits.
    var isEmpty: Bool { waiting.isEmpty }

    /// Waits for `kind`'s outcome under `id`.
    mutating func add(_ id: Int, _ kind: Kind) {
        waiting.append((id, kind))
    }

    /// Settles what a change to `phase` decides, with `target` the detent the content rests
    /// at or heads to: the requests that are over, each with whether it succeeded.
    mutating func phaseChanged(to phase: DismissPhase, target: Int) -> [DismissEffect] {
        finish { Self.outcome(of: $0, phase: phase, target: target) }
    }

    /// Finishes every waiting move as superseded (a new move or a present takes over).
    mutating func supersedeMoves() -> [DismissEffect] {
        finish { kind in
            if case .move = kind { return false }
            return nil
        }
    }

    /// Removes the requests `outcome` has an answer for, as completion effects.
    private mutating func finish(_ outcome: (Kind) -> Bool?) -> [DismissEffect] {
        guard !waiting.isEmpty else { return [] }
        var finished: [DismissEffect] = []
        waiting.removeAll { request in
            guard let succeeded = outcome(request.kind) else { return false }
            finished.append(.complete(request: request.id, succeeded: succeeded))
            return true
        }
        return finished
    }

    /// nil while `kind` still waits in `phase`.
    private static func outcome(of kind: Kind, phase: DismissPhase, target: Int) -> Bool? {
        switch kind {
        case .present:
            switch phase {
            case .presented, .dismissing, .dismissed: return true
            case .presenting, .dragging, .settling: return nil
            }
        case .dismiss:
            // A dismissal waits only while the content leaves; any other phase after it means
            // a new presentation cut it short, animated (`presenting`) or not (`presented`).
            switch phase {
            case .dismissed: return true
            case .dismissing: return nil
            case .presenting, .presented, .dragging, .settling: return false
            }
        case .move(let index):
            switch phase {
            case .presented: return target == index
            case .settling, .presenting: return target == index ? nil : false
            case .dragging, .dismissing, .dismissed: return false
            }
        }
    }
}
