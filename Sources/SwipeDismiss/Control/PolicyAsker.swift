/// How a driver turns the app's `shouldDismiss` into the data a machine reads
/// (`DismissPolicy`): before each call it asks the policy for the reasons that call can
/// reach, and a call the policy makes back into the driver waits until the call being
/// decided is done, then runs with every dismissal declined, so a policy never recurses.
final class PolicyAsker {
    /// No reason: a call that cannot dismiss.
    static let nothing = DismissPolicy.deny
    /// `dismiss()` without `force`, or a move to `.dismissed`.
    static let programmatic = DismissPolicy(allowing: [.programmatic])
    /// Escape.
    static let escape = DismissPolicy(allowing: [.escape])
    /// A pointer move or a touchpad delta: a drag passing the lowest detent.
    static let dragging = DismissPolicy(allowing: [.drag])
    /// A release: a drag, a flick or a backdrop tap.
    static let releasing = DismissPolicy(allowing: [.drag, .flick, .tap])
    /// A touchpad stream that ends: a drag or a flick.
    static let touchpadEnd = DismissPolicy(allowing: [.drag, .flick])
    /// Every reason, in a fixed order (not `allCases`, which is made anew at each read).
    private static let reasons: [DismissReason] = [.drag, .flick, .tap, .escape, .programmatic]

    /// Whether the app's policy is being asked right now.
    private(set) var isAsking = false
    /// Whether the calls the policy made are running: they decline every dismissal.
    private var isDeclining = false
    /// Whether the policy called back into the driver while it was asked.
    private var wasInterrupted = false
    /// The calls the policy made, waiting for the call being decided.
    private var deferred: [() -> Void] = []

    /// The reasons applying `event` can reach (and, on the way, a touchpad stream that
    /// ends at its deadline before the event's time).
    func reasons(for event: InputEvent, _ machine: DismissMachine) -> DismissPolicy {
        var reasons: DismissPolicy
        switch event.kind {
        case .move: reasons = Self.dragging
        case .up: reasons = Self.releasing
        case .scroll(_, _, .touchpad), .scrollStop: reasons = Self.touchpadEnd
        case .key, .down, .cancel, .scroll, .viewport: reasons = Self.nothing
        }
        if machine.scrollDeadline != nil {
            reasons.set(.drag, allowed: true)
            reasons.set(.flick, allowed: true)
        }
        return reasons
    }

    /// The reasons moving `machine` to `time` can reach: a touchpad stream going quiet.
    func reasons(advancingTo time: Double, _ machine: DismissMachine) -> DismissPolicy {
        guard let deadline = machine.scrollDeadline, deadline <= time else { return Self.nothing }
        return Self.touchpadEnd
    }

    /// The policy for a call that can reach `reasons`: each asked of `allows` (when the app
    /// `hasPolicy`), the others allowed; everything declined for a call the policy made.
    func policy(
        asking reasons: DismissPolicy, veto: DismissPolicy.Veto, hasPolicy: Bool,
        _ allows: (DismissReason) -> Bool
    ) -> DismissPolicy {
        var policy = isDeclining ? DismissPolicy.deny : .allow
        policy.veto = veto
        guard hasPolicy, !isDeclining, !isAsking else { return policy }
        for reason in Self.reasons where reasons.allows(reason) {
            isAsking = true
            wasInterrupted = false
            let allowed = allows(reason)
            isAsking = false
            policy.set(reason, allowed: allowed && !wasInterrupted)
        }
        return policy
    }

    /// Keeps `call` for later if it comes from inside the policy (and returns true): it runs
    /// once the call being decided is done. Callers test `isAsking` first, so that the closure
    /// (an allocation) is made only when it is kept: input arrives every frame.
    func defers(_ call: @escaping () -> Void) -> Bool {
        guard isAsking else { return false }
        wasInterrupted = true
        deferred.append(call)
        return true
    }

    /// Runs the calls the policy made, oldest first, each declining every dismissal.
    func runDeferredCalls() {
        guard !isDeclining, !deferred.isEmpty else { return }
        isDeclining = true
        while !deferred.isEmpty {
            deferred.removeFirst()()
        }
        isDeclining = false
    }
}
