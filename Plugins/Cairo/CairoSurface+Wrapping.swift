internal import CCairo

extension CairoSurface {
    /// Bytes per row of an RGB24 image `width` pixels wide, as cairo lays it out
    /// (`cairo_format_stride_for_width`); 0 or less for a width cairo refuses.
    package static func rgb24Stride(width: Int) -> Int {
        Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(clamping: width)))
    }

    /// An RGB24 image surface over `data` (`cairo_image_surface_create_for_data`), laid out
    /// `stride` bytes a row: for pixels another owner keeps, such as an X11 image's memory.
    /// The memory must outlive the surface, or `finish()` must be called before it is freed.
    package convenience init(
        wrappingRGB24 data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int
    ) throws(CairoError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767,
            stride >= Self.rgb24Stride(width: width)
        else {
            throw CairoError(
                operation: "cairo_image_surface_create_for_data",
                status: Int32(CAIRO_STATUS_INVALID_SIZE.rawValue),
                reason: "invalid image size \(width)x\(height), stride \(stride)")
        }
        let raw = cairo_image_surface_create_for_data(
            data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(width),
            Int32(height), Int32(stride))!
        try self.init(adopting: raw)
    }
}
