internal import CWayland
import Glibc

/// The arrow shown over the window: `left_ptr` of the cursor theme (`XCURSOR_THEME`,
/// `XCURSOR_SIZE`, else the default theme at 24 px, which libwayland-cursor carries built in
/// when no theme is installed), on a surface of its own, set on every `wl_pointer.enter`.
/// Without it a compositor may leave the last client's cursor, or none, over the window.
final class WaylandCursor {
    /// Kept so the connection outlives the cursor's surface (destroyed in `deinit`).
    private let display: WaylandDisplay
    private let theme: OpaquePointer
    private let surface: OpaquePointer
    private let hotspot: (x: Int32, y: Int32)

    /// Nil when the theme or its arrow cannot be loaded (the pointer still works).
    init?(display: WaylandDisplay) {
        guard let shm = display.shm, let compositor = display.compositor else { return nil }
        let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) } ?? 24
        guard let theme = wl_cursor_theme_load(getenv("XCURSOR_THEME"), size > 0 ? size : 24, shm)
        else { return nil }
        guard let cursor = wl_cursor_theme_get_cursor(theme, "left_ptr"),
            cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
            let buffer = wl_cursor_image_get_buffer(image),
            let surface = wl_compositor_create_surface(compositor)
        else {
            wl_cursor_theme_destroy(theme)
            return nil
        }
        self.display = display
        self.theme = theme
        self.surface = surface
        hotspot = (Int32(image.pointee.hotspot_x), Int32(image.pointee.hotspot_y))
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
    }

    deinit {
        wl_surface_destroy(surface)
        wl_cursor_theme_destroy(theme)
    }

    /// Shows the arrow for the `enter` with `serial`.
    func show(on pointer: OpaquePointer, serial: UInt32) {
        wl_pointer_set_cursor(pointer, serial, surface, hotspot.x, hotspot.y)
    }
}
