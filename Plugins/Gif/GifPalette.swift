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
/// Three tiers, all deterministic. A region with at most 256 distinct colours (255 when it
/// also needs a transparent index) keeps every colour exactly, so flat UI greys come out
/// unchanged. Up to `exactLimit` colours (antialiased UI: a few hundred), colours covering
/// at least 1/1024 of the region keep their exact value, a median cut over the rest fills
/// the other slots, and every colour maps to its nearest entry. Beyond that (photographs),
/// a median cut over a 5-5-5-bit histogram. Scratch storage is kept between frames.
final class GifQuantiser {
    /// Most distinct colours counted exactly before falling back to 5-5-5-bit buckets.
    static let exactLimit = 4096
    /// Colour → index, for the frame being indexed (empty after a bucket median cut).
    private(set) var lookup: [UInt32: UInt8] = [:]
    /// Whether `lookup` holds every colour of the last `palette(for:…)`.
    private(set) var lastPaletteHasLookup = true
    /// Pixels of each exact colour in the region.
    private var histogram: [UInt32: Int] = [:]
    /// Pixel counts and channel sums per 5-5-5-bit bucket, for the bucket median cut.
    var counts = [Int](repeating: 0, count: 32768)
    var sums = [Int](repeating: 0, count: 32768 * 3)
    /// Bucket → palette index after a bucket median cut.
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
        let (unchanged, total) = countColors(frame, previous: previous, width: width, rect: rect)
        let capacity = unchanged ? 255 : 256
        lookup.removeAll(keepingCapacity: true)
        var palette = GifPalette()
        if histogram.count > Self.exactLimit {
            palette = medianCut(
                frame: frame, previous: previous, width: width, rect: rect, capacity: capacity)
            lastPaletteHasLookup = false
        } else {
            let colors = histogram.keys.sorted()
            if colors.count <= capacity {
                palette.colors = colors
                for (index, color) in colors.enumerated() { lookup[color] = UInt8(index) }
            } else {
                palette = reducedPalette(colors, total: total, capacity: capacity)
            }
            lastPaletteHasLookup = true
        }
        if unchanged { palette.transparentIndex = UInt8(palette.colors.count) }
        if lastPaletteHasLookup {
            _ = fill(
                &indices, frame: frame, previous: previous, width: width, rect: rect,
                lookup: lookup, transparent: palette.transparentIndex)
        } else {
            fillFromBuckets(
                frame, previous: previous, width: width, rect: rect,
                transparent: palette.transparentIndex, indices: &indices)
        }
        return palette
    }

    /// Counts the changed pixels of each colour into `histogram`, stopping at more than
    /// `exactLimit` colours. Returns whether any pixel was unchanged, and how many changed.
    private func countColors(
        _ frame: [UInt32], previous: [UInt32]?, width: Int, rect: PixelRect
    ) -> (unchanged: Bool, total: Int) {
        histogram.removeAll(keepingCapacity: true)
        var unchanged = false
        var total = 0
        var run: (color: UInt32, count: Int) = (0, 0)
        forEachPixel(of: frame, previous: previous, width: width, rect: rect) { color, same in
            if same {
                unchanged = true
                return
            }
            total += 1
            if color == run.color {
                run.count += 1
                return
            }
            if run.count > 0, histogram.count <= Self.exactLimit {
                histogram[run.color, default: 0] += run.count
            }
            run = (color, 1)
        }
        if run.count > 0 { histogram[run.color, default: 0] += run.count }
        return (unchanged, total)
    }

    /// At most `capacity` colours for more than `capacity` exact ones: colours covering at
    /// least 1/1024 of the `total` pixels (up to half the slots) as they are, a median cut
    /// of the rest in the other slots. Fills `lookup` with each colour's nearest entry.
    private func reducedPalette(_ colors: [UInt32], total: Int, capacity: Int) -> GifPalette {
        var kept = colors.filter { histogram[$0, default: 0] * 1024 >= total }
        kept.sort { (histogram[$0, default: 0], $1) > (histogram[$1, default: 0], $0) }
        kept = Array(kept.prefix(capacity / 2))
        let keptSet = Set(kept)
        var rest = colors.filter { !keptSet.contains($0) }.map { color in
            WeightedColor(color: color, count: histogram[color, default: 0])
        }
        var palette = GifPalette(colors: kept)
        palette.colors += Self.medianCut(&rest, boxes: capacity - kept.count).map(\.color)
        for color in colors {
            lookup[color] = Self.nearest(color, in: palette.colors)
        }
        return palette
    }

    /// The index of the entry of `colors` closest to `color` (squared RGB distance; the
    /// lowest index wins a tie).
    private static func nearest(_ color: UInt32, in colors: [UInt32]) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in colors.enumerated() {
            let red = Int(color >> 16 & 0xFF) - Int(candidate >> 16 & 0xFF)
            let green = Int(color >> 8 & 0xFF) - Int(candidate >> 8 & 0xFF)
            let blue = Int(color & 0xFF) - Int(candidate & 0xFF)
            let distance = red * red + green * green + blue * blue
            if distance < bestDistance {
                best = index
                bestDistance = distance
                if distance == 0 { break }
            }
        }
        return UInt8(best)
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
