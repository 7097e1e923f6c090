import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// Random sessions checking the invariants every frame and comparing 30 Hz with 240 Hz.
///
/// The sessions cover the card and the sheet (`SheetPresenter`), under both presets and a
/// mix of the two, with and without reduced motion and pass-through, and a dismissal policy
/// that may say no at random (`ControllerFuzzCase`). A session with a policy plays against
/// the controller, through the null renderer and a manual clock; one without plays on the
/// machine value alone, driven as the controller drives it (`FuzzTargets.swift`), which is
/// cheaper; every 50th of those also plays on the controller, which must agree frame for
/// frame.
///
/// `make test` runs 5000 cases from a fixed seed (the fewest that still reach every phase
/// change, event and configuration the coverage check below asks for; 10⁴ took a third of
/// the core's test time); `make fuzz` sets `SWIPEDISMISS_FUZZ_CASES` (10⁶) and
/// `SWIPEDISMISS_FUZZ_SEED`. A failure names the case seed; `SWIPEDISMISS_FUZZ_REPLAY=<case
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
        let budget = FuzzBudget.current(defaultCases: 5000)
        var failures = 0
        var coverage = ControllerFuzzCase.Coverage()
        var onMachine = 0
        for index in 0..<budget.cases {
            let seed = budget.seed(ofCase: index)
            let fuzzCase = ControllerFuzzCase(seed: seed)
            var failure = fuzzCase.failure(coverage: &coverage)
            if fuzzCase.drivesTheMachine {
                onMachine += 1
                if failure == nil, onMachine % 50 == 1 {
                    failure = Self.disagreement(fuzzCase)
                }
            }
            if let failure {
                failures += 1
                XCTFail(
                    "case seed \(seed) (run seed \(budget.seed), case \(index)): \(failure)")
                if failures >= 5 { return }
            }
        }
        // The sessions must reach every legal phase change and every kind of event, or the
        // run proves little.
        guard budget.cases >= 1000 else { return }
        // Both targets must play a good share (no policy: half the cases).
        XCTAssertGreaterThan(onMachine, budget.cases / 4, "sessions on the machine")
        XCTAssertGreaterThan(budget.cases - onMachine, budget.cases / 4, "on the controller")
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

    /// Where the controller and the machine alone play `fuzzCase` differently at 30 Hz.
    private static func disagreement(_ fuzzCase: ControllerFuzzCase) -> String? {
        let controller = fuzzCase.run(fps: 30, on: ControllerTarget(fuzzCase))
        let machine = fuzzCase.run(fps: 30, on: MachineTarget(fuzzCase))
        if let failure = controller.failure { return "on the controller: \(failure)" }
        guard controller.states.keys.sorted() == machine.states.keys.sorted() else {
            return "the controller and the machine stepped different frames"
        }
        return ControllerFuzzCase.difference(controller, machine).map {
            "controller vs machine: \($0)"
        }
    }

    /// Plays the first 200 sessions `chosen` picks on the controller and on the machine
    /// alone, and fails at the first that differs.
    private func expectAgreement(on chosen: (ControllerFuzzCase) -> Bool) {
        let budget = FuzzBudget.current(defaultCases: 10_000)
        var compared = 0
        var index = 0
        while compared < 200 {
            let seed = budget.seed(ofCase: index)
            let fuzzCase = ControllerFuzzCase(seed: seed)
            index += 1
            guard chosen(fuzzCase) else { continue }
            compared += 1
            if let failure = Self.disagreement(fuzzCase) {
                return XCTFail("case seed \(seed): \(failure)")
            }
        }
    }

    func testTheControllerAndTheMachineAgreeOnSessionsWithoutAPolicy() {
        // A guard on the shortcut: sessions without a policy play on the machine alone; the
        // controller must play the first 200 of them the same, frame for frame.
        expectAgreement { $0.drivesTheMachine }
    }

    func testTheControllerAndTheMachineAgreeOnSessionsWithAPolicy() {
        // The controller asks the app before each call, only for the reasons the call can
        // reach; the machine alone, its policy set as data from every reason's answer before
        // each call, must play the first 200 such sessions the same.
        expectAgreement { !$0.drivesTheMachine }
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
