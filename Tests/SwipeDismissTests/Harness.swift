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
        controller.addObserver { [unowned self] event in self.events.append(event) }
    }

    /// Queues a straight drag from `start` by `delta` over `duration` seconds with `samples`
    /// evenly spaced moves; returns the time of the last move.
    @discardableResult
    func drag(
        from start: Point = Harness.cardPoint, by delta: Point, at time: Double = 0,
        duration: Double, samples: Int, press: Bool = true, release: Bool = true
    ) -> Double {
        if press { at(time, .down(start)) }
        for i in 1...samples {
            let f = Double(i) / Double(samples)
            at(time + duration * f, .move(start + delta * f))
        }
        if release { at(time + duration, .up(start + delta)) }
        return time + duration
    }

    var phases: [DismissPhase] {
        events.compactMap {
            if case .phaseChanged(_, let to, _) = $0 { return to }
            return nil
        }
    }

    var dismissCount: Int {
        events.filter {
            if case .didDismiss = $0 { return true }
            return false
        }.count
    }
}
