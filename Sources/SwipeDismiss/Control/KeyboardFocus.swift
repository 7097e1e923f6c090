/// The keyboard focus over one sheet's items (DESIGN §4c "Keyboard in a sheet"), as both
/// drivers keep it: a sheet that shows starts on its first item, Tab and Shift+Tab cycle its
/// items without ever leaving it, and a sheet on its way out has none.
///
/// The items are its presenter's focusable items (`Presenter.focusableItemCount`), read by
/// index, so following a frame allocates nothing.
struct KeyboardFocus: Sendable {
    /// The focused item's index among the presenter's focusable items; nil for none.
    private(set) var index: Int?
    /// The presentation `index` belongs to: a new presentation starts on the first item.
    private var presentation = 0

    /// Follows the sheet's life: a new presentation that shows starts on its first item (none
    /// without items); a sheet on its way out or gone has no focus; items that went away
    /// (live content) move the focus to the last one left.
    mutating func follow(isShown: Bool, presentation: Int, itemCount: Int) {
        guard isShown else {
            index = nil
            return
        }
        if presentation != self.presentation {
            self.presentation = presentation
            index = itemCount > 0 ? 0 : nil
        } else if let current = index, current >= itemCount {
            index = itemCount > 0 ? itemCount - 1 : nil
        } else if index == nil, itemCount > 0 {
            index = 0
        }
    }

    /// Moves the focus `step` items on (Tab: 1, Shift+Tab: −1), wrapping around the
    /// `itemCount` items; nothing without focus. Returns whether it moved.
    @discardableResult
    mutating func move(by step: Int, itemCount: Int) -> Bool {
        guard let current = index, itemCount > 0 else { return false }
        let next = ((current + step) % itemCount + itemCount) % itemCount
        index = next
        return next != current
    }
}

/// What a key's intent does to the keyboard focus, for both drivers.
enum FocusAction: Equatable {
    /// The intent is the machine's (or presents, with no item focused).
    case none
    /// Move the focus by this many items.
    case move(Int)
    /// Activate the focused item.
    case activate
    /// A focus key with nothing to do (no item has focus): the key is used up.
    case ignore

    /// What `intent` does with `focused` the focused item's index (nil: none).
    init(_ intent: KeyIntent, focused: Int?) {
        switch intent {
        case .focusNext: self = focused == nil ? .ignore : .move(1)
        case .focusPrevious: self = focused == nil ? .ignore : .move(-1)
        case .activate: self = focused == nil ? .ignore : .activate
        case .activateOrPresent: self = focused == nil ? .none : .activate
        default: self = .none
        }
    }
}

extension Presenter {
    /// The point a keyboard activation of focusable item `index` reports: the centre of its
    /// frame on screen, or the origin when the presenter does not say where it is.
    func activationPoint(
        ofItem index: Int, state: DismissState, direction: DismissDirection, viewport: Size
    ) -> Point {
        guard
            let frame = focusableItemFrame(
                at: index, state: state, direction: direction, viewport: viewport)
        else { return .zero }
        return frame.center
    }
}
