import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// Random sessions against the controller, through the null renderer and a manual clock,
/// checking the invariants every frame and comparing 30 Hz with 240 Hz.
///
/// The sessions cover the card and the sheet (`SheetPresenter`), under both presets and a
/// mix of the two, with and without reduced motion and pass-through, and a dismissal policy
/// that may say no at random (`ControllerFuzzCase`).
///
/// `make test` runs 10⁴ cases from a fixed seed; `make fuzz` sets `SWIPEDISMISS_FUZZ_CASES`
/// and `SWIPEDISMISS_FUZZ_SEED`. A failure names the case seed; `SWIPEDISMISS_FUZZ_REPLAY=<case
/// seed>` replays that case alone.
final class ControllerFuzzTests: XCTestCase {
    func testRandomSessionsKeepEveryInvariant() {
        if let text = ProcessInfo.processInfo.environment["SWIPEDISMISS_FUZZ_REPLAY"] {
            guard let seed = UInt64(text) else {
                return XCTFail("SWIPEDISMISS_FUZZ_REPLAY: \(text) is not a case seed")
            }
            if let failure = ControllerFuzzCase(seed: seed).failure() {
                XCTFail("case seed \(seed): \(failure)")
            }
            return
        }
        let budget = FuzzBudget.current(defaultCases: 10_000)
        var failures = 0
        var coverage = ControllerFuzzCase.Coverage()
        for index in 0..<budget.cases {
            let seed = budget.seed(ofCase: index)
            let fuzzCase = ControllerFuzzCase(seed: seed)
            if let failure = fuzzCase.failure(coverage: &coverage) {
                failures += 1
                XCTFail(
                    "case seed \(seed) (run seed \(budget.seed), case \(index)): \(failure)")
                if failures >= 5 { return }
            }
        }
        // The sessions must reach every legal phase change and every kind of event, or the
        // run proves little.
        guard budget.cases >= 1000 else { return }
        for (from, targets) in InvariantChecker.legal {
            for to in targets where !coverage.transitions.contains("\(from)→\(to)") {
                XCTFail("no session went \(from) → \(to) (run seed \(budget.seed))")
            }
        }
        for name in ControllerFuzzCase.Coverage.eventNames where !coverage.events.contains(name) {
            XCTFail("no session saw \(name) (run seed \(budget.seed))")
        }
        for name in ControllerFuzzCase.configurationNames
        where !coverage.configurations.contains(name) {
            XCTFail("no session ran \(name) (run seed \(budget.seed))")
        }
    }

    func testTheCheckerCatchesADifferenceBetweenFrameRates() {
        // A guard on the guard: the comparison must see a change that only one rate makes.
        let a = ControllerFuzzCase.Trace(states: [0: state(offset: 1)], failure: nil)
        let b = ControllerFuzzCase.Trace(states: [0: state(offset: 1.0000001)], failure: nil)
        XCTAssertNotNil(ControllerFuzzCase.difference(a, b))
        XCTAssertNil(ControllerFuzzCase.difference(a, a))
        var pending = state(offset: 1)
        pending.isDismissAttemptPending = true
        let c = ControllerFuzzCase.Trace(states: [0: pending], failure: nil)
        XCTAssertNotNil(ControllerFuzzCase.difference(a, c))
    }

    func testTheCheckerCountsSupersededAsTheOneEnding() {
        var checker = InvariantChecker(configuration: .fluid, startsPresented: true)
        let leaving = DismissState(time: 0, offset: 10, alpha: 0.2, progress: 0, phase: .dismissing)
        checker.observe(.phaseChanged(from: .presented, to: .dismissing, state: leaving))
        checker.observe(.superseded(presentation: 1, state: leaving))
        XCTAssertNil(checker.problem)
        checker.observe(.didDismiss(leaving))
        XCTAssertNotNil(checker.problem, "a second ending for presentation 1")
    }

    private func state(offset: Double) -> DismissState {
        DismissState(time: 0, offset: offset, alpha: 0.3, progress: 0, phase: .presented)
    }
}
