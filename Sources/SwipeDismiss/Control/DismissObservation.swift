/// An observer's registration: `cancel()` stops its calls and lets it go.
public final class DismissObservation {
    private var stop: (() -> Void)?

    /// A registration that `stop` ends.
    init(stop: @escaping () -> Void) {
        self.stop = stop
    }

    /// Stops the observer's calls, from the next event on; calling it again does nothing.
    public func cancel() {
        stop?()
        stop = nil
    }
}
