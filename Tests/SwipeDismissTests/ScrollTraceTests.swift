import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import SwipeDismissTrace
import XCTest

/// Scroll events in traces (DESIGN §4 "Trace events, added"), their replay, their recording,
/// and frame-rate independence of touchpad gestures.
final class ScrollTraceTests: XCTestCase {
    /// Touchpad streams with and without a stop, a wheel, a press taking over from a pan, a
    /// diagonal, and a stream during a pointer drag; times off any frame grid.
    static let events: [InputEvent] = {
        var events: [InputEvent] = []
        func add(_ time: Double, _ kind: InputEvent.Kind) {
            events.append(InputEvent(time: time, kind: kind))
        }
        // A 110 pt stream that is let go without a stop (ends 150 ms later, springs back).
        for k in 1...11 {
            add(0.0137 + Double(k) * 0.0113, .scroll(dx: 0.3, dy: 10, source: .touchpad))
        }
        // Wheel clicks while it settles: nothing.
        add(0.2503, .scroll(dx: 0, dy: 53, source: .wheel))
        add(0.2791, .scroll(dx: 0, dy: -53, source: .wheel))
        // A diagonal stream that catches the spring-back and is taken over by a press.
        for k in 1...9 {
            add(0.3301 + Double(k) * 0.0097, .scroll(dx: 6.1, dy: 14.9, source: .touchpad))
        }
        add(0.4507, .down(Point(x: 195, y: 560)))
        add(0.4711, .scroll(dx: 0, dy: 20, source: .touchpad))
        add(0.5021, .move(Point(x: 195, y: 590)))
        add(0.5519, .up(Point(x: 195, y: 590)))
        // A 260 pt flick with a stop: dismissed; Space presents again.
        for k in 1...13 {
            add(1.3001 + Double(k) * 0.0071, .scroll(dx: 0, dy: 20, source: .touchpad))
        }
        add(1.4013, .scrollStop)
        add(2.6017, .key(.space))
        return events
    }()

    /// The states at every frame of `fps` up to 4 s (every frame rendered).
    private func sample(
        _ input: InputSource, fps: Double, configuration: DismissConfiguration = .fluid
    ) -> [DismissState] {
        let clock = FixedStepClock(framesPerSecond: fps)
        let controller = DismissController(
            input: input, presenter: CardPresenter(), renderer: NullRenderer(), clock: clock,
            configuration: configuration)
        controller.keyBindings = .tools
        return try! controller.sampleFrames(on: clock, through: 4)
    }

    func testTouchpadGesturesAgreeAt30And240Hertz() {
        for configuration in [DismissConfiguration.fluid, .seed] {
            let coarse = sample(
                QueuedInputSource(Self.events), fps: 30, configuration: configuration)
            let fine = sample(
                QueuedInputSource(Self.events), fps: 240, configuration: configuration)
            XCTAssertTrue(coarse.contains { $0.phase == .dragging }, configuration.name)
            XCTAssertTrue(coarse.contains { $0.phase == .dismissed }, configuration.name)
            for (n, state) in coarse.enumerated() {
                let other = fine[n * 8]
                XCTAssertEqual(other.time, state.time)
                XCTAssertEqual(
                    other.offset, state.offset, accuracy: 1e-9,
                    "\(configuration.name) at \(state.time)")
                XCTAssertEqual(other.alpha, state.alpha, accuracy: 1e-9)
                XCTAssertEqual(other.phase, state.phase, "\(configuration.name) at \(state.time)")
            }
        }
    }

    func testTheDesignExampleReads() throws {
        let trace = try GestureTrace(
            json: """
                { "viewport": { "width": 390, "height": 844 },
                  "events": [
                    {"t":0.5,"type":"scroll","dx":0,"dy":12.5,"source":"touchpad"},
                    {"t":0.6,"type":"scroll","dx":-53,"dy":0,"source":"wheel"},
                    {"t":0.7,"type":"scroll-stop"} ] }
                """)
        XCTAssertEqual(
            trace.events,
            [
                InputEvent(time: 0.5, kind: .scroll(dx: 0, dy: 12.5, source: .touchpad)),
                InputEvent(time: 0.6, kind: .scroll(dx: -53, dy: 0, source: .wheel)),
                InputEvent(time: 0.7, kind: .scrollStop),
            ])
    }

    func testScrollEventsRoundTripAndReplayIdentically() throws {
        let trace = GestureTrace(viewport: Size(width: 390, height: 844), events: Self.events)
        let text = try trace.encoded()
        XCTAssertTrue(text.contains(#""dx":0.3,"dy":10,"source":"touchpad","#), text)
        XCTAssertTrue(text.contains(#""source":"wheel","#), text)
        XCTAssertTrue(text.contains(#""type":"scroll-stop""#), text)
        let read = try GestureTrace(json: text)
        XCTAssertEqual(read, trace)
        XCTAssertEqual(try read.encoded(), text)
        let live = sample(QueuedInputSource(Self.events), fps: 60)
        let replayed = sample(TraceInputSource(trace: read), fps: 60)
        XCTAssertEqual(replayed, live)
    }

    func testBadScrollEventsAreRefusedByIndexAndField() {
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "scroll", "dx": 0, "source": "wheel" }"#),
            index: 1, field: "dy", mentioning: ["missing"])
        TraceFixture.assertRefused(
            TraceFixture.event(
                #"{ "t": 0.1, "type": "scroll", "dx": 0, "dy": 1, "source": "pen" }"#),
            index: 1, field: "source", mentioning: ["pen", "touchpad or wheel"])
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "scroll", "dx": 0, "dy": 1 }"#),
            index: 1, field: "source", mentioning: ["missing"])
        TraceFixture.assertRefused(
            TraceFixture.event(
                #"{ "t": 0.1, "type": "scroll", "dx": 2e6, "dy": 1, "source": "touchpad" }"#),
            index: 1, field: "dx", mentioning: ["1000000"])
        TraceFixture.assertRefused(
            TraceFixture.event(
                #"{ "t": 0.1, "type": "scroll", "dx": 0, "dy": NaN, "source": "touchpad" }"#),
            index: 1, field: "dy")
        TraceFixture.assertRefused(
            TraceFixture.event(
                #"{ "t": 0.1, "type": "scroll", "dx": "1", "dy": 1, "source": "touchpad" }"#),
            index: 1, field: "dx", mentioning: ["a string"])
        TraceFixture.assertRefused(
            TraceFixture.event(#"{ "t": 0.1, "type": "scrollstop" }"#), index: 1,
            field: "type", mentioning: ["scroll-stop"])
        let inCode = GestureTrace(
            viewport: Size(width: 10, height: 10),
            events: [InputEvent(time: 0, kind: .scroll(dx: .infinity, dy: 0, source: .wheel))])
        XCTAssertThrowsError(try inCode.encoded()) { error in
            XCTAssertEqual((error as? GestureTraceError)?.field, "dx")
            XCTAssertEqual((error as? GestureTraceError)?.eventIndex, 0)
        }
    }

    /// What `x11-demo --record` does: a live source recorded, written, read and replayed.
    func testARecordedTouchpadGestureReplaysExactly() throws {
        let start = 100.0
        let shifted = Self.events.map { InputEvent(time: $0.time + start, kind: $0.kind) }
        let recorder = RecordingInputSource(
            recording: QueuedInputSource(shifted), viewport: Size(width: 390, height: 844),
            startTime: start)
        let clock = FixedStepClock(start: start, framesPerSecond: 60)
        let controller = DismissController(
            input: recorder, presenter: CardPresenter(), renderer: NullRenderer(), clock: clock)
        controller.keyBindings = .tools
        var live: [DismissState] = []
        while clock.now <= start + 4 {
            try controller.step(forceRender: true)
            var state = controller.state
            state.time -= start
            live.append(state)
            clock.tick()
        }
        XCTAssertEqual(recorder.droppedEventCount, 0)
        let kinds = recorder.trace.events.map(\.kind)
        XCTAssertEqual(kinds, Self.events.map(\.kind))
        XCTAssertTrue(kinds.contains(.scrollStop))
        let read = try GestureTrace(json: try recorder.trace.encoded())
        let replayed = sample(TraceInputSource(trace: read), fps: 60)
        XCTAssertEqual(replayed.count, live.count)
        for (a, b) in zip(replayed, live) {
            XCTAssertEqual(a.time, b.time, accuracy: 1e-9)
            XCTAssertEqual(a.offset, b.offset, accuracy: 1e-6, "at \(a.time)")
            XCTAssertEqual(a.phase, b.phase, "at \(a.time)")
        }
        XCTAssertTrue(replayed.contains { $0.phase == .dismissed })
    }
}
