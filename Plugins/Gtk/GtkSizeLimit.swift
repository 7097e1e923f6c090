import SwipeDismiss

/// The largest content a GTK window can hold: GTK draws the window whole, client-side
/// decorations (title bar, shadows) around the content included, into one surface that must
/// pass `PixelLimit` (each side at most 32 767 px, at most 2³¹ − 1 bytes). A size past it
/// makes GTK abort mid-run (Wayland: `--size` sides from 32 740, or 23 171 × 23 171), so a
/// host refuses it up front.
public enum GtkSizeLimit {
    /// Pixels allowed on each axis for what GTK draws around the content.
    public static let decorationAllowance = 128

    /// Why a window whose content is `width` × `height` points at `scale` cannot be drawn by
    /// GTK; nil when it can.
    public static func problem(width: Int, height: Int, scale: Double = 1) -> String? {
        let allowance = Double(decorationAllowance)
        guard
            PixelLimit.problem(
                width: Double(width) * scale + allowance,
                height: Double(height) * scale + allowance, scale: 1) != nil
        else { return nil }
        let side = PixelLimit.maximumSide - decorationAllowance
        return "GTK draws a window whole, its decorations included: at most \(side) px a side "
            + "and \(PixelLimit.maximumPixels) px of window"
    }
}
