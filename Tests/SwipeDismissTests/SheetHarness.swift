import SwipeDismiss
import SwipeDismissNull

/// A controller on the sheet scene (or any presenter) with a manual clock, queued input,
/// the null renderer and a scripted dismissal policy.
final class SheetHarness: ControllerHarness {
    let clock = ManualClock()
    let input = QueuedInputSource()
    let renderer = NullRenderer()
    let presenter: Presenter
    let controller: DismissController
    private(set) var events: [DismissEvent] = []
    /// Every reason the policy was asked about, in order.
    private(set) var asked: [DismissReason] = []
    /// The policy's answer; true allows every dismissal.
    var allowsDismissal = true

    /// A point on the sheet at `medium` in the default 390 x 844 viewport.
    static let onSheet = Point(x: 195, y: 600)
    /// A point on the backdrop above the sheet at `medium`.
    static let aboveSheet = Point(x: 195, y: 200)
    /// A point on the list with the sheet at `large`.
    static let onList = Point(x: 195, y: 400)
    /// A point on the header with the sheet at `large`.
    static let onHeader = Point(x: 195, y: 110)

    init(
        _ configuration: DismissConfiguration = .sheet(), presenter: Presenter = SheetPresenter(),
        presented: Bool = true
    ) {
        self.presenter = presenter
        controller = DismissController(
            input: input, presenter: presenter, renderer: renderer, clock: clock,
            configuration: configuration, presented: presented)
        controller.keyBindings = .tools
        controller.addObserver { [unowned self] event in self.events.append(event) }
        controller.shouldDismiss = { [unowned self] reason in
            self.asked.append(reason)
            return self.allowsDismissal
        }
    }

    /// A sheet resting at `large` with its list scrolled to `scroll`.
    static func atLarge(scroll: Double) -> SheetHarness {
        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = SheetPresenter.large.id
        let presenter = SheetPresenter()
        presenter.listOffset = scroll
        return SheetHarness(configuration, presenter: presenter)
    }

    var layout: DetentLayout { controller.layout }

    /// The offset of the detent called `name`.
    func offset(_ name: String) -> Double {
        layout.offset(of: layout.index(named: name) ?? -1)
    }

    static var dragStart: Point { onSheet }

    func tap(_ point: Point, at time: Double) {
        at(time, .down(point))
        at(time + 0.05, .up(point))
    }

    var attempts: [DismissReason] {
        events.compactMap {
            if case .dismissAttempted(let reason) = $0 { return reason }
            return nil
        }
    }
}
