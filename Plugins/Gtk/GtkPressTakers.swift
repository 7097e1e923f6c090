import CGtk

/// Which of the app's widgets keep their own presses (DESIGN §4c "gtk-demo, added": a press
/// on a widget that takes presses goes to it and never moves the sheet).
///
/// A press goes to the widget GTK picks under it, or to the first of its ancestors that
/// takes presses; only a press that lands on nothing of the kind (the header's background,
/// a label, the grabber, a plain row) is the sheet's drag. GTK's default pick skips
/// insensitive widgets, so a press on an insensitive button moves the sheet too.
public enum GtkPressTakers {
    /// The CSS class that marks an app's own widget (a map, a canvas with its own gesture)
    /// as taking its presses, whatever its type.
    public static let cssClass = "swipedismiss-takes-presses"

    /// Whether `widget`, or one of its ancestors below `boundary`, takes presses: a button
    /// (check and toggle buttons, switches' and menus' buttons included), anything editable
    /// (entries, spin buttons, text views), a range (scales, scroll bars), a switch, a drop
    /// down, or a widget carrying `cssClass`.
    public static func takesPress(
        _ widget: UnsafeMutablePointer<GtkWidget>?, below boundary: UnsafeMutablePointer<GtkWidget>?
    ) -> Bool {
        var current = widget
        while let candidate = current, candidate != boundary {
            if isPressTaker(candidate) { return true }
            current = gtk_widget_get_parent(candidate)
        }
        return false
    }

    private static func isPressTaker(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        if gtk_widget_has_css_class(widget, cssClass) != 0 { return true }
        let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))
        return types.contains { g_type_check_instance_is_a(instance, $0) != 0 }
    }

    /// The widget types (and the editable interface) that handle presses themselves.
    private static let types: [GType] = [
        gtk_button_get_type(), gtk_check_button_get_type(), gtk_switch_get_type(),
        gtk_editable_get_type(), gtk_text_view_get_type(), gtk_range_get_type(),
        gtk_drop_down_get_type(),
    ]
}
