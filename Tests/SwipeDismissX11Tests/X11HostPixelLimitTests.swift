import SwipeDismiss
import SwipeDismissX11
import XCTest

/// `X11Host.pixelSize` passes sizes through the one check every host shares (`PixelLimit`):
/// a side of 1 to 32 767 px and at most 2³¹ − 1 bytes of pixels.
final class X11HostPixelLimitTests: XCTestCase {
    func testTheByteLimitAppliesAsWellAsTheSideLimit() {
        XCTAssertEqual(
            X11Host.pixelSize(of: (23170, 23170), scale: 1).map { [$0, $1] }, [23170, 23170])
        XCTAssertNil(X11Host.pixelSize(of: (23171, 23171), scale: 1))
        XCTAssertEqual(
            X11Host.pixelSize(of: (32767, 100), scale: 1).map { [$0, $1] }, [32767, 100])
        XCTAssertNil(X11Host.pixelSize(of: (11586, 11586), scale: 2))
        XCTAssertNil(X11Host.pixelSize(of: (390, 844), scale: .infinity))
        XCTAssertNil(X11Host.pixelSize(of: (390, 844), scale: 1e300))
    }
}
