import SwipeDismiss
import SwipeDismissCairo

/// What hides what: the largest box a layer paints fully opaque, and a box minus such a
/// box as at most four boxes. The compositor skips pixels an opaque layer above will
/// cover anyway (the card hides most of the dimmed screen), which halves a drag frame's
/// pixel work without changing a single pixel.
enum CairoOcclusion {
    /// The largest area, in points before the layer's transform, that `items` paint fully
    /// opaque: an opaque rectangle, or the full-width middle of an opaque rounded one.
    static func opaqueRect(of items: [Item]) -> Rect? {
        var best: Rect?
        for item in items {
            var candidate: Rect
            switch item {
            case .rect(let rect, let fill):
                guard fill.alpha >= 1 else { continue }
                candidate = rect
            case .roundedRect(let rect, let radius, let fill):
                guard fill.alpha >= 1 else { continue }
                let r = max(0, min(radius, rect.width / 2, rect.height / 2))
                candidate = Rect(
                    x: rect.minX, y: rect.minY + r, width: rect.width, height: rect.height - 2 * r)
            case .text, .image:
                // Text has gaps; an image may have transparent pixels.
                continue
            }
            if candidate.width > 0, candidate.height > 0,
                candidate.width * candidate.height > (best.map { $0.width * $0.height } ?? 0)
            {
                best = candidate
            }
        }
        return best
    }

    /// The whole device pixels inside `rect` moved by a pure translation `transform` at
    /// `scale`; empty for other transforms.
    static func pixelsInside(_ rect: Rect, transform: Transform, scale: Double) -> PixelRect {
        guard transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1 else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        let minX = ((rect.minX + transform.tx) * scale).rounded(.up)
        let minY = ((rect.minY + transform.ty) * scale).rounded(.up)
        let maxX = ((rect.maxX + transform.tx) * scale).rounded(.down)
        let maxY = ((rect.maxY + transform.ty) * scale).rounded(.down)
        let limit = 1_000_000.0
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, maxX > minX,
            maxY > minY, abs(minX) < limit, abs(minY) < limit, abs(maxX) < limit,
            abs(maxY) < limit
        else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(
            x: Int(minX), y: Int(minY), width: Int(maxX - minX), height: Int(maxY - minY))
    }

    /// Up to four boxes covering `box` minus `hole`, without allocating.
    struct Pieces {
        private(set) var count = 0
        private var boxes = (
            PixelRect(x: 0, y: 0, width: 0, height: 0), PixelRect(x: 0, y: 0, width: 0, height: 0),
            PixelRect(x: 0, y: 0, width: 0, height: 0), PixelRect(x: 0, y: 0, width: 0, height: 0)
        )

        init(_ box: PixelRect, minus hole: PixelRect) {
            let cut = hole.intersection(box)
            guard cut.area > 0 else {
                append(box)
                return
            }
            append(PixelRect(x: box.x, y: box.y, width: box.width, height: cut.y - box.y))
            append(
                PixelRect(
                    x: box.x, y: cut.y + cut.height, width: box.width,
                    height: box.y + box.height - cut.y - cut.height))
            append(PixelRect(x: box.x, y: cut.y, width: cut.x - box.x, height: cut.height))
            append(
                PixelRect(
                    x: cut.x + cut.width, y: cut.y, width: box.x + box.width - cut.x - cut.width,
                    height: cut.height))
        }

        private mutating func append(_ piece: PixelRect) {
            guard piece.width > 0, piece.height > 0 else { return }
            switch count {
            case 0: boxes.0 = piece
            case 1: boxes.1 = piece
            case 2: boxes.2 = piece
            default: boxes.3 = piece
            }
            count += 1
        }

        subscript(index: Int) -> PixelRect {
            switch index {
            case 0: return boxes.0
            case 1: return boxes.1
            case 2: return boxes.2
            default: return boxes.3
            }
        }

        /// The smallest box holding every piece.
        var bounds: PixelRect {
            var result = PixelRect(x: 0, y: 0, width: 0, height: 0)
            for index in 0..<count { result = result.union(self[index]) }
            return result
        }
    }
}
