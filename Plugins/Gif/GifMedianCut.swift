/// A colour with how many pixels have it, for the median cut. `color` places it in the
/// colour cube; the sums give the mean when it stands for several colours (a bucket).
struct WeightedColor {
    var color: UInt32
    var count: Int
    var red: Int
    var green: Int
    var blue: Int

    /// `count` pixels of exactly `color`.
    init(color: UInt32, count: Int) {
        self.init(
            color: color, count: count, red: Int(color >> 16 & 0xFF) * count,
            green: Int(color >> 8 & 0xFF) * count, blue: Int(color & 0xFF) * count)
    }

    init(color: UInt32, count: Int, red: Int, green: Int, blue: Int) {
        self.color = color
        self.count = count
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A channel (0 red, 1 green, 2 blue) of `color`, 0...255.
    @inline(__always) func level(_ channel: Int) -> Int {
        Int(color >> (16 - 8 * UInt32(channel)) & 0xFF)
    }
}

extension GifQuantiser {
    /// One median-cut box: a run of entries and how it would be split.
    private struct Box {
        var start: Int
        var end: Int
        /// The channel (0 red, 1 green, 2 blue) with the widest spread, and that spread.
        var channel: Int
        var spread: Int
        var population: Int
    }

    /// Heckbert's median cut: splits `entries` into at most `boxes` boxes, always cutting
    /// the box with the widest channel spread (ties: more pixels, then the earlier box) at
    /// its pixel-weighted median along that channel. Returns each box's entry range (in the
    /// reordered `entries`) and its pixel-weighted mean colour.
    static func medianCut(_ entries: inout [WeightedColor], boxes limit: Int)
        -> [(range: Range<Int>, color: UInt32)]
    {
        guard !entries.isEmpty, limit > 0 else { return [] }
        entries.sort { $0.color < $1.color }
        var boxes = [makeBox(entries, 0, entries.count)]
        while boxes.count < limit {
            var best = -1
            for (index, box) in boxes.enumerated() where box.end - box.start > 1 {
                if best < 0 || box.spread > boxes[best].spread
                    || (box.spread == boxes[best].spread
                        && box.population > boxes[best].population)
                {
                    best = index
                }
            }
            guard best >= 0 else { break }
            let box = boxes[best]
            let channel = box.channel
            entries[box.start..<box.end].sort {
                let (a, b) = ($0.level(channel), $1.level(channel))
                return a != b ? a < b : $0.color < $1.color
            }
            var split = box.start + 1
            var running = entries[box.start].count
            while split < box.end - 1 && running * 2 < box.population {
                running += entries[split].count
                split += 1
            }
            boxes[best] = makeBox(entries, box.start, split)
            boxes.append(makeBox(entries, split, box.end))
        }
        return boxes.map { box in
            var total = (0, 0, 0)
            for entry in entries[box.start..<box.end] {
                total = (total.0 + entry.red, total.1 + entry.green, total.2 + entry.blue)
            }
            let count = max(box.population, 1)
            let red = UInt32((total.0 + count / 2) / count)
            let green = UInt32((total.1 + count / 2) / count)
            let blue = UInt32((total.2 + count / 2) / count)
            return (box.start..<box.end, red << 16 | green << 8 | blue)
        }
    }

    /// The box over `entries[start..<end]`, with its widest channel and pixel count.
    private static func makeBox(_ entries: [WeightedColor], _ start: Int, _ end: Int) -> Box {
        var low = (255, 255, 255)
        var high = (0, 0, 0)
        var population = 0
        for entry in entries[start..<end] {
            let (red, green, blue) = (entry.level(0), entry.level(1), entry.level(2))
            low = (min(low.0, red), min(low.1, green), min(low.2, blue))
            high = (max(high.0, red), max(high.1, green), max(high.2, blue))
            population += entry.count
        }
        let spreads = [high.0 - low.0, high.1 - low.1, high.2 - low.2]
        var channel = 0
        if spreads[1] > spreads[channel] { channel = 1 }
        if spreads[2] > spreads[channel] { channel = 2 }
        return Box(
            start: start, end: end, channel: channel, spread: spreads[channel],
            population: population)
    }

    /// A palette of at most `capacity` colours for the changed pixels of `rect`, by median
    /// cut over 5-5-5-bit buckets (for regions with too many colours to count one by one).
    /// Leaves `bucketIndex` mapping every bucket seen to its colour's index.
    func medianCut(
        frame: [UInt32], previous: [UInt32]?, width: Int, rect: PixelRect, capacity: Int
    ) -> GifPalette {
        var buckets: [Int] = []
        forEachPixel(of: frame, previous: previous, width: width, rect: rect) { color, same in
            if same { return }
            let bucket = Self.bucket(color)
            if counts[bucket] == 0 { buckets.append(bucket) }
            counts[bucket] += 1
            sums[bucket * 3] += Int(color >> 16 & 0xFF)
            sums[bucket * 3 + 1] += Int(color >> 8 & 0xFF)
            sums[bucket * 3 + 2] += Int(color & 0xFF)
        }
        var entries = buckets.map { bucket in
            let corner =
                UInt32(bucket >> 10) << 19 | UInt32(bucket >> 5 & 31) << 11
                | UInt32(bucket & 31) << 3
            return WeightedColor(
                color: corner, count: counts[bucket], red: sums[bucket * 3],
                green: sums[bucket * 3 + 1], blue: sums[bucket * 3 + 2])
        }
        for bucket in buckets {
            counts[bucket] = 0
            sums[bucket * 3] = 0
            sums[bucket * 3 + 1] = 0
            sums[bucket * 3 + 2] = 0
        }
        var palette = GifPalette()
        for (index, box) in Self.medianCut(&entries, boxes: capacity).enumerated() {
            palette.colors.append(box.color)
            for entry in entries[box.range] { bucketIndex[Self.bucket(entry.color)] = UInt8(index) }
        }
        return palette
    }

    /// Maps the pixels of `rect` through `bucketIndex` (after `medianCut`); pixels equal in
    /// `previous` become `transparent` when it is given.
    func fillFromBuckets(
        _ frame: [UInt32], previous: [UInt32]?, width: Int, rect: PixelRect,
        transparent: UInt8?, indices: inout [UInt8]
    ) {
        var at = 0
        indices.withUnsafeMutableBufferPointer { out in
            forEachPixel(of: frame, previous: previous, width: width, rect: rect) { color, same in
                if same, let transparent {
                    out[at] = transparent
                } else {
                    out[at] = bucketIndex[Self.bucket(color)]
                }
                at += 1
            }
        }
    }
}
