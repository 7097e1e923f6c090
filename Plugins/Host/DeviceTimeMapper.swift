/// Maps a window system's 32-bit millisecond event stamps (X server time, Wayland event
/// time; both wrap after 49.7 days) onto the controller's monotonic clock.
///
/// The offset between the two is the smallest `now − stamp` seen so far (the event read with
/// the least delay), so mapped times keep the device's spacing between samples rather than
/// when the program happened to read them; a mapped time is never later than `now` nor
/// earlier than the one before, and the counter's wrap is unwrapped.
///
/// What a stamp of 0 means is the window system's: on X it is `CurrentTime`, which a
/// synthetic event (`XSendEvent`, as `xdotool key --window` sends) carries and which says
/// nothing about when it happened (`ZeroStamp.unstamped`); on Wayland it is an ordinary time
/// (`ZeroStamp.time`).
public struct DeviceTimeMapper: Sendable {
    /// What a stamp of 0 means.
    public enum ZeroStamp: Sendable, Equatable {
        /// No time (X's `CurrentTime`): stamped `now`, and the offset is left alone.
        case unstamped
        /// An ordinary time, as any other stamp (Wayland).
        case time
    }

    /// What a stamp of 0 means for this mapper.
    public let zeroStamp: ZeroStamp
    /// Clock seconds minus device seconds, once known.
    public private(set) var offset: Double?
    /// The last stamp seen, unwrapped into a 64-bit count.
    private var lastStamp: UInt64?
    private var lastMapped = -Double.infinity

    /// A mapper with no offset known yet (the first stamped event sets it).
    public init(zeroStamp: ZeroStamp) {
        self.zeroStamp = zeroStamp
    }

    /// The clock time of an event stamped `milliseconds` (nil: no stamp) and read at `now`.
    public mutating func map(milliseconds: UInt32?, now: Double) -> Double {
        guard let seconds = seconds(of: milliseconds) else { return unstamped(now: now) }
        lower(toward: seconds, now: now)
        let mapped = min(now, max(lastMapped, seconds + (offset ?? 0)))
        lastMapped = max(lastMapped, mapped)
        return lastMapped
    }

    /// Refines the offset with an event stamped `milliseconds` and read at `now`, without
    /// mapping it: lowers the offset if the event would otherwise land after `now`.
    public mutating func observe(milliseconds: UInt32, now: Double) {
        guard let seconds = seconds(of: milliseconds) else { return }
        lower(toward: seconds, now: now)
    }

    /// The clock time for an event without a stamp (focus, enter, unmap): `now`, kept
    /// monotonic with the stamped events.
    public mutating func unstamped(now: Double) -> Double {
        lastMapped = max(lastMapped, now)
        return lastMapped
    }

    /// `milliseconds` unwrapped, in seconds; nil when it is no time.
    private mutating func seconds(of milliseconds: UInt32?) -> Double? {
        guard let milliseconds, milliseconds != 0 || zeroStamp == .time else { return nil }
        return Double(unwrap(milliseconds)) / 1000
    }

    /// Sets the offset from the first stamp; afterwards lowers it when an event would land
    /// after `now` (the estimate included some delivery latency).
    private mutating func lower(toward seconds: Double, now: Double) {
        if let known = offset, seconds + known <= now { return }
        offset = now - seconds
    }

    /// Extends a 32-bit millisecond counter to 64 bits.
    private mutating func unwrap(_ stamp: UInt32) -> UInt64 {
        guard let last = lastStamp else {
            lastStamp = UInt64(stamp)
            return UInt64(stamp)
        }
        // The signed 32-bit difference handles both a wrap and a slightly older stamp.
        let delta = Int64(Int32(bitPattern: stamp &- UInt32(truncatingIfNeeded: last)))
        let value = UInt64(max(0, Int64(last) + delta))
        if value > last { lastStamp = value }
        return value
    }
}
