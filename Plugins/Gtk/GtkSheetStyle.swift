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
