import SwipeDismiss

/// One item of a sheet's content as a screen reader sees it: a child of the sheet's dialog,
/// named by the item's current title, clicked as a tap on it (`contentTapped` with its id).
public struct AccessibleItem: Hashable, Sendable {
    /// What kind of control the item is.
    public enum Role: Hashable, Sendable {
        /// A row or button: role push button, action `click`.
        case button
        /// A slider the app owns: role slider, its value read through AT-SPI's Value
        /// interface, between `minimum` and `maximum`.
        case slider(value: Double, minimum: Double, maximum: Double)
    }

    /// The id a tap on the item reports (`DismissEvent.contentTapped(item:point:)`).
    public var id: String
    /// The accessible name: the item's current title.
    public var title: String
    /// The item's role.
    public var role: Role
    /// Where the item sits with its sheet at rest on its top detent and its list at its top,
    /// in viewport points: the frame reported moves with the sheet (and, for a list item,
    /// scrolls with the list).
    public var frame: Rect
    /// Whether the item is in the sheet's scrolling list (its frame scrolls with it).
    public var scrolls: Bool
    /// Whether the item has the keyboard focus (set by the model from its source).
    public var isFocused: Bool

    /// An item `id` titled `title`, of `role`, at `frame` (at rest on the top detent).
    public init(
        id: String, title: String, role: Role = .button, frame: Rect, scrolls: Bool = true,
        isFocused: Bool = false
    ) {
        self.id = id
        self.title = title
        self.role = role
        self.frame = frame
        self.scrolls = scrolls
        self.isFocused = isFocused
    }

    /// The rows of `presenter` for `viewport`, as it lays them out: push buttons named by their
    /// titles now, each the sheet's width and a row high.
    public static func rows(of presenter: SheetPresenter, viewport: Size) -> [AccessibleItem] {
        let top = presenter.sheetFrame(viewport: viewport).minY + SheetPresenter.headerHeight
        return presenter.rows.enumerated().map { index, row in
            AccessibleItem(
                id: row.id, title: row.title,
                frame: Rect(
                    x: 0, y: top + Double(index) * SheetPresenter.rowHeight,
                    width: viewport.width, height: SheetPresenter.rowHeight))
        }
    }
}
