/// How a sheet's content fits the sheet (DESIGN §4c "Detent-sized layout"), for a `.down`
/// sheet (`SheetPresenter.layout`).
public enum SheetLayout: String, Hashable, Sendable, CaseIterable {
    /// The content is laid out for the top detent and the sheet slides over the window's
    /// bottom edge: at a lower detent the end of the list is off screen (today's sheet).
    case overlay
    /// The content fits the sheet's visible part (its top to the window's bottom), as UIKit
    /// resizes a presented view to its detent: the list's viewport is that height minus the
    /// header and the footer, so its last row is reachable at every detent. Below the lowest
    /// detent the sheet keeps that size and slides down.
    case resize
}

/// A bar pinned to the window's bottom under a sheet's list, with one button, "Done"
/// (`SheetPresenter.footer`).
///
/// While the sheet is at or above its lowest detent the bar sits at the window's bottom;
/// dragged below it, the bar rides down with the sheet. A tap on the button reports
/// `DismissEvent.contentTapped(item: itemID, …)` and dismisses through the veto (reason
/// `.tap`); a drag that starts on the bar moves the sheet, as the header does.
public struct SheetFooter: Hashable, Sendable {
    /// The bar's height, in points.
    package static let height = 56.0
    /// The button's size, in points, centred in the bar (narrower on a narrow window).
    package static let buttonSize = Size(width: 160, height: 40)

    /// The button's text.
    public var title: String
    /// The id a tap on the button reports (`DismissEvent.contentTapped`).
    public var itemID: String

    /// A footer whose button says `title` and reports taps as `itemID`.
    public init(title: String = "Done", itemID: String = "done") {
        self.title = title
        self.itemID = itemID
    }
}

/// What a drag that starts on a sheet's list does (`DismissConfiguration.contentInteraction`).
public enum ContentInteraction: String, Hashable, Sendable, CaseIterable {
    /// The list scrolls only at the top detent, handing off to the sheet inside one gesture;
    /// below it a drag on the list moves the sheet (the default).
    case handOff = "hand-off"
    /// The list scrolls at every detent, as SwiftUI's `.scrolls`: a drag on it moves the
    /// sheet only down from the list's top (and back up to the detent it rested at), as at
    /// the top detent by default. Wheels and Page keys scroll it at every detent too.
    case scrolls
}

/// How long a sheet's list viewport is wherever the sheet is: the scroll model's length.
///
/// Overlaid, the length is fixed. Detent-sized (`followsContent`), the list shows the
/// sheet's visible part less its header and footer: with the content at offset `o` (0 at
/// the top detent) above the lowest detent at `lowest`, `lengthAtTop − min(o, lowest)`;
/// below the lowest detent the sheet keeps that size and slides.
public struct ListViewport: Hashable, Sendable {
    /// The list's viewport with the content at offset 0 (the top detent), in points.
    public var lengthAtTop: Double
    /// Whether the viewport follows the sheet (detent-sized layout) or stays fixed.
    public var followsContent: Bool

    /// A list viewport `lengthAtTop` long at the top detent, following the sheet or not.
    public init(lengthAtTop: Double, followsContent: Bool) {
        self.lengthAtTop = lengthAtTop
        self.followsContent = followsContent
    }

    /// The viewport's length with the content at `offset` and the lowest resting detent at
    /// `lowestDetent` (both along the dismiss direction, from the top detent); never
    /// negative, and `lengthAtTop` for a non-finite offset.
    package func length(atOffset offset: Double, lowestDetent: Double) -> Double {
        guard followsContent, offset.isFinite else { return max(0, lengthAtTop) }
        let sized = lowestDetent.isFinite ? min(offset, lowestDetent) : offset
        return max(0, lengthAtTop - sized)
    }
}
