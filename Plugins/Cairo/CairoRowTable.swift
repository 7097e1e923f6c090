internal import CCairo
import Glibc

/// Which rows of a layer's raster are one flat opaque colour, and which rows repeat an
/// earlier one, over the raster's opaque columns; measured once per raster.
///
/// Most rows of the presenting screen and of the card are flat (the white band, the gaps
/// between list rows, the card's white between its lines). A frame can then send such a row
/// as a solid fill instead of pixels, and leave a row alone whose moved raster shows the same
/// pixels it showed last frame, without comparing any pixel per frame.
///
/// Rows that repeat (the list rows of the screen, the card's lines) are also read from one
/// representative, which stays in the cache, and a frame writes a repeated row by copying
/// the one it wrote already.
final class CairoRowTable {
    /// The raster columns the table describes.
    let columns: Range<Int>
    /// Per raster row, `0xFFRRGGBB` when every pixel in `columns` is that opaque colour; else 0.
    let colours: UnsafeMutableBufferPointer<UInt32>
    /// Per raster row, the first row with the same pixels in `columns`: two rows with equal
    /// classes look the same.
    let classes: UnsafeMutableBufferPointer<Int32>
    /// Per raster row, scratch for one drawing pass: where the row's class was written.
    let written: UnsafeMutableBufferPointer<Int32>

    /// Reads `surface` (an RGB24 or ARGB32 image surface, flushed) over `columns`, which must
    /// lie inside it. RGB24's unused top byte is ignored; ARGB32 rows are flat only if opaque.
    init(surface: CairoSurface, columns: Range<Int>) {
        let pointer = surface.pointer
        let height = Int(cairo_image_surface_get_height(pointer))
        self.columns = columns
        colours = .allocate(capacity: height)
        colours.initialize(repeating: 0)
        classes = .allocate(capacity: height)
        classes.initialize(repeating: 0)
        written = .allocate(capacity: height)
        written.initialize(repeating: -1)
        guard let data = cairo_image_surface_get_data(pointer), !columns.isEmpty else {
            for row in 0..<height { classes[row] = Int32(row) }
            return
        }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let mask: UInt32 =
            cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_RGB24
            ? 0x00FF_FFFF : 0xFFFF_FFFF
        func row(_ index: Int) -> UnsafePointer<UInt32> {
            UnsafeRawPointer(data + index * stride + columns.lowerBound * 4)
                .assumingMemoryBound(to: UInt32.self)
        }
        let count = columns.count
        // Rows by a hash of their pixels; a match is confirmed pixel by pixel.
        var firstByHash: [UInt64: [Int32]] = [:]
        for index in 0..<height {
            let pixels = row(index)
            let first = pixels[0] & mask
            var flat = true
            for column in 1..<count where pixels[column] & mask != first {
                flat = false
                break
            }
            let hash = Self.hash(pixels, count: count, mask: mask)
            if flat, mask == 0x00FF_FFFF || first >> 24 == 0xFF {
                colours[index] = 0xFF00_0000 | first
            }
            var found = Int32(index)
            for candidate in firstByHash[hash] ?? [] {
                let other = row(Int(candidate))
                // Equal bytes (the usual case: a hash match) settle it at memcmp's speed;
                // otherwise RGB24's spare byte may be all that differs.
                var same = memcmp(pixels, other, count * 4) == 0
                if !same {
                    same = true
                    for column in 0..<count where pixels[column] & mask != other[column] & mask {
                        same = false
                        break
                    }
                }
                if same {
                    found = candidate
                    break
                }
            }
            classes[index] = found
            if found == Int32(index) { firstByHash[hash, default: []].append(found) }
        }
    }

    /// An FNV-1a-style hash of `count` pixels (under `mask`) in four interleaved lanes, so
    /// the multiplies of neighbouring pixels do not wait on each other (a table is made with
    /// each raster, on the frame that first needs it: one lane made that hash most of the
    /// raster's cost). Only for bucketing: rows are confirmed equal pixel by pixel.
    private static func hash(_ pixels: UnsafePointer<UInt32>, count: Int, mask: UInt32)
        -> UInt64
    {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9ce4_8422_2325_cbf2,
            0x2325_cbf2_9ce4_8422
        )
        var column = 0
        while column + 4 <= count {
            lanes.0 = (lanes.0 ^ UInt64(pixels[column] & mask)) &* prime
            lanes.1 = (lanes.1 ^ UInt64(pixels[column + 1] & mask)) &* prime
            lanes.2 = (lanes.2 ^ UInt64(pixels[column + 2] & mask)) &* prime
            lanes.3 = (lanes.3 ^ UInt64(pixels[column + 3] & mask)) &* prime
            column += 4
        }
        while column < count {
            lanes.0 = (lanes.0 ^ UInt64(pixels[column] & mask)) &* prime
            column += 1
        }
        let mixed =
            (lanes.0 ^ (lanes.1 << 16 | lanes.1 >> 48) ^ (lanes.2 << 32 | lanes.2 >> 32)
                ^ (lanes.3 << 48 | lanes.3 >> 16))
        return mixed ^ UInt64(count)
    }

    deinit {
        colours.deallocate()
        classes.deallocate()
        written.deallocate()
    }
}
