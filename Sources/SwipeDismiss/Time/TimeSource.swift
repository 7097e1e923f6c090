/// Where the controller and its collaborators read the time; seconds, monotonic.
///
/// Injected everywhere time is read, so tests and exports run on a clock they drive.
public protocol TimeSource: AnyObject {
    /// The current time in seconds. Never decreases.
    var now: Double { get }
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`), counted from when the clock was made.
///
/// Read straight from `clock_gettime` (the vDSO: no system call) and made a `Double` with
/// two conversions: the input path reads the time for every event, and `ContinuousClock`'s
/// 128-bit `Duration` arithmetic cost more than the read.
///
/// `Sendable`: it holds only its immutable origin, so any thread may read it.
public final class MonotonicClock: TimeSource, Sendable {
    private let originSeconds: Int
    private let originNanoseconds: Int

    /// A clock that reads 0 now.
    public init() {
        let origin = cMonotonicTime()
        originSeconds = origin.seconds
        originNanoseconds = origin.nanoseconds
    }

    /// Seconds since the clock was made.
    public var now: Double {
        let time = cMonotonicTime()
        return Double(time.seconds - originSeconds)
            + Double(time.nanoseconds - originNanoseconds) * 1e-9
    }
}

/// A clock that moves only when told to; for tests.
public final class ManualClock: TimeSource {
    /// The time it was last set or advanced to.
    public private(set) var now: Double

    /// A clock reading `now` until told otherwise.
    public init(now: Double = 0) {
        self.now = now
    }

    /// Moves the clock forward by `seconds` (ignored if negative or not finite).
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        now += seconds
    }

    /// Sets the clock to `time` if that is not in the past.
    public func set(to time: Double) {
        guard time.isFinite, time > now else { return }
        now = time
    }
}

/// A clock that advances by a fixed step per tick: frame `n` is at `start + n / framesPerSecond`.
///
/// Computing each time from the frame number (not by adding steps) keeps a long
/// export free of accumulated rounding, so 30 Hz and 60 Hz share exact times.
public final class FixedStepClock: TimeSource {
    /// The time of frame 0.
    package let start: Double
    /// Ticks a second.
    package let framesPerSecond: Double
    /// The current frame number; `tick()` adds one.
    package private(set) var frame: Int = 0

    /// A clock at `start` ticking `framesPerSecond` times a second; the rate must be positive.
    public init(start: Double = 0, framesPerSecond: Double) {
        precondition(
            framesPerSecond > 0 && framesPerSecond.isFinite,
            "FixedStepClock needs a positive, finite rate")
        self.start = start
        self.framesPerSecond = framesPerSecond
    }

    /// The seconds between two ticks.
    package var step: Double { 1 / framesPerSecond }

    /// The time of the current frame.
    public var now: Double { start + Double(frame) / framesPerSecond }

    /// Moves to the next frame.
    public func tick() {
        frame += 1
    }
}
