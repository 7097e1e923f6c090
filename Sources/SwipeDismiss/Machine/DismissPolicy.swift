/// Which dismissals the app allows, and how a veto shows: the app's say over a dismissal as
/// plain data, which the machine reads and never waits on (libadwaita's `can-close`, UIKit's
/// `isModalInPresentation`).
///
/// A driver refreshes it before each call from the app's `shouldDismiss` (asking only for
/// the reasons that call can reach). A vetoed attempt is reported as
/// `DismissEvent.dismissAttempted(_:)`; an app that wants to ask its user ("discard
/// changes?") shows its prompt on that event and then calls `dismiss(force: true)`.
public struct DismissPolicy: Hashable, Sendable {
    /// How a vetoed attempt shows.
    public enum Veto: Hashable, Sendable {
        /// Reported, and left pending (`isDismissAttemptPending`, the confirm prompt) until
        /// `dismiss(force: true)` or `declineDismissal()`.
        case pending
        /// Reported, with nothing left pending: the content just stays (SwiftUI's
        /// `interactiveDismissDisabled`).
        case quiet
    }

    /// The allowed reasons, one bit each (`bit(_:)`).
    private var bits: UInt8
    /// How a vetoed attempt shows; `.pending` unless set.
    public var veto: Veto

    /// A policy allowing `reasons` and vetoing the rest as `veto` says.
    public init(allowing reasons: some Sequence<DismissReason>, veto: Veto = .pending) {
        bits = 0
        self.veto = veto
        for reason in reasons { bits |= Self.bit(reason) }
    }

    /// Every dismissal goes ahead.
    public static let allow = DismissPolicy(allowing: DismissReason.allCases)
    /// Every dismissal is vetoed (reported as `dismissAttempted`, and left pending);
    /// `dismiss(force: true)` still dismisses.
    public static let deny = DismissPolicy(allowing: [])

    /// Whether a dismissal for `reason` goes ahead.
    package func allows(_ reason: DismissReason) -> Bool {
        bits & Self.bit(reason) != 0
    }

    /// Allows or vetoes dismissals for `reason`.
    public mutating func set(_ reason: DismissReason, allowed: Bool) {
        if allowed { bits |= Self.bit(reason) } else { bits &= ~Self.bit(reason) }
    }

    /// The reasons allowed.
    package var allowed: Set<DismissReason> {
        Set(DismissReason.allCases.filter(allows))
    }

    private static func bit(_ reason: DismissReason) -> UInt8 {
        switch reason {
        case .drag: 1
        case .flick: 2
        case .tap: 4
        case .escape: 8
        case .programmatic: 16
        case .back: 32
        }
    }
}
