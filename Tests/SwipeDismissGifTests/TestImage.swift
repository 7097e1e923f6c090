import Foundation
import SwipeDismissGif
import XCTest

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
