import CGtk
import SwipeDismiss
import SwipeDismissGtk

/// The demo's own GTK widgets: the app's screen behind the sheet, and the sheet's and the
/// card's content. Nothing here draws by hand; it is what an app would build.
enum GtkDemoWidgets {
    static let css = """
        .demo-band { background-color: #ffffff; }
        .demo-screen { background-color: #336699; color: #ffffff; }
        .demo-header { border-bottom: 1px solid #dddddd; }
        .demo-grabber { background-color: #c7c7cc; border-radius: 3px; }
        .demo-row { border-bottom: 1px solid #eeeeee; }
        .demo-card { background-color: #ffffff; border-radius: 16px 16px 0 0; }
        """

    /// Adds the demo's CSS to the default display.
    static func installStyle() {
        guard let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, sd_style_provider(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// `widget` as the GTK class `T` it is (GTK's cast macros do not import into Swift).
    static func cast<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
    }

    /// A label showing `text`.
    static func label(_ text: String, cssClass: String? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        if let cssClass { gtk_widget_add_css_class(label, cssClass) }
        return label
    }

    /// The app's screen: a plain white 24 pt band across the top (nothing on it, so the dim
    /// can be read from its pixels), then #336699 with a title, an "Open" button (it
    /// presents) and a "Search" entry (the app's own: its keys never reach the sheet).
    struct Screen {
        var widget: UnsafeMutablePointer<GtkWidget>
        var open: UnsafeMutablePointer<GtkWidget>
        var search: UnsafeMutablePointer<GtkWidget>
    }

    static func screen() -> Screen {
        let screen = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let band = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(band, "demo-band")
        gtk_widget_set_size_request(band, -1, Int32(CardPresenter.bandHeight))
        gtk_box_append(sd_box(screen), band)
        let body = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_add_css_class(body, "demo-screen")
        gtk_widget_set_vexpand(body, 1)
        let title = label("Inbox")
        gtk_widget_set_margin_top(title, 24)
        gtk_box_append(sd_box(body), title)
        let search = entry("Search")
        gtk_widget_set_margin_start(search, 16)
        gtk_widget_set_margin_end(search, 16)
        gtk_box_append(sd_box(body), search)
        let button = gtk_button_new_with_label("Open")!
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_box_append(sd_box(body), button)
        gtk_box_append(sd_box(screen), body)
        return Screen(widget: screen, open: button, search: search)
    }

    /// A `GtkEntry` whose placeholder and accessible name are `name`.
    static func entry(_ name: String) -> UnsafeMutablePointer<GtkWidget> {
        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(cast(entry), name)
        sd_accessible_set_label(entry, name)
        return entry
    }

    /// The sheet's content: a grabber, a 56 pt header with the title, (in a stack) an "Open
    /// another" button, a "Note" entry and a "Close" button, a scrolled list of `rows` rows
    /// of 44 pt whose first is a "Volume" scale (0…100, at 50), and a filler for the part
    /// drawn past the bottom edge (so the scrolled window's page is what shows on screen at
    /// `large`).
    struct Sheet {
        var widget: UnsafeMutablePointer<GtkWidget>
        var close: UnsafeMutablePointer<GtkWidget>
        var scrolled: UnsafeMutablePointer<GtkWidget>
        var prompt: UnsafeMutablePointer<GtkWidget>
        var filler: UnsafeMutablePointer<GtkWidget>
        var note: UnsafeMutablePointer<GtkWidget>
        var volume: UnsafeMutablePointer<GtkWidget>
        var openAnother: UnsafeMutablePointer<GtkWidget>?
    }

    static func sheet(_ presenter: SheetPresenter, opensAnother: Bool = false) -> Sheet {
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_add_css_class(header, "demo-header")
        gtk_widget_set_size_request(header, -1, Int32(SheetPresenter.headerHeight))
        let title = label(presenter.title)
        gtk_widget_set_hexpand(title, 1)
        gtk_widget_set_margin_start(title, 16)
        gtk_label_set_xalign(sd_label(title), 0)
        let prompt = label(presenter.promptTitle + "  (y / n)")
        gtk_widget_set_visible(prompt, 0)
        let note = entry("Note")
        gtk_editable_set_width_chars(OpaquePointer(note), 5)
        gtk_widget_set_valign(note, GTK_ALIGN_CENTER)
        let close = gtk_button_new_with_label("Close")!
        gtk_widget_set_valign(close, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_end(close, 12)
        gtk_box_append(sd_box(header), title)
        var openAnother: UnsafeMutablePointer<GtkWidget>?
        if opensAnother {
            let button = gtk_button_new_with_label("Open another")!
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            gtk_box_append(sd_box(header), button)
            openAnother = button
        }
        gtk_box_append(sd_box(header), note)
        gtk_box_append(sd_box(header), prompt)
        gtk_box_append(sd_box(header), close)
        gtk_box_append(sd_box(content), header)

        let list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let volume = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 100, 1)!
        gtk_range_set_value(cast(volume), 50)
        // Whole steps: a press or drag sets 0, 1, … 100 (its `--events` value).
        gtk_range_set_round_digits(cast(volume), 0)
        sd_accessible_set_label(volume, "Volume")
        gtk_widget_add_css_class(volume, "demo-row")
        gtk_widget_set_size_request(volume, -1, Int32(SheetPresenter.rowHeight))
        gtk_widget_set_margin_start(volume, 16)
        gtk_widget_set_margin_end(volume, 16)
        gtk_box_append(sd_box(list), volume)
        for row in presenter.rows.dropFirst() {
            let label = label(row.title, cssClass: "demo-row")
            gtk_label_set_xalign(sd_label(label), 0)
            gtk_widget_set_size_request(label, -1, Int32(SheetPresenter.rowHeight))
            gtk_widget_set_margin_start(label, 16)
            gtk_box_append(sd_box(list), label)
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(
            sd_scrolled(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(sd_scrolled(scrolled), list)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_box_append(sd_box(content), scrolled)
        let filler = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(sd_box(content), filler)
        return Sheet(
            widget: content, close: close, scrolled: scrolled, prompt: prompt, filler: filler,
            note: note, volume: volume, openAnother: openAnother)
    }

    /// The card's content: its headline, a line under it and a "Close" button.
    static func card(_ presenter: CardPresenter) -> (
        widget: UnsafeMutablePointer<GtkWidget>, close: UnsafeMutablePointer<GtkWidget>
    ) {
        let card = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_add_css_class(card, "demo-card")
        let title = label(presenter.title)
        gtk_widget_set_margin_top(title, 32)
        gtk_box_append(sd_box(card), title)
        gtk_box_append(sd_box(card), label(presenter.subtitle))
        let close = gtk_button_new_with_label("Close")!
        gtk_widget_set_halign(close, GTK_ALIGN_CENTER)
        gtk_box_append(sd_box(card), close)
        return (card, close)
    }
}
