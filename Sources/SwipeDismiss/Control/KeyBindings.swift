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
}

/// The keys a driver acts on and what each asks for: the app's, never the machine's.
///
/// A host gets `standard`: Escape dismisses through the policy, Page Up/Down, Home and End
/// scroll the list, and no key presents. The tools (`x11-demo`, `wayland-demo`,
/// `cairo-export`, every `--replay`) use `tools`, which adds Space and Enter presenting.
/// While a vetoed attempt is pending, the configuration's `confirmKeys` and `declineKeys`
/// answer it first.
public struct KeyBindings: Hashable, Sendable {
    /// What each bound key asks for.
    public var intents: [Key: KeyIntent]

    /// Bindings with `intents`.
    public init(_ intents: [Key: KeyIntent]) {
        self.intents = intents
    }

    /// What a host gets by default: Escape dismisses, the page keys scroll, nothing presents.
    public static let standard = KeyBindings([
        .escape: .dismiss, .pageUp: .scrollList(.pageUp), .pageDown: .scrollList(.pageDown),
        .home: .scrollList(.home), .end: .scrollList(.end),
    ])

    /// The tools' bindings: `standard`, and Space and Enter present.
    public static let tools: KeyBindings = {
        var bindings = standard
        bindings.intents[.space] = .present
        bindings.intents[.enter] = .present
        return bindings
    }()

    /// What `key` asks of `machine` now: its configuration's confirm or decline keys while
    /// a vetoed attempt is pending, else the bound intent; nil for a key bound to nothing.
    public func intent(for key: Key, on machine: DismissMachine) -> KeyIntent? {
        if machine.isDismissAttemptPending {
            if machine.configuration.confirmKeys.contains(key) { return .confirm }
            if machine.configuration.declineKeys.contains(key) { return .decline }
        }
        return intents[key]
    }
}
