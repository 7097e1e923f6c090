import CGif
import Foundation
import SwipeDismissGif
import XCTest

/// A GIF read back with giflib's reader (`DGifOpenFileName`, `DGifSlurp`) and played the way
/// a viewer plays it: each image drawn over the canvas, transparent pixels skipped.
struct DecodedGif {
    /// One image as stored, and the canvas after drawing it.
    struct Frame {
        var left: Int
        var top: Int
        var width: Int
        var height: Int
        var delay: Int
        var disposal: Int32
        var transparentIndex: Int32
        var hasLocalPalette: Bool
        /// `0x00RRGGBB` canvas pixels after this image, row after row.
        var canvas: [UInt32]
    }

    var width: Int
    var height: Int
    var globalPaletteSize: Int
    var frames: [Frame]
    /// Whether a NETSCAPE2.0 extension asks for endless looping (loop count 0).
    var loopsForever: Bool
    /// The file's first six bytes: `GIF89a` or `GIF87a`.
    var version: String

    var delays: [Int] { frames.map(\.delay) }

    init(path: String) throws {
        var code: Int32 = 0
        guard let file = DGifOpenFileName(path, &code) else {
            throw DecodeError(message: "DGifOpenFileName \(path): error \(code)")
        }
        defer { DGifCloseFile(file, nil) }
        guard DGifSlurp(file) == GIF_OK else {
            throw DecodeError(message: "DGifSlurp \(path): error \(file.pointee.Error)")
        }
        let header = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 6)
        version = String(decoding: header ?? Data(), as: UTF8.self)
        width = Int(file.pointee.SWidth)
        height = Int(file.pointee.SHeight)
        globalPaletteSize = Int(file.pointee.SColorMap?.pointee.ColorCount ?? 0)
        loopsForever = false
        frames = []
        var canvas = [UInt32](repeating: 0, count: width * height)
        for index in 0..<Int(file.pointee.ImageCount) {
            let image = file.pointee.SavedImages[index]
            if Self.hasLoopForever(image) { loopsForever = true }
            var control = GraphicsControlBlock()
            if DGifSavedExtensionToGCB(file, Int32(index), &control) != GIF_OK {
                control = GraphicsControlBlock(
                    DisposalMode: 0, UserInputFlag: false, DelayTime: 0,
                    TransparentColor: NO_TRANSPARENT_COLOR)
            }
            let desc = image.ImageDesc
            guard let map = desc.ColorMap ?? file.pointee.SColorMap else {
                throw DecodeError(message: "image \(index) has no colour map")
            }
            let (left, top) = (Int(desc.Left), Int(desc.Top))
            let (w, h) = (Int(desc.Width), Int(desc.Height))
            for y in 0..<h {
                for x in 0..<w {
                    let pixelIndex = Int32(image.RasterBits[y * w + x])
                    if pixelIndex == control.TransparentColor { continue }
                    guard pixelIndex < map.pointee.ColorCount else {
                        throw DecodeError(message: "image \(index): index \(pixelIndex) past map")
                    }
                    let color = map.pointee.Colors[Int(pixelIndex)]
                    canvas[(top + y) * width + left + x] =
                        UInt32(color.Red) << 16 | UInt32(color.Green) << 8 | UInt32(color.Blue)
                }
            }
            frames.append(
                Frame(
                    left: left, top: top, width: w, height: h, delay: Int(control.DelayTime),
                    disposal: control.DisposalMode, transparentIndex: control.TransparentColor,
                    hasLocalPalette: desc.ColorMap != nil, canvas: canvas))
        }
    }

    /// Whether `image` carries "NETSCAPE2.0" followed by the sub-block 1, 0, 0.
    private static func hasLoopForever(_ image: SavedImage) -> Bool {
        let blocks = (0..<Int(image.ExtensionBlockCount)).map { image.ExtensionBlocks[$0] }
        for (index, block) in blocks.enumerated()
        where block.Function == APPLICATION_EXT_FUNC_CODE && index + 1 < blocks.count {
            let name = Array(UnsafeBufferPointer(start: block.Bytes, count: Int(block.ByteCount)))
            let next = blocks[index + 1]
            let data = Array(UnsafeBufferPointer(start: next.Bytes, count: Int(next.ByteCount)))
            if name == Array("NETSCAPE2.0".utf8) && data == [1, 0, 0] { return true }
        }
        return false
    }
}

struct DecodeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Test frames built in plain byte buffers, laid out as cairo lays out an RGB24 image.
struct TestImage {
    var width: Int
    var height: Int
    /// Extra bytes at the end of each row, as cairo's stride may have.
    var padding = 8
    var bytes: [UInt8]

    var bytesPerRow: Int { width * 4 + padding }

    /// A frame of one colour (`0xRRGGBB`).
    init(width: Int, height: Int, color: UInt32) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: (width * 4 + padding) * height)
        fill(x: 0, y: 0, width: width, height: height, color: color)
    }

    /// Paints a rectangle (clipped to the frame) with `color` (`0xRRGGBB`, opaque).
    mutating func fill(x: Int, y: Int, width w: Int, height h: Int, color: UInt32) {
        for row in max(y, 0)..<min(y + h, height) {
            for column in max(x, 0)..<min(x + w, width) {
                set(column, row, color | 0xFF00_0000)
            }
        }
    }

    /// Stores a native-endian `0xAARRGGBB` word: bytes B, G, R, A on little-endian machines.
    mutating func set(_ x: Int, _ y: Int, _ word: UInt32) {
        let at = y * bytesPerRow + x * 4
        bytes[at] = UInt8(word & 0xFF)
        bytes[at + 1] = UInt8(word >> 8 & 0xFF)
        bytes[at + 2] = UInt8(word >> 16 & 0xFF)
        bytes[at + 3] = UInt8(word >> 24)
    }

    /// The colour at (`x`, `y`) as `0x00RRGGBB`.
    func color(_ x: Int, _ y: Int) -> UInt32 {
        let at = y * bytesPerRow + x * 4
        return UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
    }

    /// Every pixel as `0x00RRGGBB`, row after row.
    var pixels: [UInt32] {
        (0..<height).flatMap { y in (0..<width).map { color($0, y) } }
    }
}

extension GifAnimationWriter {
    /// Appends a test frame shown from `time` s.
    func append(_ image: TestImage, at time: Double) throws {
        try image.bytes.withUnsafeBytes { bytes in
            try append(
                frame: GifPixels(
                    width: image.width, height: image.height, bytesPerRow: image.bytesPerRow,
                    format: .rgb24, bytes: bytes),
                at: time)
        }
    }

    /// Appends a test frame read as `format`.
    func append(_ image: TestImage, duration: Double, format: GifPixelFormat = .rgb24) throws {
        try image.bytes.withUnsafeBytes { bytes in
            try append(
                frame: GifPixels(
                    width: image.width, height: image.height, bytesPerRow: image.bytesPerRow,
                    format: format, bytes: bytes),
                duration: duration)
        }
    }
}

/// A fresh temporary folder for one test, removed with everything in it afterwards.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "sd-gif-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The names in the folder, sorted.
    var contents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func file(_ name: String) -> String { path + "/" + name }
}
