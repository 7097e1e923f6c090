import CGtk

/// The host's CSS: a black backdrop (its opacity is the dim) and a white sheet with rounded
/// top corners. It names only the host's own classes, so it changes nothing else.
enum GtkSheetStyle {
    static let css = """
        .swipedismiss-backdrop { background-color: #000000; }
        .swipedismiss-sheet { background-color: #ffffff; border-radius: 12px 12px 0 0; }
        .swipedismiss-grabber { background-color: #c7c7cc; border-radius: 3px; }
        """

    /// Adds the CSS to the default display once (GTK keeps the provider for the display's
    /// life).
    static func install() {
        guard let display = gdk_display_get_default() else { return }
        let key = "swipedismiss-style"
        guard g_object_get_data(UnsafeMutablePointer(display), key) == nil else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, sd_style_provider(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_set_data_full(
            UnsafeMutablePointer(display), key, provider, { g_object_unref($0) })
    }
}

/// The backdrop's dim as its own CSS background colour, black at the dim's alpha, so GTK
/// draws it as one colour node.
///
/// Widget opacity would wrap the backdrop in an opacity node, which GTK 4.8's renderers
/// draw through an offscreen group the size of the window on every change of the dim (the
/// cairo renderer allocates a window-sized X pixmap per frame for it, the GL one renders to
/// a window-sized texture). A colour node with alpha is one fill. The colour lives in a
/// provider on the backdrop's own style context, so reloading it each frame restyles that
/// one widget and nothing of the app's.
final class GtkBackdropStyle {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let provider: OpaquePointer
    private var alpha = -1.0
    private var text = [CChar](repeating: 0, count: 96)

    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        provider = OpaquePointer(gtk_css_provider_new())
        gtk_style_context_add_provider(
            gtk_widget_get_style_context(widget), sd_style_provider(UnsafeMutablePointer(provider)),
            guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
        set(alpha: 0)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    /// Shows the dim at `alpha` (GTK draws nothing for a transparent background; the
    /// widget stays allocated, so its "resize" still reports the viewport).
    func set(alpha newAlpha: Double) {
        let value = newAlpha.isFinite ? min(1, max(0, newAlpha)) : 0
        guard value != alpha else { return }
        alpha = value
        // Written into a fixed buffer: a steady frame allocates nothing of ours.
        var count = 0
        func put(_ bytes: StaticString) {
            bytes.withUTF8Buffer {
                for byte in $0 {
                    text[count] = CChar(byte)
                    count += 1
                }
            }
        }
        put(".swipedismiss-backdrop { background-color: rgba(0,0,0,")
        // The alpha in [0, 1] with six decimals: "0.300000".
        let millionths = Int((value * 1_000_000).rounded())
        text[count] = CChar(UInt8(ascii: "0") + UInt8(millionths / 1_000_000))
        count += 1
        text[count] = CChar(UInt8(ascii: "."))
        count += 1
        var divisor = 100_000
        while divisor > 0 {
            text[count] = CChar(UInt8(ascii: "0") + UInt8(millionths / divisor % 10))
            count += 1
            divisor /= 10
        }
        put("); }")
        text[count] = 0
        gtk_css_provider_load_from_data(UnsafeMutablePointer(provider), text, gssize(count))
    }
}
