import SwipeDismiss
import SwipeDismissNull

/// A controller on a manual clock with queued input and the null renderer.
final class Harness: ControllerHarness {
    let clock = ManualClock()
    let input = QueuedInputSource()
    let renderer = NullRenderer()
    let presenter = CardPresenter()
    let controller: DismissController
    private(set) var events: [DismissEvent] = []

    /// A point on the card of the default 390 x 844 viewport.
    static let cardPoint = Point(x: 195, y: 500)

    init(_ configuration: DismissConfiguration = .fluid, presented: Bool = true) {
        controller = DismissController(
            input: input, presenter: presenter, renderer: renderer, clock: clock,
            configuration: configuration, presented: presented)
        controller.keyBindings = .tools
        controller.addObserver { [unowned self] event in self.events.append(event) }
    }

    static var dragStart: Point { cardPoint }
}
