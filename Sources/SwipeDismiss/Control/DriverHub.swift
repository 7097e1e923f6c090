/// What both controllers own around their model, written once: the observers, the numbered
/// completions of the app's calls, and the input read up to the clock.
final class DriverHub<Event> {
    private var observers: [(id: Int, call: (Event) -> Void)] = []
    private var nextObserverID = 0
    /// The completions of calls still under way, by request number.
    private var completions: [Int: (Bool) -> Void] = [:]
    private var nextRequest = 0
    private var pending: [InputEvent] = []

    init() {
        pending.reserveCapacity(64)
    }

    /// Keeps `observer` until the returned observation's `cancel()`.
    func addObserver(_ observer: @escaping (Event) -> Void) -> DismissObservation {
        nextObserverID += 1
        let id = nextObserverID
        observers.append((id, observer))
        return DismissObservation { [weak self] in self?.observers.removeAll { $0.id == id } }
    }

    /// Calls every observer still registered, in the order they were added (one cancelled
    /// by an earlier one in the same event is not called).
    func notify(_ event: Event) {
        let current = observers
        for observer in current where observers.contains(where: { $0.id == observer.id }) {
            observer.call(event)
        }
    }

    /// Numbers `completion` so that the model's `.complete` effect finds it.
    func register(_ completion: ((Bool) -> Void)?) -> Int? {
        guard let completion else { return nil }
        nextRequest += 1
        completions[nextRequest] = completion
        return nextRequest
    }

    /// Calls the completion of request `request` once.
    func complete(_ request: Int, _ succeeded: Bool) {
        completions.removeValue(forKey: request)?(succeeded)
    }

    /// Reads `input` up to `time` and gives each event to `handle`, in order. By index over
    /// a copy: a call from an observer may catch up again (and empty the buffer); a for-in
    /// would allocate an iterator in unoptimised builds.
    func readInput(_ input: InputSource, upTo time: Double, _ handle: (InputEvent) -> Void) {
        pending.removeAll(keepingCapacity: true)
        input.events(upTo: time, into: &pending)
        let batch = pending
        var index = 0
        while index < batch.count {
            handle(batch[index])
            index += 1
        }
    }
}
