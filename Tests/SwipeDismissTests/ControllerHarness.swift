import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport

/// What the card and sheet harnesses share: a controller on a manual clock, fed from a
/// queue, whose events an observer keeps.
protocol ControllerHarness: AnyObject {
    var clock: ManualClock { get }
    var input: QueuedInputSource { get }
    var controller: DismissController { get }
    /// Every event the controller announced, in order.
    var events: [DismissEvent] { get }
    /// Where a drag starts unless told otherwise: a point on the content.
    static var dragStart: Point { get }
}

extension ControllerHarness {
    var state: DismissState { controller.state }

    func at(_ time: Double, _ kind: InputEvent.Kind) {
        input.enqueue(InputEvent(time: time, kind: kind))
    }

    /// Queues a straight drag from `start` (`dragStart`) by `delta` over `duration` seconds
    /// with `samples` evenly spaced moves, pressing first unless `press` is false; with
    /// `holdBeforeRelease`, the pointer rests that long before the release (no velocity).
    /// Returns the time of the release (or of the last move, with no hold).
    @discardableResult
    func drag(
        from start: Point? = nil, by delta: Point, at time: Double = 0, duration: Double,
        samples: Int, press: Bool = true, holdBeforeRelease: Double? = nil, release: Bool = true
    ) -> Double {
        let start = start ?? Self.dragStart
        if press { at(time, .down(start)) }
        for i in 1...samples {
            let f = Double(i) / Double(samples)
            at(time + duration * f, .move(start + delta * f))
        }
        let end = time + duration + (holdBeforeRelease ?? 0)
        if release { at(end, .up(start + delta)) }
        return end
    }

    /// Steps the controller at `fps` until `time` (inclusive).
    func run(to time: Double, fps: Double = 240) {
        try! controller.run(to: time, on: clock, fps: fps)
    }

    /// Steps until nothing animates and no input is pending (at most `limit` seconds more).
    func settle(limit: Double = 10) {
        try! controller.settle(on: clock, limit: limit)
    }

    /// The phases the controller changed to, in order.
    var phases: [DismissPhase] {
        events.compactMap {
            if case .phaseChanged(_, let to, _) = $0 { return to }
            return nil
        }
    }

    /// How many dismissals finished.
    var dismissCount: Int {
        events.filter {
            if case .didDismiss = $0 { return true }
            return false
        }.count
    }
}
