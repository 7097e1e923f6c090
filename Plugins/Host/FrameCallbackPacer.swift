import SwipeDismiss

/// `FramePacer` in frame-callback mode, for a compositor that says when to draw
/// (Wayland's `wl_surface.frame`): while the last frame's callback is outstanding the next
/// frame waits for it, but at most `hiddenFramePeriod` after that frame, since a compositor
/// stops callbacks for a hidden surface and an animation must still end on time (its frames
/// are deferred, not lost). With no callback outstanding, `FramePacer`'s rules apply.
///
/// A value fed the clock's times, as `FramePacer` is, so tests check it on a `ManualClock`.
public struct FrameCallbackPacer: Equatable, Sendable {
    /// The pacing with no callback outstanding (its `framesPerSecond` is the highest rate).
    public var pacer: FramePacer
    /// How long a frame callback is waited for before a frame is drawn anyway, in seconds.
    public var hiddenFramePeriod: Double
    /// When the last frame was drawn (-infinity before the first).
    public private(set) var lastFrameTime = -Double.infinity

    /// A pacer at `framesPerSecond` (clamped to 1…1000) that waits at most
    /// `hiddenFramePeriod` seconds for a callback.
    public init(framesPerSecond: Double = 60, hiddenFramePeriod: Double = 0.1) {
        pacer = FramePacer(framesPerSecond: framesPerSecond)
        self.hiddenFramePeriod = hiddenFramePeriod
    }

    /// Whether to draw a frame at `now` for a driver that wants one at `wake` (nil: none),
    /// the last frame's callback being `callbackOutstanding`. After drawing, call
    /// `frameDrawn(at:)` with the same `now`.
    public mutating func frameIsDue(now: Double, wake: Double?, callbackOutstanding: Bool)
        -> Bool
    {
        guard let wake, wake <= now else { return false }
        if callbackOutstanding, now < lastFrameTime + hiddenFramePeriod { return false }
        return pacer.frameIsDue(now: now, wake: wake, readInputWhilePressed: false)
    }

    /// Notes a frame drawn at `now`.
    public mutating func frameDrawn(at now: Double) {
        pacer.frameDrawn(at: now)
        lastFrameTime = now
    }

    /// How long to wait at `now` before the next frame for a driver that wants one at `wake`:
    /// nil (wait for input alone) when it wants none; while a callback is outstanding, until
    /// the hidden period is over too (the callback itself wakes the loop sooner); always
    /// at least `FramePacer`'s timeout, and at least 0.
    public func timeout(now: Double, wake: Double?, callbackOutstanding: Bool) -> Double? {
        guard let wake, let paced = pacer.timeout(now: now, wake: wake) else { return nil }
        guard callbackOutstanding else { return paced }
        return max(paced, lastFrameTime + hiddenFramePeriod - now)
    }
}
