import Foundation
import SwipeDismissGif
import XCTest

/// Colours through the writer and back: exact palettes, the global table, transparency,
/// quantisation and the matte.
final class GifColourTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder = nil
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
}
