import CX11
import Glibc
import SwipeDismiss
import SwipeDismissCairo

/// Lets the X server draw the rows of a frame that hold nothing but the presenting screen
/// under a uniform black dim (above the card during a drag): one XRender composite from a
/// server-side copy of the presenting screen, so none of those pixels cross to the server
/// each frame and the client draws none of them.
///
/// Pixel for pixel what the client-side compositor draws there: cairo fills the dim with
/// 8-bit alpha `A = a16 >> 8` over the screen, so each channel becomes `c × (255 − A) / 255`
/// with pixman's rounding; the server composites the screen (`PictOpSrc`) through a solid
/// mask of 16-bit alpha `65535 − a16`, whose 8-bit value is exactly `255 − A`, with the
/// same rounding.
final class X11ServerDim {
    /// What the server draws: rows `0..<rows`, the screen under a dim of 16-bit alpha `alpha16`.
    struct Band: Equatable {
        var rows: Int
        var alpha16: UInt16
    }

    let display: X11Display
    private let window: X11Window
    private let format: UnsafeMutablePointer<XRenderPictFormat>
    private let windowPicture: Picture
    private var screen: Screen?

    /// The presenting screen as the server holds it.
    private final class Screen {
        let display: X11Display
        let pixmap: Pixmap
        let picture: Picture
        let items: [Item]
        let pixelWidth: Int
        let pixelHeight: Int

        init(
            display: X11Display, pixmap: Pixmap, picture: Picture, items: [Item], width: Int,
            height: Int
        ) {
            self.display = display
            self.pixmap = pixmap
            self.picture = picture
            self.items = items
            pixelWidth = width
            pixelHeight = height
        }

        deinit {
            XRenderFreePicture(display.pointer, picture)
            Xlib.freePixmap(display.pointer, pixmap)
        }
    }

    /// Ready to composite onto `window`; nil without XRender, on a visual XRender has no
    /// format for, or when `X11Presentation.disableServerDimVariable` is set.
    init?(window: X11Window) {
        if let value = getenv(X11Presentation.disableServerDimVariable), value.pointee != 0,
            String(cString: value) != "0"
        {
            return nil
        }
        let dpy = window.display.pointer
        var eventBase: Int32 = 0
        var errorBase: Int32 = 0
        guard XRenderQueryExtension(dpy, &eventBase, &errorBase) != 0,
            let format = XRenderFindVisualFormat(dpy, window.display.visual)
        else { return nil }
        display = window.display
        self.window = window
        self.format = format
        windowPicture = XRenderCreatePicture(dpy, window.id, format, 0, nil)
        guard windowPicture != 0 else { return nil }
    }

    deinit {
        screen = nil
        // Destroying the window freed its picture already.
        if !window.isDestroyed { XRenderFreePicture(display.pointer, windowPicture) }
    }

    /// The band `scene` leaves to the server on a `pixelWidth` × `pixelHeight` surface at
    /// `scale`: nil unless its first layer is an untransformed, opaque presenting screen and
    /// its second a backdrop of one black rect over the whole viewport, and some rows at the
    /// top hold no other visible layer (`bounds` measures a layer, as the compositor does).
    static func band(
        for scene: Scene, scale: Double, pixelWidth: Int, pixelHeight: Int,
        bounds: (Int, Layer) -> Rect?
    ) -> Band? {
        let layers = scene.layers
        guard layers.count >= 2, layers[0].role == .presenting, layers[0].opacity >= 1,
            layers[0].transform == .identity, !layers[0].items.isEmpty,
            layers[1].role == .backdrop, layers[1].transform == .identity,
            layers[1].items.count == 1, case .rect(let rect, let fill) = layers[1].items[0],
            fill.red == 0, fill.green == 0, fill.blue == 0, rect.minX <= 0, rect.minY <= 0,
            rect.maxX >= scene.size.width, rect.maxY >= scene.size.height
        else { return nil }
        // As the painter folds the layer's opacity into the colour, and cairo makes it 16-bit.
        let opacity = min(1, max(0, layers[1].opacity))
        let alpha = min(1, max(0, fill.alpha * opacity))
        guard alpha.isFinite else { return nil }
        var top = Double(pixelHeight)
        for index in 2..<layers.count where layers[index].opacity > 0 {
            guard let box = bounds(index, layers[index]) else { continue }
            let transform = layers[index].transform
            let highest = min(
                transform.apply(to: Point(x: box.minX, y: box.minY)).y,
                transform.apply(to: Point(x: box.maxX, y: box.minY)).y,
                transform.apply(to: Point(x: box.minX, y: box.maxY)).y,
                transform.apply(to: Point(x: box.maxX, y: box.maxY)).y)
            // Rounded out with the pixel the compositor keeps spare for antialiasing.
            let y = (highest * scale).rounded(.down) - 1
            guard y.isFinite else { return nil }
            top = min(top, y)
        }
        let rows = Int(max(0, min(Double(pixelHeight), top)))
        guard rows > 0 else { return nil }
        return Band(rows: rows, alpha16: UInt16(alpha * 65535 + 0.5))
    }

    /// Makes sure the server holds `layer` (the presenting screen) as `painter` draws it at
    /// `scale` on a `width` × `height` surface; uploads it once per content or size.
    func prepare(
        _ layer: Layer, painter: CairoPainter, scale: Double, width: Int, height: Int, gc: GC
    ) throws(X11Error) {
        if let screen, screen.items == layer.items, screen.pixelWidth == width,
            screen.pixelHeight == height
        {
            return
        }
        screen = nil
        let dpy = display.pointer
        guard let raw = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        else { throw X11Error.cannotCreate("presenting-screen raster") }
        let surface: CairoSurface
        let context: CairoContext
        do {
            surface = try CairoSurface(adopting: raw)
            context = try CairoContext(surface: surface)
        } catch {
            throw X11Error.cannotCreate("presenting-screen raster (\(error))")
        }
        painter.paint(layer: layer, on: context, scale: scale)
        surface.flush()
        guard let data = cairo_image_surface_get_data(raw) else {
            throw X11Error.cannotCreate("presenting-screen raster (no pixels)")
        }
        let pixmap = Xlib.createPixmap(
            dpy, windowRoot, width: UInt32(width), height: UInt32(height),
            depth: UInt32(display.depth))
        guard pixmap != 0 else { throw X11Error.cannotCreate("presenting-screen pixmap") }
        guard
            let image = XShm.createImage(
                dpy, visual: display.visual, depth: UInt32(display.depth), data: data,
                width: UInt32(width), height: UInt32(height),
                bytesPerLine: cairo_image_surface_get_stride(raw))
        else {
            Xlib.freePixmap(dpy, pixmap)
            throw X11Error.cannotCreate("presenting-screen image")
        }
        XShm.putPlainImage(
            dpy, pixmap, gc: gc, image: image, x: 0, y: 0, width: UInt32(width),
            height: UInt32(height))
        XShm.destroyImageStructure(image)
        let picture = XRenderCreatePicture(dpy, pixmap, format, 0, nil)
        guard picture != 0 else {
            Xlib.freePixmap(dpy, pixmap)
            throw X11Error.cannotCreate("presenting-screen picture")
        }
        screen = Screen(
            display: display, pixmap: pixmap, picture: picture, items: layer.items, width: width,
            height: height)
    }

    /// Draws `band` onto the window: the screen's top rows through the dim (`prepare` first).
    func composite(_ band: Band) {
        guard let screen else { return }
        let dpy = display.pointer
        var mask: Picture = 0
        if band.alpha16 > 0 {
            var color = XRenderColor(red: 0, green: 0, blue: 0, alpha: 65535 - band.alpha16)
            mask = XRenderCreateSolidFill(dpy, &color)
        }
        XRenderComposite(
            dpy, PictOpSrc, screen.picture, mask, windowPicture, 0, 0, 0, 0, 0, 0,
            UInt32(screen.pixelWidth), UInt32(min(band.rows, screen.pixelHeight)))
        if mask != 0 { XRenderFreePicture(dpy, mask) }
    }

    private var windowRoot: Drawable { display.root }
}
