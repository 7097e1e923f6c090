import SwipeDismissHost

/// Maps X server timestamps (milliseconds, 32-bit, wrapping) onto a monotonic clock: the host
/// layer's `DeviceTimeMapper` with X's meaning of a stamp of 0.
///
/// A stamp of 0 is `CurrentTime`, which is what a synthetic event (`XSendEvent`, as
/// `xdotool key --window` sends) usually carries: it says nothing about when the event
/// happened, so it is stamped `now` like an unstamped event and does not touch the offset.
public struct ServerTimeMapping: Sendable {
    private var mapper = DeviceTimeMapper(zeroStamp: .unstamped)

    /// Clock seconds minus server seconds, once known.
    public var offset: Double? { mapper.offset }

    /// A mapping with no offset known yet: the first stamped event sets it.
    public init() {}

    /// The clock time of an event stamped `serverTime` (ms) and read at clock time `now`.
    public mutating func map(serverTime: UInt, now: Double) -> Double {
        mapper.map(milliseconds: UInt32(truncatingIfNeeded: serverTime), now: now)
    }

    /// Refines the offset with an event stamped `serverTime` (ms) and read at `now`, without
    /// mapping it: lowers the offset if the event would otherwise land after `now`.
    public mutating func observe(serverTime: UInt, now: Double) {
        mapper.observe(milliseconds: UInt32(truncatingIfNeeded: serverTime), now: now)
    }

    /// The clock time for an event without a server timestamp (focus, unmap): now, kept
    /// monotonic with the stamped events.
    public mutating func unstamped(now: Double) -> Double {
        mapper.unstamped(now: now)
    }
}
