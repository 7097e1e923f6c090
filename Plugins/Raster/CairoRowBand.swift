/// A run of whole rows of a frame's changed box and what they hold, for a presenter that
/// sends the box to a window: pixels to copy, one solid colour to fill, rows to copy from
/// further up the surface, or nothing.
package struct CairoRowBand: Equatable, Sendable {
    /// What the rows hold, across the changed box's whole width.
    package enum Content: Equatable, Sendable {
        /// The surface holds the new pixels: copy them.
        case pixels
        /// Every pixel is this colour (`0xRRGGBB`), which the surface may lack: fill it.
        case solid(UInt32)
        /// The rows show what rows `fromY..<fromY + height` of this frame show (rows of
        /// pixels, above these), which the surface lacks here: copy those rows of the
        /// surface, across the box, to these.
        case repeats(fromY: Int)
        /// The window already shows these rows as they should be.
        case unchanged
    }

    /// The first row, in device pixels.
    package var y: Int
    /// How many rows.
    package var height: Int
    /// What the rows hold.
    package var content: Content
    /// For pixels or a solid colour, the columns outside which the window already shows these
    /// rows as they should be, when that is fewer than the box's (nil: the whole width).
    package var columns: Range<Int>?

    /// A band of `height` rows from `y` holding `content`.
    package init(y: Int, height: Int, content: Content) {
        self.y = y
        self.height = height
        self.content = content
    }
}
