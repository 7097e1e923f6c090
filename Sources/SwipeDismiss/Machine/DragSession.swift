/// The drag in progress as the machine decides it: where it started and what the policy
/// said about it.
struct DragSession: Sendable {
    /// The resting detent the drag started from.
    var startDetent = 0
    /// The policy's answer for the drag, asked once it passes the lowest detent; nil until
    /// then.
    var verdict: Bool?

    /// A drag from detent `index`, not yet asked about.
    mutating func start(at index: Int) {
        startDetent = index
        verdict = nil
    }
}
