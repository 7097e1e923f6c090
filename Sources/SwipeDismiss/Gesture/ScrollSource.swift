/// Where a scroll came from, as traces spell it (`"touchpad"`, `"wheel"`).
///
/// The two behave differently on purpose, as in libadwaita's swipe tracker: a touchpad's
/// smooth two-finger scroll follows the fingers, so it may drag the content; a mouse wheel
/// moves in clicks that say nothing about a hand's speed, so it never drags (the driver
/// routes it to list scrolling instead).
public enum ScrollSource: String, Hashable, Sendable, CaseIterable {
    /// A touchpad's smooth scroll: deltas that follow the fingers, ended by a scroll-stop.
    case touchpad
    /// A mouse wheel, clicky or high-resolution: never a drag.
    case wheel
}

/// A pan gesture together with the time it happened, in seconds on the controller's clock.
///
/// A scroll gesture can end at a time no event carries (its deadline), so the recognizer
/// reports each gesture with its own time.
package struct TimedPanGesture: Hashable, Sendable {
    /// When the gesture happened, in seconds on the controller's clock.
    package var time: Double
    /// What the recognizer made of the scroll at that time.
    package var gesture: PanRecognizer.Gesture

    /// The gesture `gesture` at `time`.
    package init(time: Double, gesture: PanRecognizer.Gesture) {
        self.time = time
        self.gesture = gesture
    }
}
