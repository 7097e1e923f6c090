/// Input constants every host shares, so the window systems agree.
public enum HostInput {
    /// How far one notch of a mouse wheel scrolls, in points: X's buttons 4–7, Wayland's
    /// `axis_discrete` / `axis_value120` and GDK's scroll steps all move this much.
    /// Chromium's X11 `kWheelScrollAmount` ("also the value used for GTK+"), about one 44 pt
    /// list row and a bit.
    public static let wheelPointsPerNotch = 53.0
}
