internal import CX11
import Glibc
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster

/// Draws scenes into an X window, by default in client memory: a compositor keeps each
/// costly layer as a raster and repaints only the box that changed, and the box goes to the
/// window through MIT-SHM (`XShmPutImage`), or `XPutImage` where shared memory is
/// not to be had. `X11Presentation.xlibSurface` keeps the older path: cairo's xlib surface
/// on a back-buffer Pixmap, copied with one `XCopyArea`.
///
/// The buffer is made with the renderer and made again only when the window's size
/// changed. `render` does not flush: the event loop flushes once per frame.
public final class X11Renderer: Renderer {
    /// The window frames are drawn into.
    public let window: X11Window
    /// Device pixels per point.
    public let scale: Double
    /// Paints scenes with cairo, through the compositor or onto the xlib surface.
    public let painter: CairoPainter
    /// What was asked for.
    public let requestedPresentation: X11Presentation
    /// The path in use: `.sharedMemory`, `.putImage` or `.xlibSurface`.
    public private(set) var presentation: X11Presentation
    /// Why the path in use is not the one asked for, if it is not.
    public private(set) var fallbackReason: String?
    /// Repaints only what changed, from retained layer rasters (client-side paths).
    package let compositor: CairoCompositor
    private let gc: X11GraphicsContext
    /// The buffer in use, held as two plain references rather than one `Buffer?`: an enum of
    /// two classes keeps its case in the pointer's spare bits, which leak checkers cannot
    /// follow, so a buffer still alive when the program exits showed as lost under valgrind.
    private var serverBuffer: X11BackBuffer?
    private var clientBuffer: X11ImageBuffer?
    private var buffer: Buffer? {
        get {
            if let clientBuffer { return .client(clientBuffer) }
            return serverBuffer.map { .server($0) }
        }
        set {
            serverBuffer = nil
            clientBuffer = nil
            switch newValue {
            case .server(let buffer): serverBuffer = buffer
            case .client(let buffer): clientBuffer = buffer
            case nil: break
            }
        }
    }
    /// How many back buffers were made (1, plus one per resize that was painted).
    public private(set) var backBufferCount = 0
    /// How many frames were painted.
    public private(set) var framesRendered = 0
    /// The box the last frame sent to the window (client-side paths); nil if nothing changed.
    package private(set) var lastDamage: PixelRect?
    /// Whether the next frames ask the server to say when it has read them (MIT-SHM): set
    /// for frames no input event will follow, such as an animation after release, so the
    /// frame after learns it may draw without a round trip to the server.
    public var confirmsFrames = false
    /// How many frames waited for the server with a round trip (`XSync`) before drawing.
    package private(set) var roundTripsBeforeFrames = 0
    /// Shown each client-side frame's plan before it is sent (for tests counting bands; it
    /// must not keep the plan).
    package var framePlanObserver: ((CairoFramePlan) -> Void)?

    private enum Buffer {
        case server(X11BackBuffer)
        case client(X11ImageBuffer)

        var pixelWidth: Int {
            switch self {
            case .server(let buffer): return buffer.pixelWidth
            case .client(let buffer): return buffer.pixelWidth
            }
        }
        var pixelHeight: Int {
            switch self {
            case .server(let buffer): return buffer.pixelHeight
            case .client(let buffer): return buffer.pixelHeight
            }
        }
    }

    /// A renderer for `window` at `scale` pixels per point, presenting with `presentation`
    /// (falling back as its documentation says; `presentation` and `fallbackReason` tell).
    public init(
        window: X11Window, scale: Double = 1, painter: CairoPainter = CairoPainter(),
        presentation: X11Presentation = .sharedMemory
    ) throws(X11Error) {
        guard scale.isFinite, scale > 0 else {
            throw X11Error.paintFailed("invalid scale \(scale)")
        }
        self.window = window
        self.scale = scale
        self.painter = painter
        compositor = CairoCompositor(painter: painter)
        // Flat rows go to the window as fills, never written into our memory.
        compositor.leavesSolidRows = true
        // Motion at whole pixels: an animation's frames are copies from the rasters too.
        compositor.snapsMovesToWholePixels = true
        // The first frame makes the rasters (packed, they stay), so no drag has to.
        compositor.rasterizesOnFirstDraw = true
        requestedPresentation = presentation
        self.presentation = presentation == .automatic ? .sharedMemory : presentation
        gc = try X11GraphicsContext(display: window.display, drawable: window.id)
        if presentation == .sharedMemory || presentation == .automatic,
            let reason = Self.sharedMemoryUnavailableReason(displayName: window.display.name)
        {
            fallBack(because: reason)
        }
        _ = try currentBuffer()
    }

    /// The window's size in points.
    public var viewport: Size {
        Size(width: Double(window.pixelWidth) / scale, height: Double(window.pixelHeight) / scale)
    }

    /// Paints the scene into the buffer and copies it, or just the changed box, to the window.
    public func render(_ scene: Scene, state: DismissState) throws {
        switch try currentBuffer() {
        case .server(let buffer):
            // A missing or corrupt image is an error naming the file, not a blank frame.
            try painter.prepareImages(in: scene)
            painter.paint(scene, on: buffer.context, scale: scale)
            buffer.surface.flush()
            copyToWindow(buffer)
        case .client(let buffer):
            if buffer.waitUntilServerIsDone() { roundTripsBeforeFrames += 1 }
            buffer.confirmsFrames = confirmsFrames
            // The plan is consumed here and not kept: the compositor reuses its storage.
            let plan = try compositor.compose(scene, into: buffer.frame, scale: scale)
            lastDamage = plan?.damage
            if let plan {
                framePlanObserver?(plan)
                buffer.put(plan, to: window, gc: gc.gc)
            }
        }
        framesRendered += 1
    }

    /// Draws a frame with `draw`, given the buffer's `cairo_t *` in device pixels, then
    /// shows all of it like `render` (for custom drawing and benchmarks).
    package func render(drawing draw: (_ cairoContext: OpaquePointer) throws -> Void) throws {
        switch try currentBuffer() {
        case .server(let buffer):
            try draw(buffer.context.pointer)
            buffer.surface.flush()
            copyToWindow(buffer)
        case .client(let buffer):
            buffer.waitUntilServerIsDone()
            // Whatever `draw` leaves alone is the last frame, whole.
            try buffer.frame.withCompletePixels { _, context in
                compositor.invalidate()  // the pixels are no longer the compositor's
                try draw(context.pointer)
            }
            buffer.putWholeFrame(to: window, gc: gc.gc)
        }
        framesRendered += 1
    }

    /// Frees the compositor's whole layer rasters once the window has gone idle (nothing
    /// moves, nothing is held): a screen's worth of pixels or two that would otherwise stay
    /// resident until the content changed. Packed rasters (a list, flat bands: their distinct
    /// rows only) stay; the next drag makes any other again on its first frame.
    public func windowWentIdle() {
        compositor.releaseRasters()
    }

    /// Shows the last frame again (after an Expose); false if there is no frame of the
    /// window's current size to show.
    @discardableResult
    public func redisplayLastFrame() -> Bool {
        guard let buffer, buffer.pixelWidth == window.pixelWidth,
            buffer.pixelHeight == window.pixelHeight, framesRendered > 0
        else { return false }
        switch buffer {
        case .server(let buffer): copyToWindow(buffer)
        case .client(let buffer):
            buffer.putWholeFrame(to: window, gc: gc.gc)
        }
        return true
    }

    /// The buffer's pixels as 0xRRGGBB, row by row; nil before a frame or outside it (for
    /// tests: the window's own pixels are what `XGetImage` reads).
    package func readBackBuffer(x: Int, y: Int, width: Int, height: Int) -> [UInt32]? {
        switch buffer {
        case .server(let buffer):
            return Xlib.readPixels(
                window.display.pointer, buffer.pixmap, x: Int32(x), y: Int32(y),
                width: UInt32(width), height: UInt32(height))
        case .client(let buffer):
            return buffer.readPixels(x: x, y: y, width: width, height: height)
        case nil:
            return nil
        }
    }

    private func currentBuffer() throws(X11Error) -> Buffer {
        if let buffer, buffer.pixelWidth == window.pixelWidth,
            buffer.pixelHeight == window.pixelHeight
        {
            return buffer
        }
        buffer = nil  // free the old pixmap or segment before making the new one
        compositor.invalidate()
        let made = try makeBuffer(width: window.pixelWidth, height: window.pixelHeight)
        buffer = made
        backBufferCount += 1
        return made
    }

    private func makeBuffer(width: Int, height: Int) throws(X11Error) -> Buffer {
        let display = window.display
        if presentation == .sharedMemory {
            do {
                return .client(
                    try X11ImageBuffer(
                        display: display, width: width, height: height, transport: .sharedMemory))
            } catch {
                fallBack(because: error.description)
            }
        }
        if presentation == .putImage {
            do {
                return .client(
                    try X11ImageBuffer(
                        display: display, width: width, height: height, transport: .putImage))
            } catch {
                fallBack(because: error.description)
            }
        }
        return .server(
            try X11BackBuffer(display: display, drawable: window.id, width: width, height: height))
    }

    /// Steps down from the current path: MIT-SHM to `XPutImage` (or, for `.automatic`, to
    /// the xlib surface), `XPutImage` to the xlib surface.
    private func fallBack(because reason: String) {
        let next: X11Presentation =
            presentation == .sharedMemory && requestedPresentation != .automatic
            ? .putImage : .xlibSurface
        fallbackReason = fallbackReason.map { "\($0); \(reason)" } ?? reason
        presentation = next
    }

    /// Why MIT-SHM counts as unavailable before asking the server: the environment switch,
    /// or a display on another host (`host:0`), whose server cannot map our memory.
    public static func sharedMemoryUnavailableReason(displayName: String) -> String? {
        if let value = getenv(X11Presentation.disableSharedMemoryVariable),
            value.pointee != 0, String(cString: value) != "0"
        {
            return "MIT-SHM disabled by \(X11Presentation.disableSharedMemoryVariable)"
        }
        if let colon = displayName.lastIndex(of: ":") {
            let host = displayName[..<colon]
            if !host.isEmpty, host != "unix", !host.hasSuffix("/unix") {
                return "MIT-SHM not used: display \(displayName) is on host \(host)"
            }
        }
        return nil
    }

    private func copyToWindow(_ buffer: X11BackBuffer) {
        Xlib.copyArea(
            window.display.pointer, from: buffer.pixmap, to: window.id, gc: gc.gc,
            width: UInt32(buffer.pixelWidth), height: UInt32(buffer.pixelHeight))
    }
}
