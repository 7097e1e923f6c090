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

/// A number as JSON, rounded to microseconds. JSON has no infinity or NaN, so a
/// non-finite value prints as `null` (never `inf`); numbers too large to round that finely
/// print in full, in exponent form where Swift uses it (`1e+19`, which is valid JSON).
func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    // Past 1e9, scaling by 1e6 could overflow to infinity, and microseconds are noise.
    guard abs(value) < 1e9 else { return "\(value)" }
    let rounded = (value * 1_000_000).rounded() / 1_000_000
    if rounded == rounded.rounded() { return String(Int64(rounded)) }  // |rounded| < 1e9
    return "\(rounded)"
}

/// The window size (pixels) for a replayed trace's `viewport`, or nil when a side is not
/// within 64...32767 (as `--size` requires); checked, never a trapping conversion.
func windowSize(fitting viewport: Size) -> (width: Int, height: Int)? {
    let sides = 64...32767  // what `DemoOptions.parseSize` accepts for --size
    guard let width = Int(exactly: viewport.width.rounded()),
        let height = Int(exactly: viewport.height.rounded()),
        sides.contains(width), sides.contains(height)
    else { return nil }
    return (width, height)
}
