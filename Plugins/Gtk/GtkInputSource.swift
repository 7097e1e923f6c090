import SwipeDismiss

/// The GTK host's input: events from GTK's event controllers, stamped on the controller's
/// clock from their GDK event times.
///
/// GDK stamps events in milliseconds on the display's own clock (the X server's, the
/// compositor's). The first event anchors that clock to `clock.now`; later ones keep their
/// GDK spacing (so velocities are the finger's, not the event loop's), are never placed in
/// the future (a late anchor is moved back) and never run backwards. A time of 0 (a
/// synthesised event) reads as `clock.now`.
public final class GtkInputSource: InputSource {
    private let clock: TimeSource
    private let queue = QueuedInputSource()
    private var lastRaw: UInt32?
    private var elapsed = 0.0
    private var anchor: Double?
    private var lastTime = -Double.infinity
    /// Whether a pointer press is in progress (a `.down` without its `.up` or `.cancel`).
    public private(set) var isPressed = false

    /// A source stamping events on `clock`.
    public init(clock: TimeSource) {
        self.clock = clock
    }

    /// The time on the clock of an event GDK stamped `milliseconds`.
    public func time(ofEventMilliseconds milliseconds: UInt32) -> Double {
        let now = clock.now
        guard milliseconds != 0 else {
            lastTime = max(lastTime, now)
            return lastTime
        }
        if let lastRaw {
            // Wrapping difference: GDK times are 32-bit milliseconds (49.7 days a lap).
            elapsed += Double(Int32(bitPattern: milliseconds &- lastRaw)) / 1000
        }
        lastRaw = milliseconds
        let base = anchor ?? now - elapsed
        var time = base + elapsed
        var newAnchor = base
        if time > now {
            newAnchor -= time - now
            time = now
        }
        anchor = newAnchor
        time = max(time, lastTime)
        lastTime = time
        return time
    }

    /// Queues `kind` at the clock time of GDK time `milliseconds`.
    public func enqueue(_ kind: InputEvent.Kind, milliseconds: UInt32) {
        switch kind {
        case .down: isPressed = true
        case .up, .cancel: isPressed = false
        default: break
        }
        queue.enqueue(InputEvent(time: time(ofEventMilliseconds: milliseconds), kind: kind))
    }

    /// Hands out the queued events up to `time`, in order.
    public func events(upTo time: Double, into events: inout [InputEvent]) {
        queue.events(upTo: time, into: &events)
    }

    /// The time of the first event not yet handed out.
    public var nextEventTime: Double? { queue.nextEventTime }
}
