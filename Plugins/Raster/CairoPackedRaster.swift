internal import CCairo
import Glibc
import SwipeDismissCairo

/// Where each row of a raster's pixels is: a whole image's rows in order, or a packed
/// raster's distinct rows through its slots. Valid while the memory's owner lives.
struct CairoRasterRows {
    /// Row 0 of the pixels.
    let base: UnsafeMutableRawPointer
    /// Bytes from one row of `base` to the next.
    let stride: Int
    /// Per raster row, its row at `base` (nil: raster row `i` is row `i`).
    let slots: UnsafeMutablePointer<Int32>?

    /// The rows of `surface` (an image surface), in order.
    init(whole surface: CairoSurface) throws(CairoError) {
        guard let data = surface.imageData else {
            throw CairoError(
                operation: "cairo_image_surface_get_data",
                reason: "the raster has no pixels to read")
        }
        base = data
        stride = surface.imageStride
        slots = nil
    }

    init(base: UnsafeMutableRawPointer, stride: Int, slots: UnsafeMutablePointer<Int32>?) {
        self.base = base
        self.stride = stride
        self.slots = slots
    }

    /// The first byte of raster row `index`.
    @inline(__always)
    func row(_ index: Int) -> UnsafeMutableRawPointer {
        if let slots { return base + Int(slots[index]) * stride }
        return base + index * stride
    }
}

/// A raster's distinct rows, in the order they first appear, in memory of its own mapping,
/// and per raster row which of them it is.
final class CairoPackedRaster {
    /// The distinct rows.
    let lines: CairoSurface
    /// Per raster row, its row in `lines`.
    let slots: UnsafeMutableBufferPointer<Int32>
    /// The rows, for reading: raster row `i` is `lines`' row `slots[i]`.
    let pixels: CairoRasterRows

    /// Packs `surface` (an image), with `classes` (per row, the first row looking the same
    /// over some columns: rows of one class are compared whole with that class's distinct
    /// rows so far); nil when more than a quarter of its rows are distinct, and the packing
    /// would keep most of it.
    init?(_ surface: CairoSurface, classes: UnsafeMutableBufferPointer<Int32>)
        throws(CairoError)
    {
        let height = surface.pixelHeight
        let width = surface.pixelWidth
        guard let data = surface.imageData, classes.count == height, height > 0 else {
            return nil
        }
        let stride = surface.imageStride
        let bytes = width * 4
        let slots = UnsafeMutableBufferPointer<Int32>.allocate(capacity: height)
        // Per class, its distinct rows so far, chained: the row each first appears at.
        var lastOfClass = [Int32](repeating: -1, count: height)
        var earlierOfClass = [Int32](repeating: -1, count: height)
        var firstRow = [Int32](repeating: 0, count: height)
        var distinct = 0
        for row in 0..<height {
            let rowClass = Int(classes[row])
            var slot = rowClass >= 0 && rowClass < height ? lastOfClass[rowClass] : -1
            while slot >= 0,
                memcmp(data + row * stride, data + Int(firstRow[Int(slot)]) * stride, bytes) != 0
            {
                slot = earlierOfClass[Int(slot)]
            }
            if slot < 0 {
                slot = Int32(distinct)
                firstRow[distinct] = Int32(row)
                if rowClass >= 0, rowClass < height {
                    earlierOfClass[distinct] = lastOfClass[rowClass]
                    lastOfClass[rowClass] = slot
                }
                distinct += 1
            }
            slots[row] = slot
        }
        guard distinct * 4 <= height else {
            slots.deallocate()
            return nil
        }
        let lines: CairoSurface
        do {
            lines = try CairoSurface(
                mappedImageWidth: width, height: distinct,
                opaque: cairo_image_surface_get_format(surface.pointer) == CAIRO_FORMAT_RGB24)
        } catch {
            slots.deallocate()
            throw error
        }
        guard let target = lines.imageData else {
            slots.deallocate()
            throw CairoError(
                operation: "cairo_image_surface_get_data", reason: "no pixels to pack rows into")
        }
        let lineStride = lines.imageStride
        for slot in 0..<distinct {
            (target + slot * lineStride).copyMemory(
                from: data + Int(firstRow[slot]) * stride, byteCount: bytes)
        }
        lines.markDirty()
        self.lines = lines
        self.slots = slots
        pixels = CairoRasterRows(base: target, stride: lineStride, slots: slots.baseAddress)
    }

    deinit {
        slots.deallocate()
    }

    /// The whole raster again, byte for byte.
    func unpacked(box: PixelRect, opaque: Bool) throws(CairoError) -> CairoSurface {
        let surface = try CairoSurface(
            mappedImageWidth: box.width, height: box.height, opaque: opaque)
        guard let data = surface.imageData else { return surface }
        let stride = surface.imageStride
        let rows = pixels
        for row in 0..<box.height {
            (data + row * stride).copyMemory(from: rows.row(row), byteCount: box.width * 4)
        }
        surface.markDirty()
        return surface
    }
}
