import Glibc
import SwipeDismiss
import XCTest

@testable import SwipeDismissCairo
@testable import SwipeDismissRaster

/// A row table classes each raster row with the first row showing the same pixels over its
/// columns, and names the rows of one opaque colour, whichever of its shortcuts (the row
/// above, one colour, a hash) settles the row: checked against a plain pixel-by-pixel search.
final class CairoRowTableTests: XCTestCase {
    /// Rows from a small set of templates (flat colours, patterns differing in one pixel,
    /// rows equal but for RGB24's spare byte), repeated next to each other and far apart.
    private func fillRows(
        of surface: CairoSurface, templates: [[UInt32]], seed: UInt64, spareBytes: Bool
    ) throws {
        var random = SeededRandom(seed: seed)
        try surface.withImagePixelsForWriting { pixels, width, height, stride in
            var previous = 0
            for row in 0..<height {
                // Half the rows repeat the one above; the rest pick a template at random.
                let template =
                    random.next() % 2 == 0 ? previous : Int(random.next() % UInt64(templates.count))
                previous = template
                let line = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width {
                    var pixel = templates[template][column]
                    if spareBytes, random.next() % 3 == 0 {
                        pixel = pixel & 0x00FF_FFFF | UInt32(random.next() % 256) << 24
                    }
                    line[column] = pixel
                }
            }
        }
    }

    /// What the table must say, found the slow way.
    private func expected(
        _ surface: CairoSurface, columns: Range<Int>, mask: UInt32, opaqueOnly: Bool
    ) throws -> (classes: [Int32], colours: [UInt32]) {
        surface.flush()
        let bytes = UnsafeRawPointer(surface.imageData!)
        let stride = surface.imageStride
        func pixel(_ row: Int, _ column: Int) -> UInt32 {
            bytes.load(fromByteOffset: row * stride + column * 4, as: UInt32.self) & mask
        }
        var classes: [Int32] = []
        var colours: [UInt32] = []
        for row in 0..<surface.pixelHeight {
            let first = (0...row).first { other in
                columns.allSatisfy { pixel(other, $0) == pixel(row, $0) }
            }!
            classes.append(Int32(first))
            let colour = pixel(row, columns.lowerBound)
            let flat = columns.allSatisfy { pixel(row, $0) == colour }
            colours.append(flat && (!opaqueOnly || colour >> 24 == 0xFF) ? 0xFF00_0000 | colour : 0)
        }
        return (classes, colours)
    }

    /// Checks each row's edge colour and span against a pixel-by-pixel search: outside the
    /// span every pixel in `columns` is the row's first colour, and the span's ends differ.
    private func assertSpans(
        _ table: CairoRowTable, _ surface: CairoSurface, columns: Range<Int>, mask: UInt32,
        _ message: String
    ) {
        surface.flush()
        let bytes = UnsafeRawPointer(surface.imageData!)
        let stride = surface.imageStride
        for row in 0..<surface.pixelHeight {
            func pixel(_ column: Int) -> UInt32 {
                bytes.load(fromByteOffset: row * stride + column * 4, as: UInt32.self) & mask
            }
            let edge = pixel(columns.lowerBound)
            let differing = columns.filter { pixel($0) != edge }
            XCTAssertEqual(table.edges[row], edge, "\(message) row \(row)")
            if let first = differing.first, let last = differing.last {
                XCTAssertEqual(table.spanFrom[row], Int32(first), "\(message) row \(row)")
                XCTAssertEqual(table.spanTo[row], Int32(last + 1), "\(message) row \(row)")
            } else {
                XCTAssertGreaterThan(table.spanFrom[row], table.spanTo[row], "flat row \(row)")
            }
        }
    }

    private func templates(width: Int) -> [[UInt32]] {
        let base: [UInt32] = [0xFF10_2030, 0xFFF2_F2F7, 0x80FF_FFFF, 0xFF00_0000]
        var rows = base.map { [UInt32](repeating: $0, count: width) }
        for column in [0, 1, width / 2, width - 2, width - 1] where (0..<width).contains(column) {
            var row = rows[1]
            row[column] = 0xFF80_8080
            rows.append(row)
        }
        rows.append((0..<width).map { 0xFF00_0000 | UInt32($0 * 2_654_435_761 % 0xFF_FFFF) })
        return rows
    }

    func testClassesAndColoursMatchAPixelByPixelSearchOnRGB24() throws {
        for width in [1, 2, 7, 8, 9, 37, 390] {
            let surface = try CairoSurface(mappedImageWidth: width, height: 120, opaque: true)
            try fillRows(
                of: surface, templates: templates(width: width), seed: UInt64(width),
                spareBytes: true)
            for columns in [0..<width, (width / 3)..<width] where !columns.isEmpty {
                let table = CairoRowTable(surface: surface, columns: columns)
                let truth = try expected(
                    surface, columns: columns, mask: 0x00FF_FFFF, opaqueOnly: false)
                XCTAssertEqual(Array(table.classes), truth.classes, "width \(width) \(columns)")
                XCTAssertEqual(Array(table.colours), truth.colours, "width \(width) \(columns)")
                assertSpans(
                    table, surface, columns: columns, mask: 0x00FF_FFFF, "width \(width) \(columns)"
                )
            }
        }
    }

    func testClassesAndColoursMatchAPixelByPixelSearchOnARGB32() throws {
        for width in [3, 16, 390] {
            let surface = try CairoSurface(mappedImageWidth: width, height: 120, opaque: false)
            try fillRows(
                of: surface, templates: templates(width: width), seed: 7 * UInt64(width),
                spareBytes: false)
            let table = CairoRowTable(surface: surface, columns: 0..<width)
            let truth = try expected(
                surface, columns: 0..<width, mask: 0xFFFF_FFFF, opaqueOnly: true)
            XCTAssertEqual(Array(table.classes), truth.classes, "width \(width)")
            // A flat translucent row (the 0x80 template) is one class but not a fill colour.
            XCTAssertEqual(Array(table.colours), truth.colours, "width \(width)")
            assertSpans(table, surface, columns: 0..<width, mask: 0xFFFF_FFFF, "width \(width)")
        }
    }

    /// A mapped raster starts cleared, is the size and format asked for, and its memory is
    /// unmapped (given back to the system, not to a heap) when the surface goes.
    func testAMappedRasterStartsClearAndIsUnmappedWhenItGoes() throws {
        var address: UnsafeMutableRawPointer?
        var length = 0
        do {
            let surface = try CairoSurface(mappedImageWidth: 390, height: 844, opaque: true)
            XCTAssertEqual(surface.pixelWidth, 390)
            XCTAssertEqual(surface.pixelHeight, 844)
            try surface.withImagePixelsForWriting { pixels, width, height, stride in
                XCTAssertEqual(stride, 390 * 4)
                let words = UnsafeBufferPointer(
                    start: pixels.assumingMemoryBound(to: UInt32.self), count: stride / 4 * height)
                XCTAssertTrue(words.allSatisfy { $0 == 0 }, "cleared")
                address = pixels
                length = stride * height
                _ = width
            }
            XCTAssertTrue(isMapped(address!, length: length))
        }
        XCTAssertFalse(isMapped(address!, length: length), "unmapped with the surface")
    }

    private func isMapped(_ address: UnsafeMutableRawPointer, length: Int) -> Bool {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = UnsafeMutableRawPointer(
            bitPattern: UInt(bitPattern: address) & ~UInt(page - 1))!
        var resident = [UInt8](repeating: 0, count: (length + 2 * page) / page)
        return mincore(start, length, &resident) == 0
    }
}

/// xorshift64*: the same rows on every run.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}

extension CairoSurface {
    /// `withImagePixels` for writing (any image format), then `cairo_surface_mark_dirty`.
    func withImagePixelsForWriting(
        _ body: (_ pixels: UnsafeMutableRawPointer, _ width: Int, _ height: Int, _ stride: Int)
            throws -> Void
    ) throws {
        flush()
        guard let data = imageData else {
            throw CairoError(operation: "cairo_image_surface_get_data", reason: "no pixels")
        }
        try body(data, pixelWidth, pixelHeight, imageStride)
        markDirty()
    }
}
