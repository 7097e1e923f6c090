internal import CX11
import SwipeDismissCairo

/// Owns the back buffer a frame is painted into: a Pixmap the size of the window, the cairo
/// xlib surface on it, and a context; the pixmap is freed in `deinit`, after cairo let go.
///
/// Painting off screen and copying the result in one `XCopyArea` is what keeps the window
/// free of flicker (the half-drawn frame is never visible).
final class X11BackBuffer {
    let display: X11Display
    let pixmap: Pixmap
    let pixelWidth: Int
    let pixelHeight: Int
    let surface: CairoSurface
    let context: CairoContext

    init(display: X11Display, drawable: Drawable, width: Int, height: Int) throws(X11Error) {
        self.display = display
        pixelWidth = width
        pixelHeight = height
        let dpy = display.pointer
        pixmap = Xlib.createPixmap(
            dpy, drawable, width: UInt32(width), height: UInt32(height),
            depth: UInt32(display.depth))
        guard pixmap != 0 else { throw X11Error.cannotCreate("back-buffer pixmap") }
        guard
            let raw = Xlib.createCairoSurface(
                dpy, pixmap, visual: display.visual, width: Int32(width), height: Int32(height))
        else {
            Xlib.freePixmap(dpy, pixmap)
            throw X11Error.cannotCreate("cairo xlib surface")
        }
        do {
            surface = try CairoSurface(adopting: raw)
            context = try CairoContext(surface: surface)
        } catch {
            Xlib.freePixmap(dpy, pixmap)
            throw X11Error.cannotCreate("cairo xlib surface (\(error))")
        }
    }

    deinit {
        // cairo must be done with the drawable before the server frees it (a surface that
        // failed earlier has nothing left to finish).
        try? surface.finish()
        Xlib.freePixmap(display.pointer, pixmap)
    }
}

/// Owns the X graphics context used for the copy to the window; freed in `deinit`.
final class X11GraphicsContext {
    let display: X11Display
    let gc: GC

    init(display: X11Display, drawable: Drawable) throws(X11Error) {
        self.display = display
        guard let gc = Xlib.createGC(display.pointer, drawable) else {
            throw X11Error.cannotCreate("graphics context")
        }
        self.gc = gc
    }

    deinit {
        Xlib.freeGC(display.pointer, gc)
    }
}
