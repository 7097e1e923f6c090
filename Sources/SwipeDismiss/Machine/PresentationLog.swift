/// The presentations' bookkeeping: how many there have been, whether the current one has
/// been reported over, where the content last rested, and the programmatic calls waiting
/// for their outcome.
struct PresentationLog: Sendable {
    /// Counts presentations; 1 for the first.
    var count = 1
    /// Whether the current presentation's end (`didDismiss` or `superseded`) was reported.
    var endReported = false
    /// The detent the content last came to rest at, for `detentChanged`.
    var restedDetent: Detent.ID?
    /// Programmatic calls waiting to be completed.
    var requests = DismissRequests()

    /// The content came to rest at `id`: the event to report when it is another detent than
    /// the last one.
    mutating func rest(at id: Detent.ID) -> DismissEvent? {
        defer { restedDetent = id }
        guard let last = restedDetent, last != id else { return nil }
        return .detentChanged(from: last, to: id)
    }
}
