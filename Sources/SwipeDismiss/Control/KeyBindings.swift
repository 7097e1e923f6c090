/// What a key asks for once a driver's bindings map it (DESIGN §4c "Keys belong to the app").
public enum KeyIntent: Hashable, Sendable {
    /// Dismiss the top sheet through the policy, with reason `.escape` (when the
    /// configuration's `escapeDismisses` allows).
    case dismiss
    /// Present: the sheet again once dismissed; in a stack, the next level over the top one.
    case present
    /// Confirm a pending vetoed dismissal (`dismiss(force: true)`).
    case confirm
    /// Decline a pending vetoed dismissal (`declineDismissal()`).
    case decline
    /// Scroll the sheet's list by a page up or down (`.pageUp`, `.pageDown`) or to its top
    /// or end (`.home`, `.end`).
    case scrollList(Key)
    /// Move the keyboard focus to the sheet's next item, from the last back to the first
    /// (Tab; focus never leaves the sheet).
    case focusNext
    /// Move the keyboard focus to the previous item, from the first to the last (Shift+Tab).
    case focusPrevious
    /// Activate the focused item: reported as `DismissEvent.contentTapped` with its id;
    /// nothing when no item has focus.
    case activate
    /// Activate the focused item, or present when no item has focus (the tools' Enter).
    case activateOrPresent
    /// Move the sheet one detent up (Ctrl+Up); nothing at the top detent.
    case detentUp
    /// Move the sheet one detent down (Ctrl+Down); never dismisses.
    case detentDown
    /// Dismiss the top sheet through the policy with reason `.back` (XF86Back, Alt+Left,
    /// mouse button 8).
    case back
}

/// The keys a driver acts on and what each asks for: the app's, never the machine's.
///
/// A host gets `standard`: Escape dismisses through the policy, Page Up/Down, Home and End
/// scroll the list, and the keyboard model of a sheet (DESIGN §4c "Keyboard in a sheet"):
/// Tab and Shift+Tab move the focus over its items, Enter and Space activate the focused
/// one, Ctrl+Up and Ctrl+Down move between detents, the back keys dismiss with reason
/// `.back`; no key presents. The tools (`x11-demo`, `wayland-demo`, `cairo-export`, every
/// `--replay`) use `tools`, where Space presents and Enter presents when no item has focus.
/// An app removes a binding by setting its key's intent to nil.
/// While a vetoed attempt is pending, the configuration's `confirmKeys` and `declineKeys`
/// answer it first.
public struct KeyBindings: Hashable, Sendable {
    /// What each bound key asks for.
    public var intents: [Key: KeyIntent]

    /// Bindings with `intents`.
    public init(_ intents: [Key: KeyIntent]) {
        self.intents = intents
    }

    /// What a host gets by default: Escape dismisses, the page keys scroll, the keyboard
    /// model of a sheet (focus, activation, detents, back), nothing presents.
    public static let standard = KeyBindings([
        .escape: .dismiss, .pageUp: .scrollList(.pageUp), .pageDown: .scrollList(.pageDown),
        .home: .scrollList(.home), .end: .scrollList(.end), .tab: .focusNext,
        .shiftTab: .focusPrevious, .enter: .activate, .space: .activate,
        .controlUp: .detentUp, .controlDown: .detentDown, .back: .back,
    ])

    /// The tools' bindings: `standard`, with Space presenting (the next level in a stack) at
    /// any time and Enter presenting when no item has focus.
    public static let tools: KeyBindings = {
        var bindings = standard
        bindings.intents[.space] = .present
        bindings.intents[.enter] = .activateOrPresent
        return bindings
    }()

    /// What `key` asks of `machine` now: its configuration's confirm or decline keys while
    /// a vetoed attempt is pending, else the bound intent; nil for a key bound to nothing.
    package func intent(for key: Key, on machine: DismissMachine) -> KeyIntent? {
        if machine.isDismissAttemptPending {
            if machine.configuration.confirmKeys.contains(key) { return .confirm }
            if machine.configuration.declineKeys.contains(key) { return .decline }
        }
        return intents[key]
    }
}
