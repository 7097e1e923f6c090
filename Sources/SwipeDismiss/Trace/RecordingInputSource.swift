/// Passes events through from another source and keeps them as a trace.
public final class RecordingInputSource: InputSource {
    public let source: InputSource
    /// Clock time that becomes `t = 0` in the trace.
    public let startTime: Double
    public private(set) var trace: GestureTrace
    private var scratch: [InputEvent] = []

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

    public func events(upTo time: Double, into events: inout [InputEvent]) {
        scratch.removeAll(keepingCapacity: true)
        source.events(upTo: time, into: &scratch)
        for event in scratch {
            events.append(event)
            guard event.time.isFinite, event.location?.isFinite ?? true else { continue }
            // An event stamped before the previous delivery reaches a controller that has
            // already moved on to that time, so it takes effect then; record it there, or a
            // replay would apply it earlier than the live run did (a Space pressed after the
            // dismissal could land before it ended).
            var relative = event
            relative.time = max(
                max(event.time, lastDelivery) - startTime, trace.events.last?.time ?? 0, 0)
            trace.events.append(relative)
        }
        lastDelivery = max(lastDelivery, time)
    }

    public var nextEventTime: Double? { source.nextEventTime }
}
