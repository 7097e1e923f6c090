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
}

/// The accessible view of one presented sheet or card, kept from a `DismissController`'s
/// state and events: whether it shows, its detent, its frame, and the actions it offers.
///
/// It knows no toolkit and no bus: an AT-SPI bridge (``AccessibilityBridge``) or a GTK or
/// Wayland host reads it and turns ``AccessibleSheetChange``s into its own events. It works
/// only when the controller reports a phase change or a detent change, never per frame.
public final class SheetAccessibilityModel {
    /// The controller whose content this describes.
    public let controller: DismissController
    /// The accessible name: the sheet's title ("Sheet"; the card: "Card").
    public let name: String
    /// Where the content sits at rest on its top detent for a viewport, in points (the
    /// presenter's frame): the frame reported is this, moved as the content moves.
    public let restingFrame: (Size) -> Rect
    /// Whether the window holding the content has keyboard focus (the host says; true by
    /// default). The content is focused while it shows and the window has focus.
    public var windowIsActive = true {
        didSet {
            if windowIsActive != oldValue, isShown { notify(.focused(windowIsActive)) }
        }
    }
    /// Moves the content to the detent named so (animated) and says whether it could: how
    /// `expand` and `collapse` go; nil offers neither. By default the controller's
    /// `move(to:)`, for a detent its layout has.
    public var moveToDetent: ((String) -> Bool)?
    /// Called with each change, in order, after the controller's event that caused it.
    public var onChange: ((AccessibleSheetChange) -> Void)?

    /// Whether the content is on screen (presenting, at rest, dragged, settling or leaving).
    public private(set) var isShown: Bool
    /// The detent the content last came to rest at (or, before it first rests, heads to).
    public private(set) var restingDetent: String
    private var observation: DismissObservation?

    /// Describes `controller`'s content, named `name`, laid out at rest in `restingFrame`
    /// (for the viewport given).
    public init(
        controller: DismissController, name: String, restingFrame: @escaping (Size) -> Rect
    ) {
        self.controller = controller
        self.name = name
        self.restingFrame = restingFrame
        let state = controller.state
        isShown = state.phase != .dismissed
        restingDetent = state.detent?.rawValue ?? controller.layout.name(of: 0)
        moveToDetent = { [unowned controller] name in
            guard controller.layout.index(named: name) != nil else { return false }
            controller.move(to: Detent.ID(name))
            return true
        }
        observation = controller.addObserver { [weak self] event in self?.observe(event) }
    }

    deinit { observation?.cancel() }

    /// Describes `controller`'s content as its presenter draws it: a `SheetPresenter` by its
    /// title ("Sheet"), a `CardPresenter` as "Card", a `PhotoPresenter` as "Photo", each with
    /// its frame; any other presenter as "Sheet" covering the viewport.
    public convenience init(controller: DismissController) {
        let presenter = controller.presenter
        if let sheet = presenter as? SheetPresenter {
            self.init(controller: controller, name: sheet.title, restingFrame: sheet.sheetFrame)
        } else if let card = presenter as? CardPresenter {
            self.init(controller: controller, name: "Card", restingFrame: card.cardFrame)
        } else if let photo = presenter as? PhotoPresenter {
            self.init(controller: controller, name: "Photo", restingFrame: photo.photoFrame)
        } else {
            self.init(controller: controller, name: "Sheet") {
                Rect(x: 0, y: 0, width: $0.width, height: $0.height)
            }
        }
    }

    /// Whether the content has more than one resting detent (so it expands and collapses).
    public var isExpandable: Bool { controller.layout.count > 1 }

    /// Whether the content rests at (or heads for) its top detent.
    public var isExpanded: Bool { restingDetent == controller.layout.name(of: 0) }

    /// Whether keyboard focus is in the content: it shows and its window has focus.
    public var isFocused: Bool { isShown && windowIsActive }

    /// The actions offered: `dismiss`, then with more than one detent `expand` and
    /// `collapse` (when a way to move between detents is given).
    public var actions: [AccessibleSheetAction] {
        isExpandable && moveToDetent != nil ? [.dismiss, .expand, .collapse] : [.dismiss]
    }

    /// The content's frame now, in viewport points, clipped to the viewport (empty when it
    /// is not shown).
    public var frame: Rect {
        guard isShown else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let direction = controller.configuration.direction
        let viewport = controller.renderer.viewport
        let moved = restingFrame(viewport).offsetBy(
            controller.state.translation(along: direction))
        let minX = max(0, moved.minX)
        let minY = max(0, moved.minY)
        let maxX = min(viewport.width, moved.maxX)
        let maxY = min(viewport.height, moved.maxY)
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// Does `action`; returns whether it was started. `dismiss` asks the policy as Escape
    /// does: a vetoed one raises `dismissAttempted` and the content stays, but the action
    /// was still done (true), as a screen reader's "press" of a close button is.
    @discardableResult
    public func perform(_ action: AccessibleSheetAction) -> Bool {
        guard isShown else { return false }
        switch action {
        case .dismiss:
            controller.dismiss()
            return true
        case .expand, .collapse:
            let layout = controller.layout
            guard let move = moveToDetent, layout.count > 1,
                let index = layout.index(named: restingDetent)
            else { return false }
            let target = action == .expand ? index - 1 : index + 1
            guard target >= 0, target < layout.count else { return false }
            return move(layout.name(of: target))
        }
    }

    private func observe(_ event: DismissEvent) {
        switch event {
        case .phaseChanged(_, let to, _):
            if to == .dismissed {
                leave()
            } else if !isShown {
                isShown = true
                notify(.shown(true))
                if windowIsActive { notify(.focused(true)) }
            }
        case .didDismiss:
            leave()
        case .detentChanged(_, let to):
            rest(at: to.rawValue)
        default:
            break
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

    private func notify(_ change: AccessibleSheetChange) {
        onChange?(change)
    }
}
