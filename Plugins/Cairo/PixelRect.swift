import SwipeDismiss

/// A box of whole device pixels: what a compositor repaints and a window presenter copies.
public struct PixelRect: Hashable, Sendable {
    /// The left edge, in device pixels.
    public var x: Int
    /// The top edge, in device pixels.
    public var y: Int
    /// The width in device pixels.
    public var width: Int
    /// The height in device pixels.
    public var height: Int

    /// A box with its top-left corner at (`x`, `y`) and the given size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// How many pixels the box covers.
    public var area: Int { width * height }

    /// No pixels.
    package static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest box holding both (an empty box adds nothing).
    package func union(_ other: PixelRect) -> PixelRect {
        if area <= 0 { return other }
        if other.area <= 0 { return self }
        let minX = min(x, other.x)
        let minY = min(y, other.y)
        return PixelRect(
            x: minX, y: minY, width: max(x + width, other.x + other.width) - minX,
            height: max(y + height, other.y + other.height) - minY)
    }

    /// The part inside `other` (width or height 0 when they do not meet).
    package func intersection(_ other: PixelRect) -> PixelRect {
        let minX = max(x, other.x)
        let minY = max(y, other.y)
        let maxX = min(x + width, other.x + other.width)
        let maxY = min(y + height, other.y + other.height)
        return PixelRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// `rect` in points mapped through `transform`, times `scale`, rounded out to whole
    /// pixels with one pixel to spare for antialiasing.
    package init(covering rect: Rect, transform: Transform, scale: Double) {
        let p0 = transform.apply(to: Point(x: rect.minX, y: rect.minY))
        let p1 = transform.apply(to: Point(x: rect.maxX, y: rect.minY))
        let p2 = transform.apply(to: Point(x: rect.minX, y: rect.maxY))
        let p3 = transform.apply(to: Point(x: rect.maxX, y: rect.maxY))
        let minX = min(p0.x, p1.x, p2.x, p3.x) * scale
        let minY = min(p0.y, p1.y, p2.y, p3.y) * scale
        let maxX = max(p0.x, p1.x, p2.x, p3.x) * scale
        let maxY = max(p0.y, p1.y, p2.y, p3.y) * scale
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        // Clamped far beyond any surface, so the conversions below cannot trap.
        let limit = 1_000_000.0
        let left = Int(max(-limit, min(limit, minX.rounded(.down) - 1)))
        let top = Int(max(-limit, min(limit, minY.rounded(.down) - 1)))
        let right = Int(max(-limit, min(limit, maxX.rounded(.up) + 1)))
        let bottom = Int(max(-limit, min(limit, maxY.rounded(.up) + 1)))
        self.init(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}
