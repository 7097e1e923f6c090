import SwipeDismiss

/// Draws a layer's content with the app's own code, on `context` scaled to points (the
/// layer's transform and opacity are the painter's business), for a viewport of `viewport`
/// points. Draw the whole viewport when the drawing is registered as opaque.
public typealias CairoDrawing = (_ context: CairoContext, _ viewport: Size) -> Void

/// One app drawing registered on a painter, and how many times it was invalidated.
struct LayerDrawing {
    var draw: CairoDrawing
    var opaque: Bool
    var version: Int
}

/// Layers the app draws itself: the screen behind (`.presenting`) or any other role.
///
/// A layer whose role has a drawing is painted by calling it first, then the layer's own
/// items over it; it covers the whole viewport. The X11 renderer keeps such a layer as a
/// raster like any costly layer and calls the drawing again only after
/// `setNeedsDisplay(of:)` (or when it had given the raster back while idle), so a drag over
/// an app's screen costs what a drag over the bundled one does.
extension CairoPainter {
    /// Registers `drawing` for layers of `role` (nil removes it). `opaque`: the drawing
    /// paints every pixel of the viewport opaque (the screen behind usually does), which
    /// lets a renderer copy rather than blend it and skip what it hides.
    public func setDrawing(
        for role: Layer.Role = .presenting, opaque: Bool = true, _ drawing: CairoDrawing?
    ) {
        guard let drawing else {
            drawings[role] = nil
            return
        }
        let version = (drawings[role]?.version ?? 0) + 1
        drawings[role] = LayerDrawing(draw: drawing, opaque: opaque, version: version)
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

    /// Whether the drawing for `role` paints the whole viewport opaque.
    package func drawingIsOpaque(_ role: Layer.Role) -> Bool {
        !drawings.isEmpty && drawings[role]?.opaque == true
    }

    /// Calls the app's drawing for `role`, if any, on `context` (already scaled to points),
    /// with the context's state saved around it.
    func drawApp(_ role: Layer.Role, on context: CairoContext) {
        guard !drawings.isEmpty, let drawing = drawings[role] else { return }
        context.save()
        drawing.draw(context, drawingViewport)
        context.restore()
    }
}
