internal import CCairo

extension CairoSurface {
    /// An image surface's pixels as cairo stores them (one native 32-bit word each, ARGB32
    /// premultiplied or xRGB24), row by row; empty for surfaces that are not images.
    ///
    /// For comparing whole frames quickly (`cairo_image_surface_get_data`).
    public func copyPixelWords() -> [UInt32] {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else { return [] }
        let width = Int(cairo_image_surface_get_width(pointer))
        let height = Int(cairo_image_surface_get_height(pointer))
        let stride = Int(cairo_image_surface_get_stride(pointer))
        var words: [UInt32] = []
        words.reserveCapacity(width * height)
        for row in 0..<height {
            let line = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            words.append(contentsOf: UnsafeBufferPointer(start: line, count: width))
        }
        return words
    }
}
