internal import CCairo
import Glibc
import SwipeDismissCairo

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
    /// Per raster row, the colour (under the format's mask) at the first of `columns`, and
    /// the raster columns `spanFrom[row]..<spanTo[row]` outside which every pixel in
    /// `columns` is that colour (from > to for a flat row): two rows of one edge colour
    /// differ only inside the hull of their spans.
    let edges: UnsafeMutableBufferPointer<UInt32>
    let spanFrom: UnsafeMutableBufferPointer<Int32>
    let spanTo: UnsafeMutableBufferPointer<Int32>

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
        edges = .allocate(capacity: height)
        edges.initialize(repeating: 0)
        // Unknown spans cover every column.
        spanFrom = .allocate(capacity: height)
        spanFrom.initialize(repeating: Int32(columns.lowerBound))
        spanTo = .allocate(capacity: height)
        spanTo.initialize(repeating: Int32(columns.upperBound))
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
        let bytes = count * 4
        // Most rows are flat or repeat the row above (the bands and gaps of a screen): those
        // are settled at memcmp's speed. Flat rows are classed by their colour, the others by
        // a hash of their pixels, and a hash match is confirmed pixel by pixel.
        var firstByColour: [UInt32: Int32] = [:]
        // Per hash, the last row of its own class; `sameHash` chains back to the earlier ones.
        var lastByHash = [UInt64: Int32](minimumCapacity: height)
        let sameHash = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(1, height))
        defer { sameHash.deallocate() }
        for index in 0..<height {
            let pixels = row(index)
            if index > 0, memcmp(pixels, row(index - 1), bytes) == 0 {
                colours[index] = colours[index - 1]
                classes[index] = classes[index - 1]
                edges[index] = edges[index - 1]
                spanFrom[index] = spanFrom[index - 1]
                spanTo[index] = spanTo[index - 1]
                continue
            }
            let first = pixels[0] & mask
            edges[index] = first
            if Self.isFlat(pixels, count: count, mask: mask) {
                spanFrom[index] = Int32(columns.upperBound)
                spanTo[index] = Int32(columns.lowerBound)
                if mask == 0x00FF_FFFF || first >> 24 == 0xFF {
                    colours[index] = 0xFF00_0000 | first
                }
                if let found = firstByColour[first] {
                    classes[index] = found
                } else {
                    classes[index] = Int32(index)
                    firstByColour[first] = Int32(index)
                }
                continue
            }
            var from = 0
            while from < count, pixels[from] & mask == first { from += 1 }
            var to = count
            while to > from, pixels[to - 1] & mask == first { to -= 1 }
            spanFrom[index] = Int32(columns.lowerBound + from)
            spanTo[index] = Int32(columns.lowerBound + to)
            let hash = Self.hash(pixels, count: count, mask: mask)
            var found = Int32(index)
            var next = lastByHash[hash] ?? -1
            while next >= 0 {
                let candidate = next
                next = sameHash[Int(candidate)]
                let other = row(Int(candidate))
                // Equal bytes (the usual case: a hash match) settle it at memcmp's speed;
                // otherwise RGB24's spare byte may be all that differs.
                var same = memcmp(pixels, other, bytes) == 0
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
            if found == Int32(index) {
                sameHash[index] = lastByHash.updateValue(found, forKey: hash) ?? -1
            }
        }
    }

    /// Whether the `count` pixels are one colour under `mask`: the row equals itself moved
    /// by one pixel (memcmp's speed), or, when that fails on RGB24's spare byte, pixel by pixel.
    private static func isFlat(_ pixels: UnsafePointer<UInt32>, count: Int, mask: UInt32) -> Bool {
        if count < 2 || memcmp(pixels, pixels + 1, (count - 1) * 4) == 0 { return true }
        let first = pixels[0] & mask
        for column in 1..<count where pixels[column] & mask != first { return false }
        return true
    }

    /// An FNV-1a-style hash of `count` pixels (under `mask`), two pixels a word, in four
    /// interleaved lanes so the multiplies of neighbouring words do not wait on each other (a
    /// table is made with each raster, on the frame that first needs it, and this hash is most
    /// of its cost). Only for bucketing: rows are confirmed equal pixel by pixel.
    private static func hash(_ pixels: UnsafePointer<UInt32>, count: Int, mask: UInt32)
        -> UInt64
    {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        let pairMask = UInt64(mask) << 32 | UInt64(mask)
        let raw = UnsafeRawPointer(pixels)
        func pair(_ column: Int) -> UInt64 {
            raw.loadUnaligned(fromByteOffset: column * 4, as: UInt64.self) & pairMask
        }
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9ce4_8422_2325_cbf2,
            0x2325_cbf2_9ce4_8422
        )
        var column = 0
        while column + 8 <= count {
            lanes.0 = (lanes.0 ^ pair(column)) &* prime
            lanes.1 = (lanes.1 ^ pair(column + 2)) &* prime
            lanes.2 = (lanes.2 ^ pair(column + 4)) &* prime
            lanes.3 = (lanes.3 ^ pair(column + 6)) &* prime
            column += 8
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
        edges.deallocate()
        spanFrom.deallocate()
        spanTo.deallocate()
    }
}
