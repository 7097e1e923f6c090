import RawCairoBaseline
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// A steady drag across the list ↔ sheet hand-off allocates nothing in the state machine.
final class HandOffAllocationTests: XCTestCase {
    private struct SheetEnvironment: DismissEnvironment {
        let presenter: SheetPresenter
        let viewport: Size

        func hitTest(_ point: Point, offset: Double) -> HitRegion {
            presenter.hitTest(point, offset: offset, direction: .down, viewport: viewport)
        }

        func region(at point: Point, offset: Double) -> SheetRegion {
            presenter.region(at: point, offset: offset, direction: .down, viewport: viewport)
        }
    }

    func testADragThatScrollsTheListThenMovesTheSheetAllocatesNothing() throws {
        try requireAllocationCounter()
        // The first drag across the hand-off has the Swift runtime make the type metadata
        // of the code it runs (once a process, a handful of allocations on the frame the
        // sheet starts to move) and checks what each move returns; the second, from the
        // same start, is the steady case and must allocate nothing.
        let first = try dragAcrossTheHandOff(inspectingEffects: true)
        XCTAssertEqual(
            first.redraws, 130, "each move asks for a redraw in the effects it returns")
        let drag = try dragAcrossTheHandOff(inspectingEffects: false)
        XCTAssertEqual(drag.machine.state.scroll, 0)
        XCTAssertEqual(drag.machine.state.offset, 350, accuracy: 1e-9)
        XCTAssertEqual(drag.allocations, 0)
    }

    /// A press on the list scrolled 300 pt at `large`, ten warm-up moves of 5 pt, then 120
    /// counted moves of 5 pt: the list's last 250 pt, then 350 pt of sheet. With
    /// `inspectingEffects`, counts the moves that ask for a redraw (reading the effects is
    /// the test's own work, so the allocation count is only meaningful without it).
    private func dragAcrossTheHandOff(inspectingEffects: Bool) throws -> (
        machine: DismissMachine, allocations: Int, redraws: Int
    ) {
        let viewport = Size(width: 390, height: 844)
        let presenter = SheetPresenter()
        let environment = SheetEnvironment(presenter: presenter, viewport: viewport)
        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = SheetPresenter.large.id
        let layout = DetentLayout(
            detents: configuration.detents, viewportExtent: viewport.height,
            contentExtent: presenter.contentExtent(direction: .down, viewport: viewport),
            distance: presenter.dismissDistance(direction: .down, viewport: viewport))
        var machine = DismissMachine(configuration: configuration, layout: layout, time: 0)
        try machine.setList(
            contentLength: presenter.listContentHeight,
            viewportLength: presenter.listViewportHeight(viewport: viewport), offset: 300)
        let start = Point(x: 195, y: 300)
        machine.handle(InputEvent(time: 0, kind: .down(start)), environment: environment)
        var time = 0.0
        var y = start.y
        var redraws = 0
        func move() {
            time += 1 / 120
            y += 5
            let effects = machine.handle(
                InputEvent(time: time, kind: .move(Point(x: 195, y: y))), environment: environment)
            _ = machine.state
            if inspectingEffects, effects.contains(.needsDisplay) { redraws += 1 }
        }
        let allocations = countAllocations(move)
        return (machine, allocations, redraws)
    }
}
