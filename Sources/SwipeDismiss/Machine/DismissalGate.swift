/// How a machine settles a dismissal the user or the app asks for: the app's policy as data.
///
/// The machine never calls app code. With `.allow` or `.deny` it answers itself; with
/// `.ask` it stops where the answer is needed, returns `DismissEffect.decide(_:)` as the
/// last effect of the call, and finishes the call when its driver answers with
/// `DismissMachine.decide(_:)`.
public enum DismissPolicy: Hashable, Sendable {
    /// Every dismissal goes ahead.
    case allow
    /// Every dismissal is vetoed (reported as `dismissAttempted`), as UIKit's
    /// `isModalInPresentation`; `dismiss(force: true)` still dismisses.
    case deny
    /// The driver is asked each time (`DismissEffect.decide(_:)`).
    case ask
}

/// The policy's side of the machine: the policy, the question the machine waits on and
/// what the stopped call still has to do, and a vetoed attempt waiting for confirmation.
struct DismissalGate: Sendable {
    /// What the answer decides, once it comes.
    enum Decision: Sendable {
        /// A drag passed the lowest detent: the answer is the drag's verdict; then the
        /// content follows `translation` (`along`: the sheet's share in a hand-off).
        case follow(translation: Point, along: Double?, began: Bool)
        /// A release headed off screen with `velocity`: it leaves, or springs back.
        case release(velocity: Point)
        /// Escape or a backdrop tap: the content leaves with no velocity, or stays.
        case leave
        /// `dismiss()` from code: numbered `request`.
        case dismiss(animated: Bool, request: Int?)
    }

    /// What a call stopped by a question still has to do after the answer, innermost first;
    /// none of these depends on the answer.
    enum Remainder: Sendable {
        /// Let go of the list with the finger's velocity.
        case endListGesture(fingerVelocity: Double)
        /// The rest of a hand-off's release, after its last move.
        case finishHandOff(velocity: Point)
        /// The touchpad pan is over.
        case endTouchpadPan
        /// The touchpad's gestures from index `from` on.
        case touchpadGestures(from: Int)
        /// The clock's move to `time`.
        case clock(Double)
        /// The input whose time the machine was catching up to.
        case event(InputEvent)
    }

    /// Whether dismissals go ahead, are vetoed, or are asked for.
    var policy = DismissPolicy.allow
    /// The reason the machine waits on, and what the answer decides.
    private(set) var question: (reason: DismissReason, decision: Decision)?
    /// What the stopped call still has to do, innermost first.
    private(set) var remainders: [Remainder] = []
    /// Whether a vetoed dismissal waits for `dismiss(force: true)` or `declineDismissal()`.
    var isAttemptPending = false

    init() {
        remainders.reserveCapacity(8)
    }

    /// Whether a question waits for its answer: the call that asked it has stopped.
    var isWaiting: Bool { question != nil }

    /// The answer the policy gives without asking; nil for `.ask`.
    var standingAnswer: Bool? {
        switch policy {
        case .allow: true
        case .deny: false
        case .ask: nil
        }
    }

    /// Stops on `reason` until the answer comes.
    mutating func wait(for reason: DismissReason, _ decision: Decision) {
        question = (reason, decision)
    }

    /// Adds what the stopped call still has to do, after what calls it made have added.
    mutating func remember(_ remainder: Remainder) {
        remainders.append(remainder)
    }

    /// Takes the question for answering.
    mutating func takeQuestion() -> (reason: DismissReason, decision: Decision)? {
        defer { question = nil }
        return question
    }

    /// Takes the next thing to do, oldest first.
    mutating func takeRemainder() -> Remainder? {
        remainders.isEmpty ? nil : remainders.removeFirst()
    }

    /// A remainder stopped by a new question after adding its own from `count` on: they come
    /// before the older ones still waiting.
    mutating func putFirst(from count: Int) {
        remainders.moveToFront(from: count)
    }
}

extension Array {
    /// Puts the elements from `index` on before those ahead of it, each part in its order: what
    /// a resumed part of a stopped call still has to do comes before the older parts.
    mutating func moveToFront(from index: Int) {
        guard index > 0, index < count else { return }
        self = Array(self[index...] + self[..<index])
    }
}
