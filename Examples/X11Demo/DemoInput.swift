import SwipeDismiss

/// Replays a trace, then hands over to live input: events from the window that arrive
/// while the replay runs are dropped, so the two never interleave.
final class ReplayThenLiveInput: InputSource {
    let replay: TraceInputSource
    let live: InputSource
    private var scratch: [InputEvent] = []

    init(replay: TraceInputSource, live: InputSource) {
        self.replay = replay
        self.live = live
        scratch.reserveCapacity(64)
    }

    var isReplaying: Bool { !replay.isExhausted }

    func events(upTo time: Double, into events: inout [InputEvent]) {
        if isReplaying {
            replay.events(upTo: time, into: &events)
            scratch.removeAll(keepingCapacity: true)
            live.events(upTo: time, into: &scratch)  // dropped
            return
        }
        live.events(upTo: time, into: &events)
    }

    var nextEventTime: Double? {
        isReplaying ? replay.nextEventTime : live.nextEventTime
    }
}

/// One `--events` line: `{"t":…,"phase":"dragging","offset":…,"alpha":…}`.
func eventLine(_ state: DismissState) -> String {
    "{\"t\":\(jsonNumber(state.time)),\"phase\":\"\(state.phase.rawValue)\","
        + "\"offset\":\(jsonNumber(state.offset)),\"alpha\":\(jsonNumber(state.alpha))}"
}

/// A finite number rounded to microseconds, as JSON.
func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 1_000_000).rounded() / 1_000_000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return "\(rounded)"
}
