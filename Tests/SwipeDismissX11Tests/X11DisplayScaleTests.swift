import CX11
import XCTest

@testable import SwipeDismissX11

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

    /// What `xrdb -merge` does: it writes the database to the root window's
    /// RESOURCE_MANAGER property, which Xlib reads when a connection opens. The server's
    /// own database is put back afterwards.
    func testXftDpi192InTheServersResourceDatabaseGivesScale2() throws {
        let setter = try openTestDisplay()
        let previous = setter.resourceManagerString
        setResourceDatabase(setter, "Xft.antialias:\t1\nXft.dpi:\t192\n")
        defer { setResourceDatabase(setter, previous) }
        let reader = try openTestDisplay()
        XCTAssertEqual(reader.resourceManagerString, "Xft.antialias:\t1\nXft.dpi:\t192\n")
        XCTAssertEqual(reader.preferredScale, 2)
    }

    /// Replaces (or with nil deletes) the root window's RESOURCE_MANAGER, and waits.
    private func setResourceDatabase(_ display: X11Display, _ text: String?) {
        let property = display.atom("RESOURCE_MANAGER")
        if let text {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                _ = XChangeProperty(
                    display.pointer, display.root, property, XA_STRING, 8, PropModeReplace,
                    buffer.baseAddress, Int32(buffer.count))
            }
        } else {
            XDeleteProperty(display.pointer, display.root, property)
        }
        display.sync()
    }
}
