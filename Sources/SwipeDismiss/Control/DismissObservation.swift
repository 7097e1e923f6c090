/// An observer's registration: `cancel()` stops its calls and lets it go.
public final class DismissObservation {
    private var stop: (() -> Void)?

    init(controller: DismissController, id: Int) {
        stop = { [weak controller] in controller?.removeObserver(id) }
    }

    /// A registration that `stop` ends (a sheet stack's observers).
    init(stop: @escaping () -> Void) {
        self.stop = stop
    }

    /// Stops the observer's calls, from the next event on; calling it again does nothing.
    public func cancel() {
        stop?()
        stop = nil
    }
}
