import SwipeDismiss
import SwipeDismissHost

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
    /// GDK's stamps on the clock: the hosts' one mapper (X11's and Wayland's too).
    private var times = DeviceTimeMapper(zeroStamp: .unstamped)
    /// Whether a pointer press is in progress (a `.down` without its `.up` or `.cancel`).
    public private(set) var isPressed = false

    /// A source stamping events on `clock`.
    public init(clock: TimeSource) {
        self.clock = clock
    }

    /// The time on the clock of an event GDK stamped `milliseconds`.
    public func time(ofEventMilliseconds milliseconds: UInt32) -> Double {
        times.map(milliseconds: milliseconds, now: clock.now)
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
