/// Turns frame durations in seconds into GIF delays in 1/100 s without drift.
///
/// Each frame starts at its exact start time rounded to the nearest centisecond, so the
/// rounding error is carried forward: at 60 fps with a minimum delay of 1 the delays are
/// 2, 1, 2, 2, 1, 2, … and any run of frames lasts its exact length, rounded once. Browsers
/// show a delay under 2 cs as 10 cs, so by default a frame that would be shown for less than
/// `minimumDelay` gives its place (and start time) to the frame after it instead.
public struct GifFrameSchedule: Sendable {
    /// What to do with a frame just added.
    public enum Step: Equatable, Sendable {
        /// It starts a new GIF frame; the pending one before it, if any, is shown for
        /// `previousDelay` centiseconds and can be written now.
        case begin(previousDelay: Int?)
        /// It shows the same pixels as the pending frame, which simply lasts longer.
        case extend
        /// The pending frame would be shown for less than `minimumDelay`: this frame
        /// replaces it and takes over its start time.
        case replace
    }

    /// The shortest delay, in centiseconds, given to any frame but the last.
    public let minimumDelay: Int
    /// Seconds from the first frame's start to the end of the last one added.
    public private(set) var elapsed: Double = 0
    /// When the pending frame starts, in whole centiseconds; nil before the first frame.
    public private(set) var pendingStart: Int?

    /// A schedule whose frames (but the last) last at least `minimumDelay` centiseconds
    /// (clamped to 1...100).
    public init(minimumDelay: Int = 2) {
        self.minimumDelay = min(max(minimumDelay, 1), 100)
    }

    /// `seconds` rounded to the nearest centisecond (clamped to 0...1e12 s, so never traps).
    public static func centiseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int((min(seconds, 1e12) * 100).rounded())
    }

    /// Adds a frame lasting `duration` seconds; `sameAsPending` says whether its pixels
    /// equal the pending frame's (pass false to keep every distinct frame).
    public mutating func add(duration: Double, sameAsPending: Bool) -> Step {
        let step = add(startingAt: elapsed, sameAsPending: sameAsPending)
        elapsed += duration.isFinite ? max(duration, 0) : 0
        return step
    }

    /// Adds a frame that starts `time` seconds after the first one (times never decrease;
    /// an earlier time counts as `elapsed`). Its length is known when the next frame, or
    /// `finish(endingAt:)`, comes.
    public mutating func add(startingAt time: Double, sameAsPending: Bool) -> Step {
        elapsed = max(elapsed, time.isFinite ? time : 0)
        let start = Self.centiseconds(elapsed)
        guard let pending = pendingStart else {
            pendingStart = start
            return .begin(previousDelay: nil)
        }
        if sameAsPending { return .extend }
        if start - pending < minimumDelay { return .replace }
        pendingStart = start
        return .begin(previousDelay: start - pending)
    }

    /// The last pending frame's delay (it ends at `elapsed`, rounded), or nil if no frame
    /// was added. The schedule is then empty again, its time kept.
    public mutating func finish() -> Int? {
        finish(endingAt: elapsed)
    }

    /// The last pending frame's delay when the animation ends `time` seconds after the
    /// first frame started (at least `elapsed`), or nil if no frame was added.
    public mutating func finish(endingAt time: Double) -> Int? {
        elapsed = max(elapsed, time.isFinite ? time : 0)
        guard let pending = pendingStart else { return nil }
        pendingStart = nil
        return Self.centiseconds(elapsed) - pending
    }
}
