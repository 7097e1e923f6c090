import CGif
import Foundation
import SwipeDismissGif
import XCTest

final class GifAnimationReaderTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder = nil
    }

    /// Writes a 4 x 1 GIF with giflib directly: palette black, white, red, green; each image
    /// is (left, indices, disposal, transparent index or -1).
    private func writeGif(_ path: String, images: [(Int, [UInt8], Int32, Int32)]) throws {
        var code: Int32 = 0
        let file = try XCTUnwrap(EGifOpenFileName(path, false, &code))
        EGifSetGifVersion(file, true)
        var colors = [
            GifColorType(Red: 0, Green: 0, Blue: 0), GifColorType(Red: 255, Green: 255, Blue: 255),
            GifColorType(Red: 255, Green: 0, Blue: 0), GifColorType(Red: 0, Green: 255, Blue: 0),
        ]
        let map = try XCTUnwrap(GifMakeMapObject(4, &colors))
        defer { GifFreeMapObject(map) }
        XCTAssertEqual(EGifPutScreenDesc(file, 4, 1, 8, 0, map), GIF_OK)
        for (left, indices, disposal, transparent) in images {
            var control = GraphicsControlBlock(
                DisposalMode: disposal, UserInputFlag: false, DelayTime: 10,
                TransparentColor: transparent)
            var bytes = [UInt8](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &bytes)
            XCTAssertEqual(
                EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), bytes), GIF_OK)
            XCTAssertEqual(
                EGifPutImageDesc(file, Int32(left), 0, Int32(indices.count), 1, false, nil), GIF_OK)
            var line = indices
            XCTAssertEqual(EGifPutLine(file, &line, Int32(line.count)), GIF_OK)
        }
        XCTAssertEqual(EGifCloseFile(file, &code), GIF_OK)
    }

    func testDisposalMethodsAndTransparencyArePlayedLikeAViewer() throws {
        let path = folder.file("disposal.gif")
        try writeGif(
            path,
            images: [
                (0, [1, 1, 1, 1], DISPOSE_BACKGROUND, NO_TRANSPARENT_COLOR),  // white, then cleared
                (1, [2, 2], DISPOSE_PREVIOUS, NO_TRANSPARENT_COLOR),  // red, then undone
                (0, [3, 0, 0, 3], DISPOSE_DO_NOT, 0),  // green at the ends; index 0 see-through
            ])
        let gif = try GifAnimation(path: path)
        XCTAssertEqual(gif.frames.count, 3)
        XCTAssertEqual(gif.frames[0].canvas, [0xFF_FFFF, 0xFF_FFFF, 0xFF_FFFF, 0xFF_FFFF])
        XCTAssertEqual(gif.frames[1].canvas, [0, 0xFF_0000, 0xFF_0000, 0])
        XCTAssertEqual(gif.frames[2].canvas, [0x00_FF00, 0, 0, 0x00_FF00])
        XCTAssertEqual(gif.frames.map(\.disposal), [2, 3, 1])
        XCTAssertEqual(gif.frames.map(\.transparentIndex), [nil, nil, 0])
        XCTAssertEqual(gif.delays, [10, 10, 10])
        XCTAssertEqual(gif.color(x: 3, y: 0, frame: 2), 0x00_FF00)
        XCTAssertFalse(gif.loopsForever)
    }

    func testAMissingFileThrowsNamingIt() {
        let path = folder.file("missing.gif")
        XCTAssertThrowsError(try GifAnimation(path: path)) { error in
            XCTAssertEqual((error as? GifError)?.path, path)
            XCTAssertEqual((error as? GifError)?.operation, "DGifOpenFileName")
        }
    }

    func testAFileThatIsNotAGifThrowsNamingIt() throws {
        let path = folder.file("text.gif")
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try GifAnimation(path: path)) { error in
            XCTAssertEqual((error as? GifError)?.path, path)
            XCTAssertTrue(String(describing: error).hasPrefix(path + ": "), "\(error)")
        }
    }
}
