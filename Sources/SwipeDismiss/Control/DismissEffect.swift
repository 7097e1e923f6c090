/// What a step of the state machine asks its driver to do.
public enum DismissEffect: Hashable, Sendable {
    /// Tell the observers.
    case notify(DismissEvent)
    /// Draw the next frame even if the state looks the same.
    case needsDisplay
    /// The programmatic call numbered `request` (`present`, `dismiss`, `move`) is over:
    /// `succeeded` is false when it was vetoed, superseded or named an unknown detent.
    case complete(request: Int, succeeded: Bool)
}
