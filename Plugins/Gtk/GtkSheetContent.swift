import CGtk
import SwipeDismiss

/// What the app hands the GTK host: its own widget for the sheet, where that widget rests,
/// and the parts the host needs to know about.
public struct GtkSheetContent {
    /// The sheet's content: any GTK widget tree (buttons, entries, a `GtkScrolledWindow`).
    /// The host places it in its dialog container; it stays the app's widget.
    public var widget: UnsafeMutablePointer<GtkWidget>
    /// The sheet's title: the accessible name of the dialog ("Sheet").
    public var title: String
    /// Where the widget rests (at the top detent, before any drag) in a viewport of a given
    /// size, in points; the widget is sized to this frame.
    public var frame: (Size) -> Rect
    /// The scrolled window whose list the controller's scroll model drives
    /// (`DismissState.scroll` becomes its vertical adjustment's value); nil for none.
    public var scrolledWindow: UnsafeMutablePointer<GtkWidget>?
    /// The widget that takes the keyboard focus when the sheet is presented; nil: the
    /// first focusable widget inside.
    public var initialFocus: UnsafeMutablePointer<GtkWidget>?
    /// A button inside the content whose click dismisses the sheet through the controller
    /// (and so through the same policy as Escape); nil for none.
    public var closeButton: UnsafeMutablePointer<GtkWidget>?
    /// Whether the host's dialog paints the sheet's white background with rounded top
    /// corners behind the widget (false for content that covers itself, such as a photo).
    public var drawsBackground = true

    /// Content `widget` titled `title`, resting at `frame`.
    public init(
        widget: UnsafeMutablePointer<GtkWidget>, title: String, frame: @escaping (Size) -> Rect,
        scrolledWindow: UnsafeMutablePointer<GtkWidget>? = nil,
        initialFocus: UnsafeMutablePointer<GtkWidget>? = nil,
        closeButton: UnsafeMutablePointer<GtkWidget>? = nil
    ) {
        self.closeButton = closeButton
        self.widget = widget
        self.title = title
        self.frame = frame
        self.scrolledWindow = scrolledWindow
        self.initialFocus = initialFocus
    }

    /// Content for a `SheetPresenter`'s layout: the frame is the presenter's sheet frame
    /// (top at `large`, running `overdrawFraction` past the bottom edge).
    public static func sheet(
        _ widget: UnsafeMutablePointer<GtkWidget>, presenter: SheetPresenter,
        scrolledWindow: UnsafeMutablePointer<GtkWidget>?,
        closeButton: UnsafeMutablePointer<GtkWidget>? = nil,
        initialFocus: UnsafeMutablePointer<GtkWidget>? = nil
    ) -> GtkSheetContent {
        GtkSheetContent(
            widget: widget, title: presenter.title,
            frame: { presenter.sheetFrame(viewport: $0) }, scrolledWindow: scrolledWindow,
            initialFocus: initialFocus ?? closeButton, closeButton: closeButton)
    }

    /// Content for a `CardPresenter`'s layout: the frame is the presenter's card frame.
    public static func card(
        _ widget: UnsafeMutablePointer<GtkWidget>, presenter: CardPresenter,
        title: String = "Card", closeButton: UnsafeMutablePointer<GtkWidget>? = nil
    ) -> GtkSheetContent {
        GtkSheetContent(
            widget: widget, title: title,
            frame: { presenter.cardFrame(viewport: $0) }, initialFocus: closeButton,
            closeButton: closeButton)
    }

    /// Content for a `PhotoPresenter`'s layout: the frame is the area the photo is fitted
    /// into (`imageFrame`), so `widget` (a `GtkPicture` fitting its image with
    /// `GTK_CONTENT_FIT_CONTAIN`) shows the photo where the presenter places it; the host
    /// moves and shrinks it by the presenter's 2-D transform. No sheet background is drawn.
    public static func photo(
        _ widget: UnsafeMutablePointer<GtkWidget>, presenter: PhotoPresenter,
        title: String = "Photo"
    ) -> GtkSheetContent {
        var content = GtkSheetContent(
            widget: widget, title: title, frame: { presenter.imageFrame(viewport: $0) })
        content.drawsBackground = false
        return content
    }
}
