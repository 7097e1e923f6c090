import SwipeDismiss

/// What a ``SheetAccessibilityModel`` reads and asks of the sheets it describes: a
/// `DismissController`'s one sheet (level 0) or a `SheetStackController`'s levels (0 the
/// root, each higher one over the one below). Both conform; the model shows a screen reader
/// one sheet of them, the highest one shown.
public protocol AccessibleSheetSource: AnyObject {
    /// The viewport the sheets are laid out in, in points.
    var accessibleViewport: Size { get }
    /// The state of the sheet at `level`; nil for a level the source does not hold.
    func accessibleState(ofLevel level: Int) -> DismissState?
    /// The resting detents of the sheet at `level`; nil for a level the source does not hold.
    func accessibleLayout(ofLevel level: Int) -> DetentLayout?
    /// Dismisses the sheet at `level` through its policy, as Escape does for the sheet that
    /// takes input (a veto keeps it and raises `dismissAttempted`).
    func accessibleDismiss(level: Int)
    /// Moves the sheet at `level` to `detent` on its spring.
    func accessibleMove(level: Int, to detent: Detent.ID)
    /// Calls `observer` with every event of every sheet and the level it concerns, until the
    /// observation is cancelled.
    func addAccessibleObserver(_ observer: @escaping (_ level: Int, _ event: DismissEvent) -> Void)
        -> DismissObservation
    /// The id of the item of the sheet at `level` that has the keyboard focus; nil for none.
    func accessibleFocusedItem(ofLevel level: Int) -> String?
    /// Taps the sheet at `level` at `point` (viewport points), as a click there would: a tap
    /// on an item reports `contentTapped` with its id.
    func accessibleTap(level: Int, at point: Point)
}

extension AccessibleSheetSource {
    /// By default no item has the keyboard focus.
    public func accessibleFocusedItem(ofLevel level: Int) -> String? { nil }
    /// By default a tap does nothing.
    public func accessibleTap(level: Int, at point: Point) {}
}

/// How one sheet is described to a screen reader: its name and where it sits at rest.
public struct AccessibleSheet {
    /// The accessible name: the sheet's title ("Sheet", "Sheet 2"; a card: "Card").
    public var name: String
    /// Where the content sits at rest on its top detent for a viewport, in points (the
    /// presenter's frame): the frame reported is this, moved as the content moves.
    public var restingFrame: (Size) -> Rect
    /// The direction the content leaves in (how its state's offset moves the frame).
    public var direction: DismissDirection
    /// The sheet's items for a viewport, as they are now (read again on each change the
    /// model is told of): the dialog's children.
    public var items: (Size) -> [AccessibleItem]

    /// A sheet named `name`, at rest in `restingFrame`, leaving towards `direction`, holding
    /// `items` (none by default).
    public init(
        name: String, direction: DismissDirection = .down,
        items: @escaping (Size) -> [AccessibleItem] = { _ in [] },
        restingFrame: @escaping (Size) -> Rect
    ) {
        self.name = name
        self.direction = direction
        self.items = items
        self.restingFrame = restingFrame
    }

    /// A sheet as `presenter` draws it: a `SheetPresenter` by its title ("Sheet") holding
    /// its rows (push buttons named by their titles, read live), a `CardPresenter` as
    /// "Card", a `PhotoPresenter` as "Photo", each with its frame; any other presenter as
    /// "Sheet" covering the viewport.
    public init(presenter: Presenter, direction: DismissDirection) {
        if let sheet = presenter as? SheetPresenter {
            self.init(
                name: sheet.title, direction: direction,
                items: { AccessibleItem.rows(of: sheet, viewport: $0) },
                restingFrame: sheet.sheetFrame)
        } else if let card = presenter as? CardPresenter {
            self.init(name: "Card", direction: direction, restingFrame: card.cardFrame)
        } else if let photo = presenter as? PhotoPresenter {
            self.init(name: "Photo", direction: direction, restingFrame: photo.photoFrame)
        } else {
            self.init(name: "Sheet", direction: direction) {
                Rect(x: 0, y: 0, width: $0.width, height: $0.height)
            }
        }
    }
}

/// A lone controller is a source of one sheet, level 0.
extension DismissController: AccessibleSheetSource {
    /// The renderer's viewport.
    public var accessibleViewport: Size { renderer.viewport }

    /// The controller's state for level 0; nil for any other level.
    public func accessibleState(ofLevel level: Int) -> DismissState? {
        level == 0 ? state : nil
    }

    /// The controller's layout for level 0; nil for any other level.
    public func accessibleLayout(ofLevel level: Int) -> DetentLayout? {
        level == 0 ? layout : nil
    }

    /// `dismiss()` for level 0 (Escape's way, through `shouldDismiss`).
    public func accessibleDismiss(level: Int) {
        if level == 0 { dismiss() }
    }

    /// `move(to:)` for level 0.
    public func accessibleMove(level: Int, to detent: Detent.ID) {
        if level == 0 { move(to: detent) }
    }

    /// `addObserver(_:)`, each event as level 0's.
    public func addAccessibleObserver(
        _ observer: @escaping (_ level: Int, _ event: DismissEvent) -> Void
    ) -> DismissObservation {
        addObserver { observer(0, $0) }
    }

    /// The focused item of level 0 (none until the drivers' keyboard model gives one).
    public func accessibleFocusedItem(ofLevel level: Int) -> String? {
        // With the drivers' keyboard model: `level == 0 ? focusedItem : nil`.
        nil
    }

    /// A press and release at `point` at the clock's time, for level 0.
    public func accessibleTap(level: Int, at point: Point) {
        guard level == 0 else { return }
        handle(InputEvent(time: clock.now, kind: .down(point)))
        handle(InputEvent(time: clock.now, kind: .up(point)))
    }
}

/// A stack is a source of its levels: the model shows its highest shown one, the top sheet.
extension SheetStackController: AccessibleSheetSource {
    /// The renderer's viewport.
    public var accessibleViewport: Size { renderer.viewport }

    /// `state(ofLevel:)`.
    public func accessibleState(ofLevel level: Int) -> DismissState? {
        state(ofLevel: level)
    }

    /// `layout(ofLevel:)`.
    public func accessibleLayout(ofLevel level: Int) -> DetentLayout? {
        layout(ofLevel: level)
    }

    /// `dismiss(level:)`: the level's and the stack's policies are asked, as for Escape on
    /// the top sheet (the sheet the screen reader is on, also while it is leaving).
    public func accessibleDismiss(level: Int) {
        dismiss(level: level)
    }

    /// `move(level:to:)`.
    public func accessibleMove(level: Int, to detent: Detent.ID) {
        move(level: level, to: detent)
    }

    /// `addObserver(_:)`, each event with its level.
    public func addAccessibleObserver(
        _ observer: @escaping (_ level: Int, _ event: DismissEvent) -> Void
    ) -> DismissObservation {
        addObserver { observer($0.level, $0.event) }
    }

    /// The focused item of the sheet that takes input (none until the drivers' keyboard
    /// model gives one).
    public func accessibleFocusedItem(ofLevel level: Int) -> String? {
        // With the drivers' keyboard model: `level == inputLevel ? focusedItem : nil`.
        nil
    }

    /// A press and release at `point` at the clock's time, on the sheet that takes input
    /// (`level` when it is that one; another level's items are covered).
    public func accessibleTap(level: Int, at point: Point) {
        guard level == inputLevel else { return }
        handle(InputEvent(time: clock.now, kind: .down(point)))
        handle(InputEvent(time: clock.now, kind: .up(point)))
    }
}
