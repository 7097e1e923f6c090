internal import CCairo

/// The cairo whose rounding the compositor's hand-written blends reproduce.
///
/// The one-pass dim (`CairoDim`), the dimmed rows left as fills, and the row-by-row OVER of
/// a raster (`CairoLayerCache`) write the bytes pixman's `MUL_UN8` and cairo 1.16's
/// `_cairo_color_double_to_short` give, proven byte for byte against that cairo by the tests
/// (`CairoCompositorDimTests`, `CairoPackedRasterTests`). Another cairo may round otherwise,
/// so with any other version the compositor lets cairo blend (the plain path), which is the
/// same pixels there by definition, a little slower.
enum CairoRounding {
    /// `CAIRO_VERSION_ENCODE(1, 16, 0)`: the version the blends are proven against.
    static let provenVersion = 1 * 10000 + 16 * 100 + 0
    /// The version of the cairo linked at run time (`cairo_version()`).
    static let linkedVersion = Int(cairo_version())
    /// Whether the hand-written blends may be used with the linked cairo.
    static let blendsAreProven = linkedVersion == provenVersion
}
