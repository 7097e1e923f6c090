/// The stack's keyboard focus (DESIGN §4c "Keyboard in a sheet"): each level's focus kept by
/// one `FocusTracker`, the focus keys handled on the sheet that takes input.
extension SheetStackController {
    /// Moves or activates the keyboard focus for `intent`; returns false when the intent is
    /// the stack's.
    func handleFocus(_ intent: KeyIntent) -> Bool {
        let level = stack.inputLevel
        guard level < descriptions.count else { return false }
        let presenter = descriptions[level].presenter
        switch focus.handle(intent, inputLevel: level, presenter: presenter) {
        case .notFocus: return false
        case .done: break
        case .moved(let index):
            // At the top detent the list scrolls to show the newly focused row.
            if let range = presenter.listExtent(ofFocusableItem: index) {
                queue.append(
                    contentsOf: stack.revealInList(
                        level: level, top: range.lowerBound, bottom: range.upperBound,
                        environment: environments))
            }
        case .activate(let index):
            let point = presenter.activationPoint(
                ofItem: index, state: stack.state(ofLevel: level),
                direction: descriptions[level].configuration.direction, viewport: viewport)
            let item = presenter.focusableItem(at: index)
            queue.append(.level(level, .notify(.contentTapped(item: item, point: point))))
        }
        performEffects()
        return true
    }

    /// Follows every level's life with its focus, and the ring onto the sheet that takes
    /// input.
    func followFocus() {
        let count = min(stack.levels.count, descriptions.count)
        let changed = focus.follow(count: count, inputLevel: stack.inputLevel) { level in
            let machine = stack.levels[level]
            return (descriptions[level].presenter, machine.isShown, machine.presentationCount)
        }
        if changed { needsDisplay = true }
    }
}
