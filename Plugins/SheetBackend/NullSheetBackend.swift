import SwipeDismiss
import SwipeDismissNull

/// `SheetBackend` on the null renderer: no window, a manual clock, every frame recorded.
/// The test backend for code written against the facade (swift-cross-ui's DummyBackend).
public final class NullSheetBackend: SheetBackend {
    /// A window: only a size.
    public final class Window {
        /// Its size in points.
        public let viewport: Size

        /// A window of `viewport` points.
        public init(viewport: Size = Size(width: 390, height: 844)) {
            self.viewport = viewport
        }
    }

    /// A sheet: its content name, options and, once presented, its controller.
    public final class Sheet {
        /// What the sheet shows (a name: the null backend has no widgets).
        public let content: String
        /// The options `updateSheet` last gave.
        public internal(set) var options = SheetOptions()
        /// The sheet under this one, as `presentSheet` gave it.
        public internal(set) weak var parent: Sheet?
        /// The controller while shown, and its input and renderer.
        public internal(set) var controller: DismissController?
        /// Where `enqueue` puts user input.
        public let input = QueuedInputSource()
        /// The frames drawn.
        public internal(set) var renderer: NullRenderer?
        /// How many times `onDismiss` was called.
        public internal(set) var userDismissals = 0
        var viewport = Size(width: 390, height: 844)
        var dismissingProgrammatically = false

        init(content: String) { self.content = content }
    }

    /// The clock every sheet's controller reads; `advance(by:)` moves it.
    public let clock = ManualClock()

    /// A backend whose clock starts at 0.
    public init() {}

    /// A sheet showing `content`.
    public func createSheet(content: String) -> Sheet { Sheet(content: content) }

    /// Keeps the options for the next presentation.
    public func updateSheet(
        _ sheet: Sheet, window: Window, size: SIMD2<Int>, onDismiss: @escaping () -> Void,
        cornerRadius: Double?, detents: [PresentationDetent],
        dragIndicatorVisibility: SheetVisibility, interactiveDismissDisabled: Bool
    ) {
        sheet.options.size = size
        sheet.options.onDismiss = onDismiss
        sheet.options.cornerRadius = cornerRadius
        sheet.options.detents = detents
        sheet.options.dragIndicatorVisibility = dragIndicatorVisibility
        sheet.options.interactiveDismissDisabled = interactiveDismissDisabled
        sheet.viewport = window.viewport
    }

    /// Builds the sheet's controller from its options and presents it (animated).
    public func presentSheet(_ sheet: Sheet, window: Window, parentSheet: Sheet?) {
        sheet.parent = parentSheet
        sheet.viewport = window.viewport
        let renderer = NullRenderer(viewport: window.viewport)
        let options = sheet.options
        let controller = DismissController(
            input: sheet.input, presenter: SheetBackendLayout.presenter(), renderer: renderer,
            clock: clock, configuration: options.configuration(), presented: false)
        controller.shouldDismiss = { [unowned controller] reason in
            if options.allowsDismissal(for: reason) { return true }
            controller.declineDismissal()
            return false
        }
        controller.addObserver { [unowned sheet] event in
            guard case .didDismiss = event else { return }
            if sheet.dismissingProgrammatically {
                sheet.dismissingProgrammatically = false
            } else {
                sheet.userDismissals += 1
                options.onDismiss()
            }
        }
        sheet.controller = controller
        sheet.renderer = renderer
        controller.present()
    }

    /// Dismisses the sheet without asking the policy and without calling `onDismiss`.
    public func dismissSheet(_ sheet: Sheet, window: Window, parentSheet: Sheet?) {
        guard let controller = sheet.controller, controller.state.phase != .dismissed else {
            return
        }
        sheet.dismissingProgrammatically = true
        controller.dismiss(force: true)
    }

    /// The window's width by the height the sheet covers at its top detent.
    public func size(ofSheet sheet: Sheet) -> SIMD2<Int> {
        SheetBackendLayout.size(of: sheet.options, viewport: sheet.viewport)
    }

    /// The sheet's controller once presented.
    public func controller(ofSheet sheet: Sheet) -> DismissController? { sheet.controller }

    /// Moves the clock by `seconds` in steps of 1/60 s, stepping every sheet given.
    public func advance(by seconds: Double, stepping sheets: [Sheet]) throws {
        var left = seconds
        while left > 1e-9 {
            let step = min(1.0 / 60, left)
            clock.advance(by: step)
            left -= step
            for sheet in sheets { try sheet.controller?.step() }
        }
    }
}
