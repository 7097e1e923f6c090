/// Turns raw pointer events into pan gesture states, as UIPanGestureRecognizer does.
///
/// A press becomes a pan once the pointer has moved `slop` points; translation always
/// counts from the press point. A press released within the slop is a tap.
package struct PanRecognizer: Sendable {
    /// What the recognizer made of an event.
    package enum Gesture: Hashable, Sendable {
        /// The pointer was pressed (the pan has not begun yet).
        case pressed(at: Point)
        /// The pointer moved past the slop: the pan starts.
        case began(translation: Point)
        /// The pan moved.
        case changed(translation: Point)
        /// The pointer was released after a pan; velocity in points per second.
        case ended(translation: Point, velocity: Point)
        /// The pan (or press) was taken away.
        case cancelled(translation: Point)
        /// Pressed and released without moving past the slop.
        case tapped(at: Point)
    }

    /// How far the pointer must move before a press becomes a pan, in points.
    package var slop: Double
    /// The velocity estimate behind `.ended`, fed every pointer sample of the press.
    package private(set) var velocityTracker = VelocityTracker()
    /// Where the current press went down, or nil when the pointer is up.
    package private(set) var start: Point?
    /// Whether the current press has moved past the slop and become a pan.
    package private(set) var isPanning = false
    private var lastTime = -Double.infinity

    /// A recognizer that turns a press into a pan after `slop` points.
    package init(slop: Double = 4) {
        self.slop = slop
    }

    /// Whether the pointer is down.
    package var isPressed: Bool { start != nil }

    /// Feeds one event; returns the gesture it produced, if any.
    ///
    /// Events out of time order, or with non-finite coordinates, are dropped.
    package mutating func handle(_ event: InputEvent) -> Gesture? {
        guard event.time.isFinite, event.time >= lastTime else { return nil }
        if let location = event.location, !location.isFinite { return nil }
        lastTime = event.time
        switch event.kind {
        case .down(let point):
            if isPressed, let gesture = cancel() {
                // A second press without a release: the first gesture is lost.
                start = point
                velocityTracker.reset()
                velocityTracker.add(time: event.time, position: point)
                return gesture
            }
            start = point
            isPanning = false
            velocityTracker.reset()
            velocityTracker.add(time: event.time, position: point)
            return .pressed(at: point)
        case .move(let point):
            guard let start else { return nil }
            velocityTracker.add(time: event.time, position: point)
            let translation = point - start
            if isPanning { return .changed(translation: translation) }
            guard translation.length >= slop else { return nil }
            isPanning = true
            return .began(translation: translation)
        case .up(let point):
            guard let start else { return nil }
            velocityTracker.add(time: event.time, position: point)
            let wasPanning = isPanning
            self.start = nil
            isPanning = false
            let translation = point - start
            if wasPanning || translation.length >= slop {
                return .ended(translation: translation, velocity: velocityTracker.velocity)
            }
            return .tapped(at: start)
        case .cancel:
            return cancel()
        case .key, .scroll, .scrollStop, .viewport:
            // Scrolls are `ScrollGestureRecognizer`'s.
            return nil
        }
    }

    /// Forgets the current press: later moves and the release are ignored until the next press.
    package mutating func reset() {
        start = nil
        isPanning = false
    }

    private mutating func cancel() -> Gesture? {
        guard let start else { return nil }
        let last = lastPosition ?? start
        self.start = nil
        isPanning = false
        return .cancelled(translation: last - start)
    }

    private var lastPosition: Point? {
        velocityTracker.lastPosition
    }
}
