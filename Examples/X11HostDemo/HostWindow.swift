// The app's own part of x11-host-demo: its X connection, its window and its screen, drawn
// with its own cairo calls. Nothing here is SwipeDismiss's.
import CX11
import Glibc

/// The app's window on its own connection: 390x844, titled, closable, selecting what the app
/// and the sheet need.
final class HostWindow {
    static let width = 390
    static let height = 844
    static let title = "SwipeDismiss host demo"
    /// The "Share" button: 200x44 pt centred at (195, 800).
    static let shareButton = (x: 95.0, y: 778.0, width: 200.0, height: 44.0)

    let display: OpaquePointer
    let window: Window
    let deleteWindow: Atom
    let protocols: Atom

    /// Opens `$DISPLAY` and makes (but does not map) the window; nil without a display.
    init?() {
        guard let display = XOpenDisplay(nil) else { return nil }
        self.display = display
        let screen = XDefaultScreen(display)
        let root = XRootWindow(display, screen)
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = Pixmap(None)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask =
            ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | KeyPressMask | FocusChangeMask
        let window = XCreateWindow(
            display, root, 0, 0, UInt32(Self.width), UInt32(Self.height), 0,
            Int32(CopyFromParent), UInt32(InputOutput), nil,
            UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        self.window = window
        XStoreName(display, window, Self.title)
        let title = Array(Self.title.utf8)
        title.withUnsafeBufferPointer {
            _ = XChangeProperty(
                display, window, XInternAtom(display, "_NET_WM_NAME", 0),
                XInternAtom(display, "UTF8_STRING", 0), 8, Int32(PropModeReplace),
                $0.baseAddress, Int32($0.count))
        }
        var pid = Int(getpid())
        withUnsafeBytes(of: &pid) {
            _ = XChangeProperty(
                display, window, XInternAtom(display, "_NET_WM_PID", 0), XA_CARDINAL, 32,
                Int32(PropModeReplace), $0.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        protocols = XInternAtom(display, "WM_PROTOCOLS", 0)
        deleteWindow = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        var atoms = [deleteWindow]
        XSetWMProtocols(display, window, &atoms, 1)
    }

    func map() {
        XMapWindow(display, window)
        XSync(display, 0)
    }

    /// Whether (`x`, `y`), in points, is on the "Share" button.
    static func isOnShare(x: Double, y: Double) -> Bool {
        let b = shareButton
        return x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height
    }

    /// Draws the app's screen with cairo on `cr` (a `cairo_t *`, in points): a white band
    /// over the top 24 pt, #336699 elsewhere, and the "Share" button (darker while pressed),
    /// ringed while it has the keyboard focus.
    static func drawScreen(
        _ cr: OpaquePointer, width: Double, height: Double, pressed: Bool, focused: Bool = false
    ) {
        cairo_set_source_rgb(cr, 0x33 / 255.0, 0x66 / 255.0, 0x99 / 255.0)
        cairo_rectangle(cr, 0, 24, width, max(0, height - 24))
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, 0, 0, width, 24)
        cairo_fill(cr)
        let b = shareButton
        let radius = 10.0
        if focused {
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_set_line_width(cr, 2)
            cairo_rectangle(cr, b.x - 4, b.y - 4, b.width + 8, b.height + 8)
            cairo_stroke(cr)
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, b.x + b.width - radius, b.y + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, b.x + b.width - radius, b.y + b.height - radius, radius, 0, .pi / 2)
        cairo_arc(cr, b.x + radius, b.y + b.height - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, b.x + radius, b.y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
        let shade = pressed ? 0.8 : 1.0
        cairo_set_source_rgb(cr, shade, shade, shade)
        cairo_fill(cr)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 17)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, "Share", &extents)
        cairo_move_to(
            cr, b.x + (b.width - extents.x_advance) / 2, b.y + b.height / 2 + 6)
        cairo_set_source_rgb(cr, 0x33 / 255.0, 0x66 / 255.0, 0x99 / 255.0)
        cairo_show_text(cr, "Share")
    }
}
