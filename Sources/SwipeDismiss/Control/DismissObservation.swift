/// An observer's registration: `cancel()` stops its calls and lets it go.
public final class DismissObservation {
    private weak var controller: DismissController?
    private let id: Int

    init(controller: DismissController, id: Int) {
        self.controller = controller
        self.id = id
    }

    /// Stops the observer's calls, from the next event on; calling it again does nothing.
    public func cancel() {
        controller?.removeObserver(id)
        controller = nil
    }
}
