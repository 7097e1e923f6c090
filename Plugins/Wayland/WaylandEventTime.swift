/// Maps the compositor's 32-bit millisecond event times onto the controller's clock.
///
/// The offset is the smallest `now − event time` seen so far (the event read with the least
/// delay), so times keep the device's spacing; a time is never later than `now` nor earlier
/// than the one before, and the 49-day wrap of the counter is unwrapped. Events without a
/// time (enter, leave) are stamped when read.
struct WaylandEventTime {
    private var offset: Double?
    private var last = -Double.infinity
    private var lastRaw: UInt32?
    private var unwrapped: Double = 0

    /// The clock time of an event stamped `milliseconds` (nil: none), read at `now`.
    mutating func time(for milliseconds: UInt32?, now: Double) -> Double {
        guard let milliseconds else { return settle(now, now: now) }
        if let lastRaw {
            // Differences in 32-bit arithmetic survive the wrap; a step back of up to half
            // the range is a late event, not 49 days ahead.
            unwrapped += Double(Int32(bitPattern: milliseconds &- lastRaw)) / 1000
        } else {
            unwrapped = Double(milliseconds) / 1000
        }
        lastRaw = milliseconds
        let delay = now - unwrapped
        if offset == nil || delay < offset! { offset = delay }
        return settle(unwrapped + offset!, now: now)
    }

    private mutating func settle(_ time: Double, now: Double) -> Double {
        let result = max(min(time, now), last)
        last = result
        return result
    }
}
