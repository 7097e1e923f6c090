import Foundation
import SwipeDismissGif
import XCTest

/// A GIF appears whole or not at all, and every error names the file.
final class GifWriteFailureTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder = nil
    }

    private let frame = TestImage(width: 10, height: 10, color: 0x33_6699)

    /// Runs `body`, expecting a `GifError` whose description names `path`.
    private func assertFails(
        naming path: String, file: StaticString = #filePath, line: UInt = #line,
        _ body: () throws -> Void
    ) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard let error = error as? GifError else {
                return XCTFail("not a GifError: \(error)", file: file, line: line)
            }
            XCTAssertEqual(error.path, path, file: file, line: line)
            XCTAssertTrue(
                error.description.hasPrefix(path + ": "), error.description, file: file,
                line: line)
        }
    }

    func testAMissingFolderThrowsNamingTheFile() {
        let path = folder.file("missing/animation.gif")
        assertFails(naming: path) {
            _ = try GifAnimationWriter(path: path, width: 10, height: 10)
        }
        XCTAssertEqual(folder.contents, [])
    }

    func testAFileInPlaceOfTheFolderThrowsAndLeavesNothing() throws {
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.file("plain")))
        let path = folder.file("plain/animation.gif")
        assertFails(naming: path) {
            _ = try GifAnimationWriter(path: path, width: 10, height: 10)
        }
        XCTAssertEqual(folder.contents, ["plain"])
    }

    func testAFolderAtThePathIsRefusedUpFront() throws {
        let path = folder.file("animation.gif")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        assertFails(naming: path) {
            _ = try GifAnimationWriter(path: path, width: 10, height: 10)
        }
        XCTAssertEqual(folder.contents, ["animation.gif"])
    }

    func testAFailedRenameRemovesTheTemporaryFileAndKeepsWhatWasThere() throws {
        let path = folder.file("animation.gif")
        let writer = try GifAnimationWriter(path: path, width: 10, height: 10)
        try writer.append(frame, duration: 0.5)
        XCTAssertEqual(folder.contents.count, 1, "a hidden temporary file while writing")
        XCTAssertTrue(folder.contents[0].hasPrefix(".animation.gif.tmp-"))
        // Something else takes the name before the rename: a folder with a file in it.
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: path + "/keep"))
        assertFails(naming: path) { try writer.finish() }
        XCTAssertEqual(folder.contents, ["animation.gif"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path), ["keep"])
    }

    func testAnUnfinishedWriterLeavesNothingBehind() throws {
        let path = folder.file("animation.gif")
        do {
            let writer = try GifAnimationWriter(path: path, width: 10, height: 10)
            try writer.append(frame, duration: 0.1)
            try writer.append(TestImage(width: 10, height: 10, color: 0), duration: 0.1)
        }
        XCTAssertEqual(folder.contents, [])
    }

    func testAFrameOfTheWrongSizeThrowsAndLeavesNothing() throws {
        let path = folder.file("animation.gif")
        let writer = try GifAnimationWriter(path: path, width: 10, height: 10)
        try writer.append(frame, duration: 0.1)
        assertFails(naming: path) {
            try writer.append(TestImage(width: 11, height: 10, color: 0), duration: 0.1)
        }
        XCTAssertEqual(folder.contents, [])
        assertFails(naming: path) { try writer.finish() }
        XCTAssertEqual(folder.contents, [])
    }

    func testTooFewBytesForTheStrideThrows() throws {
        let path = folder.file("animation.gif")
        let writer = try GifAnimationWriter(path: path, width: 10, height: 10)
        let bytes = [UInt8](repeating: 0, count: 10 * 40 - 1)
        assertFails(naming: path) {
            try bytes.withUnsafeBytes { raw in
                try writer.append(
                    frame: GifPixels(
                        width: 10, height: 10, bytesPerRow: 40, format: .rgb24, bytes: raw),
                    duration: 0.1)
            }
        }
        XCTAssertEqual(folder.contents, [])
    }

    func testABadDurationThrowsAndLeavesNothing() throws {
        for duration in [-0.1, .nan, .infinity, 2e7] {
            let path = folder.file("animation.gif")
            let writer = try GifAnimationWriter(path: path, width: 10, height: 10)
            assertFails(naming: path) { try writer.append(frame, duration: duration) }
            XCTAssertEqual(folder.contents, [], "duration \(duration)")
        }
    }

    func testATimeGoingBackThrowsAndLeavesNothing() throws {
        let path = folder.file("animation.gif")
        let writer = try GifAnimationWriter(path: path, width: 10, height: 10)
        try writer.append(frame, at: 5)
        try writer.append(TestImage(width: 10, height: 10, color: 0), at: 5.5)
        assertFails(naming: path) { try writer.append(frame, at: 5.25) }
        XCTAssertEqual(folder.contents, [])
    }

    func testFinishingBeforeTheLastFrameThrowsAndLeavesNothing() throws {
        let path = folder.file("animation.gif")
        let writer = try GifAnimationWriter(path: path, width: 10, height: 10)
        try writer.append(frame, at: 1)
        try writer.append(TestImage(width: 10, height: 10, color: 0), at: 2)
        assertFails(naming: path) { try writer.finish(at: 1.5) }
        XCTAssertEqual(folder.contents, [])
    }

    func testFinishingWithoutFramesThrowsAndLeavesNothing() throws {
        let path = folder.file("animation.gif")
        let writer = try GifAnimationWriter(path: path, width: 10, height: 10)
        assertFails(naming: path) { try writer.finish() }
        XCTAssertEqual(folder.contents, [])
    }

    func testImpossibleSizesAreRefused() {
        let path = folder.file("animation.gif")
        for (width, height) in [(0, 10), (10, -1), (70000, 10)] {
            assertFails(naming: path) {
                _ = try GifAnimationWriter(path: path, width: width, height: height)
            }
        }
        var options = GifAnimationWriter.Options()
        options.maximumWidth = 0
        assertFails(naming: path) {
            _ = try GifAnimationWriter(path: path, width: 10, height: 10, options: options)
        }
        XCTAssertEqual(folder.contents, [])
    }

    func testAnExistingGifIsReplacedWhole() throws {
        let path = folder.file("animation.gif")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let writer = try GifAnimationWriter(path: path, width: 10, height: 10)
        try writer.append(frame, duration: 0.1)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        try writer.finish()
        XCTAssertEqual(try GifAnimation(path: path).frames[0].canvas, frame.pixels)
        XCTAssertEqual(folder.contents, ["animation.gif"])
    }
}
