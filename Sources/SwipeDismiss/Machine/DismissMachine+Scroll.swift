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
    package var scrollDeadline: Double? { input.touchpad.deadline }

    /// Moves the model to `newTime`, first ending at its deadline a touchpad stream that has
    /// gone quiet for 150 ms, so the state at a time never depends on how often this runs.
    mutating func advanceTime(to newTime: Double, environment: some DismissEnvironment) {
        guard newTime >= time else { return }
        feedTouchpad({ $0.expire(at: newTime, into: &$1) }, environment: environment)
        moveClock(to: newTime)
    }

    /// Forgets the pointer's press and stops following the touchpad (the content was sent
    /// somewhere by a key, a tap, `present()` or `dismiss()`). The rest of the touchpad
    /// stream is ignored until it ends.
    mutating func forgetGestures() {
        input.forget()
        endListGesture(fingerVelocity: 0)
    }

    /// Feeds the touchpad recognizer one thing in `step` (`GestureInput.feedTouchpad(_:)`), then
    /// applies each gesture it reported at its own time (an expired stream ends at its
    /// deadline, before whatever came later).
    mutating func feedTouchpad(
        _ step: (inout ScrollGestureRecognizer, inout [TimedPanGesture]) -> Void,
        environment: some DismissEnvironment
    ) {
        input.feedTouchpad(step)
        for index in input.touchpadGestures.indices {
            let timed = input.touchpadGestures[index]
            moveClock(to: max(timed.time, time))
            handleTouchpad(timed.gesture, environment: environment)
        }
    }

    /// One gesture of a touchpad pan: a pan that starts along the dismiss axis while no
    /// pointer is pressed grabs the content as a press on it would; the rest of it takes the
    /// pointer's path (`handle(_:environment:)`).
    private mutating func handleTouchpad(
        _ gesture: PanRecognizer.Gesture, environment: some DismissEnvironment
    ) {
        if case .began(let translation) = gesture {
            input.isTouchpadPan =
                !input.pointer.isPressed
                && GestureInput.isAlong(translation, configuration.direction)
            guard input.isTouchpadPan else { return }
            beginListGesture(at: input.location, environment: environment)
            grabContent()
            return move(translation: translation, began: true)
        }
        guard input.isTouchpadPan else { return }
        handle(gesture, environment: environment)
        // An end or a cancel ends the pan (after its release, which projects as a touchpad's).
        if case .changed = gesture { return }
        input.isTouchpadPan = false
    }
}
