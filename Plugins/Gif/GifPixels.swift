/// How a frame's 32-bit pixels are laid out: cairo's image formats, one native-endian
/// word a pixel (so `B, G, R, A` bytes in memory on a little-endian machine).
public enum GifPixelFormat: Sendable {
    /// `CAIRO_FORMAT_RGB24`: `0x__RRGGBB` words; the top byte is ignored.
    case rgb24
    /// `CAIRO_FORMAT_ARGB32`: `0xAARRGGBB` words, colour premultiplied by alpha. Pixels
    /// that are not opaque are composited over the writer's matte colour.
    case argb32Premultiplied
}

/// One frame's pixels in the layout of a cairo image surface, borrowed for one call.
///
/// Row `y` starts `y * bytesPerRow` bytes into `bytes`; each row holds `width` 4-byte pixels.
public struct GifPixels {
    /// Pixels a row.
    public var width: Int
    /// Rows.
    public var height: Int
    /// Bytes from one row's start to the next (cairo's stride); at least `4 * width`.
    public var bytesPerRow: Int
    /// How each 4-byte pixel is read.
    public var format: GifPixelFormat
    /// The pixel memory: at least `bytesPerRow * (height - 1) + 4 * width` bytes.
    public var bytes: UnsafeRawBufferPointer

    /// Describes pixel memory laid out as a cairo image surface lays it out.
    public init(
        width: Int, height: Int, bytesPerRow: Int, format: GifPixelFormat,
        bytes: UnsafeRawBufferPointer
    ) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.format = format
        self.bytes = bytes
    }

    /// Why these pixels cannot be read as a `width` × `height` frame, or nil if they can.
    func problem(expectedWidth: Int, expectedHeight: Int) -> String? {
        guard width == expectedWidth, height == expectedHeight else {
            return "frame is \(width)x\(height) pixels; the animation is "
                + "\(expectedWidth)x\(expectedHeight)"
        }
        let (rowBytes, rowOverflow) = width.multipliedReportingOverflow(by: 4)
        guard !rowOverflow, bytesPerRow >= rowBytes else {
            return "bytesPerRow \(bytesPerRow) is less than 4 x width \(width)"
        }
        let (rows, rowsOverflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        let (needed, neededOverflow) = rows.addingReportingOverflow(rowBytes)
        guard !rowsOverflow, !neededOverflow, bytes.count >= needed else {
            return "frame has \(bytes.count) bytes; \(width)x\(height) at \(bytesPerRow) "
                + "bytes a row needs \(needed)"
        }
        return nil
    }

    /// Writes every pixel as `0x00RRGGBB` into `packed` (row after row, no padding),
    /// compositing translucent ARGB32 pixels over `matte` (`0x00RRGGBB`).
    func pack(into packed: inout [UInt32], matte: UInt32) {
        let width = self.width
        let stride = bytesPerRow
        let opaque = format == .rgb24
        packed.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = y * stride
                let base = y * width
                for x in 0..<width {
                    let word = bytes.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                    let alpha = word >> 24
                    if opaque || alpha == 255 {
                        out[base + x] = word & 0xFF_FFFF
                    } else {
                        out[base + x] = Self.over(word, alpha: alpha, matte: matte)
                    }
                }
            }
        }
    }

    /// A premultiplied pixel composited over an opaque matte: `c + m * (255 - a) / 255`.
    private static func over(_ word: UInt32, alpha: UInt32, matte: UInt32) -> UInt32 {
        let rest = 255 - alpha
        func channel(_ shift: UInt32) -> UInt32 {
            let colour = (word >> shift) & 0xFF
            let under = (matte >> shift) & 0xFF
            return min(255, colour + (under * rest + 127) / 255) << shift
        }
        return channel(16) | channel(8) | channel(0)
    }
}
