/// The interaction as a pure value: inputs and time in, a new state and effects out.
///
/// It owns no plugin and reads no clock: `handle(_:environment:)` applies one input at its
/// own time, `advance(to:environment:)` moves time on, and `state` is the picture at `time`.
/// Every call that changes it returns the effects it asks its driver (`DismissController`)
/// to perform, oldest first. Because it is a `Sendable` value, a test can copy it, fork it
/// and replay it at any frame rate.
///
/// How the content moves is a value chosen once from the direction (`AxisMotion` along an
/// edge, `PlanarMotion` for `.free`); the backdrop's alpha (`BackdropAlpha`) and the list's
/// hand-off (`ListHandOff`) are values of their own.
public struct DismissMachine: Sendable {
    /// The time of the last input or `advance(to:environment:)`; never runs backwards.
    package internal(set) var time: Double
    /// Where the presentation is in its life.
    package internal(set) var phase: DismissPhase
    /// Effects gathered by the call in progress, oldest first; the call returns them.
    var effects: [DismissEffect] = []

    /// Where the content is and how it moves: along an axis or in the plane, chosen once
    /// from the direction.
    var content: any ContentMotion
    /// The backdrop's alpha and the content's cross-fade.
    var backdrop = BackdropAlpha()
    /// The pointer's and the touchpad's gestures (`GestureInput`).
    var input: GestureInput
    /// The drag in progress: the detent it started from and the policy's answer.
    var drag = DragSession()
    /// The detent the content rests at or heads to; `layout.count` is `dismissed`.
    var target = 0
    /// The content's scrollable list and the gesture's share of it (`ListHandOff`).
    var listHandOff = ListHandOff()
    /// How many presentations, how the current one ended, and the calls waiting.
    var presentations = PresentationLog()
    /// The detent the content last had in each presentation mode it left, to come back to.
    var modeDetents: [PresentationMode: Detent.ID] = [:]
    /// The configuration and the detents, in the box the content motion reads them from.
    var settings: MotionSettings
    /// Which dismissals go ahead and how a veto shows (`DismissPolicy`); `.allow` unless
    /// set. The driver refreshes it before each call; the machine only reads it.
    public var policy = DismissPolicy.allow
    /// Whether a vetoed dismissal waits for `dismiss(force: true)` or `declineDismissal()`.
    package internal(set) var isDismissAttemptPending = false
    /// Whether a press may start a drag (`DragStartRule`); every one may unless set.
    public var dragStartRule = DragStartRule.always

    /// A machine at `time` with the content presented and at rest (or dismissed).
    public init(
        configuration: DismissConfiguration, layout: DetentLayout, time: Double,
        presented: Bool = true
    ) {
        self.time = time
        settings = MotionSettings(configuration: configuration, layout: layout)
        input = GestureInput(configuration: configuration)
        phase = presented ? .presented : .dismissed
        content =
            configuration.direction == .free
            ? PlanarMotion() : AxisMotion(configuration: configuration)
        effects.reserveCapacity(16)
        target = presented ? presentedDetentIndex : layout.count
        presentations.restedDetent = presented ? layout.id(of: target) : nil
        if presented {
            content.place(atDetent: target, context)
        } else {
            content.place(atDetent: nil, context)
            backdrop.mode = .fixed(0)
            presentations.endReported = true
        }
    }

    // MARK: Reading

    /// The numbers and policies every decision follows.
    public var configuration: DismissConfiguration { settings.configuration }

    /// The detents resolved for the current viewport.
    public var layout: DetentLayout { settings.layout }

    /// Counts presentations; 1 for the first.
    package var presentationCount: Int { presentations.count }

    /// Whether something moves on its own, so the driver should keep stepping every frame.
    public var isAnimating: Bool {
        if listHandOff.isMoving(at: time) { return true }
        switch phase {
        case .presenting, .settling, .dismissing: return true
        case .dragging: return content.isAtRest ? !backdrop.isSettled(at: time) : true
        case .presented, .dismissed: return false
        }
    }

    /// The content's offset at `time` (under `.free`, its distance from rest).
    package var offset: Double { content.offset(at: time) }

    /// The content's 2-D translation at `time`.
    package var translation: Point { content.pose(at: time, context).translation }

    /// The state at `time`.
    public var state: DismissState {
        let opacity = phase == .dismissed ? 0 : backdrop.opacity(at: time)
        let pose = content.pose(at: time, context)
        return DismissState(
            time: time, offset: pose.offset, alpha: alpha(pose),
            progress: pose.progress, phase: phase,
            detent: layout.id(of: detentShown(offset: pose.offset)), contentOpacity: opacity,
            isDismissAttemptPending: isDismissAttemptPending,
            scroll: shownListOffset(atContentOffset: pose.offset),
            translation: pose.translation, zoom: pose.zoom, lowestDetentOffset: layout.lowest)
    }

    /// Whether a press on the backdrop passes through to the app behind right now: at or
    /// below the pass-through detent, or where the dim curve is 0.
    package var backdropPassesThrough: Bool {
        backdropPassesThrough(atOffset: offset)
    }

    /// `backdropPassesThrough` for the content at `offset`, for a caller that has the
    /// offset already: under the seed it is a sum of up to hundreds of spring steps.
    package func backdropPassesThrough(atOffset offset: Double) -> Bool {
        guard phase != .dismissed, phase != .dismissing else { return false }
        if let id = configuration.passThroughDetent, let index = layout.index(of: id),
            offset >= layout.offset(of: index) - configuration.restDistance
        {
            return true
        }
        return configuration.alphaCurve.alpha(offset: offset, layout: layout) <= 0
    }

    /// The region `point` lands on, with the backdrop's pass-through applied.
    package func hitTest(_ point: Point, environment: some DismissEnvironment) -> HitRegion {
        let region = content.hitTest(point, at: time, environment: environment)
        return region == .backdrop && backdropPassesThrough(atOffset: offset)
            ? .passThrough : region
    }

    // MARK: Helpers shared by the extensions

    /// What the content motion reads of the machine now.
    var context: MotionContext {
        MotionContext(settings: settings, time: time)
    }

    /// The backdrop's alpha now, with the content at `pose` (by default where it is now).
    func alpha(_ pose: ContentPose? = nil) -> Double {
        backdrop.value(
            at: time, pose: pose ?? content.pose(at: time, context),
            curve: configuration.alphaCurve, layout: layout)
    }

    /// The index of the detent presentations come to rest at.
    var presentedDetentIndex: Int {
        guard let id = configuration.presentedDetent, let index = layout.activeIndex(of: id),
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

    mutating func setPhase(_ newPhase: DismissPhase) {
        guard newPhase != phase else { return }
        let old = phase
        phase = newPhase
        effects.append(.notify(.phaseChanged(from: old, to: newPhase, state: state)))
        if newPhase == .presented {
            noteRest()
            fitListAtRest()
        }
        effects += presentations.requests.phaseChanged(to: newPhase, target: target)
    }

    /// The content came to rest at `target`: reports a detent other than the last one.
    mutating func noteRest() {
        if let event = presentations.rest(at: layout.id(of: target)) {
            effects.append(.notify(event))
        }
    }
}
