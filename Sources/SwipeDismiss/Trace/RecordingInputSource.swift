/// Passes events through from another source and keeps them as a trace.
///
/// Every event reaches the controller, but only events that pass `GestureTrace.validate()`
/// are kept (finite, within `GestureTrace.Limits`), and at most `maximumEventCount` of them:
/// a recording can always be written and read back, and never holds a number JSON cannot
/// spell. What was left out is counted, with the first reason.
public final class RecordingInputSource: InputSource {
    /// The most events a recording keeps: as many as surely fit `GestureTrace.Limits.fileSize`
    /// at 160 bytes each (a pointer event takes at most about 90, a scroll at most 130).
    public static let maximumEventCount = GestureTrace.Limits.fileSize / 160

    /// The source whose events are passed through and recorded.
    public let source: InputSource
    /// Clock time that becomes `t = 0` in the trace.
    public let startTime: Double
    /// The events kept so far, in a trace of the current viewport.
    public private(set) var trace: GestureTrace
    /// How many events were passed through but left out of the trace.
    public private(set) var droppedEventCount = 0
    /// Why the first left-out event was refused (its index is where it would have gone).
    public private(set) var firstDropReason: GestureTraceError?
    private var scratch: [InputEvent] = []

    /// Records what `source` delivers; clock time `startTime` becomes `t = 0`.
    public init(recording source: InputSource, viewport: Size, startTime: Double) {
        self.source = source
        self.startTime = startTime
        trace = GestureTrace(viewport: viewport, events: [])
        scratch.reserveCapacity(64)
    }

    /// Sets the viewport written into the trace (after a resize, say).
    public func setViewport(_ viewport: Size) {
        trace.viewport = viewport
    }

    /// The `time` of the previous delivery: the controller had already reached it.
    private var lastDelivery = -Double.infinity

    /// Passes on the wrapped source's events up to `time`, recording those that are valid.
    public func events(upTo time: Double, into events: inout [InputEvent]) {
        scratch.removeAll(keepingCapacity: true)
        source.events(upTo: time, into: &scratch)
        for event in scratch {
            events.append(event)
            // An event stamped before the previous delivery reaches a controller that has
            // already moved on to that time, so it takes effect then; record it there, or a
            // replay would apply it earlier than the live run did (a Space pressed after the
            // dismissal could land before it ended).
            let previous = trace.events.last?.time ?? 0
            var relative = event
            relative.time = max(max(event.time, lastDelivery) - startTime, previous, 0)
            do throws(GestureTraceError) {
                let index = trace.events.count
                guard index < Self.maximumEventCount else {
                    throw GestureTraceError(
                        eventIndex: index,
                        reason: "the recording is full (\(Self.maximumEventCount) events)")
                }
                try GestureTrace.check(relative, index: index, notBefore: previous)
                trace.events.append(relative)
            } catch {
                droppedEventCount += 1
                if firstDropReason == nil { firstDropReason = error }
            }
        }
        if time.isFinite { lastDelivery = max(lastDelivery, time) }
    }

    /// The wrapped source's next event time.
    public var nextEventTime: Double? { source.nextEventTime }
}
