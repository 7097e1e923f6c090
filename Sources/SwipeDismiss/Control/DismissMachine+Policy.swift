/// The app's say over a dismissal, without calling the app: the policy is data
/// (`DismissPolicy`), and under `.ask` the machine stops where it needs the answer and
/// finishes the call when its driver gives it.
///
/// A question is asked where a dismissal would start: a drag passing the lowest detent (its
/// answer is the drag's verdict, asked once), a release headed off screen that no verdict
/// covers, Escape, a backdrop tap and `dismiss()` without `force`. The call that asks
/// returns `.decide(reason)` as its last effect and does nothing more; the machine's time
/// stays where the question arose. `decide(_:)` carries out the answer and then the rest of
/// the stopped call, in order: the gesture's end, the touchpad's later gestures, the clock's
/// move, the input the machine was catching up to. Any other call first settles an open
/// question as declined: whoever calls instead of answering has taken over.
extension DismissMachine {
    /// Answers the question the machine waits on (`pendingDecision`) and finishes the call
    /// it stopped; the effects of both, oldest first. Without a question it does nothing.
    ///
    /// The rest of the call may stop on a new question: the effects then end with another
    /// `.decide(_:)`.
    @discardableResult
    public mutating func decide(_ allowed: Bool, environment: some DismissEnvironment)
        -> [DismissEffect]
    {
        effects.removeAll(keepingCapacity: true)
        settle(allowed: allowed, environment: environment)
        return effects
    }

    /// Whether the call in progress stopped on a question.
    var isWaiting: Bool { gate.isWaiting }

    /// Settles `reason` with the policy's standing answer, or stops on it until `decide(_:)`.
    mutating func ask(_ reason: DismissReason, then decision: DismissalGate.Decision) {
        guard let answer = gate.standingAnswer else {
            gate.wait(for: reason, decision)
            return effects.append(.decide(reason))
        }
        carry(decision, for: reason, allowed: answer)
    }

    /// Does `remainder` now, or after the answer if the call has stopped on a question.
    mutating func then(
        _ remainder: DismissalGate.Remainder, environment: some DismissEnvironment
    ) {
        if isWaiting { return gate.remember(remainder) }
        finish(remainder, environment: environment)
    }

    /// Carries out the answer to the open question, then what the stopped call still had to
    /// do, until it is done or stops again.
    mutating func settle(allowed: Bool, environment: some DismissEnvironment) {
        guard let question = gate.takeQuestion() else { return }
        carry(question.decision, for: question.reason, allowed: allowed)
        while !isWaiting, let remainder = gate.takeRemainder() {
            let older = gate.remainders.count
            finish(remainder, environment: environment)
            // Stopped again: what this part still has to do comes before the older parts.
            if isWaiting { gate.putFirst(from: older) }
        }
    }

    /// What the answer to a question for `reason` decides.
    private mutating func carry(
        _ decision: DismissalGate.Decision, for reason: DismissReason, allowed: Bool
    ) {
        switch decision {
        case .follow(let translation, let along, let began):
            // The drag's verdict: its "no" turns the way out into a band; reported at release.
            drag.verdict = allowed
            follow(translation, along: along, began: began)
        case .release(let velocity):
            finishRelease(velocity: velocity, reason: reason, allowed: allowed)
        case .leave:
            guard allowed else { return reportVeto(reason) }
            forgetGestures()
            startDismissal(velocity: .zero)
        case .dismiss(let animated, let request):
            guard allowed else {
                reportVeto(reason)
                return complete(request, false)
            }
            dismissFromCode(animated: animated, request: request)
        }
    }

    /// One part of a stopped call.
    private mutating func finish(
        _ remainder: DismissalGate.Remainder, environment: some DismissEnvironment
    ) {
        switch remainder {
        case .endListGesture(let fingerVelocity): endListGesture(fingerVelocity: fingerVelocity)
        case .finishHandOff(let velocity):
            finishHandOff(velocity: velocity, environment: environment)
        case .endTouchpadPan: input.isTouchpadPan = false
        case .touchpadGestures(let index):
            applyTouchpadGestures(from: index, environment: environment)
        case .clock(let newTime): moveClock(to: newTime)
        case .event(let event): applyAtTime(event, environment: environment)
        }
    }

    /// A dismissal from code its driver refused without asking the machine (a stack asks
    /// before ending the levels above): reported as the machine reports a veto.
    mutating func refuseDismissal(request: Int?) -> [DismissEffect] {
        startCall()
        reportVeto(.programmatic)
        complete(request, false)
        return effects
    }

    /// A vetoed attempt: reported, with a confirmation left pending.
    mutating func reportVeto(_ reason: DismissReason) {
        isDismissAttemptPending = true
        effects.append(.notify(.dismissAttempted(reason)))
        effects.append(.needsDisplay)
    }
}
