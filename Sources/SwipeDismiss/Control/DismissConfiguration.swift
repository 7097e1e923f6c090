/// How content follows the pointer during a drag.
public enum DragTracking: Hashable, Sendable {
    /// Content sits exactly under the pointer.
    case direct
    /// UIKit's additive springs, the seed's `UIView.animate` per `.changed`: each move adds
    /// an animation of the step to the new target on `response`, on top of those in flight
    /// (an `AdditiveSpringMotion`), so the content is the pointer's path filtered by the
    /// spring. The backdrop alpha is not additive: each move animates it from the previous
    /// target to the new one on the same curve. A snap-back is one more such step, to the
    /// detent (under reduced motion, the steps run on the critically damped response).
    case additiveSpring(SpringStepResponse)
}

/// What a drag the wrong way (against the dismiss direction) does.
public enum ReverseDrag: Hashable, Sendable {
    /// The move is ignored: the content stays where the last forward move put it (seed).
    case ignore
    /// The content follows with ever more resistance.
    case rubberBand(coefficient: Double)
}

/// How a release picks where the content goes: a resting detent or off screen.
public enum ReleaseDecision: Hashable, Sendable {
    /// Dismiss iff the release translation (with additive tracking, the last move's) is at
    /// least `threshold`, else back to the detent the drag started from (seed; for a sheet,
    /// measured from the starting detent).
    case translation(threshold: Double)
    /// Dismiss iff the position a flick would coast to (`VelocityProjection`) is at least
    /// `threshold` below the lowest resting detent; else the resting detent nearest to it.
    case projected(threshold: Double, decelerationRate: Double)
    /// Whichever detent, `dismissed` included, is nearest to the position a flick would
    /// coast to (the sheet scene; FloatingPanel, libadwaita).
    case nearestDetent(decelerationRate: Double)

    /// Whether a release at `offset` with `velocity` (points per second along the dismiss
    /// direction) dismisses a content with one detent at 0 that leaves at `distance`.
    ///
    /// A one-detent summary of the machine's release rule, for reading a configuration
    /// (the controller itself decides with every detent). `.nearestDetent` needs the real
    /// `distance`: with the default (infinity) no projection is nearer to off screen.
    package func dismisses(offset: Double, velocity: Double, distance: Double = .infinity) -> Bool {
        switch self {
        case .translation(let threshold):
            return offset >= threshold
        case .projected(let threshold, let rate):
            let projected = VelocityProjection(decelerationRate: rate)
                .project(position: offset, velocity: velocity)
            return projected >= threshold
        case .nearestDetent(let rate):
            let projected = VelocityProjection(decelerationRate: rate)
                .project(position: offset, velocity: velocity)
            return projected > distance / 2
        }
    }
}

/// How the content leaves on dismissal.
public enum DismissStyle: Hashable, Sendable {
    /// The backdrop clears at once; the content slides off with `spring` (seed).
    case clearBackdropAtOnce(Spring)
    /// The content leaves along the drag with the release velocity on `spring`, and the
    /// backdrop fades to 0 in step with it. The spring is aimed past the edge (by the
    /// configuration's `exitOvershoot`) so the content leaves at speed; with ζ ≥ 1 the
    /// dismissal ends the moment the content is fully off screen, since such a spring
    /// cannot swing back.
    case fadeWithContent(Spring)

    /// The spring the content leaves on, whichever the style.
    package var spring: Spring {
        switch self {
        case .clearBackdropAtOnce(let spring), .fadeWithContent(let spring): spring
        }
    }
}

/// What a cancelled or failed gesture does.
public enum CancelBehavior: Hashable, Sendable {
    /// Nothing: the content stays where the last move sent it (the seed's gap).
    case strand
    /// Spring back as if released with no velocity.
    case snapBack
}

/// Every number and policy of the interaction. Start from `.seed` or `.fluid`.
public struct DismissConfiguration: Hashable, Sendable {
    /// A label for people (`"seed"`, `"fluid"`); no behaviour depends on it.
    public var name: String
    /// The way the content leaves; the drag toward it is the one that dismisses.
    public var direction: DismissDirection = .down
    /// Points a press must move before it becomes a drag.
    public var touchSlop: Double
    /// How the backdrop's alpha follows the content's offset.
    public var alphaCurve: AlphaCurve
    /// How the content follows the pointer while dragged.
    public var tracking: DragTracking
    /// What a drag against the dismiss direction does.
    public var reverseDrag: ReverseDrag
    /// How a release picks between a resting detent and dismissal.
    public var release: ReleaseDecision
    /// The spring back to rest after a short release (additive tracking uses its own response).
    public var snapBackSpring: Spring
    /// Whether the snap-back starts with the release velocity (else UIKit's relative velocity 1).
    public var snapBackUsesReleaseVelocity: Bool
    /// How the content and backdrop leave once dismissal is decided.
    public var dismissStyle: DismissStyle
    /// What a cancelled or failed gesture does to the content.
    public var cancelBehavior: CancelBehavior
    /// Whether a press on the content during an animation catches it where it is.
    public var catchesAnimations: Bool
    /// Whether Escape dismisses.
    public var escapeDismisses: Bool
    /// Whether a tap on the backdrop dismisses.
    public var backdropTapDismisses: Bool
    /// The spring that brings the content in on (re)presentation.
    public var presentSpring: Spring
    /// Distance and speed below which an animation counts as settled (points, points/s).
    public var restDistance: Double = 0.5
    /// The speed half of that rule: below it, and within `restDistance`, motion is settled.
    public var restSpeed: Double = 5
    /// How far past the dismiss distance a fading exit aims, as a multiple of it, so the
    /// content leaves at speed instead of creeping up to the edge.
    public var exitOvershoot = 1.25
    /// Under `.free`: a release at least this fast (points per second) leaves along its
    /// velocity; a slower one leaves along the content's offset from rest.
    public var freeExitSpeed = 300.0

    /// The resting positions, top first; `dismissed` (off screen) always follows the last.
    /// The card has one, `.open`.
    public var detents: [Detent] = [.open]
    /// The detent a presentation comes to rest at; nil (or an unknown name) means the top.
    public var presentedDetent: Detent.ID?
    /// At this detent and below it, a press on the backdrop is not taken: it passes through
    /// to the app behind (`HitRegion.passThrough`). Nil: only where the dim is 0.
    public var passThroughDetent: Detent.ID?
    /// The rubber band's coefficient past the lowest detent while dismissal is vetoed.
    public var vetoResistance = 0.55
    /// Keys that confirm a pending (vetoed) dismissal, and keys that keep the content.
    /// Only read while `isDismissAttemptPending`; Escape there keeps the content.
    public var confirmKeys: [Key] = [.other("y")]
    /// Keys that answer "no" to a pending dismiss attempt and keep the content.
    public var declineKeys: [Key] = [.other("n"), .escape]

    /// Reduced motion: every spring becomes critically damped (ζ = 1, same natural
    /// frequency) and presenting or dismissing is a cross-fade of content and backdrop
    /// instead of a slide. Drags still track the pointer.
    public var reduceMotion = false
    /// How long reduced motion's cross-fade takes, in seconds.
    public var crossFadeDuration = 0.2
    /// What a drag on a sheet's list does: hand off at the top detent only (the default) or
    /// scroll at every detent (`ContentInteraction`).
    public var contentInteraction = ContentInteraction.handOff

    /// A configuration with every policy spelled out; the rest keep their defaults.
    public init(
        name: String, direction: DismissDirection = .down, touchSlop: Double,
        alphaCurve: AlphaCurve, tracking: DragTracking, reverseDrag: ReverseDrag,
        release: ReleaseDecision, snapBackSpring: Spring, snapBackUsesReleaseVelocity: Bool,
        dismissStyle: DismissStyle, cancelBehavior: CancelBehavior, catchesAnimations: Bool,
        escapeDismisses: Bool, backdropTapDismisses: Bool, presentSpring: Spring
    ) {
        self.name = name
        self.direction = direction
        self.touchSlop = touchSlop
        self.alphaCurve = alphaCurve
        self.tracking = tracking
        self.reverseDrag = reverseDrag
        self.release = release
        self.snapBackSpring = snapBackSpring
        self.snapBackUsesReleaseVelocity = snapBackUsesReleaseVelocity
        self.dismissStyle = dismissStyle
        self.cancelBehavior = cancelBehavior
        self.catchesAnimations = catchesAnimations
        self.escapeDismisses = escapeDismisses
        self.backdropTapDismisses = backdropTapDismisses
        self.presentSpring = presentSpring
    }

    /// UIKit's `animate(withDuration: 0.5, usingSpringWithDamping: 0.7, …)`.
    public static let uikitSpring = Spring(duration: 0.5, dampingRatio: 0.7)

    /// The blog post exactly, as UIKit runs it: every move adds a 0.5 s / 0.7 spring step toward
    /// the finger on top of those in flight, and animates the alpha to `max(0.1, 0.3 - y/1000)`;
    /// upward drags ignored; dismiss iff the last move's translation is at least 200, else one
    /// more step back to where it started; the backdrop clears at once; cancel, Escape and backdrop taps do
    /// nothing.
    public static let seed = DismissConfiguration(
        name: "seed", touchSlop: 4, alphaCurve: .seed,
        tracking: .additiveSpring(.uikit), reverseDrag: .ignore,
        release: .translation(threshold: 200), snapBackSpring: uikitSpring,
        snapBackUsesReleaseVelocity: false, dismissStyle: .clearBackdropAtOnce(uikitSpring),
        cancelBehavior: .strand, catchesAnimations: false, escapeDismisses: false,
        backdropTapDismisses: false, presentSpring: uikitSpring)

    /// The default: 1:1 tracking, rubber band the wrong way, a projected release decision,
    /// the release velocity handed to the spring, cancel snaps back, animations can be
    /// caught, Escape and backdrop taps dismiss, the backdrop fades out with the content.
    public static let fluid = DismissConfiguration(
        name: "fluid", touchSlop: 4, alphaCurve: .seed, tracking: .direct,
        reverseDrag: .rubberBand(coefficient: 0.55),
        release: .projected(threshold: 200, decelerationRate: 0.998),
        snapBackSpring: uikitSpring, snapBackUsesReleaseVelocity: true,
        dismissStyle: .fadeWithContent(Spring(response: 0.45, dampingRatio: 1)),
        cancelBehavior: .snapBack, catchesAnimations: true, escapeDismisses: true,
        backdropTapDismisses: true, presentSpring: Spring(response: 0.45, dampingRatio: 0.9))

    /// The presets by name, as the command-line tools spell them.
    public static let presets: [String: DismissConfiguration] = ["seed": .seed, "fluid": .fluid]

    /// The preset called `name` (`seed` or `fluid`), if any.
    public static func preset(named name: String) -> DismissConfiguration? {
        presets[name]
    }
}
