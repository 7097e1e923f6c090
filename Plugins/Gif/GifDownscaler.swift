/// Shrinks `0x00RRGGBB` frames with a box filter: each output pixel is the area-weighted
/// mean of the source pixels it covers, so a 2:1 shrink averages 2 × 2 blocks exactly.
public struct GifDownscaler: Sendable {
    /// One output column (or row): the source pixels it covers and the share of each.
    private struct Span: Sendable {
        var first: Int
        var weights: [Double]
    }

    /// Source width in pixels.
    public let sourceWidth: Int
    /// Source height in pixels.
    public let sourceHeight: Int
    /// Output width in pixels.
    public let width: Int
    /// Output height in pixels.
    public let height: Int
    /// Per output column: its first source column and where its weights start in
    /// `columnWeights` (one more entry than columns, so column `x` ends at `x + 1`'s start).
    private let columnFirst: [Int]
    private let columnStart: [Int]
    private let columnWeights: [Double]
    private let rows: [Span]

    /// The size `width` × `height` takes when shrunk to at most `maximumWidth` pixels wide,
    /// keeping its aspect ratio (height rounded, at least 1); unchanged when it fits.
    public static func size(width: Int, height: Int, maximumWidth: Int) -> (Int, Int) {
        guard width > maximumWidth, maximumWidth > 0, width > 0 else { return (width, height) }
        let scaled = (Double(height) * Double(maximumWidth) / Double(width)).rounded()
        return (maximumWidth, max(1, Int(min(scaled, Double(height)))))
    }

    /// A filter from `sourceWidth` × `sourceHeight` to `width` × `height` (each no larger
    /// than the source, all at least 1).
    public init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        self.sourceWidth = max(sourceWidth, 1)
        self.sourceHeight = max(sourceHeight, 1)
        self.width = min(max(width, 1), self.sourceWidth)
        self.height = min(max(height, 1), self.sourceHeight)
        let columns = Self.spans(source: self.sourceWidth, target: self.width)
        columnFirst = columns.map(\.first)
        columnStart = columns.reduce(into: [0]) { $0.append($0.last! + $1.weights.count) }
        columnWeights = columns.flatMap(\.weights)
        rows = Self.spans(source: self.sourceHeight, target: self.height)
    }

    /// Output pixel `i` covers source `[i * source, (i + 1) * source)` in units of
    /// 1 / `target` pixel; integer overlaps make the weights exact.
    private static func spans(source: Int, target: Int) -> [Span] {
        (0..<target).map { index in
            let low = index * source
            let high = low + source
            let first = low / target
            let last = (high - 1) / target
            let weights = (first...last).map { pixel in
                let overlap = min(high, (pixel + 1) * target) - max(low, pixel * target)
                return Double(overlap) / Double(source)
            }
            return Span(first: first, weights: weights)
        }
    }

    /// Shrinks `source` (`sourceWidth` × `sourceHeight`, row after row) into `output`
    /// (`width` × `height`); `scratch` is reused between calls.
    public func scale(_ source: [UInt32], into output: inout [UInt32], scratch: inout [Double]) {
        let needed = sourceHeight * width * 3
        if scratch.count < needed { scratch = [Double](repeating: 0, count: needed) }
        if output.count < width * height {
            output = [UInt32](repeating: 0, count: width * height)
        }
        let width = self.width
        let sourceWidth = self.sourceWidth
        let sourceHeight = self.sourceHeight
        let (firsts, starts, weights) = (columnFirst, columnStart, columnWeights)
        firsts.withUnsafeBufferPointer { firsts in
            starts.withUnsafeBufferPointer { starts in
                weights.withUnsafeBufferPointer { weights in
                    source.withUnsafeBufferPointer { source in
                        scratch.withUnsafeMutableBufferPointer { scratch in
                            var out = 0
                            for y in 0..<sourceHeight {
                                let row = y * sourceWidth
                                for x in 0..<width {
                                    var sum = (0.0, 0.0, 0.0)
                                    var at = row + firsts[x]
                                    for index in starts[x]..<starts[x + 1] {
                                        let weight = weights[index]
                                        let pixel = source[at]
                                        sum.0 += Double(pixel >> 16 & 0xFF) * weight
                                        sum.1 += Double(pixel >> 8 & 0xFF) * weight
                                        sum.2 += Double(pixel & 0xFF) * weight
                                        at += 1
                                    }
                                    scratch[out] = sum.0
                                    scratch[out + 1] = sum.1
                                    scratch[out + 2] = sum.2
                                    out += 3
                                }
                            }
                        }
                    }
                }
            }
        }
        scratch.withUnsafeBufferPointer { scratch in
            output.withUnsafeMutableBufferPointer { output in
                for (y, span) in rows.enumerated() {
                    span.weights.withUnsafeBufferPointer { weights in
                        for x in 0..<width {
                            var sum = (0.0, 0.0, 0.0)
                            var at = (span.first * width + x) * 3
                            for weight in weights {
                                sum.0 += scratch[at] * weight
                                sum.1 += scratch[at + 1] * weight
                                sum.2 += scratch[at + 2] * weight
                                at += width * 3
                            }
                            output[y * width + x] =
                                Self.channel(sum.0) << 16 | Self.channel(sum.1) << 8
                                | Self.channel(sum.2)
                        }
                    }
                }
            }
        }
    }

    /// A channel sum rounded half up to 0...255 (the epsilon keeps exact halves, such as
    /// 127.4999999 from summed weights, rounding up).
    private static func channel(_ value: Double) -> UInt32 {
        UInt32(min(max(value + 0.5 + 1e-9, 0), 255))
    }
}
