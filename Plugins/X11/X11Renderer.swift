import CX11
import SwipeDismiss
import SwipeDismissCairo

/// Draws scenes into an X window: paints with the Cairo plugin's `CairoPainter` into a
/// back-buffer Pixmap, then copies it to the window with one `XCopyArea`.
///
/// The back buffer is made when first needed and made again only when the window's size
/// changed. `render` does not flush: the event loop flushes once per frame.
public final class X11Renderer: Renderer {
    public let window: X11Window
    /// Device pixels per point.
    public let scale: Double
    public let painter: CairoPainter
    private let gc: X11GraphicsContext
    private var backBuffer: X11BackBuffer?
    /// How many back buffers were made (1, plus one per resize that was painted).
    public private(set) var backBufferCount = 0
    /// How many frames were painted.
    public private(set) var framesRendered = 0

    /// A renderer for `window` at `scale` pixels per point.
    public init(window: X11Window, scale: Double = 1, painter: CairoPainter = CairoPainter())
        throws(X11Error)
    {
        guard scale.isFinite, scale > 0 else {
            throw X11Error.paintFailed("invalid scale \(scale)")
        }
        self.window = window
        self.scale = scale
        self.painter = painter
        gc = try X11GraphicsContext(display: window.display, drawable: window.id)
    }

    /// The window's size in points.
    public var viewport: Size {
        Size(width: Double(window.pixelWidth) / scale, height: Double(window.pixelHeight) / scale)
    }

    public func render(_ scene: Scene, state: DismissState) throws {
        let buffer = try currentBackBuffer()
        painter.paint(scene, on: buffer.context, scale: scale)
        buffer.surface.flush()
        copyToWindow(buffer)
        framesRendered += 1
    }

    /// Draws a frame with `draw`, given the back buffer's `cairo_t *` in device pixels,
    /// then copies it to the window like `render` (for custom drawing and benchmarks).
    public func render(drawing draw: (_ cairoContext: OpaquePointer) throws -> Void) throws {
        let buffer = try currentBackBuffer()
        try draw(buffer.context.pointer)
        buffer.surface.flush()
        copyToWindow(buffer)
        framesRendered += 1
    }

    /// Copies the last frame to the window again (after an Expose); false if there is no
    /// frame of the window's current size to copy.
    @discardableResult
    public func present() -> Bool {
        guard let buffer = backBuffer, buffer.pixelWidth == window.pixelWidth,
            buffer.pixelHeight == window.pixelHeight, framesRendered > 0
        else { return false }
        copyToWindow(buffer)
        return true
    }

    /// The back buffer's pixels as 0xRRGGBB, row by row (`XGetImage`); nil before a frame.
    public func readBackBuffer(x: Int, y: Int, width: Int, height: Int) -> [UInt32]? {
        guard let buffer = backBuffer else { return nil }
        return Xlib.readPixels(
            window.display.pointer, buffer.pixmap, x: Int32(x), y: Int32(y),
            width: UInt32(width), height: UInt32(height))
    }

    private func currentBackBuffer() throws(X11Error) -> X11BackBuffer {
        if let buffer = backBuffer, buffer.pixelWidth == window.pixelWidth,
            buffer.pixelHeight == window.pixelHeight
        {
            return buffer
        }
        backBuffer = nil  // free the old pixmap before making the new one
        let buffer = try X11BackBuffer(
            display: window.display, drawable: window.id, width: window.pixelWidth,
            height: window.pixelHeight)
        backBuffer = buffer
        backBufferCount += 1
        return buffer
    }

    private func copyToWindow(_ buffer: X11BackBuffer) {
        Xlib.copyArea(
            window.display.pointer, from: buffer.pixmap, to: window.id, gc: gc.gc,
            width: UInt32(buffer.pixelWidth), height: UInt32(buffer.pixelHeight))
    }
}
