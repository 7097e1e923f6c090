import SwipeDismiss
import SwipeDismissCairo

/// Paints a stream of scenes onto one retained image surface, redrawing only what changed.
///
/// A layer whose items are costly to rasterise (text, rounded corners, many shapes) is
/// drawn once into a `CairoLayerCache` and afterwards composited from it, as long as the
/// layer moves by whole device pixels; a drag then costs a few blits instead of paths and
/// glyphs. Each frame compares every layer with the previous frame (its items by identity,
/// so the check is free) and repaints only the box where something changed, returning it
/// so a window presenter can copy just that. Caches are dropped when a layer's items, the
/// scale, the viewport or the surface size change, and when its clip group scrolls: a
/// scrolling layer is drawn directly (its hidden rows skipped) and rasterised again once it
/// stays put for a frame. A scaled layer is always drawn directly. A steady frame allocates
/// nothing. A raster of mostly repeated rows (a list, flat bands, a card of lines) keeps only
/// its distinct rows, a fifth or less of its memory, and is composited from them row by row.
///
/// Row by row, a frame also leaves alone the rows where a moved raster shows what it showed
/// last frame (the card's flat rows, moved by a few pixels), and, with `leavesSolidRows`,
/// leaves out of the surface the rows that are one flat colour across the changed box, for
/// the presenter to fill: `compose` returns a `CairoFramePlan` saying which rows are which,
/// and the `CairoFrameSurface` it drew into writes the missing rows in before anyone reads.
///
/// The X11 plugin's, internal to the package (`X11.docc/RenderingPipeline.md` tells the
/// whole path); exports draw with the plain `CairoPainter`.
package final class CairoCompositor {
    /// Draws layers' items, into a layer's raster or straight onto the surface.
    package let painter: CairoPainter
    /// How many layer rasters were made so far (the cost a cache saves shows here).
    package private(set) var layerRasterizations = 0
    /// How many layers the last frame composited from a cache.
    package private(set) var cachedLayersLastFrame = 0
    /// Whether the last frame wrote a black dim and the raster under it in one pass.
    package private(set) var dimWrittenInOnePassLastFrame = false
    /// Whether to keep layer rasters at all (off: every layer is drawn with the painter).
    package var cachesLayers: Bool {
        didSet { invalidate() }
    }
    /// Whether a layer worth a raster gets it the first time it is drawn, rather than the
    /// second. A window wants this: its first frame then makes the rasters its first drag
    /// would otherwise make on its first moving frame. A lone exported frame does not (off
    /// by default): drawing directly is cheaper once.
    package var rasterizesOnFirstDraw = false
    /// Whether a raster of mostly repeated rows keeps only its distinct rows (off keeps every
    /// raster whole until `releaseRasters()` drops it: for tests comparing the two).
    var packsRasters = true
    /// Whether rows of one flat colour across the changed box are left out of the surface,
    /// for the caller to paint from `rowBand(_:)` (`materializeSolidRows` writes them in).
    package var leavesSolidRows = false
    /// Whether a layer moved by a fraction of a device pixel is composited from its raster
    /// at the nearest whole pixel (at most half a pixel off) instead of drawn anew where it
    /// is. A window showing motion wants this: an animation then costs what a drag does,
    /// copies instead of paths and glyphs. An exported frame does not (off by default).
    package var snapsMovesToWholePixels = false
    /// Whether the hand-written blends (the one-pass dim, dimmed rows as fills, rows blended
    /// one by one) are used: only with the cairo they are proven against
    /// (`CairoRounding`); off, cairo blends, the plain path. Tests turn it off to compare.
    package var usesExactBlends = CairoRounding.blendsAreProven
    /// What the frame being drawn does with each row of its changed box: the target's.
    private(set) var rows = CairoRowPlan()
    /// The surface the last frame was drawn into (another one means a full redraw).
    private weak var target: CairoFrameSurface?

    struct Entry {
        var role: Layer.Role
        var items: [Item]
        /// The clip group's items and clip (compared like `items`) and its content offset.
        var groupItems: [Item]?
        var groupClip: Rect?
        var groupOffset = Point.zero
        /// The version of the app's drawing for the layer's role (0: none), compared like
        /// `items`: `CairoPainter.setNeedsDisplay(of:)` makes the raster anew.
        var drawingVersion = 0
        var transform = Transform.identity
        /// The layer's clip in the last frame (`Layer.clip`).
        var clip: LayerClip?
        var opacity = 0.0
        /// The items' box in points, before the transform; measured once per content.
        var bounds: Rect?
        var measured = false
        var cache: CairoLayerCache?
        /// Whether the layer was drawn since its items last changed: a raster is made only
        /// for a layer drawn a second time, so a first frame costs what direct drawing does.
        var drawnOnce = false
        /// The device box the layer covered in the last frame (empty when hidden).
        var drawn = PixelRect(x: 0, y: 0, width: 0, height: 0)
        /// The largest opaque part of the items, in points before the transform.
        var opaque: Rect?
        /// Whether every item lies inside a pixel-aligned `opaque`: the raster is then an
        /// opaque RGB24 image exactly that big, copied rather than blended.
        var opaqueCoversAll = false
        /// The device pixels this frame's layer paints fully opaque (empty if none).
        var hides = PixelRect(x: 0, y: 0, width: 0, height: 0)
        /// The rows, across the changed box, where the raster was copied as the final pixels
        /// this frame (`planned`) and in the last frame that drew the layer (`final`, moved
        /// by `finalDx`, `finalDy`): a row showing the same raster row again is left alone.
        var planned = PixelRect.empty
        var final = PixelRect.empty
        var finalDx = 0
        var finalDy = 0
    }

    var entries: [Entry] = []
    private(set) var scale = 0.0
    private var size = Size.zero
    private var surfaceBox = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private(set) var needsFullRedraw = true

    /// A compositor drawing with `painter`.
    package init(painter: CairoPainter = CairoPainter(), cachesLayers: Bool = true) {
        self.painter = painter
        self.cachesLayers = cachesLayers
    }

    /// Forgets what the surface holds and every cache: the next frame is drawn in full
    /// (after the surface was replaced or drawn on by someone else).
    package func invalidate() {
        entries.removeAll()
        needsFullRedraw = true
        rows.forgetStaleRows()
    }

    /// Brings `frame` up to date with `scene` at `scale`, and returns what changed and how
    /// to send it; nil when nothing did. Consume the plan before the next frame.
    package func compose(
        _ scene: Scene, into frame: CairoFrameSurface, scale: Double
    ) throws(CairoError) -> CairoFramePlan? {
        let context = frame.context
        let box = PixelRect(x: 0, y: 0, width: frame.pixelWidth, height: frame.pixelHeight)
        if target !== frame {
            target = frame
            rows = frame.rows
            invalidate()
        }
        if scale != self.scale || scene.size != size || box != surfaceBox || !sameRoles(scene) {
            invalidate()
            self.scale = scale
            size = scene.size
            surfaceBox = box
            entries.reserveCapacity(scene.layers.count)
            for layer in scene.layers {
                entries.append(
                    Entry(
                        role: layer.role, items: layer.items, groupItems: layer.clipGroup?.items,
                        groupClip: layer.clipGroup?.clip,
                        groupOffset: layer.clipGroup?.contentOffset ?? .zero))
            }
        }
        painter.resetFrameStatistics()
        painter.drawingViewport = scene.size

        var damage = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for index in scene.layers.indices {
            let layer = scene.layers[index]
            let drawingVersion = painter.drawingVersion(of: layer.role)
            if entries[index].items != layer.items
                || entries[index].groupItems != layer.clipGroup?.items
                || entries[index].groupClip != layer.clipGroup?.clip
                || entries[index].drawingVersion != drawingVersion
            {
                damage = damage.union(entries[index].drawn)
                entries[index].drawingVersion = drawingVersion
                entries[index].items = layer.items
                entries[index].groupItems = layer.clipGroup?.items
                entries[index].groupClip = layer.clipGroup?.clip
                entries[index].cache = nil
                entries[index].final = .empty
                entries[index].drawnOnce = false
                entries[index].measured = false
                entries[index].drawn = PixelRect(x: 0, y: 0, width: 0, height: 0)
            }
            // A scroll changes the raster: drop it, and draw directly until it stays put.
            let offset = layer.clipGroup?.contentOffset ?? .zero
            let scrolled = offset != entries[index].groupOffset
            if scrolled {
                entries[index].groupOffset = offset
                entries[index].cache = nil
                entries[index].final = .empty
                entries[index].drawnOnce = false
            }
            if !entries[index].measured { try measure(index, layer, context) }
            var covered = PixelRect(x: 0, y: 0, width: 0, height: 0)
            if layer.opacity > 0, var bounds = entries[index].bounds {
                // A clipped layer (a photo zooming into its source) covers only its clip.
                if let clip = layer.clip { bounds = Self.intersection(bounds, clip.rect) }
                covered = PixelRect(covering: bounds, transform: layer.transform, scale: scale)
                    .intersection(box)
            }
            let looksTheSame =
                usesExactBlends
                ? CairoDim.looksTheSame(layer, asAt: entries[index].opacity)
                : layer.opacity == entries[index].opacity
            if covered != entries[index].drawn || !looksTheSame
                || layer.transform != entries[index].transform || layer.clip != entries[index].clip
            {
                damage = damage.union(entries[index].drawn).union(covered)
            } else if scrolled, layer.opacity > 0, let clip = layer.clipGroup?.clip {
                // Only the list moved: only its window changes.
                damage = damage.union(
                    PixelRect(covering: clip, transform: layer.transform, scale: scale)
                        .intersection(box))
            }
            entries[index].drawn = covered
            entries[index].opacity = layer.opacity
            entries[index].transform = layer.transform
            entries[index].clip = layer.clip
            entries[index].hides = PixelRect(x: 0, y: 0, width: 0, height: 0)
            if layer.opacity >= 1, layer.clip == nil, let opaque = entries[index].opaque {
                entries[index].hides = opaquePixels(opaque, layer.transform)
            }
        }
        if needsFullRedraw { damage = box }
        damage = damage.intersection(box)
        rows.begin(damage)
        guard damage.area > 0 else { return nil }
        planRows(scene, damage)
        rows.settle(damage, on: context)
        clearUncovered(damage, scene, on: context)

        cachedLayersLastFrame = 0
        dimWrittenInOnePassLastFrame = false
        var dimmedIndex = -1
        for index in scene.layers.indices where index != dimmedIndex {
            let layer = scene.layers[index]
            guard layer.opacity > 0, entries[index].drawn.intersection(damage).area > 0 else {
                continue
            }
            // Leave out what the largest opaque layer above will paint over anyway.
            let pieces = CairoOcclusion.Pieces(damage, minus: hiddenAbove(index, scene))
            let region = pieces.bounds.intersection(entries[index].drawn)
            guard region.area > 0 else { continue }
            if writesDimmed(index, scene, pieces, on: context) {
                dimmedIndex = index + 1
                continue
            }
            context.save()
            if pieces.count != 1 || pieces[0] != box {
                for piece in 0..<pieces.count {
                    let rect = pieces[piece]
                    context.addRect(
                        Rect(
                            x: Double(rect.x), y: Double(rect.y), width: Double(rect.width),
                            height: Double(rect.height)))
                }
                context.clip()
            }
            try draw(layer, at: index, clip: region, pieces: pieces, on: context)
            context.restore()
        }
        try context.checkStatus("compositing a frame")
        if let error = painter.imageError { throw error }
        for index in entries.indices {
            // A layer outside the changed box still shows what it showed; a hidden one nothing.
            if entries[index].drawn.intersection(damage).area > 0 {
                entries[index].final = entries[index].planned
            } else if entries[index].drawn.area == 0 {
                entries[index].final = .empty
            }
        }
        rows.finish(damage)
        needsFullRedraw = false
        return CairoFramePlan(damage: damage, bands: rows.bands)
    }

    /// Draws one layer, from its raster when it moves by whole pixels and is worth one
    /// (made on its second drawing, or its first with `rasterizesOnFirstDraw`), else with
    /// the painter; `pieces` is the clip the context has (nil-equivalent when it is the
    /// whole surface), which a raster blended row by row keeps to as cairo would.
    private func draw(
        _ layer: Layer, at index: Int, clip: PixelRect, pieces: CairoOcclusion.Pieces,
        on context: CairoContext
    ) throws(CairoError) {
        defer { entries[index].drawnOnce = true }
        // A clipped layer is drawn through its clip (it is scaled while zooming anyway).
        if layer.clip == nil, let shift = wholePixelShift(layer.transform), worthCaching(layer) {
            if entries[index].cache == nil, entries[index].drawnOnce || rasterizesOnFirstDraw,
                let bounds = entries[index].bounds,
                let covering = rasterBox(covering: bounds), fitsARaster(covering)
            {
                let opaque = entries[index].opaqueCoversAll ? entries[index].opaque : nil
                let box =
                    opaque.map {
                        CairoOcclusion.pixelsInside($0, transform: .identity, scale: scale)
                    } ?? covering
                // The table of flat rows covers the columns the items paint opaque.
                var columns: Range<Int>?
                if let inside = entries[index].opaque.map({
                    CairoOcclusion.pixelsInside($0, transform: .identity, scale: scale)
                }), inside.width > 0 {
                    columns = (inside.x - box.x)..<(inside.x + inside.width - box.x)
                }
                entries[index].cache = try CairoLayerCache(
                    layer: layer, box: box, opaque: opaque != nil, scale: scale, painter: painter,
                    rowColumns: columns, packs: packsRasters)
                entries[index].final = .empty
                layerRasterizations += 1
            }
            if let cache = entries[index].cache {
                try cache.composite(
                    on: context, dx: shift.dx, dy: shift.dy, opacity: min(1, layer.opacity),
                    clip: clip, opaque: entries[index].hides,
                    plan: entries[index].planned.area > 0 ? rows : nil,
                    blendsRows: usesExactBlends,
                    pieces: pieces.count == 1 && pieces[0] == surfaceBox ? nil : pieces)
                cachedLayersLastFrame += 1
                return
            }
        }
        painter.paint(layer: layer, on: context, scale: scale)
    }

    /// Writes layer `index` (an opaque raster) with the black dim of the layer above it over
    /// it in one pass, straight into the frame, when every damaged pixel either layer paints
    /// lies inside both; returns false, having drawn nothing, otherwise (the dim is then
    /// blended over the copied raster, two passes, the same pixels).
    private func writesDimmed(
        _ index: Int, _ scene: Scene, _ pieces: CairoOcclusion.Pieces, on context: CairoContext
    ) -> Bool {
        let dimIndex = index + 1
        guard usesExactBlends, dimIndex < scene.layers.count, scene.layers[index].opacity >= 1,
            entries[index].opaqueCoversAll, let cache = entries[index].cache,
            let shift = wholePixelShift(scene.layers[index].transform),
            let alpha = CairoDim.blackAlpha(of: scene.layers[dimIndex])
        else { return false }
        let dimmed = CairoDim.coveredPixels(of: scene.layers[dimIndex], scale: scale)
            .intersection(
                PixelRect(
                    x: cache.box.x + shift.dx, y: cache.box.y + shift.dy, width: cache.box.width,
                    height: cache.box.height))
        for piece in 0..<pieces.count {
            let screen = pieces[piece].intersection(entries[index].drawn)
            let dim = pieces[piece].intersection(entries[dimIndex].drawn)
            if screen.area > 0, screen.intersection(dimmed) != screen { return false }
            if dim.area > 0, dim.intersection(dimmed) != dim { return false }
        }
        guard
            CairoDim.write(
                cache.pixels, width: cache.box.width, height: cache.box.height,
                originX: cache.box.x + shift.dx, originY: cache.box.y + shift.dy,
                alpha8: CairoDim.alpha8(alpha), onto: context, pieces: pieces,
                within: entries[index].drawn, plan: rows, table: cache.rows)
        else { return false }
        entries[index].drawnOnce = true
        entries[dimIndex].drawnOnce = true
        cachedLayersLastFrame += 1
        dimWrittenInOnePassLastFrame = true
        return true
    }

    /// Measures a layer whose items are new: its bounds and its opaque part; decodes its
    /// images (throwing for a bad file, naming it).
    private func measure(_ index: Int, _ layer: Layer, _ context: CairoContext)
        throws(CairoError)
    {
        try painter.prepareImages(in: layer)
        let bounds = painter.bounds(of: layer, scale: scale, measuringWith: context)
        // An opaque app drawing covers the viewport: that is the layer's opaque part.
        let opaque =
            painter.drawingIsOpaque(layer.role)
            ? Rect(x: 0, y: 0, width: size.width, height: size.height)
            : CairoOcclusion.opaqueRect(of: layer.items)
        entries[index].bounds = bounds
        entries[index].opaque = opaque
        entries[index].opaqueCoversAll = false
        if let bounds, let opaque {
            let aligned = CairoOcclusion.pixelsInside(opaque, transform: .identity, scale: scale)
            let exact = PixelRect(covering: opaque, transform: .identity, scale: scale)
            // Pixel-aligned when rounding in and out differ only by the one spare pixel.
            entries[index].opaqueCoversAll =
                bounds.minX >= opaque.minX && bounds.minY >= opaque.minY
                && bounds.maxX <= opaque.maxX && bounds.maxY <= opaque.maxY
                && aligned.x == exact.x + 1 && aligned.y == exact.y + 1
                && aligned.width == exact.width - 2 && aligned.height == exact.height - 2
        }
        entries[index].measured = true
    }

    /// Whether a layer covering `box` (device pixels, untransformed) gets a raster: at most
    /// four surfaces' worth, and no side past cairo's 32767 pixels (a layer as wide as a
    /// 32767-pixel window covers two more, its antialiasing margin); else it is drawn directly.
    private func fitsARaster(_ box: PixelRect) -> Bool {
        box.area <= 4 * max(1, surfaceBox.area) && box.width <= CairoLayerCache.maximumSide
            && box.height <= CairoLayerCache.maximumSide
    }

    private func sameRoles(_ scene: Scene) -> Bool {
        guard entries.count == scene.layers.count else { return false }
        for index in entries.indices where entries[index].role != scene.layers[index].role {
            return false
        }
        return true
    }
}
