import Glibc

/// The indices at which `a` and `b` differ (over the length they share), found `width`
/// pixels at a time with `memcmp`: stretches that agree cost one call each, so comparing two
/// whole frames stays fast in a debug build. The same indices, in order, as testing every
/// pair one by one.
package func differingIndices(_ a: [UInt32], _ b: [UInt32], width: Int) -> [Int] {
    let count = min(a.count, b.count)
    let stride = max(1, width)
    var indices: [Int] = []
    a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
            guard let x = a.baseAddress, let y = b.baseAddress else { return }
            var start = 0
            while start < count {
                let length = min(stride, count - start)
                if memcmp(x + start, y + start, length * MemoryLayout<UInt32>.stride) != 0 {
                    for index in start..<start + length where x[index] != y[index] {
                        indices.append(index)
                    }
                }
                start += length
            }
        }
    }
    return indices
}

/// How many pixels differ between `a` and `b` (over the length they share): what
/// `zip(a, b).filter { $0 != $1 }.count` counts, a row of `width` pixels at a time.
package func differingPixelCount(_ a: [UInt32], _ b: [UInt32], width: Int) -> Int {
    differingIndices(a, b, width: width).count
}
