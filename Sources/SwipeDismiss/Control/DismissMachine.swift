/// What the state machine asks of the world it does not own: the presenter's hit test and
/// the app's dismissal policy.
public protocol DismissEnvironment {
    /// What `point` lands on with the content at `offset`: `.content` or `.backdrop`.
    func hitTest(_ point: Point, offset: Double) -> HitRegion
    /// What `point` lands on with the content moved by `translation` (`.free`).
    func hitTest(_ point: Point, translation: Point) -> HitRegion
    /// Whether a dismissal for `reason` may go ahead.
    func shouldDismiss(_ reason: DismissReason) -> Bool
    /// Which part of a sheet `point` lands on with the content at `offset`.
    func region(at point: Point, offset: Double) -> SheetRegion
    /// The id of the content's tappable item at `point` in `state`, if any.
    func contentItem(at point: Point, state: DismissState) -> String?
}

extension DismissEnvironment {
    /// By default nothing in the content is tappable.
    public func contentItem(at point: Point, state: DismissState) -> String? { nil }

    /// By default, the content moved by `translation`'s length along `.down`: an
    /// environment that drives `.free` content implements this itself.
    public func hitTest(_ point: Point, translation: Point) -> HitRegion {
        hitTest(point, offset: translation.length)
    }
}

/// What a step of the state machine asks its driver to do.
public enum DismissEffect: Hashable, Sendable {
    /// Tell the observers.
    case notify(DismissEvent)
    /// Draw the next frame even if the state looks the same.
    case needsDisplay
    /// The programmatic call numbered `request` (`present`, `dismiss`, `move`) is over:
    /// `succeeded` is false when it was vetoed, superseded or named an unknown detent.
    case complete(request: Int, succeeded: Bool)
}

/// The interaction as a pure value: inputs and time in, a new state and effects out.
///
/// It owns no plugin and reads no clock: `handle(_:environment:)` applies one input at its
/// own time, `advance(to:)` moves time on, and `state` is the picture at `time`. Effects
/// queue up in `effects` until the driver (`DismissController`) performs them and calls
/// `clearEffects()`. Because it is a `Sendable` value, a test can copy it, fork it and
/// replay it at any frame rate.
public struct DismissMachine: Sendable {
    /// The numbers and policies every decision follows.
    public let configuration: DismissConfiguration
    /// The time of the last input or `advance(to:)`; never runs backwards.
    public internal(set) var time: Double
    /// Where the presentation is in its life.
    public internal(set) var phase: DismissPhase
    /// Counts presentations; 1 for the first.
    public internal(set) var presentationCount = 1
    /// The detents resolved for the current viewport.
    public internal(set) var layout: DetentLayout
    /// Whether a vetoed dismissal waits for `dismiss(force: true)` or `declineDismissal()`.
    public internal(set) var isDismissAttemptPending = false
    /// Effects not yet performed, oldest first.
    public internal(set) var effects: [DismissEffect] = []

    /// Where the content is along the dismiss direction.
    enum Motion: Sendable {
        case rest(Double)
        case spring(SpringMotion)
        /// The machine's `additive` motion (additive tracking). It lives outside this enum
        /// so that retargeting mutates its buffer in place instead of copying it.
        case additive
    }

    enum AlphaMode: Sendable {
        /// The configuration's curve of the offset.
        case curve
        /// From `alpha` at `offset` down to 0 at `target`, in step with the content.
        case fade(offset: Double, alpha: Double, target: Double)
        /// A fixed value (the seed's cleared backdrop).
        case fixed(Double)
        /// From 0 off screen to the curve's alpha at `target`, the detent it comes to.
        case presenting(target: Double)
        /// `base` times the content's cross-fade opacity (reduced motion).
        case crossFade(base: Double)
        /// UIKit's colour animation under additive tracking, which is not additive: from the
        /// previous target `from` to `to` on `response`, started at `start`
        /// (`a = from + (to − from) · s(t − start)`).
        case retarget(from: Double, to: Double, start: Double, response: SpringStepResponse)
    }

    var motion: Motion
    /// The content's 2-D pose under `.free` (`DismissMachine+Free.swift`); unused otherwise.
    var free = FreeMotion()
    /// Under `.free`: where the drag in progress started (rest, or a caught animation).
    var freeDragBase = Point.zero
    /// Additive tracking's springs (DESIGN §3, "Seed tracking, exactly"); holds one term
    /// when the configuration tracks some other way.
    var additive: AdditiveSpringMotion
    var alphaMode = AlphaMode.curve
    /// The content's opacity during a reduced-motion cross-fade.
    var crossFade: Tween?
    var recognizer: PanRecognizer
    /// Turns a touchpad's scroll stream into pans (`DismissMachine+Scroll.swift`).
    var scrollRecognizer = ScrollGestureRecognizer()
    /// The scroll recognizer's output, reused so a steady touchpad pan allocates nothing.
    var scrollGestures: [TimedPanGesture] = []
    /// Whether the drag in progress is a touchpad pan (its release projects at 0.997).
    var touchpadPan = false
    /// The raw (un-banded) offset the drag started from: a detent, or where a caught
    /// animation was.
    var dragBase = 0.0
    /// The resting detent the current gesture started from.
    var startDetent = 0
    /// The detent the content rests at or heads to; `layout.count` is `dismissed`.
    var target = 0
    /// The policy's answer for the current drag, asked once it passes the lowest detent.
    var dragVerdict: Bool?
    /// The last raw drag offset, before any band.
    var lastRaw = 0.0
    /// The translation of the pan's last `.changed` along the direction (the seed's
    /// `viewTranslation`, which additive tracking's release decides on); 0 until it changes.
    var lastChange = 0.0
    var completionSent = false
    /// The content's scrollable list (`DismissMachine+List.swift`); nil when it has none.
    public internal(set) var list: ScrollMotion?
    /// What the pointer gesture in progress does with the list.
    var listGesture = ListGesture()
    /// The pointer's last known location, for a wheel (which has none).
    var pointer: Point?
    /// Programmatic calls waiting to be completed (`DismissMachine+Requests.swift`).
    var requests = DismissRequests()
    /// The detent the content last came to rest at, for `detentChanged`.
    var restedDetent: Detent.ID?

    /// A machine at `time` with the content presented and at rest (or dismissed).
    public init(
        configuration: DismissConfiguration, layout: DetentLayout, time: Double,
        presented: Bool = true
    ) {
        self.configuration = configuration
        self.layout = layout
        self.time = time
        recognizer = PanRecognizer(slop: configuration.touchSlop)
        phase = presented ? .presented : .dismissed
        // Every stored property needs a value before `presentedDetentIndex` can be read.
        motion = .rest(0)
        if case .additiveSpring(let response) = configuration.tracking {
            additive = AdditiveSpringMotion(
                response: configuration.reduceMotion ? response.criticallyDamped : response)
        } else {
            additive = AdditiveSpringMotion(response: .uikit, capacity: 1)
        }
        effects.reserveCapacity(16)
        scrollGestures.reserveCapacity(4)
        // Free content pans with both of a touchpad's axes at once.
        scrollRecognizer.locksAxis = configuration.direction != .free
        target = presented ? presentedDetentIndex : layout.count
        motion = .rest(layout.offset(of: target))
        restedDetent = presented ? layout.id(of: target) : nil
        if !presented {
            alphaMode = .fixed(0)
            completionSent = true
            free.kind = .rest(Point(x: 0, y: layout.edges.down))
        }
    }

    // MARK: Reading

    /// Whether something moves on its own, so the driver should keep stepping every frame.
    public var isAnimating: Bool {
        if isListMoving { return true }
        switch phase {
        case .presenting, .settling, .dismissing: return true
        case .dragging:
            if case .rest = motion { return !isAlphaSettled }
            return true
        case .presented, .dismissed: return false
        }
    }

    /// The content's offset at `time` (under `.free`, its distance from rest).
    public var offset: Double {
        if isFree { return free.translation(at: time).length }
        return switch motion {
        case .rest(let offset): offset
        case .spring(let springMotion): springMotion.value(at: time)
        case .additive: additive.value(at: time)
        }
    }

    /// The state at `time`.
    public var state: DismissState {
        let opacity = phase == .dismissed ? 0 : (crossFade?.value(at: time) ?? 1)
        if isFree {
            let translation = free.translation(at: time)
            let distance = translation.length
            return DismissState(
                time: time, offset: distance, alpha: freeAlpha(at: translation),
                progress: freeProgress(at: translation), phase: phase,
                detent: layout.id(of: detentShown(offset: distance)), contentOpacity: opacity,
                isDismissAttemptPending: isDismissAttemptPending, scroll: listOffset,
                translation: translation)
        }
        let offset = self.offset
        let span = layout.distance - layout.top
        let progress = span > 0 ? min(1, max(0, (offset - layout.top) / span)) : 0
        return DismissState(
            time: time, offset: offset, alpha: currentAlpha(offset: offset), progress: progress,
            phase: phase, detent: layout.id(of: detentShown(offset: offset)),
            contentOpacity: opacity, isDismissAttemptPending: isDismissAttemptPending,
            scroll: listOffset, translation: configuration.direction.unit * offset)
    }

    /// Whether a press on the backdrop passes through to the app behind right now: at or
    /// below the pass-through detent, or where the dim curve is 0.
    public var backdropPassesThrough: Bool {
        backdropPassesThrough(atOffset: offset)
    }

    /// `backdropPassesThrough` for the content at `offset`, for a caller that has the
    /// offset already: under the seed it is a sum of up to hundreds of spring steps.
    public func backdropPassesThrough(atOffset offset: Double) -> Bool {
        guard phase != .dismissed, phase != .dismissing else { return false }
        if let id = configuration.passThroughDetent, let index = layout.index(of: id),
            offset >= layout.offset(of: index) - configuration.restDistance
        {
            return true
        }
        return configuration.alphaCurve.alpha(offset: offset, layout: layout) <= 0
    }

    /// The region `point` lands on, with the backdrop's pass-through applied.
    public func hitTest(_ point: Point, environment: some DismissEnvironment) -> HitRegion {
        let offset = self.offset
        let region =
            isFree
            ? environment.hitTest(point, translation: free.translation(at: time))
            : environment.hitTest(point, offset: offset)
        return region == .backdrop && backdropPassesThrough(atOffset: offset)
            ? .passThrough : region
    }

    // MARK: Driving

    /// Forgets the effects the driver has performed.
    public mutating func clearEffects() {
        effects.removeAll(keepingCapacity: true)
    }

    /// Asks the driver to draw the next frame.
    public mutating func setNeedsDisplay() {
        effects.append(.needsDisplay)
    }

    /// Takes a new layout (the viewport changed); content at rest stays at its detent.
    public mutating func relayout(_ newLayout: DetentLayout) {
        let old = layout
        layout = newLayout
        if target > newLayout.count { target = newLayout.count }
        if case .rest(let offset) = motion, abs(offset - old.offset(of: target)) < 1e-9,
            phase == .presented || phase == .dismissed
        {
            motion = .rest(newLayout.offset(of: target))
        }
        effects.append(.needsDisplay)
    }

    /// Applies one input at its own time (clamped so time never runs backwards).
    ///
    /// A touchpad scroll drags like a pointer (see `DismissMachine+Scroll.swift`); a wheel
    /// never drags the content: it scrolls the list, if any (`DismissMachine+List.swift`).
    public mutating func handle(_ event: InputEvent, environment: some DismissEnvironment) {
        guard event.time.isFinite else { return }
        if let location = event.location {
            guard location.isFinite else { return }
            pointer = location
        }
        advance(to: max(event.time, time), environment: environment)
        let at = time
        switch event.kind {
        case .key(let key):
            handle(key: key, environment: environment)
            return
        case .scroll(let dx, let dy, let source):
            return scroll(dx: dx, dy: dy, source: source, at: at, environment: environment)
        case .scrollStop:
            return stopScroll(at: at, environment: environment)
        case .down, .cancel:
            // A press takes over from a touchpad pan, which is cancelled first.
            cancelScroll(at: at, environment: environment)
        case .move, .up:
            break
        }
        var stamped = event
        stamped.time = at
        if case .down = event.kind, recognizer.isPressed {
            // A press without a release of the one before (a trace can say so): the old
            // gesture is cancelled first, so the new press is seen as a press.
            if let gesture = recognizer.handle(InputEvent(time: at, kind: .cancel)) {
                handle(gesture, environment: environment)
            }
        }
        guard let gesture = recognizer.handle(stamped) else { return }
        handle(gesture, environment: environment)
    }

    /// Answers a pending vetoed dismissal with "keep it": the prompt goes away.
    public mutating func declineDismissal() {
        guard isDismissAttemptPending else { return }
        isDismissAttemptPending = false
        effects.append(.needsDisplay)
    }

    /// Moves the model to `newTime`, finishing any animation that has come to rest by then.
    ///
    /// A touchpad pan whose stream has gone quiet past its deadline is not ended here (that
    /// needs the policy): drivers call `advance(to:environment:)`.
    public mutating func advance(to newTime: Double) {
        guard newTime >= time else { return }
        time = newTime
        finishAnimationIfDone()
    }

    // MARK: Helpers shared by the extensions

    /// The index of the detent presentations come to rest at.
    var presentedDetentIndex: Int {
        guard let id = configuration.presentedDetent, let index = layout.index(of: id),
            index < layout.count
        else { return 0 }
        return index
    }

    /// The detent `DismissState.detent` names for `offset`.
    func detentShown(offset: Double) -> Int {
        switch phase {
        case .dismissing, .dismissed: return layout.count
        case .dragging: return layout.nearest(to: offset, includingDismissed: true)
        case .presenting, .presented, .settling: return target
        }
    }

    /// Asks the policy; on "no" reports the attempt and leaves a confirmation pending.
    mutating func allows(_ reason: DismissReason, environment: some DismissEnvironment) -> Bool {
        if environment.shouldDismiss(reason) { return true }
        reportVeto(reason)
        return false
    }

    mutating func reportVeto(_ reason: DismissReason) {
        isDismissAttemptPending = true
        effects.append(.notify(.dismissAttempted(reason)))
        effects.append(.needsDisplay)
    }

    mutating func setPhase(_ newPhase: DismissPhase) {
        guard newPhase != phase else { return }
        let old = phase
        phase = newPhase
        effects.append(.notify(.phaseChanged(from: old, to: newPhase, state: state)))
        if newPhase == .presented { noteRest() }
        effects += requests.phaseChanged(to: newPhase, target: target)
    }

    /// The content came to rest at `target`: reports a detent other than the last one.
    mutating func noteRest() {
        let id = layout.id(of: target)
        if let last = restedDetent, last != id {
            effects.append(.notify(.detentChanged(from: last, to: id)))
        }
        restedDetent = id
    }
}
