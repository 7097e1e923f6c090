/// Something the controller tells its observers.
///
/// Every presentation ends with exactly one terminal event: `didDismiss` when its content
/// left, or `superseded` when `present()` started a new presentation before its dismissal
/// finished (reported before the new one's `phaseChanged(from: .dismissing, to: .presenting)`,
/// with the state where the content was, phase `.dismissing`).
public enum DismissEvent: Hashable, Sendable {
    /// The phase changed; `state` is the state at the change.
    case phaseChanged(from: DismissPhase, to: DismissPhase, state: DismissState)
    /// The content finished leaving. Sent at most once per presentation; a presentation
    /// that does not end this way ends with `superseded`.
    case didDismiss(DismissState)
    /// The content came to rest after (re)presentation.
    case didPresent(DismissState)
    /// A dismissal was asked for and the `shouldDismiss` policy said no: the content stays
    /// (or springs back to the lowest detent) and a confirmation is pending until
    /// `dismiss(force: true)` or `declineDismissal()`.
    case dismissAttempted(DismissReason)
    /// Presentation number `presentation` was cut short by a new presentation before its
    /// dismissal finished: it will never get `didDismiss`.
    case superseded(presentation: Int, state: DismissState)
    /// A press landed on the backdrop where it lets clicks through (below the pass-through
    /// detent, or where the dim is 0): the app behind should get it.
    case passedThrough(Point)
    /// The content came to rest at detent `to`, having last rested at `from` (sent after
    /// the `phaseChanged` to `.presented`; not when it comes back to the detent it left, nor
    /// for the first rest after presentation at the detent it last rested at).
    case detentChanged(from: Detent.ID, to: Detent.ID)
    /// A tap landed on the content's item `item` (a sheet row, a button: the presenter's
    /// `contentItem(at:state:direction:viewport:)`) at `point`, in viewport points.
    case contentTapped(item: String, point: Point)
    /// The keyboard focus moved to the item `item` (its id, as `contentTapped` names it), or
    /// left the sheet (`nil`: the sheet is gone, focus returns to the app, which restores its
    /// own). Sent on every change (DESIGN §4c "Keyboard in a sheet").
    case focusChanged(item: String?)
}

/// Why a dismissal was attempted.
public enum DismissReason: String, Hashable, Sendable, CaseIterable {
    /// A release whose position alone dismisses.
    case drag
    /// A release that dismisses only because of its velocity.
    case flick
    /// A tap on the backdrop, or on a sheet footer's button (`SheetFooter`).
    case tap
    /// The Escape key.
    case escape
    /// `dismiss()` from code.
    case programmatic
    /// A back key: `XF86Back`, Alt+Left or mouse button 8.
    case back
}

/// Decides whether a dismissal may go ahead: UIKit's `presentationControllerShouldDismiss`,
/// asked for every input.
public protocol DismissControllerDelegate: AnyObject {
    /// Whether `controller` may dismiss for `reason`. Say no to keep the content and get
    /// `.dismissAttempted(reason)`; confirm later with `dismiss(force: true)`.
    func dismissController(_ controller: DismissController, shouldDismissFor reason: DismissReason)
        -> Bool
}
