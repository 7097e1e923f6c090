import SwipeDismiss
import XCTest

/// A fraction detent means the height the content covers, as SwiftUI and
/// `PresentationDetent` mean it; the old top-edge spelling still resolves as it did.
final class FractionDetentTests: XCTestCase {
    func testAHeightFractionCoversThatShareOfTheViewport() {
        let quarter = Detent("quarter", position: .height(fraction: 0.25))
        XCTAssertEqual(quarter.visibleExtent(viewportExtent: 844, contentExtent: 0), 211)
        let large = Detent("large", position: .height(fraction: 0.9))
        XCTAssertEqual(
            large.visibleExtent(viewportExtent: 844, contentExtent: 0), 759.6, accuracy: 1e-9)
        // Outside 0...1 it is clamped to the viewport; NaN covers nothing.
        XCTAssertEqual(
            Detent("x", position: .height(fraction: 1.5)).visibleExtent(
                viewportExtent: 844, contentExtent: 0), 844)
        XCTAssertEqual(
            Detent("x", position: .height(fraction: .nan)).visibleExtent(
                viewportExtent: 844, contentExtent: 0), 0)
    }

    func testTheSheetsLargeDetentRestsWhereItDidTenPercentDown() {
        let layout = DetentLayout(
            detents: [SheetPresenter.large], viewportExtent: 844, contentExtent: 0, distance: 844)
        XCTAssertEqual(layout.offsets.count, 1)
        XCTAssertEqual(layout.offsets[0], 84.4, accuracy: 1e-9)
    }

    @available(*, deprecated, message: "reads the deprecated top-edge spelling on purpose")
    func testTheDeprecatedTopEdgeSpellingResolvesAsBefore() {
        let old = Detent("half", position: .fraction(0.75))
        XCTAssertEqual(old.visibleExtent(viewportExtent: 844, contentExtent: 0), 211)
    }
}
