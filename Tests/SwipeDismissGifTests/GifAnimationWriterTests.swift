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

    func testAFewColoursDecodeExactlyAndOnlyTheChangedRectangleIsStored() throws {
        var first = TestImage(width: 120, height: 80, color: 0xFF_FFFF)
        first.fill(x: 0, y: 0, width: 120, height: 10, color: 0xB3_B3B3)
        first.fill(x: 20, y: 30, width: 30, height: 20, color: 0xFF_3B30)
        first.fill(x: 70, y: 30, width: 10, height: 40, color: 0x34_C759)
        first.set(119, 79, 0xFF01_02FE)
        var second = first
        second.fill(x: 20, y: 30, width: 30, height: 20, color: 0xFF_FFFF)
        second.fill(x: 25, y: 40, width: 30, height: 20, color: 0xFF_3B30)
        second.set(60, 35, 0xFF12_3456)

        let path = folder.file("colours.gif")
        let writer = try GifAnimationWriter(path: path, width: 120, height: 80)
        try writer.append(first, duration: 0.1)
        try writer.append(second, duration: 0.1)
        try writer.finish()

        let gif = try GifAnimation(path: path)
        XCTAssertEqual(gif.frames.count, 2)
        XCTAssertEqual(gif.frames[0].canvas, first.pixels)
        XCTAssertEqual(gif.frames[1].canvas, second.pixels)
        // Frame 2 holds only the box from (20, 30) to (60, 59); its colour 0x123456 is not
        // in the global palette, so it carries a local one.
        let rect = gif.frames[1]
        XCTAssertEqual([rect.left, rect.top, rect.width, rect.height], [20, 30, 41, 30])
        XCTAssertTrue(rect.hasLocalPalette)
        XCTAssertFalse(gif.frames[0].hasLocalPalette)
        XCTAssertEqual(gif.delays, [10, 10])
    }

    func testAFrameWithOnlyKnownColoursUsesTheGlobalPalette() throws {
        var first = TestImage(width: 40, height: 40, color: 0x00_0000)
        first.fill(x: 0, y: 0, width: 20, height: 40, color: 0xFF_FFFF)
        var second = TestImage(width: 40, height: 40, color: 0x00_0000)
        second.fill(x: 20, y: 0, width: 20, height: 40, color: 0xFF_FFFF)
        let path = folder.file("swap.gif")
        let writer = try GifAnimationWriter(path: path, width: 40, height: 40)
        try writer.append(first, duration: 0.05)
        try writer.append(second, duration: 0.05)
        try writer.finish()

        let gif = try GifAnimation(path: path)
        XCTAssertEqual(gif.frames.map(\.hasLocalPalette), [false, false])
        XCTAssertEqual(gif.globalPaletteSize, 4, "two colours and a transparent slot")
        XCTAssertEqual(gif.frames[1].canvas, second.pixels)
    }

    func testUnchangedDetailInsideTheChangedRectangleIsLeftTransparent() throws {
        // A busy, still texture with two changes at opposite corners: the changed rectangle
        // spans the texture, which compresses better as one transparent run than as itself.
        var first = TestImage(width: 64, height: 64, color: 0)
        for y in 0..<64 {
            for x in 0..<64 { first.set(x, y, 0xFF00_0000 | UInt32((x * 7 + y * 13) % 50) * 5) }
        }
        var second = first
        second.fill(x: 0, y: 0, width: 2, height: 2, color: 0x00_00F5)
        second.fill(x: 62, y: 62, width: 2, height: 2, color: 0x00_0005)
        var sizes: [Bool: Int] = [:]
        for transparency in [true, false] {
            var options = GifAnimationWriter.Options()
            options.usesTransparency = transparency
            let path = folder.file("texture-\(transparency).gif")
            let writer = try GifAnimationWriter(path: path, width: 64, height: 64, options: options)
            try writer.append(first, duration: 0.1)
            try writer.append(second, duration: 0.1)
            try writer.finish()
            let gif = try GifAnimation(path: path)
            XCTAssertEqual(gif.frames[1].canvas, second.pixels)
            XCTAssertEqual([gif.frames[1].width, gif.frames[1].height], [64, 64])
            XCTAssertFalse(gif.frames[1].hasLocalPalette, "its colours are all in frame 1")
            XCTAssertEqual(gif.frames[1].transparentIndex, transparency ? 50 : nil)
            sizes[transparency] =
                try FileManager.default.attributesOfItem(atPath: path)[.size]
                as? Int
        }
        XCTAssertLessThan(try XCTUnwrap(sizes[true]), try XCTUnwrap(sizes[false]))
    }

    func testManyColoursAreQuantisedCloseToTheSource() throws {
        var image = TestImage(width: 256, height: 256, color: 0)
        for y in 0..<256 {
            for x in 0..<256 {
                image.set(x, y, 0xFF00_0000 | UInt32(x) << 16 | UInt32(y) << 8 | 128)
            }
        }
        let path = folder.file("gradient.gif")
        let writer = try GifAnimationWriter(path: path, width: 256, height: 256)
        try writer.append(image, duration: 0.1)
        try writer.finish()

        let gif = try GifAnimation(path: path)
        let decoded = gif.frames[0].canvas
        XCTAssertLessThanOrEqual(Set(decoded).count, 256)
        XCTAssertGreaterThan(Set(decoded).count, 200, "the palette is used, not collapsed")
        var total = 0
        var worst = 0
        for (source, result) in zip(image.pixels, decoded) {
            for shift: UInt32 in [16, 8, 0] {
                let error = abs(Int(source >> shift & 0xFF) - Int(result >> shift & 0xFF))
                total += error
                worst = max(worst, error)
            }
        }
        let mean = Double(total) / Double(256 * 256 * 3)
        XCTAssertLessThan(mean, 4, "mean error per channel")
        XCTAssertLessThanOrEqual(worst, 16, "worst error per channel")
    }

    func testAFlatBandKeepsItsExactGreyAmongHundredsOfColours() throws {
        // Like an exported frame: a dimmed white band over 24 rows, then antialiased detail
        // with 1000 colours of a few pixels each (more than a palette holds, fewer than 4096).
        var image = TestImage(width: 200, height: 44, color: 0xB3_B3B3)
        for index in 0..<1000 {
            let color =
                UInt32(index % 10 * 25) << 16 | UInt32(index / 10 % 10 * 25) << 8
                | UInt32(index / 100 * 25)
            image.fill(
                x: index % 100 * 2, y: 24 + index / 100 * 2, width: 2, height: 2, color: color)
        }
        let path = folder.file("band.gif")
        let writer = try GifAnimationWriter(path: path, width: 200, height: 44)
        try writer.append(image, duration: 0.1)
        try writer.finish()

        let decoded = try GifAnimation(path: path).frames[0].canvas
        XCTAssertEqual(Array(decoded[0..<200 * 24]), Array(repeating: 0xB3_B3B3, count: 200 * 24))
        var total = 0
        for (source, result) in zip(image.pixels, decoded) {
            for shift: UInt32 in [16, 8, 0] {
                total += abs(Int(source >> shift & 0xFF) - Int(result >> shift & 0xFF))
            }
        }
        // About four lattice colours 25 levels apart share each of the other 254 entries, so
        // the 20 detail rows err by about 8 a channel and the 24 band rows by 0: about 4.
        XCTAssertLessThan(Double(total) / Double(200 * 44 * 3), 5, "mean error per channel")
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

    func testPremultipliedTranslucentPixelsAreCompositedOverTheMatte() throws {
        var image = TestImage(width: 3, height: 1, color: 0)
        image.set(0, 0, 0x0000_0000)  // transparent: the white matte
        image.set(1, 0, 0x8000_0000)  // half-transparent black: mid grey
        image.set(2, 0, 0x8080_0000)  // half-transparent red, premultiplied
        let path = folder.file("matte.gif")
        let writer = try GifAnimationWriter(path: path, width: 3, height: 1)
        try writer.append(image, duration: 0.1, format: .argb32Premultiplied)
        try writer.finish()
        XCTAssertEqual(
            try GifAnimation(path: path).frames[0].canvas, [0xFF_FFFF, 0x7F_7F7F, 0xFF_7F7F])
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
