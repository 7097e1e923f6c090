/// A GIF colour table: up to 256 `0x00RRGGBB` colours, and maybe one transparent slot.
struct GifPalette: Equatable {
    /// The colours, in index order.
    var colors: [UInt32] = []
    /// The index that means "keep the pixel below" (`colors.count`), if the table has one.
    var transparentIndex: UInt8?

    /// Entries in the table as written: a power of two from 2 to 256 (GIF's rule).
    var tableSize: Int {
        let used = colors.count + (transparentIndex == nil ? 0 : 1)
        var size = 2
        while size < used { size *= 2 }
        return size
    }
}

/// A rectangle of pixels inside a frame.
struct PixelRect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}

/// Chooses a palette for the changed pixels of a frame and maps those pixels to indices.
///
/// Exact first: a frame region with at most 256 distinct colours (255 when it also needs a
/// transparent index) keeps every colour as it is, so flat UI greys come out unchanged.
/// Beyond that, a deterministic median cut over a 5-5-5-bit histogram picks 255 or 256
/// colours. Scratch storage is kept between frames.
final class GifQuantiser {
    /// Exact colour → index, for the frame being indexed.
    private(set) var lookup: [UInt32: UInt8] = [:]
    /// Whether the last `palette(for:…)` kept every colour exactly (`lookup` is then full).
    private(set) var lastPaletteIsExact = true
    /// Pixel counts and channel sums per 5-5-5-bit bucket, for the median cut.
    var counts = [Int](repeating: 0, count: 32768)
    var sums = [Int](repeating: 0, count: 32768 * 3)
    /// Bucket → palette index after a median cut.
    var bucketIndex = [UInt8](repeating: 0, count: 32768)

    /// The 5-5-5-bit bucket of a `0x00RRGGBB` colour.
    @inline(__always) static func bucket(_ color: UInt32) -> Int {
        let red = (color >> 9) & 0x7C00
        let green = (color >> 6) & 0x3E0
        let blue = (color >> 3) & 0x1F
        return Int(red | green | blue)
    }

    /// Builds a palette for the pixels of `frame` inside `rect`; pixels equal in `previous`
    /// are left out and get the palette's transparent index. `indices` receives one index
    /// a pixel of `rect`, row after row.
    func palette(
        for frame: [UInt32], previous: [UInt32]?, width: Int, rect: PixelRect,
        indices: inout [UInt8]
    ) -> GifPalette {
        lookup.removeAll(keepingCapacity: true)
        var colors: [UInt32] = []
        var unchanged = false
        var overflow = false
        forEachPixel(of: frame, previous: previous, width: width, rect: rect) { color, same in
            if same {
                unchanged = true
                return
            }
            if overflow || lookup[color] != nil { return }
            if colors.count == 256 {
                overflow = true
                return
            }
            lookup[color] = UInt8(colors.count)
            colors.append(color)
        }
        let capacity = unchanged ? 255 : 256
        lastPaletteIsExact = !overflow && colors.count <= capacity
        var palette: GifPalette
        if !overflow && colors.count <= capacity {
            palette = GifPalette(colors: colors)
        } else {
            palette = medianCut(
                frame: frame, previous: previous, width: width, rect: rect,
                capacity: capacity)
        }
        if unchanged { palette.transparentIndex = UInt8(palette.colors.count) }
        if overflow || colors.count > capacity {
            fillFromBuckets(
                frame, previous: previous, width: width, rect: rect,
                transparent: palette.transparentIndex, indices: &indices)
        } else {
            _ = fill(
                &indices, frame: frame, previous: previous, width: width, rect: rect,
                lookup: lookup, transparent: palette.transparentIndex)
        }
        return palette
    }

    /// Maps the pixels of `rect` through `lookup`; pixels equal in `previous` become
    /// `transparent` when it is given. Returns false (indices unfinished) when a colour is
    /// not in `lookup` (unchanged pixels are looked up too when there is no `transparent`).
    func fill(
        _ indices: inout [UInt8], frame: [UInt32], previous: [UInt32]?, width: Int,
        rect: PixelRect, lookup: [UInt32: UInt8], transparent: UInt8?
    ) -> Bool {
        var lastColor: UInt32 = 0xFFFF_FFFF
        var lastIndex: UInt8 = 0
        var complete = true
        var at = 0
        indices.withUnsafeMutableBufferPointer { out in
            forEachPixel(of: frame, previous: previous, width: width, rect: rect) { color, same in
                guard complete else { return }
                if same, let transparent {
                    out[at] = transparent
                } else {
                    if color != lastColor {
                        guard let index = lookup[color] else {
                            complete = false
                            return
                        }
                        lastColor = color
                        lastIndex = index
                    }
                    out[at] = lastIndex
                }
                at += 1
            }
        }
        return complete
    }

    /// Calls `body` for each pixel of `rect`, row after row, with its colour and whether
    /// `previous` has the same colour there.
    @inline(__always) func forEachPixel(
        of frame: [UInt32], previous: [UInt32]?, width: Int, rect: PixelRect,
        _ body: (UInt32, Bool) -> Void
    ) {
        frame.withUnsafeBufferPointer { pixels in
            for y in rect.y..<rect.y + rect.height {
                let row = y * width
                for x in rect.x..<rect.x + rect.width {
                    let color = pixels[row + x]
                    body(color, previous?[row + x] == color)
                }
            }
        }
    }
}
