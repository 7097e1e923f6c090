/// Scrolls: how a touchpad stream drags the content, and why a wheel does not.
///
/// A touchpad stream goes through `ScrollGestureRecognizer` (axis lock, 150 ms timeout,
/// scroll-stop) and its pan takes the same path as a pointer drag: it catches a running
/// animation, follows through the rubber band and the veto band, and releases to a detent or
/// off screen. The release projects with the touchpad's 0.997 deceleration
/// (`VelocityProjection.touchpadDecelerationRate`) where the configuration projects. A stream
/// locked across the dismiss axis (horizontal for a `.down` card) is ignored. Over a sheet's
/// list it hands off between the list and the sheet exactly as a pointer drag does
/// (`DismissMachine+List.swift`).
///
/// The pointer wins: a press cancels a touchpad pan in progress, and a stream that locks
/// while the pointer is pressed is ignored until it ends.
extension DismissMachine {
    /// When the touchpad stream in progress ends unless another delta or a stop comes
    /// first; nil when there is none. A live driver wakes then, so the release is on time.
    public var scrollDeadline: Double? { scrollRecognizer.deadline }

    /// Moves the model to `newTime`, first ending at its deadline a touchpad stream that has
    /// gone quiet for 150 ms, so the state at a time never depends on how often this runs.
    public mutating func advance(to newTime: Double, environment: some DismissEnvironment) {
        guard newTime >= time else { return }
        scrollGestures.removeAll(keepingCapacity: true)
        scrollRecognizer.expire(at: newTime, into: &scrollGestures)
        applyScrollGestures(environment: environment)
        advance(to: newTime)
    }

    /// One scroll delta at `at`. A wheel never drags the content (as in libadwaita's swipe
    /// tracker): it scrolls the list under the pointer, if any (`wheel(dy:environment:)`).
    mutating func scroll(
        dx: Double, dy: Double, source: ScrollSource, at: Double,
        environment: some DismissEnvironment
    ) {
        guard source == .touchpad else { return wheel(dy: dy, environment: environment) }
        scrollGestures.removeAll(keepingCapacity: true)
        scrollRecognizer.scroll(dx: dx, dy: dy, source: source, at: at, into: &scrollGestures)
        applyScrollGestures(environment: environment)
    }

    /// The touchpad's fingers lifted: a touchpad pan releases.
    mutating func stopScroll(at: Double, environment: some DismissEnvironment) {
        scrollGestures.removeAll(keepingCapacity: true)
        scrollRecognizer.stop(at: at, into: &scrollGestures)
        applyScrollGestures(environment: environment)
    }

    /// Cancels the touchpad stream in progress (a press took over, or the system cancelled).
    mutating func cancelScroll(at: Double, environment: some DismissEnvironment) {
        scrollGestures.removeAll(keepingCapacity: true)
        scrollRecognizer.cancel(at: at, into: &scrollGestures)
        applyScrollGestures(environment: environment)
    }

    /// Forgets the pointer's press and stops following the touchpad (the content was sent
    /// somewhere by a key, a tap, `present()` or `dismiss()`). The rest of the touchpad
    /// stream is ignored until it ends.
    mutating func forgetGestures() {
        recognizer.reset()
        touchpadPan = false
        endListGesture(fingerVelocity: 0)
    }

    /// The deceleration a release projects with: the configuration's, or the touchpad's for
    /// a touchpad pan.
    func projectionRate(_ configured: Double) -> Double {
        touchpadPan ? VelocityProjection.touchpadDecelerationRate : configured
    }

    /// Applies each gesture the scroll recognizer reported, at its own time (an expired
    /// stream ends at its deadline, before whatever came later).
    private mutating func applyScrollGestures(environment: some DismissEnvironment) {
        var index = 0
        while index < scrollGestures.count {
            let timed = scrollGestures[index]
            index += 1
            advance(to: max(timed.time, time))
            handleTouchpad(timed.gesture, environment: environment)
        }
        scrollGestures.removeAll(keepingCapacity: true)
    }

    private mutating func handleTouchpad(
        _ gesture: PanRecognizer.Gesture, environment: some DismissEnvironment
    ) {
        switch gesture {
        case .began(let translation):
            touchpadPan = false
            guard !recognizer.isPressed, alongDismissAxis(translation) else { return }
            touchpadPan = true
            // The same hand-off as a pointer drag: over the list at the top detent the
            // stream scrolls the list first (the pointer's last known place says where it
            // is; before any, it counts as over the list, as a wheel does).
            beginListGesture(at: pointer, environment: environment)
            grabContent()
            move(translation: translation, began: true, environment: environment)
        case .changed(let translation):
            guard touchpadPan else { return }
            move(translation: translation, began: false, environment: environment)
        case .ended(let translation, let velocity):
            guard touchpadPan else { return }
            if isFree {
                releaseFree(velocity: velocity, environment: environment)
                touchpadPan = false
                return
            }
            let along = configuration.direction.component(of: velocity)
            if listGesture.handOff {
                releaseHandOff(translation: translation, velocity: along, environment: environment)
            } else {
                release(translation: translation, velocity: along, environment: environment)
                endListGesture(fingerVelocity: 0)
            }
            touchpadPan = false
        case .cancelled:
            guard touchpadPan else { return }
            touchpadPan = false
            cancel()
            endListGesture(fingerVelocity: 0)
        case .pressed, .tapped:
            break
        }
    }

    /// Whether a locked stream's translation (zero across its axis) lies along the dismiss
    /// direction's axis.
    private func alongDismissAxis(_ translation: Point) -> Bool {
        switch configuration.direction {
        case .down, .up: translation.x == 0 && translation.y != 0
        case .left, .right: translation.y == 0 && translation.x != 0
        case .free: translation != .zero
        }
    }
}
