/// The controller's decisions as a value: input events and time in, a new state and the
/// events for observers out.
///
/// It owns no plugin and reads no clock. Its driver (`DismissController`) hands it each event
/// at its time with a way to hit-test a point, and the times to advance to, then tells the
/// observers what `effects` holds and clears it. Being a `Sendable` value, it can be copied,
/// stepped at two frame rates side by side and fuzzed without a window.
public struct DismissMachine: Sendable {
    /// What a point lands on with the content at an offset: the presenter's hit test.
    public typealias HitTest = (_ point: Point, _ offset: Double) -> HitRegion

    enum Motion: Sendable {
        case rest(Double)
        case spring(SpringMotion)
        /// The machine's `additive` motion. It lives outside this enum so that retargeting
        /// mutates its buffer in place instead of copying it.
        case additive
    }

    /// Every number and policy the machine follows.
    public let configuration: DismissConfiguration
    /// Where the presentation is in its life.
    public private(set) var phase: DismissPhase
    /// The machine's time: the latest time it was advanced to, in seconds.
    public private(set) var time: Double
    /// Counts presentations; 1 for the first.
    public private(set) var presentationCount = 1
    /// How far the content travels to leave: the presenter's dismiss distance.
    public private(set) var distance: Double
    /// What the observers should hear, oldest first, since the driver last cleared it.
    public private(set) var effects: [DismissEvent] = []
    var motion: Motion
    var additive: AdditiveSpringMotion
    var alphaMode = BackdropAlpha.curve
    var recognizer: PanRecognizer
    /// The raw (un-banded) offset the drag started from: 0, or where a caught animation was.
    var dragBase = 0.0
    /// The translation of the pan's last `.changed` along the direction (the seed's
    /// `viewTranslation`, which its release decides on); 0 until the pan changes.
    var lastChange = 0.0
    var completionSent = false

    /// A machine at `time`, presented and at rest (or dismissed, if `presented` is false).
    public init(
        configuration: DismissConfiguration, dismissDistance: Double, time: Double,
        presented: Bool = true
    ) {
        self.configuration = configuration
        self.time = time
        distance = dismissDistance
        recognizer = PanRecognizer(slop: configuration.touchSlop)
        phase = presented ? .presented : .dismissed
        motion = .rest(presented ? 0 : distance)
        if case .additiveSpring(let response) = configuration.tracking {
            additive = AdditiveSpringMotion(response: response)
        } else {
            additive = AdditiveSpringMotion(response: .uikit, capacity: 1)
        }
        if !presented {
            alphaMode = .fixed(0)
            completionSent = true
        }
        effects.reserveCapacity(8)
    }

    /// The state now.
    public var state: DismissState { state(at: time) }

    /// Whether something is moving, so the driver should keep advancing it every frame.
    public var isAnimating: Bool {
        switch phase {
        case .presenting, .settling, .dismissing: return true
        case .dragging:
            if case .rest = motion { return !alphaMode.isSettled(at: time) }
            return true
        case .presented, .dismissed: return false
        }
    }

    /// Forgets the effects the driver has passed on (keeping the buffer).
    public mutating func clearEffects() {
        effects.removeAll(keepingCapacity: true)
    }

    /// Takes a new dismiss distance (the viewport changed); a dismissed content stays off screen.
    public mutating func setDismissDistance(_ newDistance: Double) {
        guard newDistance != distance else { return }
        distance = newDistance
        if phase == .dismissed { motion = .rest(distance) }
    }

    /// Applies one event at its own time (clamped so time never runs backwards); events with
    /// a non-finite time or location are dropped.
    public mutating func handle(_ event: InputEvent, hitTest: HitTest) {
        guard event.time.isFinite else { return }
        if let location = event.location, !location.isFinite { return }
        advance(to: max(event.time, time))
        let at = time
        switch event.kind {
        case .key(let key):
            handle(key: key)
            return
        case .down, .move, .up, .cancel:
            break
        }
        var stamped = event
        stamped.time = at
        if case .down = event.kind, recognizer.isPressed {
            // A press without a release of the one before (a trace can say so): the old
            // gesture is cancelled first, so the new press is seen as a press.
            if let gesture = recognizer.handle(InputEvent(time: at, kind: .cancel)) {
                handle(gesture, hitTest: hitTest)
            }
        }
        guard let gesture = recognizer.handle(stamped) else { return }
        handle(gesture, hitTest: hitTest)
    }

    /// Starts an animated presentation if the modal is dismissed (or on its way out).
    ///
    /// During a dismissal it first ends that presentation with its one `didDismiss`
    /// (phase `.dismissing`, where the content was); the new one starts from there.
    public mutating func present() {
        guard phase == .dismissed || phase == .dismissing else { return }
        if !completionSent {
            completionSent = true
            emit(.didDismiss(state(at: time)))
        }
        presentationCount += 1
        completionSent = false
        recognizer.reset()
        motion = springFromHere(configuration.presentSpring, to: 0, velocity: 0)
        alphaMode = .presenting
        setPhase(.presenting)
    }

    /// Starts an animated dismissal with no velocity, from wherever the content is.
    public mutating func dismiss() {
        guard phase != .dismissing, phase != .dismissed else { return }
        recognizer.reset()
        startDismissal(velocity: 0)
    }

    /// Moves the model to `newTime`, finishing any animation that has come to rest by then.
    public mutating func advance(to newTime: Double) {
        guard newTime >= time else { return }
        time = newTime
        switch motion {
        case .rest:
            break
        case .spring(let springMotion):
            if phase == .dismissing, hasLeft(springMotion) {
                motion = .rest(distance)
            } else if springMotion.isSettled(at: time) {
                motion = .rest(springMotion.to)
            } else {
                return
            }
        case .additive:
            additive.dropFinishedTerms(at: time)
            guard additive.isSettled(at: time) else { return }
            motion = .rest(additive.target)
        }
        guard alphaMode.isSettled(at: time) else { return }
        switch phase {
        case .presenting:
            alphaMode = .curve
            setPhase(.presented)
            emit(.didPresent(state(at: time)))
        case .settling:
            setPhase(.presented)
        case .dismissing:
            alphaMode = .fixed(0)
            setPhase(.dismissed)
            if !completionSent {
                completionSent = true
                emit(.didDismiss(state(at: time)))
            }
        case .dragging, .presented, .dismissed:
            break
        }
    }

    /// Whether a dismissal aimed past the edge has taken the content fully off screen.
    ///
    /// Only for springs that cannot swing back (ζ ≥ 1): once such a motion has crossed the
    /// edge toward a target beyond it, it stays beyond, so the answer at a given time does
    /// not depend on which frames were sampled before it.
    private func hasLeft(_ springMotion: SpringMotion) -> Bool {
        springMotion.to > distance && springMotion.spring.dampingRatio >= 1 - 1e-9
            && springMotion.value(at: time) >= distance
    }

    mutating func setPhase(_ newPhase: DismissPhase) {
        guard newPhase != phase else { return }
        let old = phase
        phase = newPhase
        emit(.phaseChanged(from: old, to: newPhase, state: state(at: time)))
    }

    mutating func emit(_ event: DismissEvent) {
        effects.append(event)
    }

    func unband(_ offset: Double) -> Double {
        guard offset < 0, case .rubberBand(let coefficient) = configuration.reverseDrag else {
            return offset
        }
        return RubberBand(coefficient: coefficient, dimension: distance).raw(forBanded: offset)
    }

    func offset(at time: Double) -> Double {
        switch motion {
        case .rest(let offset): offset
        case .spring(let springMotion): springMotion.value(at: time)
        case .additive: additive.value(at: time)
        }
    }

    func currentAlpha(offset: Double, at time: Double? = nil) -> Double {
        alphaMode.alpha(
            offset: offset, at: time ?? self.time, curve: configuration.alphaCurve,
            dismissDistance: distance)
    }

    /// The state at `time` (not before the machine's own time, for sensible answers).
    public func state(at time: Double) -> DismissState {
        let offset = offset(at: time)
        let progress = distance > 0 ? min(1, max(0, offset / distance)) : 0
        return DismissState(
            time: time, offset: offset, alpha: currentAlpha(offset: offset, at: time),
            progress: progress,
            phase: phase)
    }
}
