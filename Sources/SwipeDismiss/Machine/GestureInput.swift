/// What the machine makes of raw input: a pointer's presses and a touchpad's scroll streams
/// turned into pans, and the pointer's last known place (which wins over the touchpad:
/// `DismissMachine+Scroll.swift`).
struct GestureInput: Sendable {
    /// Turns pointer presses, moves and releases into pans and taps.
    var pointer: PanRecognizer
    /// Turns a touchpad's scroll stream into pans.
    private(set) var touchpad = ScrollGestureRecognizer()
    /// The touchpad recognizer's last output, reused so a steady pan allocates nothing.
    private(set) var touchpadGestures: [TimedPanGesture] = []
    /// Whether the drag in progress is a touchpad pan (its release projects at 0.997).
    var isTouchpadPan = false
    /// The pointer's last known location, for a wheel or a touchpad pan (which have none).
    var location: Point?

    /// Input for content moving as `configuration` says: content in the plane pans with
    /// both of a touchpad's axes at once.
    init(configuration: DismissConfiguration) {
        pointer = PanRecognizer(slop: configuration.touchSlop)
        touchpad.locksAxis = configuration.direction != .free
        touchpadGestures.reserveCapacity(4)
    }

    /// Feeds the touchpad recognizer one thing (a delta, a lift, a cancel, or a time that
    /// may pass its deadline) in `step`, keeping in `touchpadGestures` only what it reports.
    mutating func feedTouchpad(
        _ step: (inout ScrollGestureRecognizer, inout [TimedPanGesture]) -> Void
    ) {
        touchpadGestures.removeAll(keepingCapacity: true)
        step(&touchpad, &touchpadGestures)
    }

    /// Forgets the pointer's press and stops following the touchpad; the rest of the
    /// touchpad stream is ignored until it ends.
    mutating func forget() {
        pointer.reset()
        isTouchpadPan = false
    }

    /// Whether a locked stream's translation (zero across its axis) lies along `direction`'s
    /// axis.
    static func isAlong(_ translation: Point, _ direction: DismissDirection) -> Bool {
        switch direction {
        case .down, .up: translation.x == 0 && translation.y != 0
        case .left, .right: translation.y == 0 && translation.x != 0
        case .free: translation != .zero
        }
    }
}
