import RawCairoBaseline
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// A steady touchpad pan across the list ↔ sheet hand-off allocates nothing in the state
/// machine: the touchpad recognizer's output buffer is reused from delta to delta.
final class TouchpadHandOffAllocationTests: XCTestCase {
    func testATouchpadPanThatScrollsTheListThenMovesTheSheetAllocatesNothing() throws {
        try requireAllocationCounter()
        // The first pan has the Swift runtime make the type metadata of the code it runs;
        // the second, from the same start, is the steady case and must allocate nothing.
        let first = panAcrossTheHandOff(inspectingEffects: true)
        XCTAssertEqual(
            first.redraws, 130, "each delta asks for a redraw in the effects it returns")
        let pan = panAcrossTheHandOff(inspectingEffects: false)
        // 650 pt of deltas: the list's 300 pt to its top, then 350 pt of sheet.
        XCTAssertEqual(pan.machine.state.scroll, 0)
        XCTAssertEqual(pan.machine.state.offset, 350, accuracy: 1e-9)
        XCTAssertEqual(pan.machine.state.phase, .dragging)
        XCTAssertEqual(pan.allocations, 0)
    }

    /// The list scrolled 300 pt at `large` and no pointer seen yet (a touchpad pan then
    /// counts as over the list): ten warm-up deltas of 5 pt down, then 120 counted ones, at
    /// 120 Hz. With `inspectingEffects`, counts the deltas that ask for a redraw.
    private func panAcrossTheHandOff(inspectingEffects: Bool) -> (
        machine: DismissMachine, allocations: Int, redraws: Int
    ) {
        let presenter = SheetPresenter()
        presenter.listOffset = 300
        let geometry = SheetGeometry(
            presenter: presenter, direction: .down, viewport: Size(width: 390, height: 844))
        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = SheetPresenter.large.id
        var machine = geometry.machine(configuration: configuration, time: 0)
        var time = 0.0
        var redraws = 0
        func scroll() {
            time += 1 / 120
            let effects = machine.handle(
                InputEvent(time: time, kind: .scroll(dx: 0, dy: 5, source: .touchpad)),
                environment: geometry)
            _ = machine.state
            if inspectingEffects, effects.contains(.needsDisplay) { redraws += 1 }
        }
        let allocations = countAllocations(scroll)
        return (machine, allocations, redraws)
    }
}
