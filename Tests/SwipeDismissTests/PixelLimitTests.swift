import SwipeDismiss
import XCTest

/// The one size check the hosts share: 1 to 32 767 px a side and at most 2³¹ − 1 bytes at
/// 4 bytes a pixel, with the largest drawable size and scale for what does not fit.
final class PixelLimitTests: XCTestCase {
    func testSidesAndBytesBound() {
        XCTAssertTrue(PixelLimit.fits(width: 32767, height: 1))
        XCTAssertTrue(PixelLimit.fits(width: 1, height: 32767))
        XCTAssertFalse(PixelLimit.fits(width: 32768, height: 1))
        XCTAssertFalse(PixelLimit.fits(width: 0, height: 1))
        XCTAssertTrue(PixelLimit.fits(width: 23170, height: 23170))
        // 23171² × 4 = 2 147 580 964 bytes: one row past Int32.
        XCTAssertFalse(PixelLimit.fits(width: 23171, height: 23171))
        XCTAssertEqual(PixelLimit.maximumPixels, 536_870_911)
    }

    func testScaledPointsThatAreNotFiniteNeverFit() {
        XCTAssertFalse(PixelLimit.fits(width: 390, height: 844, scale: .nan))
        XCTAssertFalse(PixelLimit.fits(width: 390, height: 844, scale: .infinity))
        XCTAssertFalse(PixelLimit.fits(width: 390, height: 844, scale: 0))
        XCTAssertFalse(PixelLimit.fits(width: .infinity, height: 844, scale: 1))
        XCTAssertNil(PixelLimit.pixels(1e300, scale: 1e300))
        XCTAssertEqual(PixelLimit.pixels(390, scale: 1.5), 585)
        XCTAssertEqual(
            PixelLimit.problem(width: 23171, height: 23171, scale: 1),
            "at most 536870911 px (2147483647 bytes) may be drawn")
        XCTAssertEqual(
            PixelLimit.problem(width: 32768, height: 1, scale: 1),
            "each side must be 1 to 32767 px")
        XCTAssertNil(PixelLimit.problem(width: 390, height: 844, scale: 2))
    }

    func testTheLargestDrawableSizeKeepsTheAspectToAPoint() {
        XCTAssertEqual(PixelLimit.largestDrawable(width: 390, height: 844, scale: 1).width, 390)
        let square = PixelLimit.largestDrawable(width: 23171, height: 23171, scale: 1)
        XCTAssertEqual(square.width, 23170)
        XCTAssertEqual(square.height, 23170)
        let huge = PixelLimit.largestDrawable(width: 2_147_483_647, height: 2_147_483_647, scale: 1)
        XCTAssertEqual(huge.width, 23170)
        XCTAssertEqual(huge.height, 23170)
        let thin = PixelLimit.largestDrawable(width: 2_147_483_647, height: 100, scale: 1)
        XCTAssertEqual(thin.width, 32767)
        XCTAssertEqual(thin.height, 100)
        let scaled = PixelLimit.largestDrawable(width: 30000, height: 50, scale: 2)
        XCTAssertEqual(scaled.width, 16383)
        XCTAssertEqual(scaled.height, 50)
        let nonsense = PixelLimit.largestDrawable(width: .nan, height: .infinity, scale: .nan)
        XCTAssertEqual(nonsense.width, 1)
        XCTAssertEqual(nonsense.height, 32767)
        for (width, height, scale) in [
            (32767.0, 32767.0, 1.0), (30000, 25000, 1.25), (1e12, 7, 3), (40000, 40000, 0.5),
        ] {
            let size = PixelLimit.largestDrawable(width: width, height: height, scale: scale)
            XCTAssertTrue(
                PixelLimit.fits(
                    width: Double(size.width), height: Double(size.height), scale: scale),
                "\(width)x\(height)@\(scale) gave \(size)")
        }
    }

    func testTheLargestScaleIsAWholeOrA120thStep() {
        XCTAssertEqual(PixelLimit.largestScale(width: 390, height: 844, upTo: 1000), 38)
        XCTAssertEqual(PixelLimit.largestScale(width: 390, height: 844, upTo: 2), 2)
        XCTAssertEqual(
            PixelLimit.largestScale(width: 20, height: 1000, upTo: 1e9, steps: 120), 3932.0 / 120)
        XCTAssertEqual(PixelLimit.largestScale(width: 390, height: 844, upTo: 1.5, steps: 120), 1.5)
        XCTAssertNil(PixelLimit.largestScale(width: 390, height: 844, upTo: .nan))
        XCTAssertNil(PixelLimit.largestScale(width: 40000, height: 1, upTo: 1))
    }
}
