import RawCairoBaseline
import SwipeDismiss
import XCTest

/// A steady drag across the list ↔ sheet hand-off allocates nothing in the state machine.
final class HandOffAllocationTests: XCTestCase {
    private struct SheetEnvironment: DismissEnvironment {
        let presenter: SheetPresenter
        let viewport: Size

        func hitTest(_ point: Point, offset: Double) -> HitRegion {
            presenter.hitTest(point, offset: offset, direction: .down, viewport: viewport)
        }

        func shouldDismiss(_ reason: DismissReason) -> Bool { true }

        func region(at point: Point, offset: Double) -> SheetRegion {
            presenter.region(at: point, offset: offset, direction: .down, viewport: viewport)
        }
    }

    func testADragThatScrollsTheListThenMovesTheSheetAllocatesNothing() throws {
        try requireAllocationCounter()
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
        func move() {
            time += 1 / 120
            y += 5
            machine.handle(
                InputEvent(time: time, kind: .move(Point(x: 195, y: y))), environment: environment)
            _ = machine.state
            machine.clearEffects()
        }
        for _ in 0..<10 { move() }
        // 120 moves of 5 pt: the list's last 250 pt, then 350 pt of sheet.
        let count = { () -> Int in
            raw_alloc_counter_start()
            for _ in 0..<120 { move() }
            return raw_alloc_counter_stop()
        }()
        XCTAssertEqual(machine.state.scroll, 0)
        XCTAssertEqual(machine.state.offset, 350, accuracy: 1e-9)
        XCTAssertEqual(count, 0)
    }
}
