import SwipeDismiss

/// An action an assistive technology can ask of the presented content.
public enum AccessibleSheetAction: String, Hashable, Sendable, CaseIterable {
    /// Dismisses through the app's policy, as Escape does (a veto keeps the content).
    case dismiss
    /// Moves to the next detent up (towards the top detent).
    case expand
    /// Moves to the next detent down (never off screen: that is `dismiss`).
    case collapse

    /// What a screen reader says the action does.
    public var summary: String {
        switch self {
        case .dismiss: "Close the sheet (as Escape or a swipe down)"
        case .expand: "Move the sheet to its next larger detent"
        case .collapse: "Move the sheet to its next smaller detent"
        }
    }

    /// The key that does the same, in AT-SPI's spelling ("" for none).
    public var keyBinding: String { self == .dismiss ? "Escape" : "" }
}

/// What the content's accessible says changed, for a host to announce.
public enum AccessibleSheetChange: Hashable, Sendable {
    /// The content appeared (`true`, a presentation began) or left (`false`, it was dismissed).
    case shown(Bool)
    /// The content came to rest at the top detent (`true`) or left it for a lower one.
    case expanded(Bool)
    /// Keyboard focus moved into the content (`true`) or out of it.
    case focused(Bool)
    /// The content's items changed in number or identity: the dialog's children are new.
    case itemsChanged
    /// The item at this index was renamed (its title changed).
    case itemRenamed(Int)
    /// The item at this index got (`true`) or lost the keyboard focus.
    case itemFocused(Int, Bool)
    /// The value of the slider at this index changed.
    case itemValueChanged(Int)
}

/// The accessible view of the sheet a screen reader is shown, kept from its controller's
/// state and events: whether it shows, its detent, its frame, and the actions it offers.
///
/// The sheet is that of a `DismissController` (its one sheet or card) or, for a
/// `SheetStackController`, the top sheet: the highest level shown (also while it leaves).
/// A sheet presented over it takes its place, and when the top one has left the sheet below
/// is described again; the sheets it covers are not described (as HTML's `inert`), so a
/// screen reader finds one modal dialog. A change of top sheet is told as the old one
/// leaving and the new one appearing (``AccessibleSheetChange/shown(_:)`` false, then true).
///
/// It knows no toolkit and no bus: an AT-SPI bridge (``AccessibilityBridge``) or a GTK or
/// Wayland host reads it and turns ``AccessibleSheetChange``s into its own events. It works
/// only when the controller reports a phase change or a detent change, never per frame.
public final class SheetAccessibilityModel {
    /// The controller (or stack) whose sheets this describes.
    public let source: any AccessibleSheetSource
    /// The controller whose content this describes, when it is a `DismissController`.
    public var controller: DismissController? { source as? DismissController }
    /// How each level's sheet is described (its name and resting frame).
    public let describe: (Int) -> AccessibleSheet
    /// The level of the sheet described: the highest one shown (0 when none is), however
    /// deep the stack (up to ``levelLimit``).
    public private(set) var level = 0
    /// The levels followed: 0 up to a million (a source that claims more is not asked on).
    public static let levelLimit = 1 << 20
    /// The accessible name: the described sheet's title ("Sheet"; the card: "Card").
    public var name: String { sheet.name }
    /// Where the described sheet sits at rest on its top detent for a viewport, in points
    /// (the presenter's frame): the frame reported is this, moved as the content moves.
    public var restingFrame: (Size) -> Rect { sheet.restingFrame }
    /// Whether the window holding the content has keyboard focus (the host says; true by
    /// default). The content is focused while it shows and the window has focus.
    public var windowIsActive = true {
        didSet {
            if windowIsActive != oldValue, isShown { notify(.focused(windowIsActive)) }
        }
    }
    /// Moves the described sheet to the detent named so (animated) and says whether it
    /// could: how `expand` and `collapse` go; nil offers neither. By default the source's
    /// move (a controller's `move(to:)`, a stack's `move(level:to:)`), for a detent the
    /// sheet's layout has.
    public var moveToDetent: ((String) -> Bool)?
    /// Sets an app-owned slider's value for a screen reader (AT-SPI's Value interface): the
    /// item and the value asked for (within its range); true when the app took it. Nil: the
    /// value is read-only.
    public var setItemValue: ((AccessibleItem, Double) -> Bool)?
    /// Called with each change, in order, after the controller's event that caused it.
    public var onChange: ((AccessibleSheetChange) -> Void)?

    /// Whether the content is on screen (presenting, at rest, dragged, settling or leaving).
    public private(set) var isShown: Bool
    /// The detent the content last came to rest at (or, before it first rests, heads to).
    public private(set) var restingDetent: String
    /// The described sheet's items as last read (``contentDidChange()``, a controller
    /// event): the dialog's children, with their focus from the source.
    public internal(set) var items: [AccessibleItem] = []
    var sheet: AccessibleSheet
    /// The levels shown (their last phase change went to a phase other than `.dismissed`).
    private var shownLevels = LevelSet()
    private var observation: DismissObservation?

    /// Describes the top sheet of `source`, each level's sheet as `describe` says.
    public init(source: any AccessibleSheetSource, describe: @escaping (Int) -> AccessibleSheet) {
        self.source = source
        self.describe = describe
        var level = 0
        while level < Self.levelLimit, let state = source.accessibleState(ofLevel: level) {
            if state.phase != .dismissed { shownLevels.insert(level) }
            level += 1
        }
        self.level = shownLevels.top ?? 0
        isShown = !shownLevels.isEmpty
        sheet = describe(self.level)
        restingDetent = Self.detent(of: source, level: self.level)
        items = readItems()
        moveToDetent = { [weak self] name in
            guard let self, let layout = self.layout, layout.index(named: name) != nil else {
                return false
            }
            self.source.accessibleMove(level: self.level, to: Detent.ID(name))
            return true
        }
        observation = source.addAccessibleObserver { [weak self] level, event in
            self?.observe(level, event)
        }
    }

    /// Describes `controller`'s content, named `name`, laid out at rest in `restingFrame`
    /// (for the viewport given).
    public convenience init(
        controller: DismissController, name: String, restingFrame: @escaping (Size) -> Rect
    ) {
        let sheet = AccessibleSheet(
            name: name, direction: controller.configuration.direction, restingFrame: restingFrame)
        self.init(source: controller) { _ in sheet }
    }

    deinit { observation?.cancel() }

    /// Describes `controller`'s content as its presenter draws it: a `SheetPresenter` by its
    /// title ("Sheet"), a `CardPresenter` as "Card", a `PhotoPresenter` as "Photo", each with
    /// its frame; any other presenter as "Sheet" covering the viewport.
    public convenience init(controller: DismissController) {
        let sheet = AccessibleSheet(
            presenter: controller.presenter, direction: controller.configuration.direction)
        self.init(source: controller) { _ in sheet }
    }

    /// The described sheet's detents (nil only if the source no longer holds its level).
    private var layout: DetentLayout? { source.accessibleLayout(ofLevel: level) }

    /// Whether the content has more than one resting detent (so it expands and collapses).
    public var isExpandable: Bool { (layout?.count ?? 0) > 1 }

    /// Whether the content rests at (or heads for) its top detent.
    public var isExpanded: Bool { restingDetent == layout?.name(of: 0) }

    /// Whether keyboard focus is in the content: it shows and its window has focus.
    public var isFocused: Bool { isShown && windowIsActive }

    /// The actions offered: `dismiss`, then with more than one detent `expand` and
    /// `collapse` (when a way to move between detents is given).
    public var actions: [AccessibleSheetAction] {
        isExpandable && moveToDetent != nil ? [.dismiss, .expand, .collapse] : [.dismiss]
    }

    /// The viewport the content is laid out in, in points.
    public var viewport: Size { source.accessibleViewport }

    /// The content's frame now, in viewport points, clipped to the viewport (empty when it
    /// is not shown).
    public var frame: Rect {
        guard isShown, let state = source.accessibleState(ofLevel: level) else {
            return Rect(x: 0, y: 0, width: 0, height: 0)
        }
        let viewport = source.accessibleViewport
        let moved = restingFrame(viewport).offsetBy(state.translation(along: sheet.direction))
        let minX = max(0, moved.minX)
        let minY = max(0, moved.minY)
        let maxX = min(viewport.width, moved.maxX)
        let maxY = min(viewport.height, moved.maxY)
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// Does `action` to the described sheet; returns whether it was started. `dismiss` asks
    /// the policy as Escape does: a vetoed one raises `dismissAttempted` and the content
    /// stays, but the action was still done (true), as a screen reader's "press" of a close
    /// button is.
    @discardableResult
    public func perform(_ action: AccessibleSheetAction) -> Bool {
        guard isShown else { return false }
        switch action {
        case .dismiss:
            source.accessibleDismiss(level: level)
            return true
        case .expand, .collapse:
            guard let move = moveToDetent, let layout, layout.count > 1,
                let index = layout.index(named: restingDetent)
            else { return false }
            let target = action == .expand ? index - 1 : index + 1
            guard target >= 0, target < layout.count else { return false }
            return move(layout.name(of: target))
        }
    }

    private func observe(_ level: Int, _ event: DismissEvent) {
        guard level >= 0, level < Self.levelLimit else { return }
        switch event {
        case .phaseChanged(_, let to, _):
            var shown = shownLevels
            if to == .dismissed { shown.remove(level) } else { shown.insert(level) }
            follow(shown)
        case .didDismiss:
            var shown = shownLevels
            shown.remove(level)
            follow(shown)
        case .detentChanged(_, let to):
            if level == self.level { rest(at: to.rawValue) }
        default:
            // A tap, a focus change: what the items say may have changed.
            if level == self.level, isShown { contentDidChange() }
        }
    }

    /// Takes the levels shown now: the content appears, leaves, or (in a stack) the top
    /// sheet changes, told as the old one leaving and the new one appearing.
    private func follow(_ shown: LevelSet) {
        guard shown != shownLevels else { return }
        shownLevels = shown
        let top = shown.top ?? 0
        if shown.isEmpty || top != level { leave() }
        if top != level {
            level = top
            sheet = describe(top)
        }
        if !shown.isEmpty, !isShown {
            // Where it heads now: a sheet whose controller started dismissed has never
            // rested, and what it was first read at is not where it presents.
            restingDetent = Self.detent(of: source, level: top)
            items = readItems()
            isShown = true
            notify(.shown(true))
            if windowIsActive { notify(.focused(true)) }
        }
    }

    private func leave() {
        guard isShown else { return }
        isShown = false
        if windowIsActive { notify(.focused(false)) }
        notify(.shown(false))
    }

    private func rest(at detent: String) {
        guard detent != Detent.dismissedName, detent != restingDetent else { return }
        let wasExpanded = isExpanded
        restingDetent = detent
        if isExpanded != wasExpanded { notify(.expanded(isExpanded)) }
    }

    func notify(_ change: AccessibleSheetChange) {
        onChange?(change)
    }

    /// The detent the sheet at `level` rests at or heads for (its top one before it has one).
    private static func detent(of source: any AccessibleSheetSource, level: Int) -> String {
        if let detent = source.accessibleState(ofLevel: level)?.detent { return detent.rawValue }
        return source.accessibleLayout(ofLevel: level)?.name(of: 0) ?? Detent.ID.large.rawValue
    }
}

/// A set of stack levels of any depth, one bit a level in 64-bit words (a stack of 100 000
/// sheets is 1 563 words); trailing empty words are dropped, so equal sets are equal arrays.
struct LevelSet: Equatable {
    private var words: [UInt64] = []

    /// Whether no level is in the set.
    var isEmpty: Bool { words.isEmpty }

    /// The highest level in the set; nil for none.
    var top: Int? {
        guard let last = words.last else { return nil }
        return (words.count - 1) * 64 + 63 - last.leadingZeroBitCount
    }

    /// Whether `level` is in the set.
    func contains(_ level: Int) -> Bool {
        guard level >= 0, level / 64 < words.count else { return false }
        return words[level / 64] & (1 << UInt64(level % 64)) != 0
    }

    /// Adds `level` (at least 0).
    mutating func insert(_ level: Int) {
        guard level >= 0 else { return }
        let word = level / 64
        if word >= words.count {
            words.append(contentsOf: repeatElement(0, count: word + 1 - words.count))
        }
        words[word] |= 1 << UInt64(level % 64)
    }

    /// Takes `level` out.
    mutating func remove(_ level: Int) {
        guard level >= 0, level / 64 < words.count else { return }
        words[level / 64] &= ~(1 << UInt64(level % 64))
        while words.last == 0 { words.removeLast() }
    }
}
