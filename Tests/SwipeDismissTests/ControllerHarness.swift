import SwipeDismiss
import SwipeDismissNull

/// What the card and sheet harnesses share: a controller on a manual clock, fed from a queue.
protocol ControllerHarness: AnyObject {
    var clock: ManualClock { get }
    var input: QueuedInputSource { get }
    var controller: DismissController { get }
}

extension ControllerHarness {
    var state: DismissState { controller.state }

    func at(_ time: Double, _ kind: InputEvent.Kind) {
        input.enqueue(InputEvent(time: time, kind: kind))
    }

    /// Steps the controller at `fps` until `time` (inclusive).
    func run(to time: Double, fps: Double = 240) {
        while clock.now < time {
            clock.set(to: min(time, clock.now + 1 / fps))
            try! controller.step()
        }
    }

    /// Steps until nothing animates and no input is pending (at most `limit` seconds more).
    func settle(limit: Double = 10) {
        let end = clock.now + limit
        repeat {
            run(to: clock.now + 1 / 60.0)
        } while (controller.isAnimating || input.nextEventTime != nil) && clock.now < end
    }
}
