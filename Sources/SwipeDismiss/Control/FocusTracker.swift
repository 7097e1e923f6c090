/// The keyboard focus as a driver keeps it, written once for both (a `DismissController` is a
/// stack of one level): each level's `KeyboardFocus`, the focus last reported, and the ring.
///
/// The focus that counts is the input level's (the top sheet not on its way out): when the
/// sheet above leaves, the one under it is the input level again, with the item it had. The
/// ring shows after a focus key until the next press (as `:focus-visible`), so pointer-only
/// use, and every export without keys, looks as it did before there was a focus.
struct FocusTracker {
    /// Each level's focus, and the presenter it belongs to (a new presenter starts afresh).
    private var levels: [KeyboardFocus] = []
    private var owners: [ObjectIdentifier] = []
    /// The focus last reported to the observers.
    private var reported: FocusSpot?
    /// Where the ring was last drawn.
    private var ring: FocusSpot?
    /// Whether the ring shows.
    var isVisible = false

    init() {
        levels.reserveCapacity(4)
        owners.reserveCapacity(4)
    }

    /// The focused item of `inputLevel`, if it has one.
    func spot(inputLevel: Int) -> FocusSpot? {
        guard inputLevel >= 0, inputLevel < levels.count, let index = levels[inputLevel].index
        else { return nil }
        return FocusSpot(level: inputLevel, index: index)
    }

    /// Follows the first `count` levels' lives (`level(i)`: its presenter, whether it shows,
    /// its presentation number) and moves the ring onto the focused item of `inputLevel`,
    /// telling the presenters. Returns whether the ring moved (a frame to draw). Allocates
    /// nothing once the levels are known.
    mutating func follow(
        count: Int, inputLevel: Int,
        level: (Int) -> (presenter: Presenter, isShown: Bool, presentation: Int)
    ) -> Bool {
        if levels.count > count {
            levels.removeSubrange(count...)
            owners.removeSubrange(count...)
        }
        var index = 0
        while index < count {
            let (presenter, isShown, presentation) = level(index)
            let owner = ObjectIdentifier(presenter)
            if index == levels.count {
                levels.append(KeyboardFocus())
                owners.append(owner)
            } else if owners[index] != owner {
                levels[index] = KeyboardFocus()
                owners[index] = owner
            }
            levels[index].follow(
                isShown: isShown, presentation: presentation,
                itemCount: presenter.focusableItemCount)
            index += 1
        }
        let wanted = isVisible ? spot(inputLevel: inputLevel) : nil
        guard wanted != ring else { return false }
        if let old = ring, old.level < count {
            level(old.level).presenter.showFocusRing(onItem: nil)
        }
        if let wanted { level(wanted.level).presenter.showFocusRing(onItem: wanted.index) }
        ring = wanted
        return true
    }

    /// The focus of `inputLevel` if it changed since the last report (`.some(nil)`: focus
    /// went back to the app), marking it reported; nil when nothing changed.
    mutating func change(inputLevel: Int) -> FocusSpot?? {
        let now = spot(inputLevel: inputLevel)
        guard now != reported else { return nil }
        reported = now
        return .some(now)
    }

    /// What `intent` does to the focus of `inputLevel`, whose presenter is `presenter`: the
    /// focus keys move it (and show the ring); `.activate` asks the driver to report the
    /// focused item tapped.
    mutating func handle(_ intent: KeyIntent, inputLevel: Int, presenter: Presenter)
        -> FocusOutcome
    {
        let focused = spot(inputLevel: inputLevel)
        switch FocusAction(intent, focused: focused?.index) {
        case .none: return .notFocus
        case .ignore: return .done
        case .move(let step):
            levels[inputLevel].move(by: step, itemCount: presenter.focusableItemCount)
            isVisible = true
            return levels[inputLevel].index.map { .moved($0) } ?? .done
        case .activate:
            isVisible = true
            return focused.map { .activate($0.index) } ?? .done
        }
    }
}

/// What a key did to the keyboard focus (`FocusTracker.handle`).
enum FocusOutcome: Equatable {
    /// Nothing: the intent is the machine's.
    case notFocus
    /// There was nothing to do: the key is used up.
    case done
    /// The focus moved onto focusable item `index`.
    case moved(Int)
    /// Report focusable item `index` tapped.
    case activate(Int)
}

/// Where the keyboard focus is: the level and the item's index.
struct FocusSpot: Equatable {
    var level: Int
    var index: Int
}
