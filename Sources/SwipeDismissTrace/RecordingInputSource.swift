import SwipeDismiss

/// Passes events through from another source and keeps them as a trace.
///
/// Every event reaches the controller, but only events that pass `GestureTrace.validate()`
/// are kept (finite, within `GestureTrace.Limits`), and only as many as surely fit
/// `GestureTrace.Limits.fileSize` once written: a recording can always be written and read
/// back, and never holds a number JSON cannot spell.
///
/// A recording that fills up stops loudly and keeps the gesture whole: once what it holds
/// passes `byteBudget` less `closingReserve`, it calls `onFull`, keeps only the events of the
/// gesture in progress (a press until its release or cancel, a scroll stream until its stop
/// or its 150 ms timeout), and records nothing after that gesture ends. Should the gesture
/// outlast the reserve too, its further motion is dropped but its last
/// ``heldMotionCount`` motion events and its release are still kept: the release velocity
/// is fitted over the last 100 ms of at most 20 samples, so the replay releases with the
/// same velocity at the same place and ends the way the live run did. What was left out
/// is counted, with the first reason.
public final class RecordingInputSource: InputSource {
    /// The most bytes of events a recording keeps: the file size limit less 4 KiB for the
    /// viewport and the brackets around the events.
    public static let byteBudget = GestureTrace.Limits.fileSize - 4096
    /// The end of the budget kept for the gesture in progress when the recording fills up:
    /// 512 KiB, some 4 900 pointer events (80 s of dragging at 60 Hz).
    public static let closingReserve = 512 << 10
    /// The most events of the longest kind a recording surely keeps (the budget over
    /// `largestEventSize`); kept for source compatibility: a recording now budgets bytes,
    /// and keeps more of the usual, shorter events.
    @available(*, deprecated, message: "a recording budgets bytes: see byteBudget")
    public static var maximumEventCount: Int { byteBudget / largestEventSize }
    /// How long a scroll stream lasts after its last delta without a stop (the core's
    /// touchpad timeout).
    static let scrollTimeout = 0.150
    /// How many of a full recording's last motion events (moves of a press, deltas of a
    /// scroll stream) are kept before the gesture's end: the velocity tracker's 20 samples.
    public static let heldMotionCount = 20

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
    /// An upper bound on the bytes the kept events take in the written trace.
    public private(set) var recordedBytes = 0
    /// Whether the recording has filled up: it keeps only the gesture in progress, then
    /// nothing.
    public private(set) var isFull = false
    /// Called once, when the recording fills up (to say so while the user can still see it).
    public var onFull: (() -> Void)?

    private var scratch: [InputEvent] = []
    /// Whether the kept events leave the pointer pressed.
    private var isPressed = false
    /// The time of the last kept scroll delta of a stream that has not stopped.
    private var lastScroll: Double?
    /// Set once the gesture in progress when the recording filled up has ended.
    private var isClosed = false
    /// The latest motion events of the gesture in progress that found no room, oldest first,
    /// at most `heldMotionCount`: written before the gesture's end (room is kept for them).
    private var heldMotion: [InputEvent] = []

    /// Records what `source` delivers; clock time `startTime` becomes `t = 0`.
    public init(recording source: InputSource, viewport: Size, startTime: Double) {
        self.source = source
        self.startTime = startTime
        trace = GestureTrace(viewport: viewport, events: [])
        scratch.reserveCapacity(64)
        heldMotion.reserveCapacity(Self.heldMotionCount)
    }

    /// Sets the viewport written into the trace (after a resize, say), each side clamped to
    /// `GestureTrace.Limits.viewportSide` (a window at a fractional scale can be larger in
    /// points than any trace may be), so the recording can always be written.
    public func setViewport(_ viewport: Size) {
        let limit = GestureTrace.Limits.viewportSide
        trace.viewport = Size(
            width: viewport.width > limit ? limit : viewport.width,
            height: viewport.height > limit ? limit : viewport.height)
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
                try GestureTrace.check(relative, index: index, notBefore: previous)
                let size = Self.encodedSizeBound(of: relative)
                switch admission(of: relative, size: size) {
                case .kept:
                    break
                case .held:
                    continue
                case .refused:
                    throw GestureTraceError(
                        eventIndex: index,
                        reason: "the recording is full (\(index) events, at most "
                            + "\(Self.byteBudget) bytes); the gesture in progress was kept whole")
                }
                relative.time = max(relative.time, trace.events.last?.time ?? 0)
                trace.events.append(relative)
                recordedBytes += size
                note(relative)
            } catch {
                droppedEventCount += 1
                if firstDropReason == nil { firstDropReason = error }
            }
        }
        if time.isFinite { lastDelivery = max(lastDelivery, time) }
    }

    /// The wrapped source's next event time.
    public var nextEventTime: Double? { source.nextEventTime }

    /// What becomes of an event once the recording is full.
    private enum Admission {
        /// Written now.
        case kept
        /// Held back among the gesture's last motion (written before its end, if it stays
        /// among the last `heldMotionCount`).
        case held
        /// Left out.
        case refused
    }

    /// Whether `event`, taking at most `size` bytes, is kept: always while there is room
    /// before the reserve; after that only while it continues or ends the gesture in
    /// progress. Motion is written while there is room for the held motion and the
    /// gesture's last event too, then held (the latest `heldMotionCount`), and the held
    /// motion is written just before the gesture ends.
    private func admission(of event: InputEvent, size: Int) -> Admission {
        if !isFull, recordedBytes + size <= Self.byteBudget - Self.closingReserve { return .kept }
        if !isFull {
            isFull = true
            onFull?()
        }
        guard !isClosed else { return .refused }
        let continuesGesture: Bool
        let endsGesture: Bool
        switch event.kind {
        case .move:
            continuesGesture = isPressed
            endsGesture = false
        case .up, .cancel:
            continuesGesture = isPressed
            endsGesture = isPressed
        case .scroll(_, _, _):
            continuesGesture = isScrolling(at: event.time)
            endsGesture = false
        case .scrollStop:
            continuesGesture = lastScroll != nil
            endsGesture = lastScroll != nil
        case .down, .key, .viewport:
            continuesGesture = false
            endsGesture = false
        }
        guard continuesGesture else {
            // Nothing in progress (or what was has timed out): the recording ends here,
            // after the motion it held.
            if !isPressed, !isScrolling(at: event.time) {
                writeHeldMotion()
                isClosed = true
            }
            return .refused
        }
        if endsGesture {
            writeHeldMotion()
            return recordedBytes + size <= Self.byteBudget ? .kept : .refused
        }
        let reserve = (Self.heldMotionCount + 1) * Self.largestEventSize
        if heldMotion.isEmpty, recordedBytes + size + reserve <= Self.byteBudget { return .kept }
        if heldMotion.count == Self.heldMotionCount {
            heldMotion.removeFirst()
            droppedEventCount += 1
            if firstDropReason == nil {
                firstDropReason = GestureTraceError(
                    eventIndex: trace.events.count,
                    reason: "the recording is full (\(trace.events.count) events, at most "
                        + "\(Self.byteBudget) bytes); the gesture in progress was kept whole")
            }
        }
        heldMotion.append(event)
        if case .scroll = event.kind { lastScroll = event.time }
        return .held
    }

    /// Writes the held motion (room was kept for it), in order.
    private func writeHeldMotion() {
        for event in heldMotion {
            trace.events.append(event)
            recordedBytes += Self.encodedSizeBound(of: event)
            note(event)
        }
        heldMotion.removeAll(keepingCapacity: true)
    }

    /// Whether a kept scroll stream is still going at `time` (no stop, within its timeout).
    private func isScrolling(at time: Double) -> Bool {
        lastScroll.map { time - $0 <= Self.scrollTimeout } ?? false
    }

    /// Follows the gesture state of the kept events.
    private func note(_ event: InputEvent) {
        switch event.kind {
        case .down: isPressed = true
        case .up, .cancel:
            isPressed = false
            if isFull, lastScroll == nil { isClosed = true }
        case .scroll: lastScroll = event.time
        case .scrollStop:
            lastScroll = nil
            if isFull, !isPressed { isClosed = true }
        case .move, .key, .viewport: break
        }
    }

    /// The most bytes any pointer, scroll, cancel or stop event takes written, separator
    /// included.
    public static let largestEventSize = 160

    /// A bound on the bytes `event` takes in `GestureTrace.encoded()`, with the `",\n    "`
    /// before it: each number at most 24 characters (`-1.2345678901234567e-300`), a key name
    /// at most six bytes a byte (`\u0000` escapes).
    public static func encodedSizeBound(of event: InputEvent) -> Int {
        switch event.kind {
        case .down, .move, .up:
            // {"t":N,"type":"move","x":N,"y":N}
            return 6 + 31 + 3 * 24
        case .scroll:
            // {"dx":N,"dy":N,"source":"touchpad","t":N,"type":"scroll"}
            return 6 + 57 + 3 * 24
        case .key(let key):
            // {"key":"NAME","t":N,"type":"key"}
            return 6 + 31 + 24 + 6 * key.name.utf8.count
        case .cancel, .scrollStop:
            // {"t":N,"type":"scroll-stop"}
            return 6 + 27 + 24
        case .viewport:
            // {"height":N,"t":N,"type":"viewport","width":N}
            return 6 + 45 + 3 * 24
        }
    }
}
