import Foundation
import SwipeDismissGif
import XCTest

final class GifAnimationWriterTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder = nil
    }

    /// A grey `0xGGGGGG` for a level 0...255.
    private func grey(_ level: Int) -> UInt32 { UInt32(level) * 0x01_0101 }

    func testFlatGreyFramesDecodeToTheirGreyWithExactDelays() throws {
        // A backdrop fading from alpha 0.3 to 0.1 over white, 25 frames at 25 fps.
        let levels = (0..<25).map { (index: Int) -> Int in
            let alpha = 0.3 - 0.2 * Double(index) / 24
            return Int(((1 - alpha) * 255).rounded())
        }
        let path = folder.file("grey.gif")
        let writer = try GifAnimationWriter(path: path, width: 390, height: 844)
        for level in levels {
            try writer.append(
                TestImage(width: 390, height: 844, color: grey(level)), duration: 0.04)
        }
        try writer.finish()

        let gif = try GifAnimation(path: path)
        XCTAssertEqual(gif.version, "GIF89a")
        XCTAssertEqual(gif.width, 390)
        XCTAssertEqual(gif.height, 844)
        XCTAssertEqual(gif.frames.count, 25)
        XCTAssertEqual(gif.delays, Array(repeating: 4, count: 25))
        XCTAssertEqual(writer.delays, gif.delays)
        XCTAssertTrue(gif.loopsForever)
        for (index, level) in levels.enumerated() {
            for (x, y) in [(0, 0), (195, 12), (389, 843)] {
                let decoded = gif.frames[index].canvas[y * 390 + x]
                XCTAssertLessThanOrEqual(
                    abs(Int(decoded & 0xFF) - level), 2, "frame \(index) at \(x),\(y)")
                XCTAssertEqual(decoded >> 16, decoded & 0xFF, "frame \(index) stays grey")
            }
        }
        XCTAssertEqual(Set(gif.frames.map(\.disposal)), [1], "do not dispose")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(folder.contents, ["grey.gif"], "no temporary file is left")
    }

    func testIdenticalFramesBecomeOneLongerFrame() throws {
        let path = folder.file("merge.gif")
        let writer = try GifAnimationWriter(path: path, width: 8, height: 8)
        let still = TestImage(width: 8, height: 8, color: 0x80_8080)
        for _ in 0..<3 { try writer.append(still, duration: 0.04) }
        try writer.append(TestImage(width: 8, height: 8, color: 0x40_4040), duration: 0.04)
        try writer.finish()
        XCTAssertEqual(try GifAnimation(path: path).delays, [12, 4])
    }

    func testSixtyFpsFramesKeepTheirTotalDurationExactly() throws {
        let path = folder.file("sixty.gif")
        let writer = try GifAnimationWriter(path: path, width: 16, height: 16)
        for index in 0..<120 {
            try writer.append(
                TestImage(width: 16, height: 16, color: grey(index * 2)), duration: 1 / 60)
        }
        try writer.finish()
        let gif = try GifAnimation(path: path)
        XCTAssertEqual(gif.frames.count, 80)
        XCTAssertEqual(gif.delays.reduce(0, +), 200)
        XCTAssertEqual(gif.frames.last?.canvas.first, grey(238), "the last frame is shown")
    }

    func testTimestampedFramesLastUntilTheNextOne() throws {
        // As an export whose idle frames were never rendered: a gap is one long frame.
        let path = folder.file("times.gif")
        let writer = try GifAnimationWriter(path: path, width: 8, height: 8)
        for (index, time) in [10.0, 10.04, 10.08, 10.5].enumerated() {
            try writer.append(TestImage(width: 8, height: 8, color: grey(index * 40)), at: time)
        }
        try writer.finish(at: 10.54)
        XCTAssertEqual(try GifAnimation(path: path).delays, [4, 4, 42, 4])
        XCTAssertEqual(writer.frameCount, 4)
    }

    func testWithAMinimumDelayOfOneEveryDistinctFrameIsKept() throws {
        var options = GifAnimationWriter.Options()
        options.minimumDelay = 1
        let path = folder.file("every.gif")
        let writer = try GifAnimationWriter(path: path, width: 16, height: 16, options: options)
        for index in 0..<120 {
            try writer.append(
                TestImage(width: 16, height: 16, color: grey(index * 2)), duration: 1 / 60)
        }
        try writer.finish()
        let gif = try GifAnimation(path: path)
        XCTAssertEqual(gif.frames.count, 120)
        XCTAssertEqual(Array(gif.delays.prefix(6)), [2, 1, 2, 2, 1, 2])
        XCTAssertEqual(gif.delays.reduce(0, +), 200)
        for index in [0, 59, 119] {
            XCTAssertEqual(gif.color(x: 8, y: 8, frame: index), grey(index * 2))
        }
    }

    func testWithoutMergingARepeatedFrameIsAOnePixelHold() throws {
        var options = GifAnimationWriter.Options()
        options.mergesIdenticalFrames = false
        let path = folder.file("repeat.gif")
        let writer = try GifAnimationWriter(path: path, width: 8, height: 8, options: options)
        let still = TestImage(width: 8, height: 8, color: 0x20_4060)
        for _ in 0..<3 { try writer.append(still, duration: 0.05) }
        try writer.finish()
        let gif = try GifAnimation(path: path)
        XCTAssertEqual(gif.delays, [5, 5, 5])
        XCTAssertEqual(gif.frames.map { [$0.width, $0.height] }, [[8, 8], [1, 1], [1, 1]])
        XCTAssertEqual(gif.frames[2].canvas, still.pixels)
    }

    func testWithoutLoopTheExtensionIsLeftOut() throws {
        let path = folder.file("once.gif")
        let writer = try GifAnimationWriter(path: path, width: 4, height: 4, loop: false)
        try writer.append(TestImage(width: 4, height: 4, color: 0), duration: 1)
        try writer.finish()
        let gif = try GifAnimation(path: path)
        XCTAssertFalse(gif.loopsForever)
        XCTAssertEqual(gif.delays, [100])
    }

    func testAHoldLongerThanGifsLongestDelayIsSplit() throws {
        let path = folder.file("hold.gif")
        let writer = try GifAnimationWriter(path: path, width: 4, height: 4)
        try writer.append(TestImage(width: 4, height: 4, color: 0x11_2233), duration: 700)
        try writer.finish()
        let gif = try GifAnimation(path: path)
        XCTAssertEqual(gif.delays, [65535, 4465])
        XCTAssertEqual(gif.frames[1].canvas, gif.frames[0].canvas)
    }

    func testMaximumWidthShrinksWithABoxFilter() throws {
        var image = TestImage(width: 4, height: 2, color: 0)
        image.fill(x: 0, y: 0, width: 1, height: 1, color: 0x0A_0A0A)
        image.fill(x: 1, y: 0, width: 1, height: 1, color: 0x14_1414)
        image.fill(x: 0, y: 1, width: 1, height: 1, color: 0x1E_1E1E)
        image.fill(x: 1, y: 1, width: 1, height: 1, color: 0x28_2828)
        image.fill(x: 2, y: 0, width: 2, height: 2, color: 0xC8_6432)
        var options = GifAnimationWriter.Options()
        options.maximumWidth = 2
        let path = folder.file("small.gif")
        let writer = try GifAnimationWriter(path: path, width: 4, height: 2, options: options)
        XCTAssertEqual([writer.width, writer.height], [2, 1])
        try writer.append(image, duration: 0.1)
        try writer.finish()
        let gif = try GifAnimation(path: path)
        XCTAssertEqual([gif.width, gif.height], [2, 1])
        XCTAssertEqual(gif.frames[0].canvas, [0x19_1919, 0xC8_6432])
    }
}
