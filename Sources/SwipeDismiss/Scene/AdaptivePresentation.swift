/// How a sheet is presented in a window of a given size (DESIGN §4c "Adaptive presentation").
public enum PresentationMode: String, Hashable, Sendable, CaseIterable {
    /// A bottom sheet across the window's width, with its detents.
    case sheet
    /// A centred sheet floating clear of the window's edges, with one detent.
    case floating
}

/// The rule that picks a sheet's `PresentationMode` from the window's size, and the floating
/// sheet's frame (libadwaita's `AdwDialog` breakpoints, Material's 640 pt width cap).
///
/// A bottom sheet when the window is at most `maximumSheetWidth` wide or at most
/// `maximumSheetHeight` tall; otherwise a floating sheet `min(maximumFloatingWidth, W − 2 ×
/// floatingSideMargin)` wide, centred, its top `floatingInset` below the window's top and
/// its bottom `floatingInset` above the window's bottom.
public struct AdaptivePresentation: Hashable, Sendable {
    /// A window at most this wide shows a bottom sheet: 450 pt.
    public var maximumSheetWidth = 450.0
    /// A window at most this tall shows a bottom sheet: 360 pt.
    public var maximumSheetHeight = 360.0
    /// The floating sheet's widest: 640 pt.
    public var maximumFloatingWidth = 640.0
    /// The least room left on each side of a floating sheet: 32 pt.
    public var floatingSideMargin = 32.0
    /// The floating sheet's distance from the window's top and bottom edges: 40 pt.
    public var floatingInset = 40.0

    /// The standard rule, with the numbers above.
    public init() {}

    /// The standard rule.
    public static let standard = AdaptivePresentation()

    /// The mode for a window of `viewport`.
    public func mode(for viewport: Size) -> PresentationMode {
        viewport.width <= maximumSheetWidth || viewport.height <= maximumSheetHeight
            ? .sheet : .floating
    }

    /// The floating sheet's frame at rest in `viewport`: centred, `floatingInset` from the
    /// top and the bottom.
    package func floatingFrame(in viewport: Size) -> Rect {
        let width = max(0, min(maximumFloatingWidth, viewport.width - 2 * floatingSideMargin))
        return Rect(
            x: (viewport.width - width) / 2, y: floatingInset, width: width,
            height: max(0, viewport.height - 2 * floatingInset))
    }
}
