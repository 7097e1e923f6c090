import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// The controller fuzzer's sessions (`ControllerFuzzCase`) on sheets laid out to their detent
/// (DESIGN §4c "Detent-sized layout"): resized or overlaid, with or without the footer, the
/// list handing off or scrolling first. Every frame keeps the invariants, 30 Hz and 240 Hz
/// give the same states, and the drawn scroll never leaves the band around the frame's
/// largest scroll.
///
/// `make test` runs 2000 cases from a fixed seed; `make fuzz` sets `SWIPEDISMISS_FUZZ_CASES`
/// and `SWIPEDISMISS_FUZZ_SEED` as for `ControllerFuzzTests`.
final class DetentSizedLayoutFuzzTests: XCTestCase {
    func testSheetsSizedToTheirDetentKeepEveryInvariantAt30And240Hz() {
        let budget = FuzzBudget.current(defaultCases: 2000)
        var failures = 0
        var sheets = 0
        var scrolled = 0
        for index in 0..<budget.cases {
            let seed = budget.seed(ofCase: index)
            var fuzzCase = ControllerFuzzCase(seed: seed)
            guard fuzzCase.isSheet else { continue }
            sheets += 1
            var random = SplitMix64(seed: seed ^ 0x5EED_1A70)
            fuzzCase.sheetLayout = Bool.random(using: &random) ? .resize : .overlay
            fuzzCase.sheetFooter = Int.random(in: 0..<3, using: &random) == 0 ? nil : SheetFooter()
            if Bool.random(using: &random) { fuzzCase.configuration.contentInteraction = .scrolls }
            let trace = fuzzCase.run(fps: 30)
            var failure = trace.failure
            if failure == nil { failure = fuzzCase.failure() }
            for state in trace.states.values where failure == nil {
                guard state.scroll.isFinite, state.lowestDetentOffset.isFinite else {
                    failure = "a non-finite scroll or lowest detent at \(state.time)"
                    break
                }
                if state.scroll > 0 { scrolled += 1 }
            }
            if let failure {
                failures += 1
                XCTFail(
                    "case seed \(seed) (\(fuzzCase.sheetLayout), footer "
                        + "\(fuzzCase.sheetFooter != nil), "
                        + "\(fuzzCase.configuration.contentInteraction)): \(failure)")
                if failures >= 5 { return }
            }
        }
        guard budget.cases >= 1000 else { return }
        XCTAssertGreaterThan(sheets, budget.cases / 5, "sheet sessions")
        XCTAssertGreaterThan(scrolled, 0, "some session scrolled a list")
    }
}
