import CGtk
import SwipeDismiss

/// Content swapped on a live host (F3 of the first-user trial: a per-item sheet no longer
/// needs a new host).
extension GtkHostCore {
    /// Puts `content` in level `level`'s dialog in place of the one there, shown or not: its
    /// title names the dialog, its frame lays it out, its close button dismisses; the old
    /// widget leaves the dialog (GTK drops the dialog's reference to it). A level on top
    /// with the focus inside it gives the focus to the new content.
    func replaceContent(_ level: Int, with content: GtkSheetContent) {
        guard contents.indices.contains(level) else { return }
        let old = contents[level]
        let dialog = dialogs[level]
        let root = gtk_widget_get_root(widget)
        let hadFocus =
            root.flatMap { gtk_root_get_focus($0) }.map {
                gtk_widget_is_ancestor($0, dialog) != 0
            } ?? false
        if let button = old.closeButton {
            g_signal_handlers_disconnect_matched(
                UnsafeMutableRawPointer(button), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, userData)
        }
        if old.widget != content.widget {
            gtk_box_remove(sd_box(dialog), old.widget)
            gtk_box_append(sd_box(dialog), content.widget)
        }
        gtk_widget_set_vexpand(content.widget, 1)
        if content.drawsBackground {
            gtk_widget_add_css_class(dialog, "swipedismiss-sheet")
        } else {
            gtk_widget_remove_css_class(dialog, "swipedismiss-sheet")
        }
        sd_accessible_set_label(dialog, content.title)
        contents[level] = content
        renderer.replaceContent(level, with: content)
        connectClose(level)
        let isTop = shown[level] && shown.lastIndex(of: true) == level
        if isTop, hadFocus || root.flatMap({ gtk_root_get_focus($0) }) == nil {
            focusContent(level)
        }
        driver.frames.setNeedsDisplay()
        controllerDidChange()
    }
}
