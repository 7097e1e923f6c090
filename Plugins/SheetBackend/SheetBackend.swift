import SwipeDismiss

/// The sheet half of swift-cross-ui's `AppBackend`, method for method, so that a backend
/// there can hand its sheets to SwipeDismiss mechanically.
///
/// swift-cross-ui's calls and these: `createSheet(content:)`, `updateSheet(_:window:
/// environment:size:onDismiss:cornerRadius:detents:dragIndicatorVisibility:backgroundColor:
/// interactiveDismissDisabled:)` (here without the environment and background colour, which
/// belong to swift-cross-ui's view graph), `presentSheet(_:window:parentSheet:)`,
/// `dismissSheet(_:window:parentSheet:)` and `size(ofSheet:)`. One addition,
/// `controller(ofSheet:)`, exposes the running `DismissController` to tests and apps.
///
/// Detents and the interactive-dismissal switch take effect at the next presentation if the
/// sheet is shown when they change (a controller's configuration is fixed for its life).
public protocol SheetBackend: AnyObject {
    /// A sheet: its content and options, and while shown its controller.
    associatedtype Sheet: AnyObject
    /// What a sheet is shown over.
    associatedtype Window
    /// The sheet's content as the backend knows widgets.
    associatedtype Widget

    /// A sheet holding `content`, not yet shown.
    func createSheet(content: Widget) -> Sheet

    /// Sets the sheet's options (swift-cross-ui's `updateSheet`).
    func updateSheet(
        _ sheet: Sheet, window: Window, size: SIMD2<Int>, onDismiss: @escaping () -> Void,
        cornerRadius: Double?, detents: [PresentationDetent],
        dragIndicatorVisibility: SheetVisibility, interactiveDismissDisabled: Bool)

    /// Shows the sheet over `window` (over `parentSheet`, if given) at its first detent.
    func presentSheet(_ sheet: Sheet, window: Window, parentSheet: Sheet?)

    /// Takes the sheet away (animated); `onDismiss` is not called.
    func dismissSheet(_ sheet: Sheet, window: Window, parentSheet: Sheet?)

    /// The sheet's size in points: the window's width by the height it covers at its top
    /// detent.
    func size(ofSheet sheet: Sheet) -> SIMD2<Int>

    /// The controller running the sheet while it is shown (nil before the first
    /// presentation).
    func controller(ofSheet sheet: Sheet) -> DismissController?
}

/// The geometry every backend uses for a sheet of `options` in a `viewport`: a
/// `SheetPresenter` with no rows (the app's content is the sheet) laid out at `large`.
public enum SheetBackendLayout {
    /// The presenter a backend's controller runs on.
    public static func presenter(title: String = "Sheet") -> SheetPresenter {
        SheetPresenter(title: title, rows: [], drawsScreenBehind: false)
    }

    /// The sheet's size at its top detent in `viewport`, rounded to whole points.
    public static func size(of options: SheetOptions, viewport: Size) -> SIMD2<Int> {
        let layout = DetentLayout(
            detents: options.coreDetents, viewportExtent: viewport.height,
            contentExtent: viewport.height,
            distance: viewport.height * (1 - 0.1))
        let visible = layout.distance - layout.top
        return SIMD2(Int(viewport.width.rounded()), Int(visible.rounded()))
    }
}
