import SwipeDismiss
import SwipeDismissCairo

/// Which buffer pixels a frame changed, from the scene before and after: the union of the
/// old and new bounds of every layer that differs, or the whole buffer when the backdrop
/// changed (its alpha covers everything), the layers changed in number, or the size or
/// scale changed.
///
/// A plain union of boxes, not the row bands the X11 path plans (`CairoCompositor`): that
/// planning is being made internal to the Cairo plugin; sharing it is a follow-up.
struct WaylandDamage {
    private var previous: Scene?
    private var previousScale = 0.0
    private var previousSize = (width: 0, height: 0)
    /// Untransformed bounds per layer index, with the items they were measured for.
    private var boundsCache: [MeasuredLayer] = []

    /// A layer's bounds before its transform, with what they were measured from.
    private struct MeasuredLayer {
        var items: [Item] = []
        var clip: Rect?
        var box: Rect?
        var isMeasured = false
    }

    /// Forgets the last frame: the next one is damaged whole.
    mutating func reset() { previous = nil }

    /// The box `scene` changes against the last frame passed here (nil: nothing changed),
    /// in pixels of a `width` × `height` buffer at `scale`; remembers `scene`.
    mutating func changes(
        to scene: Scene, scale: Double, width: Int, height: Int, painter: CairoPainter,
        measuringWith context: CairoContext
    ) -> PixelRect? {
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        defer {
            previous = scene
            previousScale = scale
            previousSize = (width, height)
        }
        guard let previous, previousScale == scale, previousSize == (width, height),
            previous.layers.count == scene.layers.count
        else {
            boundsCache = []
            return full
        }
        var box: PixelRect?
        for index in scene.layers.indices {
            let old = previous.layers[index]
            let new = scene.layers[index]
            guard old != new else { continue }
            if new.role == .backdrop || new.role == .presenting { return full }
            if let rect = bounds(
                of: old, index: index, scale: scale, painter: painter, context: context),
                let pixels = Self.pixels(of: rect, transform: old.transform, scale: scale, in: full)
            {
                box = box.map { Self.union($0, pixels) } ?? pixels
            }
            if let rect = bounds(
                of: new, index: index, scale: scale, painter: painter, context: context),
                let pixels = Self.pixels(of: rect, transform: new.transform, scale: scale, in: full)
            {
                box = box.map { Self.union($0, pixels) } ?? pixels
            }
        }
        return box
    }

    private mutating func bounds(
        of layer: Layer, index: Int, scale: Double, painter: CairoPainter, context: CairoContext
    ) -> Rect? {
        if boundsCache.count <= index {
            boundsCache.append(
                contentsOf: repeatElement(MeasuredLayer(), count: index + 1 - boundsCache.count))
        }
        let cached = boundsCache[index]
        if cached.isMeasured, cached.items == layer.items,
            cached.clip == layer.clipGroup?.clip
        {
            return cached.box
        }
        var box = painter.bounds(of: layer, scale: scale, measuringWith: context)
        if let clip = layer.clipGroup?.clip { box = box.map { Self.union($0, clip) } ?? clip }
        boundsCache[index] = MeasuredLayer(
            items: layer.items, clip: layer.clipGroup?.clip, box: box, isMeasured: true)
        return box
    }

    /// `rect` (points, before `transform`) as whole buffer pixels, grown by 2 for
    /// antialiasing and clipped to `full`; nil if nothing of it is inside.
    static func pixels(of rect: Rect, transform: Transform, scale: Double, in full: PixelRect)
        -> PixelRect?
    {
        // The four corners through the transform, without an array (a frame allocates nothing).
        let a = transform.apply(to: Point(x: rect.minX, y: rect.minY))
        let b = transform.apply(to: Point(x: rect.maxX, y: rect.minY))
        let c = transform.apply(to: Point(x: rect.minX, y: rect.maxY))
        let d = transform.apply(to: Point(x: rect.maxX, y: rect.maxY))
        let minX = min(min(a.x, b.x), min(c.x, d.x))
        let maxX = max(max(a.x, b.x), max(c.x, d.x))
        let minY = min(min(a.y, b.y), min(c.y, d.y))
        let maxY = max(max(a.y, b.y), max(c.y, d.y))
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return full }
        let left = max(full.x, Int(max(-1e9, (minX * scale).rounded(.down))) - 2)
        let top = max(full.y, Int(max(-1e9, (minY * scale).rounded(.down))) - 2)
        let right = min(full.x + full.width, Int(min(1e9, (maxX * scale).rounded(.up))) + 2)
        let bottom = min(full.y + full.height, Int(min(1e9, (maxY * scale).rounded(.up))) + 2)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest box holding both.
    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let left = min(a.x, b.x)
        let top = min(a.y, b.y)
        let right = max(a.x + a.width, b.x + b.width)
        let bottom = max(a.y + a.height, b.y + b.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    static func union(_ a: Rect, _ b: Rect) -> Rect {
        let left = min(a.minX, b.minX)
        let top = min(a.minY, b.minY)
        return Rect(
            x: left, y: top, width: max(a.maxX, b.maxX) - left, height: max(a.maxY, b.maxY) - top)
    }
}
