import SwipeDismissX11
import XCTest

final class X11DisplayScaleTests: XCTestCase {
    private func scale(_ text: String?) -> Double {
        X11DisplayScale.scale(resourceManager: text)
    }

    func testXftDpiOver96RoundedToAQuarterIsTheScale() {
        XCTAssertEqual(scale("Xft.dpi:\t192\n"), 2)
        XCTAssertEqual(scale("Xft.dpi: 144"), 1.5)
        XCTAssertEqual(scale("Xft.dpi: 120"), 1.25)
        XCTAssertEqual(scale("Xft.dpi: 110"), 1.25)  // 1.146 → 1.25
        XCTAssertEqual(scale("Xft.dpi: 100"), 1)  // 1.042 → 1
        XCTAssertEqual(scale("Xft.dpi: 96"), 1)
        XCTAssertEqual(scale("Xft.dpi: 288.0"), 3)
    }

    func testTheScaleIsClampedToOneThroughFour() {
        XCTAssertEqual(scale("Xft.dpi: 480"), 4)
        XCTAssertEqual(scale("Xft.dpi: 48"), 1)
    }

    func testMissingOrGarbageDpiGivesOne() {
        XCTAssertEqual(scale(nil), 1)
        XCTAssertEqual(scale(""), 1)
        XCTAssertEqual(scale("Xft.dpi: lots"), 1)
        XCTAssertEqual(scale("Xft.dpi: -192"), 1)
        XCTAssertEqual(scale("Xft.dpi: 0"), 1)
        XCTAssertEqual(scale("Xft.dpi: inf"), 1)
        XCTAssertEqual(scale("Xft.dpi: nan"), 1)
        XCTAssertEqual(scale("Xft.dpi"), 1)
        XCTAssertEqual(scale("Xft.dpis: 192\n*dpi: 192"), 1)
    }

    func testXftDpiIsFoundAmongOtherResourcesAndTheLastOneCounts() {
        let database = "Xcursor.size:\t48\nXft.antialias:\t1\n  Xft.dpi :\t192\nXft.hinting:\t1\n"
        XCTAssertEqual(scale(database), 2)
        XCTAssertEqual(X11DisplayScale.dpi(resourceManager: database), 192)
        XCTAssertEqual(scale("Xft.dpi: 192\r\nXft.dpi: 144\r\n"), 1.5)
    }
}
