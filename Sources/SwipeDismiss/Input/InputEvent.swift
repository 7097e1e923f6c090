/// A key the controller understands.
public enum Key: Hashable, Sendable {
    /// Escape: dismisses (if `escapeDismisses`), or declines a pending dismiss attempt.
    case escape
    /// Space: presents the content again once dismissed.
    case space
    /// Enter or Return: presents the content again once dismissed.
    case enter
    /// Page Up: scrolls the sheet's list up by a page.
    case pageUp
    /// Page Down: scrolls the sheet's list down by a page.
    case pageDown
    /// Home: scrolls the sheet's list to its top.
    case home
    /// End: scrolls the sheet's list to its end.
    case end
    /// Tab: moves the keyboard focus to the sheet's next item.
    case tab
    /// Shift+Tab (X sends `ISO_Left_Tab`): moves the keyboard focus to the previous item.
    case shiftTab
    /// Back: `XF86Back`, Alt+Left or mouse button 8; dismisses through the policy with
    /// reason `.back`.
    case back
    /// Ctrl+Up: moves the sheet one detent up.
    case controlUp
    /// Ctrl+Down: moves the sheet one detent down (never dismisses).
    case controlDown
    /// Any other key, by its trace name.
    case other(String)

    /// The key for a trace name such as `"Escape"`.
    package init(name: String) {
        switch name {
        case "Escape": self = .escape
        case "Space", "space", " ": self = .space
        case "Enter", "Return": self = .enter
        case "PageUp": self = .pageUp
        case "PageDown": self = .pageDown
        case "Home": self = .home
        case "End": self = .end
        case "Tab": self = .tab
        case "Shift+Tab", "ISO_Left_Tab": self = .shiftTab
        case "Back", "XF86Back", "Alt+Left": self = .back
        case "Ctrl+Up": self = .controlUp
        case "Ctrl+Down": self = .controlDown
        default: self = .other(name)
        }
    }

    /// The name used in traces.
    package var name: String {
        switch self {
        case .escape: "Escape"
        case .space: "Space"
        case .enter: "Enter"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .home: "Home"
        case .end: "End"
        case .tab: "Tab"
        case .shiftTab: "Shift+Tab"
        case .back: "Back"
        case .controlUp: "Ctrl+Up"
        case .controlDown: "Ctrl+Down"
        case .other(let name): name
        }
    }
}

/// One input event at a time in seconds on the controller's clock.
public struct InputEvent: Hashable, Sendable {
    /// The kinds of input: pointer, key and scroll events, and a cancel.
    public enum Kind: Hashable, Sendable {
        /// The pointer was pressed at a point (viewport coordinates, points).
        case down(Point)
        /// The pressed pointer moved.
        case move(Point)
        /// The pointer was released.
        case up(Point)
        /// A key was pressed.
        case key(Key)
        /// The system took the gesture away (grab lost, focus lost, trace said so).
        case cancel
        /// A scroll of (`dx`, `dy`) points, signed like a pointer drag: positive `dy` moves
        /// the content down, toward a `.down` dismissal.
        ///
        /// A touchpad stream drags the content as a pointer would; a wheel never does.
        case scroll(dx: Double, dy: Double, source: ScrollSource)
        /// The touchpad's fingers lifted: the scroll gesture in progress ends.
        case scrollStop
        /// The window became `Size` points large: the controller lays everything out again
        /// (`DismissController.resize(to:)`), as a live resize does.
        case viewport(Size)
    }

    /// When the event happened, in seconds on the controller's clock.
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// The event `kind` at `time`.
    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The pointer location, for pointer events.
    package var location: Point? {
        switch kind {
        case .down(let p), .move(let p), .up(let p): p
        case .key, .cancel, .scroll, .scrollStop, .viewport: nil
        }
    }
}

/// Where input comes from: a window, a recorded trace, a test.
public protocol InputSource: AnyObject {
    /// Appends, in time order, every pending event with `time <= time` to `events`.
    ///
    /// The caller owns the buffer and reuses it, so polling allocates nothing.
    func events(upTo time: Double, into events: inout [InputEvent])

    /// The time of the next event the source already knows about, if any.
    ///
    /// A replaying source uses this so an event loop can sleep until then;
    /// a live source returns nil.
    var nextEventTime: Double? { get }
}

extension InputSource {
    /// By default the source knows no event ahead of time.
    public var nextEventTime: Double? { nil }
}

/// An input source fed by hand; events are kept in time order.
public final class QueuedInputSource: InputSource {
    private var pending: [InputEvent] = []
    private var head = 0

    /// A source holding `events`, sorted into time order.
    public init(_ events: [InputEvent] = []) {
        events.forEach(enqueue)
    }

    /// Adds an event; an event older than the last one queued is moved to that time.
    public func enqueue(_ event: InputEvent) {
        var event = event
        if let last = pending.last, !(event.time >= last.time) { event.time = last.time }
        pending.append(event)
    }

    /// Hands out the queued events up to `time`, in order.
    public func events(upTo time: Double, into events: inout [InputEvent]) {
        while head < pending.count, pending[head].time <= time {
            events.append(pending[head])
            head += 1
        }
        if head == pending.count, head > 0 {
            pending.removeAll(keepingCapacity: true)
            head = 0
        }
    }

    /// The time of the first event not yet handed out.
    public var nextEventTime: Double? { head < pending.count ? pending[head].time : nil }
}
