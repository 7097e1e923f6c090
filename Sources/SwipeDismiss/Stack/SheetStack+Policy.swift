/// What a stack waits on: the question of one level's machine, or its own question before
/// it dismisses a level (asked first, so a veto leaves the levels above it in place).
enum StackQuestion: Sendable {
    /// The machine at this level stopped on a question.
    case level(Int)
    /// `dismiss(level:)` waits for the level's policy.
    case dismissal(level: Int, animated: Bool, request: Int?)
}

/// What a stack call stopped by a question still has to do after the answer.
enum StackRemainder: Sendable {
    /// Move the levels from `next` down to the root to `time`.
    case advance(to: Double, next: Int)
    /// Give the input to the level that takes it.
    case event(InputEvent)
}

/// The levels' policies: a question from a level stops the stack's call too, and the answer
/// finishes both.
extension SheetStack {
    /// The level and the reason the stack waits on an answer for (`decide(_:environment:)`);
    /// nil when it waits on none.
    public var pendingDecision: (level: Int, reason: DismissReason)? {
        switch question {
        case .level(let level): levels[level].pendingDecision.map { (level, $0) }
        case .dismissal(let level, _, _): (level, .programmatic)
        case nil: nil
        }
    }

    /// Answers the question the stack waits on and finishes the call it stopped. Without a
    /// question it does nothing.
    public mutating func decide(_ allowed: Bool, environment: some StackEnvironment) {
        settle(allowed: allowed, environment: environment)
    }

    /// Settles a question still open as declined: the caller took over instead of answering.
    mutating func settleQuestion(environment: some StackEnvironment) {
        settle(allowed: false, environment: environment)
    }

    private mutating func settle(allowed: Bool, environment: some StackEnvironment) {
        guard let open = question else { return }
        question = nil
        switch open {
        case .level(let level):
            collect(
                level,
                levels[level].decide(allowed, environment: environment.environment(forLevel: level))
            )
            // Asked again: the level's machine keeps its own remainders, the stack its own.
            if question != nil { return }
            levelMayHaveStartedLeaving(level, environment: environment)
        case .dismissal(let level, let animated, let request):
            if allowed {
                dismissAllowed(
                    level: level, animated: animated, request: request, environment: environment)
            } else {
                collect(level, levels[level].refuseDismissal(request: request))
            }
        }
        while question == nil, !remainders.isEmpty {
            let remainder = remainders.removeFirst()
            let older = remainders.count
            switch remainder {
            case .advance(let time, let next):
                advanceLevels(to: time, from: next, environment: environment)
            case .event(let event):
                route(event, environment: environment)
            }
            // Stopped again: what this part still has to do comes before the older parts.
            if question != nil { remainders.moveToFront(from: older) }
        }
    }
}
