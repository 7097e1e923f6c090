/// A value moving linearly from `from` to `to` over `duration` seconds from `startTime`.
///
/// Used for reduced motion's cross-fades; like a spring, it is a value of time alone.
package struct Tween: Hashable, Sendable {
    /// The value at `startTime` and before.
    package var from: Double
    /// The value from `startTime + duration` on.
    package var to: Double
    /// When the tween starts, in seconds.
    package var startTime: Double
    /// How long the tween runs, in seconds.
    package var duration: Double

    /// A tween from `from` to `to` over `duration` seconds from `startTime`.
    package init(from: Double, to: Double, startTime: Double, duration: Double) {
        self.from = from
        self.to = to
        self.startTime = startTime
        self.duration = duration
    }

    /// How far along the tween is at `time`, 0...1.
    package func fraction(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(1, max(0, (time - startTime) / duration))
    }

    /// The value at `time`.
    package func value(at time: Double) -> Double {
        from + (to - from) * fraction(at: time)
    }

    /// The rate of change at `time`, in units per second (0 before and after).
    package func velocity(at time: Double) -> Double {
        guard duration > 0, time >= startTime, time < startTime + duration else { return 0 }
        return (to - from) / duration
    }

    /// Whether the tween has reached `to` by `time`.
    package func isFinished(at time: Double) -> Bool {
        time >= startTime + duration
    }
}
