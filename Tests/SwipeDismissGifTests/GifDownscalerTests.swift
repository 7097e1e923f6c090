import SwipeDismissGif
import XCTest

final class GifDownscalerTests: XCTestCase {
    func testSizeKeepsTheAspectRatioAndOnlyShrinks() {
        XCTAssertTrue(GifDownscaler.size(width: 390, height: 844, maximumWidth: 195) == (195, 422))
        XCTAssertTrue(GifDownscaler.size(width: 390, height: 844, maximumWidth: 300) == (300, 649))
        XCTAssertTrue(GifDownscaler.size(width: 390, height: 844, maximumWidth: 390) == (390, 844))
        XCTAssertTrue(GifDownscaler.size(width: 390, height: 844, maximumWidth: 1000) == (390, 844))
        XCTAssertTrue(GifDownscaler.size(width: 1000, height: 1, maximumWidth: 10) == (10, 1))
    }

    func testAThreeToTwoShrinkWeighsEachSourcePixelByTheAreaItCovers() {
        // Output 0 covers source [0, 1.5): 2/3 of pixel 0 and 1/3 of pixel 1; output 1 the rest.
        let scaler = GifDownscaler(sourceWidth: 3, sourceHeight: 1, width: 2, height: 1)
        var output: [UInt32] = []
        var scratch: [Double] = []
        scaler.scale([0x00_0000, 0x5A_5A5A, 0xB4_B4B4], into: &output, scratch: &scratch)
        XCTAssertEqual(output, [0x1E_1E1E, 0x96_9696])
    }

    func testAnEvenShrinkAveragesBlocksPerChannel() {
        let scaler = GifDownscaler(sourceWidth: 2, sourceHeight: 2, width: 1, height: 1)
        var output: [UInt32] = []
        var scratch: [Double] = []
        scaler.scale(
            [0xFF_0000, 0x00_FF00, 0x00_00FF, 0xFF_FFFF], into: &output, scratch: &scratch)
        // Each channel: (255 + 0 + 0 + 255) / 4 = 127.5, rounded half up.
        XCTAssertEqual(output, [0x80_8080])
    }

    func testAFlatFrameStaysExactlyFlat() {
        let scaler = GifDownscaler(sourceWidth: 390, sourceHeight: 844, width: 300, height: 649)
        var output: [UInt32] = []
        var scratch: [Double] = []
        scaler.scale(
            [UInt32](repeating: 0xB3_B3B3, count: 390 * 844), into: &output, scratch: &scratch)
        XCTAssertEqual(output.count, 300 * 649)
        XCTAssertEqual(Set(output), [0xB3_B3B3])
    }
}
