/// The bounding box, in window pixels, of the pixels `matches` picks in `pixels`: a region
/// read row by row, `width` pixels a row, whose top-left pixel is the window's (`x`, `y`).
/// Its corners are inclusive (a single pixel at (5, 7) gives `minX == maxX == 5`); nil when
/// no pixel matches.
package func boundingBox(
    of pixels: [UInt32], x: Int, y: Int, width: Int, where matches: (UInt32) -> Bool
) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    guard width > 0 else { return nil }
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for (index, pixel) in pixels.enumerated() where matches(pixel) {
        let column = x + index % width
        let row = y + index / width
        if let old = box {
            box = (
                min(old.minX, column), min(old.minY, row), max(old.maxX, column), max(old.maxY, row)
            )
        } else {
            box = (column, row, column, row)
        }
    }
    return box
}
