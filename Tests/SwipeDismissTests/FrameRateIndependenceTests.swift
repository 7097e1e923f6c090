import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

final class FrameRateIndependenceTests: XCTestCase {
    /// Event times deliberately off any frame grid.
    private static let traces: [(String, DismissConfiguration, [InputEvent])] = {
        func drag(_ moves: [(Double, Double)], releaseAt: Double?) -> [InputEvent] {
            var events = [InputEvent(time: 0.0137, kind: .down(Point(x: 195, y: 500)))]
            for (t, y) in moves {
                events.append(InputEvent(time: t, kind: .move(Point(x: 195, y: 500 + y))))
            }
            if let releaseAt, let last = moves.last {
                events.append(
                    InputEvent(time: releaseAt, kind: .up(Point(x: 195, y: 500 + last.1))))
            }
            return events
        }
        let slow = (1...40).map { (0.0137 + Double($0) * 0.0111, Double($0) * 3.7) }
        let flick = (1...6).map { (0.0137 + Double($0) * 0.0073, Double($0) * 11.3) }
        var interrupted = drag(slow, releaseAt: 0.51)
        interrupted.append(InputEvent(time: 0.6033, kind: .down(Point(x: 195, y: 420))))
        interrupted.append(InputEvent(time: 0.7019, kind: .move(Point(x: 195, y: 380))))
        interrupted.append(InputEvent(time: 0.8101, kind: .up(Point(x: 195, y: 380))))
        interrupted.append(InputEvent(time: 1.9, kind: .key(.escape)))
        interrupted.append(InputEvent(time: 2.71, kind: .key(.space)))
        // Fast seed moves past 200 pt, back up, down again: additive steps in both directions,
        // a release mid-flight, a second drag into the spring-back, then a dismissal.
        let zigzag = (1...30).map { k -> (Double, Double) in
            (0.0137 + Double(k) * 0.0123, 260 - abs(Double(k) - 15) * 17.3)
        }
        var seedTwice = drag(zigzag, releaseAt: 0.41)
        seedTwice.append(InputEvent(time: 0.5519, kind: .down(Point(x: 195, y: 500))))
        for k in 1...12 {
            let y = 500 + Double(k) * 21.7
            seedTwice.append(
                InputEvent(time: 0.5519 + Double(k) * 0.0131, kind: .move(Point(x: 195, y: y))))
        }
        seedTwice.append(InputEvent(time: 0.7201, kind: .up(Point(x: 195, y: 760.4))))
        return [
            ("fluid slow drag", .fluid, drag(slow, releaseAt: 0.4611)),
            ("fluid flick", .fluid, drag(flick, releaseAt: 0.0599)),
            ("fluid interrupted", .fluid, interrupted),
            ("seed slow drag", .seed, drag(slow, releaseAt: 0.4611)),
            ("seed interrupted", .seed, interrupted),
            ("seed flick", .seed, drag(flick, releaseAt: 0.0599)),
            ("seed zigzag, spring-back caught, dismissed", .seed, seedTwice),
        ]
    }()

    /// The machine's state at every frame of `fps` up to 4 s, driven as the controller drives
    /// it (the card at 390 x 844).
    private func sample(_ events: [InputEvent], _ configuration: DismissConfiguration, fps: Double)
        -> [DismissState]
    {
        MachineDriver(
            presenter: CardPresenter(), configuration: configuration,
            input: QueuedInputSource(events)
        ).sampleFrames(fps: fps, through: 4)
    }

    func testSameStateAtSharedTimesFor30To240Hz() {
        for (name, configuration, events) in Self.traces {
            let base = sample(events, configuration, fps: 30)
            for multiple in [2, 4, 8] {
                let fine = sample(events, configuration, fps: 30 * Double(multiple))
                for (n, coarse) in base.enumerated() {
                    let other = fine[n * multiple]
                    XCTAssertEqual(other.time, coarse.time, "\(name)")
                    XCTAssertEqual(
                        other.offset, coarse.offset, accuracy: 1e-9,
                        "\(name) at \(coarse.time), \(30 * multiple) Hz")
                    XCTAssertEqual(
                        other.alpha, coarse.alpha, accuracy: 1e-9,
                        "\(name) at \(coarse.time), \(30 * multiple) Hz")
                    XCTAssertEqual(
                        other.phase, coarse.phase, "\(name) at \(coarse.time), \(30 * multiple) Hz")
                }
            }
            XCTAssertNotEqual(
                Set(base.map(\.phase)).count, 1, "\(name) should exercise several phases")
        }
    }

    func testTheControllerShowsTheMachinesStateAtEveryFrame() throws {
        // The rate tests above drive the machine alone; the controller that steps it,
        // rendering every frame, must show exactly the machine's state at each one.
        for (name, configuration, events) in Self.traces {
            let clock = FixedStepClock(framesPerSecond: 60)
            let controller = DismissController(
                input: QueuedInputSource(events), presenter: CardPresenter(),
                renderer: NullRenderer(), clock: clock, configuration: configuration)
            controller.keyBindings = .tools
            let shown = try controller.sampleFrames(on: clock, through: 4)
            let machine = sample(events, configuration, fps: 60)
            XCTAssertEqual(shown.count, 241, name)
            XCTAssertEqual(shown, machine, name)
            XCTAssertEqual(controller.framesRendered, 241, name)
        }
    }

    func testATinySheetEndsItsDismissalOffScreenAtEveryRate() {
        // At a 1 x 1 viewport the fading exit moves under a point: it settles within
        // `restDistance` of its aim past the edge before it crosses the edge, and which one a
        // frame saw first once decided where the dismissed content rested (found by the fuzzer).
        var ends: [DismissState] = []
        for fps in [30.0, 240] {
            let clock = FixedStepClock(framesPerSecond: fps)
            let controller = DismissController(
                input: QueuedInputSource([]), presenter: SheetPresenter(),
                renderer: NullRenderer(viewport: Size(width: 1, height: 1)), clock: clock,
                configuration: .sheet(.fluid))
            controller.keyBindings = .tools
            controller.dismiss()
            while controller.isAnimating, clock.now < 2 {
                clock.tick()
                try! controller.step()
            }
            XCTAssertEqual(controller.state.phase, .dismissed, "\(fps) Hz")
            XCTAssertEqual(controller.state.offset, controller.layout.distance, "\(fps) Hz")
            ends.append(controller.state)
        }
        XCTAssertEqual(ends[0].offset, ends[1].offset)
    }
}
