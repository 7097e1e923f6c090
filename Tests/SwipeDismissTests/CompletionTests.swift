import SwipeDismiss
import XCTest

/// Every presentation ends with exactly one `didDismiss`, however it is interrupted.
final class CompletionTests: XCTestCase {
    /// The terminal events in order, tagged with the presentation they belong to.
    private func endings(_ h: Harness) -> [DismissPhase] {
        h.events.compactMap {
            if case .didDismiss(let state) = $0 { return state.phase }
            return nil
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
            // The old presentation's one ending comes before the new one starts.
            XCTAssertEqual(Array(h.events.suffix(2).map(\.name)), ["didDismiss", "phaseChanged"])
            guard case .didDismiss(let ended)? = h.events.dropLast().last,
                case .phaseChanged(.dismissing, .presenting, _)? = h.events.last
            else { return XCTFail("\(configuration.name): \(h.events)") }
            XCTAssertEqual(ended.phase, .dismissing)
            XCTAssertEqual(ended.offset, caught, accuracy: 1e-9)
            h.settle()
            XCTAssertEqual(h.state.phase, .presented)
            XCTAssertEqual(h.dismissCount, 1, configuration.name)
            // The second presentation ends on its own, once.
            h.controller.dismiss()
            h.settle()
            XCTAssertEqual(h.state.phase, .dismissed)
            XCTAssertEqual(h.dismissCount, 2, configuration.name)
            XCTAssertEqual(endings(h), [.dismissing, .dismissed])
        }
    }

    func testPresentingFromInsideDidDismissStartsOnePresentation() {
        let h = Harness(.fluid)
        var presentedFromObserver = false
        h.controller.addObserver { [unowned h] event in
            if case .didDismiss = event, !presentedFromObserver {
                presentedFromObserver = true
                h.controller.present()
            }
        }
        h.controller.dismiss()
        h.run(to: 0.05)
        h.controller.present()
        XCTAssertEqual(h.controller.presentationCount, 2)
        XCTAssertEqual(h.dismissCount, 1)
        XCTAssertEqual(h.state.phase, .presenting)
    }

    func testPresentWhilePresentedOrStartingDismissedChangesNothing() {
        let h = Harness(.fluid)
        h.controller.present()
        XCTAssertEqual(h.controller.presentationCount, 1)
        XCTAssertEqual(h.events, [])
        let gone = Harness(.seed, presented: false)
        gone.controller.present()
        gone.settle()
        XCTAssertEqual(gone.dismissCount, 0, "the first presentation had not begun")
        XCTAssertEqual(gone.controller.presentationCount, 2)
        XCTAssertEqual(gone.state.phase, .presented)
    }
}

extension DismissEvent {
    /// The case's name, for asserting on sequences.
    var name: String {
        switch self {
        case .phaseChanged: "phaseChanged"
        case .didDismiss: "didDismiss"
        case .didPresent: "didPresent"
        }
    }
}
