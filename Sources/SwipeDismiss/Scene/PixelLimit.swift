/// The largest surface a host draws into, and the one check every size passes before any
/// arithmetic or allocation that could trap or explode: a size from a flag, a trace, a
/// compositor's configure or output scale, the X server or the host API.
///
/// Each side is 1 to 32 767 pixels (X11's window and pixmap limit, and cairo's), and the
/// surface is at most 2³¹ − 1 bytes at 4 bytes a pixel (a `wl_shm` pool, an XImage and a
/// cairo image count their bytes in 32-bit ints): 536 870 911 pixels, so a 23 170 px square
/// fits and a 23 171 px one does not.
package enum PixelLimit {
    /// The longest side, in pixels.
    package static let maximumSide = 32767
    /// The most bytes a surface may take.
    package static let maximumBytes = Int(Int32.max)
    /// Bytes a pixel takes (XRGB8888, ARGB32).
    package static let bytesPerPixel = 4
    /// The most pixels a surface may hold.
    package static let maximumPixels = maximumBytes / bytesPerPixel

    /// Whether a `width` × `height` pixel surface can be drawn.
    package static func fits(width: Int, height: Int) -> Bool {
        (1...maximumSide).contains(width) && (1...maximumSide).contains(height)
            && width * height <= maximumPixels
    }

    /// `points` at `scale`, rounded to whole pixels; nil when not a finite number that fits
    /// in a side (so nothing converts it to an integer that traps).
    package static func pixels(_ points: Double, scale: Double) -> Int? {
        let product = (points * scale).rounded()
        guard product.isFinite, product >= 0, product <= Double(maximumSide) else { return nil }
        return Int(product)
    }

    /// Whether `width` × `height` points at `scale` pixels a point make a surface that can
    /// be drawn (false for a scale that is not a positive finite number).
    package static func fits(width: Double, height: Double, scale: Double) -> Bool {
        guard scale.isFinite, scale > 0, let columns = pixels(width, scale: scale),
            let rows = pixels(height, scale: scale)
        else { return false }
        return fits(width: columns, height: rows)
    }

    /// Why `width` × `height` points at `scale` cannot be drawn, in words for a user; nil
    /// when they can.
    package static func problem(width: Double, height: Double, scale: Double) -> String? {
        guard !fits(width: width, height: height, scale: scale) else { return nil }
        guard scale.isFinite, scale > 0 else {
            return "the scale \(scale) is not a positive finite number"
        }
        let columns = (width * scale).rounded()
        let rows = (height * scale).rounded()
        if !(columns >= 1 && columns <= Double(maximumSide) && rows >= 1
            && rows <= Double(maximumSide))
        {
            return "each side must be 1 to \(maximumSide) px"
        }
        return "at most \(maximumPixels) px (\(maximumBytes) bytes) may be drawn"
    }

    /// The largest size of at most `width` × `height` points that can be drawn at `scale`:
    /// each side clamped to 1 … 32 767 px, then both shrunk by one factor until the pixels
    /// fit (so the aspect is kept to a point). `scale` must be positive and finite (else 1 is
    /// used); sides that are not finite count as the largest.
    package static func largestDrawable(width: Double, height: Double, scale: Double) -> (
        width: Int, height: Int
    ) {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        func side(_ points: Double) -> Int {
            let most = max(1, (Double(maximumSide) / scale).rounded(.down))
            guard !points.isNaN else { return 1 }
            return Int(min(max(points.rounded(), 1), most))
        }
        var columns = side(width)
        var rows = side(height)
        if !fits(width: Double(columns), height: Double(rows), scale: scale) {
            let shrink = (Double(maximumPixels) / (Double(columns) * Double(rows) * scale * scale))
                .squareRoot()
            columns = max(1, Int((Double(columns) * shrink).rounded(.down)))
            rows = max(1, Int((Double(rows) * shrink).rounded(.down)))
            // Rounding to whole pixels may still pass by a row: take points off the longer.
            while !fits(width: Double(columns), height: Double(rows), scale: scale),
                columns > 1 || rows > 1
            {
                if columns >= rows { columns -= 1 } else { rows -= 1 }
            }
        }
        return (columns, rows)
    }

    /// The largest scale of at most `scale` at which `width` × `height` points can be drawn,
    /// in steps of `1 / steps` (1 for an integer buffer scale, 120 for Wayland's fractional
    /// one); nil when not even one step fits.
    package static func largestScale(
        width: Double, height: Double, upTo scale: Double, steps: Int = 1
    ) -> Double? {
        let steps = Double(max(1, steps))
        guard scale.isFinite || scale == .infinity, scale > 0 else { return nil }
        let side = max(width, height, 1)
        let area = max(width, 1) * max(height, 1)
        let bound = min(
            scale, Double(maximumSide) / side, (Double(maximumPixels) / area).squareRoot())
        var step = (bound * steps).rounded(.down)
        while step >= 1, !fits(width: width, height: height, scale: step / steps) { step -= 1 }
        return step >= 1 ? step / steps : nil
    }
}
