import CGtk
import Glibc
import SwipeDismiss

/// Keeps cairo's MIT-SHM pool for GDK's X connection alive while a host is on screen.
///
/// GTK 4.8's cairo renderer on X11 draws each frame into an image and, in
/// `gdk_draw_context_end_frame`, paints it onto the window through cairo-xlib, which
/// uploads it through a shared-memory segment from a pool of 16 MB. cairo destroys a pool
/// as soon as none of its blocks is in use, which after every frame is the case: each frame
/// then creates a new 16 MB segment (`shmget`, `shmat`, the X server's `ShmAttach`),
/// faults its pages in afresh and detaches it again (measured with strace and perf: one
/// segment a frame, half the app's CPU in the kernel). Holding one image from a pool
/// keeps that pool, so frames reuse its resident pages. cairo sizes a new pool at eight
/// times the power of two above the request, so an image the size of the window gets a
/// pool with room for itself and for a frame's upload.
///
/// Everything is looked up at run time (`dlsym`): nothing here links X11 or cairo-xlib, and
/// where GDK is not on X11, the window does not render with cairo (GL never uploads through
/// cairo), cairo-xlib is missing, or the display has no MIT-SHM, it does nothing.
final class GtkX11ShmPool {
    private var keeper: OpaquePointer?

    /// Takes one block of the pool of `widget`'s X connection, if it has one, the size of a
    /// frame of `viewport` points (call once the widget is realized).
    init(widget: UnsafeMutablePointer<GtkWidget>, viewport: Size) {
        guard let native = gtk_widget_get_native(widget),
            let surface = gtk_native_get_surface(native),
            let display = gdk_surface_get_display(surface),
            Self.typeName(of: UnsafeMutableRawPointer(display)) == "GdkX11Display",
            let renderer = gtk_native_get_renderer(native),
            Self.typeName(of: UnsafeMutableRawPointer(renderer)) == "GskCairoRenderer"
        else { return }
        typealias XDisplayOf = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
        typealias XidOf = @convention(c) (UnsafeMutableRawPointer?) -> UInt
        typealias DefaultScreen = @convention(c) (UnsafeMutableRawPointer?) -> Int32
        typealias DefaultVisual =
            @convention(c) (UnsafeMutableRawPointer?, Int32) ->
            UnsafeMutableRawPointer?
        typealias XlibSurface =
            @convention(c) (
                UnsafeMutableRawPointer?, UInt, UnsafeMutableRawPointer?, Int32, Int32
            ) -> OpaquePointer?
        guard let xdisplayOf = Self.symbol("gdk_x11_display_get_xdisplay", as: XDisplayOf.self),
            let xidOf = Self.symbol("gdk_x11_surface_get_xid", as: XidOf.self),
            let defaultScreen = Self.symbol("XDefaultScreen", as: DefaultScreen.self),
            let defaultVisual = Self.symbol("XDefaultVisual", as: DefaultVisual.self),
            let xlibSurface = Self.symbol("cairo_xlib_surface_create", as: XlibSurface.self),
            let xdisplay = xdisplayOf(UnsafeMutableRawPointer(display))
        else { return }
        let xid = xidOf(UnsafeMutableRawPointer(surface))
        guard xid != 0,
            let window = xlibSurface(
                xdisplay, xid, defaultVisual(xdisplay, defaultScreen(xdisplay)), 1, 1)
        else { return }
        defer { cairo_surface_destroy(window) }
        // A frame's size in pixels: its pool then fits a frame beside it (an image in
        // ordinary memory where there is no shared memory).
        let scale = Double(max(1, gdk_surface_get_scale_factor(surface)))
        let width = Int32(min(8192, max(64, (viewport.width * scale).rounded(.up))))
        let height = Int32(min(8192, max(64, (viewport.height * scale).rounded(.up))))
        let image = cairo_surface_create_similar_image(window, CAIRO_FORMAT_ARGB32, width, height)
        if let image, cairo_surface_status(image) == CAIRO_STATUS_SUCCESS {
            keeper = image
        } else if let image {
            cairo_surface_destroy(image)
        }
    }

    deinit {
        if let keeper { cairo_surface_destroy(keeper) }
    }

    /// The GType name of a GObject ("GdkX11Display", "GskCairoRenderer").
    private static func typeName(of object: UnsafeMutableRawPointer) -> String? {
        let instance = object.assumingMemoryBound(to: GTypeInstance.self)
        return g_type_name_from_instance(instance).map { String(cString: $0) }
    }

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            return nil
        }
        return unsafeBitCast(address, to: type)
    }
}
