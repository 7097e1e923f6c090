import SwipeDismiss
import XCTest

/// Every presentation ends with exactly one terminal event, however it is interrupted:
/// `didDismiss` when the content left, `superseded` when `present()` cut its dismissal short.
final class CompletionTests: XCTestCase {
    /// The terminal events in order: the event's name and the phase its state was in.
    private func endings(_ h: Harness) -> [String] {
        h.events.compactMap {
            switch $0 {
            case .didDismiss(let state): "didDismiss \(state.phase)"
            case .superseded(let presentation, let state):
                "superseded \(presentation) \(state.phase)"
            default: nil
            }
        }
    }

    func testPresentDuringADismissalFirstEndsTheOldPresentation() {
        for configuration in [DismissConfiguration.fluid, .seed] {
            let h = Harness(configuration)
            h.controller.dismiss()
            h.run(to: 0.1)
            XCTAssertEqual(h.state.phase, .dismissing)
            let caught = h.state.offset
            XCTAssertGreaterThan(caught, 0)
            h.controller.present()
            XCTAssertEqual(h.controller.presentationCount, 2)
            // The old presentation's one ending comes before the new one starts; the content
            // never left, so it is superseded, not dismissed.
            XCTAssertEqual(Array(h.events.suffix(2).map(\.name)), ["superseded", "phaseChanged"])
            guard case .superseded(1, let ended)? = h.events.dropLast().last,
                case .phaseChanged(.dismissing, .presenting, _)? = h.events.last
            else { return XCTFail("\(configuration.name): \(h.events)") }
            XCTAssertEqual(ended.phase, .dismissing)
            XCTAssertEqual(ended.offset, caught, accuracy: 1e-9)
            h.settle()
            XCTAssertEqual(h.state.phase, .presented)
            XCTAssertEqual(h.dismissCount, 0, configuration.name)
            // The second presentation ends on its own, once.
            h.controller.dismiss()
            h.settle()
            XCTAssertEqual(h.state.phase, .dismissed)
            XCTAssertEqual(h.dismissCount, 1, configuration.name)
            XCTAssertEqual(endings(h), ["superseded 1 dismissing", "didDismiss dismissed"])
        }
    }

    func testPresentingFromInsideTheTerminalEventStartsOnePresentation() {
        // Cut short: the observer's present() arrives while the new presentation is under way.
        let h = Harness(.fluid)
        var calls = 0
        h.controller.addObserver { [unowned h] event in
            switch event {
            case .didDismiss, .superseded:
                calls += 1
                h.controller.present()
            default: break
            }
        }
        h.controller.dismiss()
        h.run(to: 0.05)
        h.controller.present()
        XCTAssertEqual(h.controller.presentationCount, 2)
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(endings(h), ["superseded 1 dismissing"])
        XCTAssertEqual(h.state.phase, .presenting)
        // Finished: the observer's present() on `didDismiss` starts exactly one more.
        h.settle()
        h.controller.dismiss()
        h.settle()
        XCTAssertEqual(h.controller.presentationCount, 3)
        XCTAssertEqual(calls, 2)
        XCTAssertEqual(endings(h), ["superseded 1 dismissing", "didDismiss dismissed"])
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(
            Array(h.phases.suffix(4)), [.dismissing, .dismissed, .presenting, .presented])
    }

    func testPresentWhilePresentedOrStartingDismissedChangesNothing() {
        let h = Harness(.fluid)
        h.controller.present()
        XCTAssertEqual(h.controller.presentationCount, 1)
        XCTAssertEqual(h.events, [])
        let gone = Harness(.seed, presented: false)
        gone.controller.present()
        gone.settle()
        XCTAssertEqual(gone.endings, 0, "the first presentation had not begun")
        XCTAssertEqual(gone.controller.presentationCount, 2)
        XCTAssertEqual(gone.state.phase, .presented)
    }
}

extension Harness {
    /// How many presentations have ended: `didDismiss` plus `superseded`.
    var endings: Int {
        events.filter {
            switch $0 {
            case .didDismiss, .superseded: true
            default: false
            }
        }.count
    }
}

extension DismissEvent {
    /// The case's name, for asserting on sequences.
    var name: String {
        switch self {
        case .phaseChanged: "phaseChanged"
        case .didDismiss: "didDismiss"
        case .didPresent: "didPresent"
        case .dismissAttempted: "dismissAttempted"
        case .superseded: "superseded"
        case .passedThrough: "passedThrough"
        case .detentChanged: "detentChanged"
        case .contentTapped: "contentTapped"
        case .focusChanged: "focusChanged"
        }
    }
}
