extension GifQuantiser {
    /// One median-cut box: a run of `buckets` and how it would be split.
    private struct Box {
        var start: Int
        var end: Int
        /// The channel (0 red, 1 green, 2 blue) with the widest spread, and that spread.
        var channel: Int
        var spread: Int
        var population: Int
    }

    /// A channel (0 red, 1 green, 2 blue) of a 5-5-5-bit bucket, 0...31.
    @inline(__always) private static func level(_ bucket: Int, _ channel: Int) -> Int {
        (bucket >> (10 - 5 * channel)) & 31
    }

    /// A palette of at most `capacity` colours for the changed pixels of `rect`: Heckbert's
    /// median cut over 5-5-5-bit buckets, always splitting the box with the widest channel
    /// spread (ties: more pixels, then the earlier box) at its pixel-weighted median. Each
    /// colour is its box's pixel-weighted mean. Leaves `bucketIndex` mapping every bucket
    /// seen to its colour's index.
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
        guard !buckets.isEmpty else { return GifPalette() }
        buckets.sort()
        var boxes = [makeBox(buckets, 0, buckets.count)]
        while boxes.count < capacity {
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
            buckets[box.start..<box.end].sort {
                let (a, b) = (Self.level($0, channel), Self.level($1, channel))
                return a != b ? a < b : $0 < $1
            }
            var split = box.start + 1
            var running = counts[buckets[box.start]]
            while split < box.end - 1 && running * 2 < box.population {
                running += counts[buckets[split]]
                split += 1
            }
            boxes[best] = makeBox(buckets, box.start, split)
            boxes.append(makeBox(buckets, split, box.end))
        }
        var palette = GifPalette()
        for (index, box) in boxes.enumerated() {
            var total = (0, 0, 0)
            for bucket in buckets[box.start..<box.end] {
                total.0 += sums[bucket * 3]
                total.1 += sums[bucket * 3 + 1]
                total.2 += sums[bucket * 3 + 2]
                bucketIndex[bucket] = UInt8(index)
            }
            let half = box.population / 2
            let red = UInt32((total.0 + half) / box.population)
            let green = UInt32((total.1 + half) / box.population)
            let blue = UInt32((total.2 + half) / box.population)
            palette.colors.append(red << 16 | green << 8 | blue)
        }
        for bucket in buckets {
            counts[bucket] = 0
            sums[bucket * 3] = 0
            sums[bucket * 3 + 1] = 0
            sums[bucket * 3 + 2] = 0
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

    /// The box over `buckets[start..<end]`, with its widest channel and pixel count.
    private func makeBox(_ buckets: [Int], _ start: Int, _ end: Int) -> Box {
        var low = (31, 31, 31)
        var high = (0, 0, 0)
        var population = 0
        for bucket in buckets[start..<end] {
            let (red, green, blue) = (
                Self.level(bucket, 0), Self.level(bucket, 1),
                Self.level(bucket, 2)
            )
            low = (min(low.0, red), min(low.1, green), min(low.2, blue))
            high = (max(high.0, red), max(high.1, green), max(high.2, blue))
            population += counts[bucket]
        }
        let spreads = [high.0 - low.0, high.1 - low.1, high.2 - low.2]
        var channel = 0
        if spreads[1] > spreads[channel] { channel = 1 }
        if spreads[2] > spreads[channel] { channel = 2 }
        return Box(
            start: start, end: end, channel: channel, spread: spreads[channel],
            population: population)
    }
}
