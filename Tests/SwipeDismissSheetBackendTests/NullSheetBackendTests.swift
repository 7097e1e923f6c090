import SwipeDismiss
import SwipeDismissNull
import SwipeDismissSheetBackend
import SwipeDismissTestSupport
import XCTest

/// The null backend: no window, a manual clock that moves only when told.
struct NullHarness: SheetBackendHarness {
    let backend = NullSheetBackend()
    let window = NullSheetBackend.Window()
    func makeContent() -> String { "content" }
    func run(for seconds: Double, _ sheets: [NullSheetBackend.Sheet]) throws {
        try backend.advance(by: seconds, stepping: sheets)
    }
    func pressEscape(_ sheet: NullSheetBackend.Sheet) {
        sheet.input.enqueue(InputEvent(time: backend.clock.now, kind: .key(.escape)))
    }
}

/// swift-cross-ui's sheet calls over the core, on the null backend (the GTK backend runs the
/// same scenario in `SwipeDismissGtkTests`), and the facade's values. Pure: no display.
final class NullSheetBackendTests: XCTestCase {
    func testTheNullBackendRunsTheFacadeScenario() throws {
        try checkSheetBackend(NullHarness())
    }

    func testSwiftCrossUIsFourDetentKindsMapOntoPositions() {
        XCTAssertEqual(PresentationDetent.large.detent, SheetPresenter.large)
        XCTAssertEqual(PresentationDetent.medium.detent, SheetPresenter.medium)
        XCTAssertEqual(
            PresentationDetent.fraction(0.25).detent,
            Detent("fraction-0.25", position: .height(fraction: 0.25)))
        XCTAssertEqual(
            PresentationDetent.height(300).detent,
            Detent("height-300.0", position: .pointsFromBottom(300)))
        // Out-of-range and non-finite values are clamped, never trapped on.
        XCTAssertEqual(PresentationDetent.fraction(2).detent.position, .height(fraction: 1))
        XCTAssertEqual(PresentationDetent.height(-.infinity).detent.position, .pointsFromBottom(0))
        XCTAssertTrue(SheetVisibility.automatic.showsIndicator(detentCount: 2))
        XCTAssertFalse(SheetVisibility.automatic.showsIndicator(detentCount: 1))
        XCTAssertNoThrow(try SheetOptions().configuration().validate())
    }
}
