import SwipeDismiss

/// Draws a layer's content with the app's own code, on `context` scaled to points (the
/// layer's transform and opacity are the painter's business), for a viewport of `viewport`
/// points. Draw the whole viewport when the drawing is registered as opaque.
public typealias CairoDrawing = (_ context: CairoContext, _ viewport: Size) -> Void

/// Where an app drawing goes in its layer: under the layer's own items or over them.
public enum CairoDrawingPlacement: Hashable, Sendable {
    /// Drawn first, the layer's items over it: a screen behind the sheet.
    case belowItems
    /// Drawn last, over the layer's items and its clip group (a sheet's background, header
    /// and rows): a badge or anything of the app's that must show on the sheet.
    case aboveItems
}

/// One app drawing registered on a painter, and how many times it was invalidated.
struct LayerDrawing {
    var draw: CairoDrawing
    var opaque: Bool
    var placement: CairoDrawingPlacement
    var version: Int
}

/// Layers the app draws itself: the screen behind (`.presenting`) or any other role.
///
/// A layer whose role has a drawing is painted by calling it first, then the layer's own
/// items over it (`.belowItems`), or the items first and the drawing over them
/// (`.aboveItems`); it covers the whole viewport. The X11 renderer keeps such a layer as a
/// raster like any costly layer and calls the drawing again only after
/// `setNeedsDisplay(of:)` (or when it had given the raster back while idle), so a drag over
/// an app's screen costs what a drag over the bundled one does.
extension CairoPainter {
    /// Registers `drawing` for layers of `role` (nil removes it), drawn under the layer's
    /// items or over them as `placement` says (under by default). `opaque`: the drawing
    /// paints every pixel of the viewport opaque (the screen behind usually does), which
    /// lets a renderer copy rather than blend it and skip what it hides; it is read for a
    /// drawing under the items only (one over them shows the items wherever it does not
    /// paint, so pass `opaque: false` with it for clarity).
    public func setDrawing(
        for role: Layer.Role = .presenting, opaque: Bool = true,
        placement: CairoDrawingPlacement = .belowItems, _ drawing: CairoDrawing?
    ) {
        guard let drawing else {
            drawings[role] = nil
            return
        }
        let version = (drawings[role]?.version ?? 0) + 1
        drawings[role] = LayerDrawing(
            draw: drawing, opaque: opaque, placement: placement, version: version)
    }

    /// Says the drawing for `role` would now draw something else: renderers that kept its
    /// pixels draw it again on their next frame (ask the controller for one:
    /// `DismissController.setNeedsDisplay()`).
    public func setNeedsDisplay(of role: Layer.Role = .presenting) {
        drawings[role]?.version += 1
    }

    /// Whether the app draws layers of `role`.
    public func hasDrawing(for role: Layer.Role) -> Bool {
        !drawings.isEmpty && drawings[role] != nil
    }

    /// The drawing's version for `role` (0: none); it grows with each `setNeedsDisplay(of:)`.
    package func drawingVersion(of role: Layer.Role) -> Int {
        drawings.isEmpty ? 0 : drawings[role]?.version ?? 0
    }

    /// Whether the drawing for `role` paints the whole viewport opaque (a drawing under the
    /// items registered as opaque).
    package func drawingIsOpaque(_ role: Layer.Role) -> Bool {
        guard !drawings.isEmpty, let drawing = drawings[role] else { return false }
        return drawing.opaque && drawing.placement == .belowItems
    }

    /// Calls the app's drawing for `role`, if it has one placed at `placement`, on `context`
    /// (already scaled to points), with the context's state saved around it.
    func drawApp(
        _ role: Layer.Role, _ placement: CairoDrawingPlacement, on context: CairoContext
    ) {
        guard !drawings.isEmpty, let drawing = drawings[role], drawing.placement == placement
        else { return }
        context.save()
        drawing.draw(context, drawingViewport)
        context.restore()
    }
}
