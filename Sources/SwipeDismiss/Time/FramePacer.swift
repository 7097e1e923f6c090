/// Frame pacing for an event loop: when a frame is due, and how long to wait for the next.
///
/// Frames come at most `framesPerSecond` a second while something animates. A frame may
/// come up to a quarter period (at most 4 ms) before its slot, so an input event arriving
/// just early is drawn at once rather than after a second wakeup; the slot is still used
/// up, so the rate never exceeds `framesPerSecond`. An input event that came too early
/// during a drag makes the frame wait for the next input event (at most half a period after
/// its slot) rather than for a timer of its own. The cadence stays steady but never
/// catches up on missed frames.
///
/// A value, fed the clock's times: the X11 event loop and a host's own `poll()` loop pace
/// frames with the same rules, and tests check them on a `ManualClock`.
public struct FramePacer: Equatable, Sendable {
    /// The frame rate while something animates, 1…1000.
    public var framesPerSecond: Double {
        didSet { framesPerSecond = Self.clamped(framesPerSecond) }
    }
    /// When the last frame was drawn, on the cadence (-infinity before the first).
    package private(set) var lastFrameTime = -Double.infinity
    /// Whether a drag's input came too early for its frame, which then waits for the next
    /// input event rather than for a timer of its own.
    package private(set) var frameAwaitsInput = false

    /// A pacer at `framesPerSecond` (clamped to 1…1000).
    public init(framesPerSecond: Double = 60) {
        self.framesPerSecond = Self.clamped(framesPerSecond)
    }

    /// One frame's length, in seconds.
    package var period: Double { 1 / framesPerSecond }

    /// How early before its slot a frame may come: a quarter period, at most 4 ms.
    package var earlyWindow: Double { min(0.004, period / 4) }

    /// Whether to draw a frame at `now` for a controller that wants one at `wake` (nil: it
    /// wants none). When the controller wants one but it is too early, `readInputWhilePressed`
    /// (input was read this turn and a gesture is held) makes the frame wait for the next
    /// input. After drawing, call `frameDrawn(at:)` with the same `now`.
    public mutating func frameIsDue(now: Double, wake: Double?, readInputWhilePressed: Bool)
        -> Bool
    {
        guard let wake, wake <= now else { return false }
        if now >= lastFrameTime + period - earlyWindow { return true }
        frameAwaitsInput = readInputWhilePressed
        return false
    }

    /// Notes a frame drawn at `now`: the next slot is one period on, or a fresh start when
    /// the loop fell a period or more behind (no catching up), and never earlier than half a
    /// period before `now`.
    public mutating func frameDrawn(at now: Double) {
        frameAwaitsInput = false
        let next = lastFrameTime + period
        lastFrameTime = now - next < period ? max(next, now - period / 2) : now
    }

    /// How long to wait at `now` before the next frame for a controller that wants one at
    /// `wake`: nil (wait for input alone) when it wants none, else until both `wake` and the
    /// next slot (half a period later while a frame awaits input) have come, at least 0.
    public func timeout(now: Double, wake: Double?) -> Double? {
        guard let wake else { return nil }
        let slot = lastFrameTime + period + (frameAwaitsInput ? period / 2 : 0)
        return max(0, max(wake, slot) - now)
    }

    private static func clamped(_ value: Double) -> Double {
        max(1, min(value, 1000))
    }
}
