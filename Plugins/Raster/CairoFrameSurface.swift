import SwipeDismissCairo

/// An image surface the compositor draws a window's frames into, and what its rows lack.
///
/// With `CairoCompositor.leavesSolidRows`, a frame leaves rows of one colour and rows
/// repeating rows above them out of the surface, for the presenter to fill or copy in the
/// window (the frame's `CairoFramePlan` says which). Until they are written in, the surface
/// is not a valid image. So its pixels are reachable only through `withCompletePixels`,
/// which writes those rows in first: no reader can see a stale row, whichever module it is in.
package final class CairoFrameSurface {
    private let surface: CairoSurface
    /// The context the compositor draws with (identity matrix, device pixels).
    let context: CairoContext
    /// Per row, what this frame does with it and what the surface lacks (sized to the surface).
    let rows = CairoRowPlan()
    /// The surface's size in pixels.
    package let pixelWidth: Int
    package let pixelHeight: Int

    /// Frames drawn into `surface`, an image surface in memory (RGB24 or ARGB32).
    package init(_ surface: CairoSurface) throws(CairoError) {
        // cairo reports 0 × 0 for a surface that is not an image in memory.
        guard surface.pixelWidth > 0, surface.pixelHeight > 0 else {
            throw CairoError(
                operation: "cairo_image_surface_get_width",
                reason: "a frame surface must be a non-empty image surface")
        }
        self.surface = surface
        context = try CairoContext(surface: surface)
        pixelWidth = surface.pixelWidth
        pixelHeight = surface.pixelHeight
        rows.reset(height: pixelHeight)
    }

    /// Whether some rows of the last frames are missing from the surface (left to the
    /// presenter): what `withCompletePixels` writes in before anyone reads.
    package var lacksRows: Bool { rows.hasStaleRows }

    /// Runs `body` with the surface holding the whole last frame: the rows left out of it are
    /// written in first. For reading the pixels, showing all of them again, or drawing over
    /// them (then call `CairoCompositor.invalidate()`: the pixels are no longer its frame).
    package func withCompletePixels<Result, Failure: Error>(
        _ body: (CairoSurface, CairoContext) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        rows.materialize(on: context)
        return try body(surface, context)
    }
}

/// What one frame changed and how to send it: the changed box, and its rows in bands (pixels
/// to copy, one colour to fill, rows repeating rows above, rows unchanged), top to bottom.
///
/// A value: the presenter consumes it once, right after `compose`. Do not keep it past the
/// next frame; the compositor reuses the bands' storage then (a steady frame allocates
/// nothing only while no one else holds it).
package struct CairoFramePlan {
    /// The device box that changed.
    package let damage: PixelRect
    /// The box's rows, in bands covering it top to bottom.
    package let bands: [CairoRowBand]
}
