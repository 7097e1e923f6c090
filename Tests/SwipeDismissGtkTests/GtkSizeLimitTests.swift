import Foundation
import SwipeDismissGtk
import SwipeDismissTestSupport
import XCTest

/// Sizes GTK cannot draw are refused up front, naming the flag, with status 2 and before any
/// display (GTK on Wayland aborted for `--size` sides of 32 740–32 767 and 23 171²).
final class GtkSizeLimitTests: XCTestCase {
    func testTheLimitLeavesRoomForDecorations() {
        XCTAssertNil(GtkSizeLimit.problem(width: 390, height: 844))
        XCTAssertNil(GtkSizeLimit.problem(width: 32639, height: 64))
        XCTAssertNotNil(GtkSizeLimit.problem(width: 32640, height: 64))
        XCTAssertNotNil(GtkSizeLimit.problem(width: 64, height: 32767))
        XCTAssertNotNil(GtkSizeLimit.problem(width: 23171, height: 23171))
        XCTAssertNotNil(GtkSizeLimit.problem(width: 23100, height: 23100))
        XCTAssertNil(GtkSizeLimit.problem(width: 23000, height: 23000))
        XCTAssertNotNil(GtkSizeLimit.problem(width: 390, height: 844, scale: 100))
    }

    func testTheDemoRefusesASizeGtkCannotDrawBeforeAnyDisplay() throws {
        let demo = try builtProduct("gtk-demo").path
        let noDisplay: [String: String?] = ["DISPLAY": nil, "WAYLAND_DISPLAY": nil]
        for size in ["32740x844", "64x32767", "23171x23171"] {
            let result = try ChildProcess.run(
                demo, ["--size", size], changes: noDisplay, timeout: 20)
            XCTAssertEqual(result.status, 2, "\(size): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.hasPrefix("gtk-demo: --size: a \(size) pt window is too large"),
                result.stderr)
        }
        // One that fits goes on, to find no display.
        let fits = try ChildProcess.run(
            demo, ["--size", "32639x64"], changes: noDisplay, timeout: 20)
        XCTAssertEqual(fits.status, 2)
        XCTAssertTrue(fits.stderr.hasPrefix("gtk-demo: cannot open a display"), fits.stderr)
    }
}
