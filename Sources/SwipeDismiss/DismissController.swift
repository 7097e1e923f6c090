/// Drives one modal: reads input, runs the gesture and the springs, and renders frames.
///
/// It is built with its collaborators and names no plugin. Each `step()` reads the clock,
/// applies every input event at its own timestamp, and renders only if the picture changed.
/// The state at a given time depends only on the events, never on how often `step()` ran.
public final class DismissController {
    public let configuration: DismissConfiguration
    public let input: InputSource
    public let presenter: Presenter
    public let renderer: Renderer
    public let clock: Clock

    /// The state as of the last `step()`.
    public private(set) var state: DismissState
    /// How many frames this controller has rendered.
    public private(set) var framesRendered = 0
    /// Counts presentations; 1 for the first.
    public private(set) var presentationCount = 1

    private enum Motion {
        case rest(Double)
        case spring(SpringMotion)
        /// The controller's `additive` motion. It lives outside this enum so that retargeting
        /// mutates its buffer in place instead of copying it.
        case additive
    }

    private var phase: DismissPhase
    private var motion: Motion
    private var additive: AdditiveSpringMotion
    private var alphaMode = BackdropAlpha.curve
    private var recognizer: PanRecognizer
    /// The raw (un-banded) offset the drag started from: 0, or where a caught animation was.
    private var dragBase = 0.0
    /// The translation of the pan's last `.changed` along the direction (the seed's
    /// `viewTranslation`, which its release decides on); 0 until the pan changes.
    private var lastChange = 0.0
    private var time: Double
    private var completionSent = false
    private var scene: Scene
    private var viewport: Size
    private var distance: Double
    private var needsDisplay = true
    private var lastRendered: DismissState?
    private var pending: [InputEvent] = []
    private var observers: [(DismissEvent) -> Void] = []

    /// A controller showing the modal presented and at rest (or dismissed, if `presented` is false).
    public init(
        input: InputSource, presenter: Presenter, renderer: Renderer, clock: Clock,
        configuration: DismissConfiguration = .fluid, presented: Bool = true
    ) {
        self.input = input
        self.presenter = presenter
        self.renderer = renderer
        self.clock = clock
        self.configuration = configuration
        recognizer = PanRecognizer(slop: configuration.touchSlop)
        time = clock.now
        viewport = renderer.viewport
        scene = presenter.makeScene(viewport: viewport)
        distance = presenter.dismissDistance(direction: configuration.direction, viewport: viewport)
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
        state = DismissState(time: time, offset: 0, alpha: 0, progress: 0, phase: phase)
        pending.reserveCapacity(64)
        state = evaluate(at: time)
    }

    // MARK: Observing

    /// Calls `observer` for every phase change, dismissal and presentation.
    public func addObserver(_ observer: @escaping (DismissEvent) -> Void) {
        observers.append(observer)
    }

    // MARK: Driving

    /// Whether something is moving, so the owner should keep calling `step()` every frame.
    public var isAnimating: Bool {
        switch phase {
        case .presenting, .settling, .dismissing: return true
        case .dragging:
            if case .rest = motion { return !alphaMode.isSettled(at: time) }
            return true
        case .presented, .dismissed: return false
        }
    }

    /// When the owner should call `step()` next: now if animating, else the input's next
    /// known event (a replay), else nil (wait for input).
    public var nextWakeTime: Double? {
        if isAnimating || needsDisplay { return time }
        return input.nextEventTime
    }

    /// Asks for the next `step()` to render even if nothing moved (after an expose, say).
    public func setNeedsDisplay() {
        needsDisplay = true
    }

    /// Re-reads the renderer's viewport and lays the scene out again.
    public func viewportDidChange() {
        let size = renderer.viewport
        guard size != viewport else { return }
        let oldDistance = distance
        viewport = size
        scene = presenter.makeScene(viewport: size)
        distance = presenter.dismissDistance(direction: configuration.direction, viewport: size)
        if phase == .dismissed, oldDistance != distance { motion = .rest(distance) }
        needsDisplay = true
    }

    /// Advances to the clock's time: applies pending input, animates, and renders if the
    /// picture changed (or `forceRender`). Returns whether a frame was rendered.
    @discardableResult
    public func step(forceRender: Bool = false) throws -> Bool {
        let now = max(clock.now, time)
        pending.removeAll(keepingCapacity: true)
        input.events(upTo: now, into: &pending)
        for event in pending {
            handle(event)
        }
        advance(to: now)
        return try renderIfNeeded(force: forceRender)
    }

    /// Applies one event at its own time (clamped so time never runs backwards).
    public func handle(_ event: InputEvent) {
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
                handle(gesture)
            }
        }
        guard let gesture = recognizer.handle(stamped) else { return }
        handle(gesture)
    }

    /// Starts an animated presentation if the modal is dismissed (or on its way out).
    ///
    /// Called during a dismissal, it first ends that presentation: its observers get its one
    /// `didDismiss` (phase `.dismissing`, where the content was), then the new presentation
    /// starts from there.
    public func present() {
        guard phase == .dismissed || phase == .dismissing else { return }
        if !completionSent {
            completionSent = true
            emit(.didDismiss(evaluate(at: time)))
            // An observer may have presented again from inside `didDismiss`.
            guard phase == .dismissed || phase == .dismissing, completionSent else { return }
        }
        presentationCount += 1
        completionSent = false
        recognizer.reset()
        motion = springFromHere(configuration.presentSpring, to: 0, velocity: 0)
        alphaMode = .presenting
        setPhase(.presenting)
    }

    /// Starts an animated dismissal with no velocity, from wherever the content is.
    public func dismiss() {
        guard phase != .dismissing, phase != .dismissed else { return }
        recognizer.reset()
        startDismissal(velocity: 0)
    }

    // MARK: Gestures

    private func handle(key: Key) {
        switch key {
        case .escape:
            if configuration.escapeDismisses { dismiss() }
        case .space, .enter:
            if phase == .dismissed { present() }
        case .other:
            break
        }
    }

    private func handle(_ gesture: PanRecognizer.Gesture) {
        switch gesture {
        case .pressed(let point):
            press(at: point)
        case .began(let translation):
            move(translation: translation, began: true)
        case .changed(let translation):
            move(translation: translation, began: false)
        case .ended(let translation, let velocity):
            release(
                translation: translation, velocity: configuration.direction.component(of: velocity))
        case .cancelled:
            cancel()
        case .tapped(let point):
            tap(at: point)
        }
    }

    private func press(at point: Point) {
        switch phase {
        case .presenting, .settling:
            guard configuration.catchesAnimations, hit(point) == .content else { return }
            // Catch the content where it is; the drag continues from there with no jump.
            let offset = offset(at: time)
            motion = .rest(offset)
            dragBase = unband(offset)
            alphaMode = .curve
            setPhase(.dragging)
        case .presented:
            // 1:1 tracking picks up where the content is; the seed's spring tracking
            // (like its `transform = translation`) always counts from zero.
            if case .direct = configuration.tracking {
                dragBase = unband(offset(at: time))
            } else {
                dragBase = 0
            }
        case .dragging, .dismissing, .dismissed:
            break
        }
    }

    private func move(translation: Point, began: Bool) {
        switch phase {
        case .presented, .settling, .presenting:
            if phase != .presented && configuration.catchesAnimations { return }
            // A drag that starts while an uncatchable animation runs takes over from it.
            if phase != .presented { dragBase = 0 }
            // Additive tracking animates the alpha from its previous target, kept as it is.
            if configuration.tracking == .direct { alphaMode = .curve }
        case .dragging:
            break
        case .dismissing, .dismissed:
            return
        }
        let along = configuration.direction.component(of: translation)
        // The seed's handler has no `.began` case: with spring tracking the content first
        // moves on the next change. Move first, then announce the phase, so observers see
        // where the drag has got to.
        if began {
            lastChange = 0
        } else {
            lastChange = along
        }
        if !began || configuration.tracking == .direct {
            follow(raw: dragBase + along)
        }
        setPhase(.dragging)
    }

    /// Sends the content toward a raw drag offset, through the reverse-drag policy.
    private func follow(raw: Double) {
        let target: Double
        if raw >= 0 {
            target = raw
        } else {
            switch configuration.reverseDrag {
            case .ignore: return
            case .rubberBand(let coefficient):
                target = RubberBand(coefficient: coefficient, dimension: distance).banded(raw)
            }
        }
        switch configuration.tracking {
        case .direct:
            motion = .rest(target)
        case .additiveSpring(let response):
            let previousAlpha = alphaTarget()
            makeAdditive()
            additive.retarget(to: target, at: time)
            alphaMode = .retarget(
                from: previousAlpha,
                to: configuration.alphaCurve.alpha(offset: target, dismissDistance: distance),
                start: time, response: response)
        }
    }

    /// The alpha a new colour animation starts from: the target of the one running (UIKit's
    /// model value), not the alpha shown now.
    private func alphaTarget() -> Double {
        alphaMode.target(
            offset: offset(at: time), curve: configuration.alphaCurve, dismissDistance: distance)
    }

    /// Makes `additive` the motion, starting at rest where the content is if it was not.
    private func makeAdditive() {
        if case .additive = motion { return }
        additive.reset(to: offset(at: time))
        motion = .additive
    }

    private func release(translation: Point, velocity: Double) {
        guard phase == .dragging else { return }
        let decisionOffset: Double
        switch configuration.tracking {
        case .direct: decisionOffset = offset(at: time)
        case .additiveSpring: decisionOffset = dragBase + lastChange
        }
        if configuration.release.dismisses(offset: decisionOffset, velocity: velocity) {
            startDismissal(velocity: velocity)
        } else {
            snapBack(velocity: velocity)
        }
    }

    private func cancel() {
        guard phase == .dragging else { return }
        switch configuration.cancelBehavior {
        case .snapBack:
            snapBack(velocity: 0)
        case .strand:
            setPhase(isAnimating ? .settling : .presented)
        }
    }

    private func tap(at point: Point) {
        switch phase {
        case .dragging:
            // A caught animation let go without moving: the press only held it, so it goes
            // back to rest (a click on a card that is still coming in must not dismiss it).
            snapBack(velocity: 0)
        case .presented, .settling:
            if configuration.backdropTapDismisses, hit(point) == .backdrop { dismiss() }
        case .dismissed:
            present()
        case .presenting, .dismissing:
            break
        }
    }

    private func hit(_ point: Point) -> HitRegion {
        presenter.hitTest(
            point, offset: offset(at: time), direction: configuration.direction,
            viewport: viewport)
    }

    // MARK: Animations

    private func snapBack(velocity: Double) {
        if case .additiveSpring(let response) = configuration.tracking {
            // One more step, to 0, on top of the moves in flight: the content glides on.
            let previousAlpha = alphaTarget()
            makeAdditive()
            additive.retarget(to: 0, at: time)
            alphaMode = .retarget(
                from: previousAlpha, to: configuration.alphaCurve.rest, start: time,
                response: response)
            setPhase(.settling)
            return
        }
        let from = offset(at: time)
        // Without the release velocity, UIKit's relative initial velocity 1: `1 · (0 - from)`.
        let initial = configuration.snapBackUsesReleaseVelocity ? velocity : -from
        motion = springFromHere(configuration.snapBackSpring, to: 0, velocity: initial)
        alphaMode = .curve
        setPhase(.settling)
    }

    private func startDismissal(velocity: Double) {
        let from = offset(at: time)
        switch configuration.dismissStyle {
        case .clearBackdropAtOnce(let spring):
            motion = springFromHere(spring, to: distance, velocity: distance - from)
            alphaMode = .fixed(0)
        case .fadeWithContent(let spring):
            alphaMode = .fade(offset: from, alpha: currentAlpha(offset: from), target: distance)
            // Aimed past the edge so the content leaves at speed instead of creeping up to
            // it; `advance(to:)` ends the dismissal the moment it is fully off screen.
            motion = springFromHere(spring, to: distance * Self.exitOvershoot, velocity: velocity)
        }
        setPhase(.dismissing)
    }

    /// A spring motion from where the content is now, starting now.
    private func springFromHere(_ spring: Spring, to target: Double, velocity: Double) -> Motion {
        .spring(
            SpringMotion(
                spring: spring, from: offset(at: time), to: target, initialVelocity: velocity,
                startTime: time, restDistance: configuration.restDistance,
                restSpeed: configuration.restSpeed))
    }

    /// How far past the dismiss distance a fading exit aims, as a multiple of it.
    static let exitOvershoot = 1.25

    /// Moves the model to `newTime`, finishing any animation that has come to rest by then.
    private func advance(to newTime: Double) {
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
            emit(.didPresent(evaluate(at: time)))
        case .settling:
            setPhase(.presented)
        case .dismissing:
            alphaMode = .fixed(0)
            setPhase(.dismissed)
            if !completionSent {
                completionSent = true
                emit(.didDismiss(evaluate(at: time)))
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

    private func setPhase(_ newPhase: DismissPhase) {
        guard newPhase != phase else { return }
        let old = phase
        phase = newPhase
        state = evaluate(at: time)
        emit(.phaseChanged(from: old, to: newPhase, state: state))
    }

    private func emit(_ event: DismissEvent) {
        for observer in observers { observer(event) }
    }

    // MARK: State

    private func unband(_ offset: Double) -> Double {
        guard offset < 0, case .rubberBand(let coefficient) = configuration.reverseDrag else {
            return offset
        }
        return RubberBand(coefficient: coefficient, dimension: distance).raw(forBanded: offset)
    }

    private func offset(at time: Double) -> Double {
        switch motion {
        case .rest(let offset): offset
        case .spring(let springMotion): springMotion.value(at: time)
        case .additive: additive.value(at: time)
        }
    }

    private func currentAlpha(offset: Double, at time: Double? = nil) -> Double {
        alphaMode.alpha(
            offset: offset, at: time ?? self.time, curve: configuration.alphaCurve,
            dismissDistance: distance)
    }

    private func evaluate(at time: Double) -> DismissState {
        let offset = offset(at: time)
        let progress = distance > 0 ? min(1, max(0, offset / distance)) : 0
        return DismissState(
            time: time, offset: offset, alpha: currentAlpha(offset: offset, at: time),
            progress: progress,
            phase: phase)
    }

    private func renderIfNeeded(force: Bool) throws -> Bool {
        state = evaluate(at: time)
        if !force, !needsDisplay, let last = lastRendered, !state.looksDifferent(from: last) {
            return false
        }
        presenter.update(&scene, for: state, direction: configuration.direction)
        try renderer.render(scene, state: state)
        lastRendered = state
        needsDisplay = false
        framesRendered += 1
        return true
    }
}
