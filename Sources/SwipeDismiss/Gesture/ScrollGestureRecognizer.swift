/// Turns a touchpad's scroll stream into pan gestures, as `PanRecognizer` does for a pointer.
///
/// Facts from libadwaita's swipe tracker (`adw-swipe-tracker.c`), re-derived here:
/// - only touchpad deltas count; a wheel never produces a gesture (`scroll` with
///   `.wheel` returns nothing and leaves a touchpad stream alone), so the driver routes
///   wheels to list scrolling;
/// - the axis locks when the main delta is at least `lockFactor` (1.2) times the cross delta;
/// - the gesture ends on the touchpad's scroll-stop (fingers lifted).
///
/// A *stream* is the run of touchpad deltas between two ends. Before its axis is decided,
/// deltas add up and nothing is reported: the stream locks on the first delta after which
/// the sum's larger component is at least `lockFactor` times the smaller one, and reports
/// `.began` with the sum along the locked axis, so no travel is lost. A stream that travels
/// `ambiguityLimit` points without a dominant axis (a true diagonal) is rejected, as
/// libadwaita rejects one, and ignored until it ends. Once locked, the cross axis is
/// dropped: translations and velocities are zero across it.
///
/// A stream ends on `stop(at:)`, on `cancel(at:)`, or `timeout` (150 ms) after its last
/// delta when no stop comes (`deadline`; the driver calls `expire(at:)` when it passes).
/// Every touchpad entry point (`scroll` with `.touchpad`, `stop`, `cancel`) first expires a
/// stream whose deadline has passed, at the deadline, so the gestures depend only on the
/// events, never on how often the driver ticks. A wheel delta is a no-op in every way.
///
/// The velocity is the least-squares `VelocityTracker` fit of the cumulative translation.
/// A stop more than the tracker's `maximumGap` after the last delta means the fingers
/// rested before lifting, so the release velocity is zero, as a pointer's would be. Expiry
/// keeps the velocity as of the last delta: without a stop the device cannot tell a rest
/// from a lift, and the movement it did report is the best evidence of the flick.
///
/// Value type, fixed storage: feeding a delta never allocates (beyond the caller's
/// reused output buffer).
package struct ScrollGestureRecognizer: Sendable {
    /// The axis a stream locked to.
    package enum Axis: Hashable, Sendable {
        /// Locked to side-to-side scrolling.
        case horizontal
        /// Locked to up-and-down scrolling.
        case vertical
        /// Not locked: both axes reported (`locksAxis` false, for free 2-D content).
        case both
    }

    private enum Phase: Hashable, Sendable {
        case idle
        case undecided
        case rejected
        case locked(Axis)
    }

    /// How many times the cross component the main one must be for the axis to lock.
    package var lockFactor: Double
    /// How far an undecided stream may travel, in points, before it is rejected.
    package var ambiguityLimit: Double
    /// How long after its last delta a stream without a stop ends, in seconds.
    package var timeout: Double
    /// The fastest release reported, in points per second (as `VelocityTracker`'s cap).
    package var maximumSpeed: Double
    /// Whether a stream locks to one axis (the default). When false, the first delta
    /// begins a pan on `.both` axes, which reports the whole 2-D sum and velocity and is
    /// never rejected (content that moves freely, `DismissDirection.free`).
    package var locksAxis = true

    private var phase = Phase.idle
    /// Every touchpad delta of the stream, both axes: the tracker fits this.
    private var sum = Point.zero
    private var lastDeltaTime = -Double.infinity
    private var lastTime = -Double.infinity
    private var tracker: VelocityTracker

    /// A recognizer with the given axis lock, ambiguity limit, timeout and speed cap.
    package init(
        lockFactor: Double = 1.2, ambiguityLimit: Double = 16, timeout: Double = 0.150,
        maximumSpeed: Double = 8000
    ) {
        self.lockFactor = lockFactor
        self.ambiguityLimit = ambiguityLimit
        self.timeout = timeout
        self.maximumSpeed = maximumSpeed
        // The cap applies to the locked axis alone, after the cross axis is dropped.
        tracker = VelocityTracker(maximumSpeed: .infinity)
    }

    /// The axis the current stream locked to, if it has.
    package var lockedAxis: Axis? {
        if case .locked(let axis) = phase { return axis }
        return nil
    }

    /// Whether a locked stream is reporting a pan.
    package var isPanning: Bool { lockedAxis != nil }

    /// When the current stream ends unless another delta or a stop comes first; nil when
    /// there is no stream. The driver wakes then and calls `expire(at:)`.
    package var deadline: Double? {
        phase == .idle ? nil : lastDeltaTime + timeout
    }

    /// The translation so far along the locked axis (zero before a lock).
    package var translation: Point {
        guard case .locked(let axis) = phase else { return .zero }
        return Self.project(sum, on: axis)
    }

    /// Feeds one scroll delta in points, signed like a pointer drag (positive `dy` moves
    /// the content down); appends what it produced to `gestures`.
    ///
    /// Wheel deltas, non-finite or zero deltas, and events older than the last are ignored.
    package mutating func scroll(
        dx: Double, dy: Double, source: ScrollSource, at time: Double,
        into gestures: inout [TimedPanGesture]
    ) {
        guard source == .touchpad, accept(time) else { return }
        expire(at: time, into: &gestures)
        let delta = Point(x: dx, y: dy)
        guard delta.isFinite, delta != .zero else { return }
        if phase == .idle {
            phase = .undecided
            sum = .zero
            tracker.reset()
        }
        let before = translation
        sum = sum + delta
        lastDeltaTime = time
        tracker.add(time: time, position: sum)
        switch phase {
        case .idle, .rejected:
            return
        case .undecided:
            if let axis = decideAxis() {
                phase = .locked(axis)
                gestures.append(
                    TimedPanGesture(time: time, gesture: .began(translation: translation)))
            } else if sum.length >= ambiguityLimit {
                phase = .rejected
            }
        case .locked:
            let now = translation
            if now != before {
                gestures.append(TimedPanGesture(time: time, gesture: .changed(translation: now)))
            }
        }
    }

    /// The touchpad's scroll-stop (fingers lifted): a locked stream ends here.
    package mutating func stop(at time: Double, into gestures: inout [TimedPanGesture]) {
        guard accept(time) else { return }
        expire(at: time, into: &gestures)
        guard phase != .idle else { return }
        let rested = time - lastDeltaTime > tracker.maximumGap
        finish(at: time, velocity: rested ? .zero : velocity, into: &gestures)
    }

    /// Ends a stream whose deadline is at or before `time`, at its deadline.
    package mutating func expire(at time: Double, into gestures: inout [TimedPanGesture]) {
        guard let deadline, time.isFinite, time >= deadline else { return }
        finish(at: deadline, velocity: velocity, into: &gestures)
        lastTime = max(lastTime, deadline)
    }

    /// The system took the gesture away: a locked stream is cancelled, any other forgotten.
    package mutating func cancel(at time: Double, into gestures: inout [TimedPanGesture]) {
        guard accept(time) else { return }
        expire(at: time, into: &gestures)
        guard phase != .idle else { return }
        if isPanning {
            gestures.append(
                TimedPanGesture(time: time, gesture: .cancelled(translation: translation)))
        }
        phase = .idle
    }

    /// Forgets the current stream without reporting anything.
    package mutating func reset() {
        phase = .idle
        sum = .zero
        tracker.reset()
    }

    // MARK: Private

    /// Whether an event at `time` is in order; records it as the latest if so.
    private mutating func accept(_ time: Double) -> Bool {
        guard time.isFinite, time >= lastTime else { return false }
        lastTime = time
        return true
    }

    private mutating func finish(
        at time: Double, velocity: Point, into gestures: inout [TimedPanGesture]
    ) {
        if isPanning {
            gestures.append(
                TimedPanGesture(
                    time: time, gesture: .ended(translation: translation, velocity: velocity)))
        }
        phase = .idle
    }

    private func decideAxis() -> Axis? {
        if !locksAxis { return .both }
        let x = abs(sum.x)
        let y = abs(sum.y)
        if y > 0, y >= lockFactor * x { return .vertical }
        if x > 0, x >= lockFactor * y { return .horizontal }
        return nil
    }

    /// The tracker's velocity along the locked axis, capped at `maximumSpeed`.
    private var velocity: Point {
        guard case .locked(let axis) = phase else { return .zero }
        let fitted = Self.project(tracker.velocity, on: axis)
        let speed = fitted.length
        return speed > maximumSpeed ? fitted * (maximumSpeed / speed) : fitted
    }

    private static func project(_ point: Point, on axis: Axis) -> Point {
        switch axis {
        case .horizontal: Point(x: point.x, y: 0)
        case .vertical: Point(x: 0, y: point.y)
        case .both: point
        }
    }
}
