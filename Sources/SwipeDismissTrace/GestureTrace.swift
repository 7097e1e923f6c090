import Foundation
import SwipeDismiss

/// A recorded gesture: the JSON contract that `x11-demo --record` writes and
/// `cairo-export --trace` reads.
///
/// ```json
/// { "viewport": { "width": 390, "height": 844 },
///   "events": [ { "t": 0.000, "type": "down", "x": 195, "y": 500 }, … ] }
/// ```
/// `t` is seconds from the trace start and never decreases; `x`, `y` are viewport points.
/// Every number is bounded by `GestureTrace.Limits`, so a trace that passes `validate()` can
/// be replayed and rendered without overflow.
public struct GestureTrace: Equatable, Sendable {
    /// The size of the window the gesture was made in, in points.
    public var viewport: Size
    /// Events with times in seconds from the trace's start.
    public var events: [InputEvent]

    /// A trace of `events` made in a window of `viewport`; call `validate()` before trusting it.
    public init(viewport: Size, events: [InputEvent]) {
        self.viewport = viewport
        self.events = events
    }

    /// The time of the last event (0 for an empty trace).
    public var duration: Double { events.last?.time ?? 0 }

    /// The bounds `validate()` enforces, shared by every tool that reads or writes a trace.
    ///
    /// They are far beyond any real gesture and small enough that the products tools form
    /// from them (pixels = points × scale, frames = seconds × fps) stay exact in a `Double`
    /// and fit an `Int`.
    public enum Limits {
        /// The largest magnitude of a pointer coordinate (`x`, `y`), in points: ±1 000 000.
        public static let coordinate = 1e6
        /// The largest viewport width or height, in points (32 767, the largest window
        /// `x11-demo --size` opens, so whatever it records reads back); both must also be
        /// above 0.
        public static let viewportSide = 32767.0
        /// The latest event time, in seconds from the trace start: 24 hours (86 400 s).
        public static let time = 86400.0
        /// The largest trace text read or written, in bytes: 4 MiB, about 46 000 pointer
        /// events (over twelve minutes of dragging at 60 Hz). Reading a trace peaks at up to
        /// about 130 bytes of memory per byte of text when its events are the shortest there
        /// are (Foundation's JSONSerialization, which checks the syntax, builds an object per
        /// value), so a trace at the limit stays under about 600 MB in either tool; a read of
        /// an endless file (`/dev/zero`) stops there.
        public static let fileSize = 4 << 20
    }

    /// Throws, naming the event and the field, unless every number is finite and within
    /// `Limits`, the viewport is positive, times start at 0 or later and never decrease, and
    /// every key has a name.
    public func validate() throws(GestureTraceError) {
        try Self.checkViewportSide(viewport.width, field: "viewport.width")
        try Self.checkViewportSide(viewport.height, field: "viewport.height")
        var previous = 0.0
        for index in events.indices {
            try Self.check(events[index], index: index, notBefore: previous)
            previous = events[index].time
        }
    }

    private static func checkViewportSide(_ value: Double, field: String, index: Int? = nil)
        throws(GestureTraceError)
    {
        guard value.isFinite, value > 0 else {
            throw GestureTraceError(
                eventIndex: index, field: field,
                reason: "expected a positive finite number, got \(value)")
        }
        guard value <= Limits.viewportSide else {
            throw GestureTraceError(
                eventIndex: index, field: field,
                reason:
                    "\(value) pt is more than the limit of \(whole(Limits.viewportSide)) pt a side")
        }
    }

    /// Throws unless `event`, at `index`, passes `validate()` after an event at `notBefore`.
    ///
    /// It allocates nothing on success, so a recorder can check each event as it arrives.
    static func check(_ event: InputEvent, index: Int, notBefore previous: Double)
        throws(GestureTraceError)
    {
        let time = event.time
        guard time.isFinite else {
            throw GestureTraceError(
                eventIndex: index, field: "t", reason: "expected a finite number, got \(time)")
        }
        guard time >= 0 else {
            throw GestureTraceError(
                eventIndex: index, field: "t",
                reason: "time \(time) is before the trace start (0)")
        }
        guard time <= Limits.time else {
            throw GestureTraceError(
                eventIndex: index, field: "t",
                reason: "time \(time) s is after the limit of \(whole(Limits.time)) s (24 hours)")
        }
        guard time >= previous else {
            throw GestureTraceError(
                eventIndex: index, field: "t",
                reason: "time \(time) is earlier than the previous event's \(previous)")
        }
        switch event.kind {
        case .down(let point), .move(let point), .up(let point):
            try checkCoordinate(point.x, field: "x", index: index)
            try checkCoordinate(point.y, field: "y", index: index)
        case .key(let key) where key.name.isEmpty:
            throw GestureTraceError(eventIndex: index, field: "key", reason: "empty key name")
        case .scroll(let dx, let dy, _):
            try checkCoordinate(dx, field: "dx", index: index)
            try checkCoordinate(dy, field: "dy", index: index)
        case .viewport(let size):
            try checkViewportSide(size.width, field: "width", index: index)
            try checkViewportSide(size.height, field: "height", index: index)
        case .key, .cancel, .scrollStop:
            break
        }
    }

    private static func checkCoordinate(_ value: Double, field: String, index: Int)
        throws(GestureTraceError)
    {
        guard value.isFinite else {
            throw GestureTraceError(
                eventIndex: index, field: field, reason: "expected a finite number, got \(value)")
        }
        guard abs(value) <= Limits.coordinate else {
            throw GestureTraceError(
                eventIndex: index, field: field,
                reason: "\(value) pt is beyond the limit of ±\(whole(Limits.coordinate)) pt")
        }
    }

    /// A limit as people write it: `32767`, not `32767.0`.
    private static func whole(_ limit: Double) -> String {
        Int64(exactly: limit).map(String.init) ?? "\(limit)"
    }

    // MARK: Files

    /// Reads and validates the trace at `path` (at most `Limits.fileSize` bytes); errors
    /// name the file.
    public static func load(path: String) throws(GestureTraceError) -> GestureTrace {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
        {
            throw GestureTraceError(
                reason: "cannot read the trace file: it is a folder", file: path)
        }
        let data: Data
        do {
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? file.close() }
            data = try file.read(upToCount: Limits.fileSize + 1) ?? Data()
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw GestureTraceError(reason: "cannot read the trace file: \(reason)", file: path)
        }
        guard data.count <= Limits.fileSize else {
            throw GestureTraceError(
                reason: "the trace file is larger than the limit of \(Limits.fileSize >> 20) MiB",
                file: path)
        }
        do {
            return try GestureTrace(jsonBytes: Array(data))
        } catch {
            var located = error
            located.file = path
            throw located
        }
    }

    /// Writes the trace to `path` whole or not at all (temporary file, then rename).
    ///
    /// A trace that fails `validate()` (a NaN, a coordinate out of bounds, …) is refused with
    /// a `GestureTraceError` and nothing is written.
    public func write(path: String) throws {
        let text = try encoded()
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
