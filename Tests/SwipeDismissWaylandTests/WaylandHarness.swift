import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// Counts what passes from the seat to the controller.
final class CountingInput: InputSource {
    let source: InputSource
    private(set) var events: [InputEvent] = []

    init(_ source: InputSource) {
        self.source = source
        events.reserveCapacity(1024)  // no growth while the allocation tests count
    }

    func events(upTo time: Double, into events: inout [InputEvent]) {
        let first = events.count
        source.events(upTo: time, into: &events)
        self.events += events[first...]
    }

    var nextEventTime: Double? { source.nextEventTime }
}

/// The plugin in this process on `weston`: a card window of 390x844 pt driven by a
/// `DismissController`, its input from `queue` (scripted) or, with `liveInput`, the seat.
final class WaylandHarness {
    /// What serves the socket (a `Weston` or a `ScriptedCompositor`), kept alive with the harness.
    let server: AnyObject
    let clock = MonotonicClock()
    let display: WaylandDisplay
    let window: WaylandWindow
    let renderer: WaylandRenderer
    let seat: WaylandInputSource
    let queue = QueuedInputSource()
    let counted: CountingInput
    let controller: DismissController
    let loop: WaylandEventLoop
    /// Every phase the controller passed through, in order.
    private(set) var phases: [DismissPhase] = []

    /// The weston serving the socket (for the tests that use one).
    var weston: Weston { server as! Weston }

    convenience init(weston: Weston, liveInput: Bool = false, scale: Double? = nil) throws {
        try self.init(
            socketPath: weston.socketPath, server: weston, liveInput: liveInput, scale: scale)
    }

    /// `scale`: the scale the window asks for (nil: the compositor's).
    init(socketPath: String, server: AnyObject, liveInput: Bool = false, scale: Double? = nil)
        throws
    {
        self.server = server
        display = try WaylandDisplay(name: socketPath)
        window = try WaylandWindow(
            display: display, title: "SwipeDismiss Wayland test", width: 390, height: 844,
            scale: scale)
        renderer = WaylandRenderer(window: window)
        renderer.keepsLastScene = true  // the tests compare the last frame with its scene
        seat = WaylandInputSource(display: display, clock: clock)
        counted = CountingInput(liveInput ? seat : queue)
        controller = DismissController(
            input: counted, presenter: CardPresenter(), renderer: renderer, clock: clock,
            configuration: .fluid)
        loop = WaylandEventLoop(window: window, renderer: renderer, input: seat, clock: clock)
        controller.addObserver { [unowned self] event in
            if case .phaseChanged(_, let to, _) = event { phases.append(to) }
        }
    }

    /// Turns the loop until `condition` holds (true) or `timeout` passes (false); `check`
    /// runs after every turn.
    ///
    /// The loop is given `condition` as its `until`, so a turn that has made it hold (a
    /// frame callback dispatched, say) returns before it waits up to 50 ms for more.
    @discardableResult
    func run(timeout: Double, until condition: () -> Bool, check: () -> Void = {}) throws -> Bool {
        let end = clock.now + timeout
        return try withoutActuallyEscaping(condition) { condition in
            while clock.now < end {
                if let reason = try loop.runOnce(controller, maximumWait: 0.05, until: condition),
                    reason != .stopped || !condition()
                {
                    throw TestFailure(description: "the loop stopped: \(reason)")
                }
                check()
                if condition() { return true }
            }
            return false
        }
    }

    /// Runs until the first frame is shown and nothing animates.
    func settle() throws {
        let settled = try run(timeout: 5) {
            renderer.commits > 0 && !controller.isAnimating && controller.nextWakeTime == nil
                && !renderer.isFrameOutstanding
        }
        XCTAssertTrue(settled, "the window did not settle")
    }
}
