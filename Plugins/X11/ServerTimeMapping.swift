/// Maps X server timestamps (milliseconds, 32-bit, wrapping) onto a monotonic clock.
///
/// The offset between the two is estimated from the first event and only ever lowered
/// (an event that would land after the clock's `now` proves the estimate included some
/// delivery latency), and mapped times never decrease, so the velocity tracker sees the
/// server's real spacing between samples rather than when Xlib happened to read them.
///
/// A stamp of 0 is `CurrentTime`, which is what a synthetic event (`XSendEvent`, as
/// `xdotool key --window` sends) usually carries: it says nothing about when the event
/// happened, so it is stamped `now` like an unstamped event and does not touch the offset.
public struct ServerTimeMapping: Sendable {
    /// Clock seconds minus server seconds, once known.
    public private(set) var offset: Double?
    /// The last server time seen, unwrapped into a 64-bit count.
    private var lastServer: UInt64?
    private var lastMapped = -Double.infinity

    /// A mapping with no offset known yet: the first stamped event sets it.
    public init() {}

    /// The clock time of an event stamped `serverTime` (ms) and read at clock time `now`.
    public mutating func map(serverTime: UInt, now: Double) -> Double {
        guard serverTime != UInt(Self.currentTime) else { return unstamped(now: now) }
        let server = unwrap(UInt32(truncatingIfNeeded: serverTime))
        let seconds = Double(server) / 1000
        if let known = offset {
            // Never place an event in the future: lower the offset instead.
            if seconds + known > now { offset = now - seconds }
        } else {
            offset = now - seconds
        }
        let mapped = min(now, max(lastMapped, seconds + (offset ?? 0)))
        lastMapped = max(lastMapped, mapped)
        return lastMapped
    }

    /// Refines the offset with an event stamped `serverTime` (ms) and read at `now`, without
    /// mapping it: lowers the offset if the event would otherwise land after `now`.
    public mutating func observe(serverTime: UInt, now: Double) {
        guard serverTime != UInt(Self.currentTime) else { return }
        let seconds = Double(unwrap(UInt32(truncatingIfNeeded: serverTime))) / 1000
        if let known = offset, seconds + known <= now { return }
        offset = now - seconds
    }

    /// The clock time for an event without a server timestamp (focus, unmap): now, kept
    /// monotonic with the stamped events.
    public mutating func unstamped(now: Double) -> Double {
        lastMapped = max(lastMapped, now)
        return lastMapped
    }

    /// X's `CurrentTime`: "no time", never a real server stamp.
    private static let currentTime: UInt32 = 0

    /// Extends a 32-bit millisecond counter (it wraps after 49.7 days) to 64 bits.
    private mutating func unwrap(_ time: UInt32) -> UInt64 {
        guard let last = lastServer else {
            lastServer = UInt64(time)
            return UInt64(time)
        }
        // The signed 32-bit difference handles both a wrap and a slightly older stamp.
        let delta = Int64(Int32(bitPattern: time &- UInt32(truncatingIfNeeded: last)))
        let value = UInt64(max(0, Int64(last) + delta))
        if value > last { lastServer = value }
        return value
    }
}
