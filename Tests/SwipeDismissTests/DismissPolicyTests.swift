import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// The policy as data, and as a question the machine returns instead of calling app code.
final class DismissPolicyTests: XCTestCase {
    /// A sheet at 390 x 844 as `SheetPresenter` lays it out: `large` at 0, `medium` at
    /// 337.6, off screen at 759.6.
    private let world = PresenterEnvironment(
        presenter: SheetPresenter(), direction: .down, viewport: Size(width: 390, height: 844))
    /// On the sheet's header at `large` (its top at 84.4), above its list.
    private let header = Point(x: 195, y: 104.4)

    /// A sheet at rest at `large`, under `policy`.
    private func sheet(
        _ policy: DismissPolicy, _ configuration: DismissConfiguration = .sheet()
    ) -> DismissMachine {
        var configuration = configuration
        configuration.presentedDetent = .large
        let layout = DetentLayout(
            presenter: world.presenter, configuration: configuration, viewport: world.viewport)
        var machine = DismissMachine(configuration: configuration, layout: layout, time: 0)
        machine.policy = policy
        return machine
    }

    private func at(_ time: Double, _ kind: InputEvent.Kind) -> InputEvent {
        InputEvent(time: time, kind: kind)
    }

    func testEscapeUnderAskStopsOnAQuestionThatTheAnswerFinishes() {
        var m = sheet(.ask)
        XCTAssertEqual(m.handle(at(0.1, .key(.escape)), environment: world), [.decide(.escape)])
        XCTAssertEqual(m.pendingDecision, .escape)
        XCTAssertEqual(m.phase, .presented, "nothing moves before the answer")
        XCTAssertEqual(m.time, 0.1)

        var yes = m
        let left = yes.decide(true, environment: world)
        XCTAssertNil(yes.pendingDecision)
        XCTAssertEqual(yes.phase, .dismissing)
        guard case .notify(.phaseChanged(.presented, .dismissing, _))? = left.first else {
            return XCTFail("\(left)")
        }

        var no = m
        XCTAssertEqual(
            no.decide(false, environment: world),
            [.notify(.dismissAttempted(.escape)), .needsDisplay])
        XCTAssertEqual(no.phase, .presented)
        XCTAssertTrue(no.isDismissAttemptPending)
        XCTAssertEqual(no.decide(true, environment: world), [], "nothing is left to answer")
    }

    func testADragIsAskedOnceAsItPassesTheLowestDetentAndANoTurnsTheWayOutIntoABand() {
        var asked = sheet(.ask)
        var denied = sheet(.deny)
        var questions: [DismissEffect] = []
        // Down from `large` on the header: medium (337.6) is passed at +400.
        for (k, y) in [0.0, 100, 200, 300, 400, 500].enumerated() {
            let time = Double(k) * 0.05
            let event = at(time, k == 0 ? .down(header) : .move(header + Point(x: 0, y: y)))
            questions += asked.handle(event, environment: world).filter { $0 == .decide(.drag) }
            if asked.pendingDecision != nil { asked.decide(false, environment: world) }
            denied.handle(event, environment: world)
            XCTAssertEqual(asked.state, denied.state, "at \(time)")
        }
        XCTAssertEqual(questions, [.decide(.drag)])
        XCTAssertLessThan(asked.offset, 337.6 + 162.4, "the band holds it back")
        // Held still, the banded drag goes back to `medium`: nothing to ask or report.
        let release = at(0.3, .up(header + Point(x: 0, y: 500)))
        let effects = asked.handle(release, environment: world)
        denied.handle(release, environment: world)
        XCTAssertNil(asked.pendingDecision, "the verdict is not asked again")
        XCTAssertFalse(effects.contains(.notify(.dismissAttempted(.drag))))
        XCTAssertEqual(asked.state, denied.state)
        XCTAssertEqual(asked.phase, .settling)
        XCTAssertEqual(asked.state.detent, .medium)
    }

    func testAQuietTouchpadStreamAskedAtItsDeadlineResumesTheAdvanceAfterTheAnswer() {
        // 10 deltas of 15 pt at 100 Hz from `large`: 150 pt at 1500 pt/s, short of `medium`,
        // so no drag verdict; the release 150 ms after the last delta projects off screen.
        var m = sheet(.ask)
        for k in 0..<10 {
            let effects = m.handle(
                at(Double(k) / 100, .scroll(dx: 0, dy: 15, source: .touchpad)), environment: world)
            XCTAssertFalse(effects.contains(.decide(.drag)))
        }
        XCTAssertEqual(m.offset, 150)
        let deadline = 0.09 + 0.150
        XCTAssertEqual(m.scrollDeadline ?? 0, deadline, accuracy: 1e-12)
        XCTAssertEqual(m.advance(to: 1, environment: world), [.decide(.flick)])
        XCTAssertEqual(m.time, deadline, accuracy: 1e-12, "time waits at the release")
        XCTAssertEqual(m.phase, .dragging)

        var reference = sheet(.allow)
        for k in 0..<10 {
            reference.handle(
                at(Double(k) / 100, .scroll(dx: 0, dy: 15, source: .touchpad)), environment: world)
        }
        reference.advance(to: 1, environment: world)
        m.decide(true, environment: world)
        XCTAssertEqual(m.time, 1, "the answer finishes the advance")
        XCTAssertEqual(m.state, reference.state)
        XCTAssertEqual(m.phase, .dismissed)
    }

    func testAnyOtherCallSettlesAnOpenQuestionAsDeclinedFirst() {
        var m = sheet(.ask)
        m.dismiss(request: 7, environment: world)
        XCTAssertEqual(m.pendingDecision, .programmatic)
        let effects = m.move(to: .medium, request: 8, environment: world)
        XCTAssertEqual(
            Array(effects.prefix(3)),
            [
                .notify(.dismissAttempted(.programmatic)), .needsDisplay,
                .complete(request: 7, succeeded: false),
            ])
        XCTAssertNil(m.pendingDecision)
        XCTAssertEqual(m.phase, .settling, "then the call itself runs")
    }

    /// Answering every question as `.allow` (or `.deny`) would gives the very same machine,
    /// frame by frame, over gestures that ask in each place.
    func testAnsweringLikeAStandingPolicyGivesTheSameMachineFrameByFrame() {
        // The seed dismisses only 200 pt below the start (its flicks from `large` stay) and
        // leaves Escape to the app.
        let gestures: [(String, [InputEvent], asksUnderSeed: Bool)] = [
            ("escape", [at(0.1, .key(.escape))], false),
            ("backdrop tap at medium", backdropTapAtMedium(), true),
            ("slow drag off screen", drag(to: 600, over: 0.6), true),
            ("flick from large", drag(to: 120, over: 0.04), false),
            ("touchpad flick", touchpad(count: 10, dy: 15), false),
            ("touchpad past medium", touchpad(count: 30, dy: 15), true),
        ]
        for (preset, configuration) in [
            ("fluid", DismissConfiguration.sheet()), ("seed", .sheet(.seed)),
        ] {
            for (name, events, asksUnderSeed) in gestures {
                for (standing, answer) in [(DismissPolicy.allow, true), (.deny, false)] {
                    var reference = sheet(standing, configuration)
                    var asked = sheet(.ask, configuration)
                    var questions = 0
                    var queue = events
                    var frame = 0.0
                    while frame < 2 {
                        frame += 1 / 60
                        while let next = queue.first, next.time <= frame {
                            queue.removeFirst()
                            reference.handle(next, environment: world)
                            asked.handle(next, environment: world)
                            questions += answerAll(&asked, answer)
                        }
                        reference.advance(to: frame, environment: world)
                        asked.advance(to: frame, environment: world)
                        questions += answerAll(&asked, answer)
                        XCTAssertEqual(
                            asked.state, reference.state,
                            "\(name), \(preset), \(standing), \(frame)")
                    }
                    if preset == "fluid" || asksUnderSeed {
                        XCTAssertGreaterThan(questions, 0, "\(name) asks under \(preset)")
                    }
                }
            }
        }
    }

    private func answerAll(_ machine: inout DismissMachine, _ answer: Bool) -> Int {
        var count = 0
        while machine.pendingDecision != nil {
            count += 1
            machine.decide(answer, environment: world)
        }
        return count
    }

    private func backdropTapAtMedium() -> [InputEvent] {
        // Move to medium first (the backdrop shows above it), then tap above the sheet.
        let top = Point(x: 195, y: 200)
        return drag(to: 340, over: 0.5) + [at(1.2, .down(top)), at(1.25, .up(top))]
    }

    private func drag(to distance: Double, over duration: Double) -> [InputEvent] {
        var events = [at(0, .down(header))]
        for k in 1...10 {
            let y = distance * Double(k) / 10
            events.append(at(duration * Double(k) / 10, .move(header + Point(x: 0, y: y))))
        }
        events.append(at(duration + 0.001, .up(header + Point(x: 0, y: distance))))
        return events
    }

    private func touchpad(count: Int, dy: Double) -> [InputEvent] {
        (0..<count).map { at(Double($0) / 100, .scroll(dx: 0, dy: dy, source: .touchpad)) }
    }
}
