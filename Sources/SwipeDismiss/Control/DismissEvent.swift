/// Something the controller tells its observers.
///
/// Every presentation ends with exactly one `didDismiss`. A presentation cut short by
/// `present()` during its dismissal ends there: it gets its `didDismiss` (carrying the state
/// where the content was, phase `.dismissing`) before the new presentation's
/// `phaseChanged(from: .dismissing, to: .presenting)`.
public enum DismissEvent: Hashable, Sendable {
    /// The phase changed; `state` is the state at the change.
    case phaseChanged(from: DismissPhase, to: DismissPhase, state: DismissState)
    /// The presentation is over: the content left, or a new presentation took over its
    /// dismissal. Sent exactly once per presentation.
    case didDismiss(DismissState)
    /// The content came to rest after (re)presentation.
    case didPresent(DismissState)
}
