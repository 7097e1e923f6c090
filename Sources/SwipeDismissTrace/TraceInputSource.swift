import SwipeDismiss

/// Replays a trace: event times are shifted by `startTime` onto the controller's clock.
public final class TraceInputSource: InputSource {
    /// The trace being replayed.
    public let trace: GestureTrace
    /// Clock time that `t = 0` in the trace maps to.
    public let startTime: Double
    private var next = 0

    /// Replays `trace` with its `t = 0` at clock time `startTime`.
    public init(trace: GestureTrace, startTime: Double = 0) {
        self.trace = trace
        self.startTime = startTime
    }

    /// Whether every event has been handed out.
    public var isExhausted: Bool { next >= trace.events.count }

    /// Hands out the trace's events up to `time`, shifted onto the clock.
    public func events(upTo time: Double, into events: inout [InputEvent]) {
        while next < trace.events.count, trace.events[next].time + startTime <= time {
            var event = trace.events[next]
            event.time += startTime
            events.append(event)
            next += 1
        }
    }

    /// The clock time of the next event not yet handed out.
    public var nextEventTime: Double? {
        next < trace.events.count ? trace.events[next].time + startTime : nil
    }
}
