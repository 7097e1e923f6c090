import CCairo
import SwipeDismiss
import XCTest

@testable import SwipeDismissCairo
@testable import SwipeDismissRaster

/// A layer raster of mostly repeated rows keeps only its distinct rows, and everything drawn
/// from it is the same bytes a whole raster gives: the copied and dimmed rows, the card's
/// corners blended row by row, and cairo's own compositing after unpacking.
final class CairoPackedRasterTests: XCTestCase {
    /// Every byte of an image surface (RGB24 ones included).
    private func bytes(_ surface: CairoSurface) throws -> [UInt8] {
        surface.flush()
        let data = try XCTUnwrap(surface.imageData)
        return Array(
            UnsafeRawBufferPointer(start: data, count: surface.imageStride * surface.pixelHeight))
    }

    /// The frames of a drag, a rest and a spring, composed by a compositor that packs and
    /// one that keeps every raster whole, on `format` targets; calls `check` after each.
    private func composeBoth(
        format: cairo_format_t = CAIRO_FORMAT_ARGB32,
        _ scenes: [Scene], check: (CairoCompositor, CairoCompositor, Int) throws -> Void
    ) throws {
        let packing = CairoCompositor()
        let whole = CairoCompositor()
        whole.packsRasters = false
        let opaque = format == CAIRO_FORMAT_RGB24
        let packingSurface = try CairoSurface(mappedImageWidth: 390, height: 844, opaque: opaque)
        let wholeSurface = try CairoSurface(mappedImageWidth: 390, height: 844, opaque: opaque)
        let packingFrame = try CairoFrameSurface(packingSurface)
        let wholeFrame = try CairoFrameSurface(wholeSurface)
        for (index, scene) in scenes.enumerated() {
            let packed = try packing.compose(scene, into: packingFrame, scale: 1)?.damage
            let kept = try whole.compose(scene, into: wholeFrame, scale: 1)?.damage
            XCTAssertEqual(packed, kept, "frame \(index)")
            XCTAssertEqual(try bytes(packingSurface), try bytes(wholeSurface), "frame \(index)")
            try check(packing, whole, index)
        }
    }

    /// Two `format` surfaces holding the same random opaque pixels, as a window's frame is.
    private func twoTargets(width: Int, height: Int, format: cairo_format_t) throws
        -> (CairoSurface, CairoSurface)
    {
        let opaque = format == CAIRO_FORMAT_RGB24
        let first = try CairoSurface(mappedImageWidth: width, height: height, opaque: opaque)
        let second = try CairoSurface(mappedImageWidth: width, height: height, opaque: opaque)
        for target in [first, second] {
            var random = SeededRandom(seed: 0xD57)
            try target.withImagePixelsForWriting { pixels, width, height, stride in
                for row in 0..<height {
                    let line = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                    for column in 0..<width {
                        line[column] = 0xFF00_0000 | UInt32(random.next() & 0xFF_FFFF)
                    }
                }
            }
        }
        return (first, second)
    }

    private func drag() -> [Scene] {
        (0...24).map { step in
            let offset = Double(step * 5)
            return draggedCardScene(offset: offset, alpha: 0.3 - offset / 1000)
        }
    }

    func testPackedRastersKeepAFifthOfTheRowsAndDrawTheSameBytesOverADrag() throws {
        for format in [CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24] {
            try composeBoth(format: format, drag()) { packing, whole, index in
                guard index > 0 else { return }
                XCTAssertEqual(packing.layerRasterizations, 2, "the screen and the card, once")
                XCTAssertEqual(whole.layerRasterizations, 2)
                XCTAssertFalse(packing.holdsRasters, "nothing whole to give back")
                XCTAssertTrue(whole.holdsRasters)
                // 844 screen rows and the card's 516 (its 490 pt, the spare rows of its box
                // and the shadow above it), whole.
                XCTAssertEqual(whole.rasterRowsKept, 1360)
                XCTAssertLessThan(packing.rasterRowsKept, 1360 / 4)
            }
        }
    }

    func testReleasingKeepsPackedRastersAndTheNextDragDrawsNothingAnew() throws {
        let scenes = drag()
        let compositor = CairoCompositor()
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        for scene in scenes[0...10] {
            _ = try compositor.compose(scene, into: target, scale: 1)?.damage
        }
        let kept = compositor.rasterRowsKept
        compositor.releaseRasters()
        XCTAssertEqual(compositor.rasterRowsKept, kept, "packed rasters stay")
        for scene in scenes[11...] {
            _ = try compositor.compose(scene, into: target, scale: 1)?.damage
        }
        XCTAssertEqual(compositor.layerRasterizations, 2, "no raster made again")
    }

    func testATranslucentCardIsUnpackedForCairoAndDrawsTheSameBytes() throws {
        var scenes = drag()
        for index in scenes.indices where index >= 12 {
            // The card fades: cairo paints it with an alpha, from the whole raster.
            let card = scenes[index].layers.lastIndex { $0.role == .content }!
            scenes[index].layers[card].opacity = 1 - Double(index - 11) / 20
        }
        try composeBoth(scenes) { packing, _, index in
            if index >= 12 {
                XCTAssertTrue(packing.holdsRasters, "the card's raster is whole again")
            }
        }
    }

    func testRowByRowOverWritesTheBytesCairosOverDoes() throws {
        // Every source alpha, with colours up to it (premultiplied), over random targets.
        var random = SeededRandom(seed: 0x5EED)
        let width = 256
        let height = 64
        let source = try CairoSurface(imageWidth: width, height: height)
        try source.withImagePixelsForWriting { pixels, width, height, stride in
            for row in 0..<height {
                let line = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width {
                    let alpha = UInt32(column)
                    func channel() -> UInt32 { UInt32(random.next() % UInt64(alpha + 1)) }
                    line[column] = alpha << 24 | channel() << 16 | channel() << 8 | channel()
                }
            }
        }
        for format in [CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24] {
            let (byCairo, byHand) = try twoTargets(width: width, height: height, format: format)
            let context = try CairoContext(surface: byCairo)
            cairo_set_source_surface(context.pointer, source.pointer, 0, 0)
            cairo_paint(context.pointer)
            byCairo.flush()
            source.flush()
            for row in 0..<height {
                let from = UnsafeRawPointer(source.imageData! + row * source.imageStride)
                    .assumingMemoryBound(to: UInt32.self)
                let to = (byHand.imageData! + row * byHand.imageStride)
                    .assumingMemoryBound(to: UInt32.self)
                CairoLayerCache.over(from, onto: to, count: width)
            }
            byHand.markDirty()
            XCTAssertEqual(try bytes(byHand), try bytes(byCairo), "format \(format.rawValue)")
        }
    }

    func testACardBlendedRowByRowFromPackedRowsIsWhatCairosOverWrites() throws {
        let scene = draggedCardScene(offset: 0, alpha: 0.3)
        let card = try XCTUnwrap(scene.layers.lastIndex { $0.role == .content })
        // The card's box with room above it (its shadow) and every pixel blended.
        let box = PixelRect(x: 0, y: 330, width: 390, height: 514)
        let packed = try CairoLayerCache(
            layer: scene.layers[card], box: box, opaque: false, scale: 1,
            painter: CairoPainter(), rowColumns: 20..<370)
        let whole = try CairoLayerCache(
            layer: scene.layers[card], box: box, opaque: false, scale: 1,
            painter: CairoPainter(), rowColumns: 20..<370, packs: false)
        XCTAssertEqual(
            packed.keptRows, 96, "the distinct rows, though the table looks at fewer columns")
        let wholeSurface = try XCTUnwrap(whole.surface)
        for format in [CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24] {
            let (byHand, byCairo) = try twoTargets(width: 390, height: 844, format: format)
            // Moved down 37 px and cut by the surface's bottom edge.
            let clip = PixelRect(x: 0, y: 0, width: 390, height: 844)
            try packed.composite(
                on: try CairoContext(surface: byHand), dx: 0, dy: 37, opacity: 1, clip: clip,
                opaque: .empty)
            let context = try CairoContext(surface: byCairo)
            cairo_set_source_surface(context.pointer, wholeSurface.pointer, 0, 330 + 37)
            cairo_rectangle(context.pointer, 0, 330 + 37, 390, 844 - 330 - 37)
            cairo_fill(context.pointer)
            XCTAssertEqual(try bytes(byHand), try bytes(byCairo), "format \(format.rawValue)")
            XCTAssertTrue(packed.isPacked, "blended from the packed rows")
        }
    }

    func testPackingAndUnpackingGiveTheRasterBackByteForByte() throws {
        // Rows from four templates, so a quarter or fewer are distinct, and one of all-random
        // rows, which is not worth packing.
        var random = SeededRandom(seed: 7)
        let templates = (0..<4).map { _ in (0..<50).map { _ in UInt32(random.next() & 0xFFFF_FFFF) }
        }
        let surface = try CairoSurface(mappedImageWidth: 50, height: 40, opaque: false)
        try surface.withImagePixelsForWriting { pixels, width, height, stride in
            for row in 0..<height {
                let line = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                let template = templates[Int(random.next() % 4)]
                for column in 0..<width { line[column] = template[column] }
            }
        }
        // A table over two columns only: rows it classes together are compared whole.
        let table = CairoRowTable(surface: surface, columns: 0..<2)
        let packed = try XCTUnwrap(try CairoPackedRaster(surface, classes: table.classes))
        XCTAssertLessThanOrEqual(packed.lines.pixelHeight, 4)
        let unpacked = try packed.unpacked(
            box: PixelRect(x: 0, y: 0, width: 50, height: 40), opaque: false)
        XCTAssertEqual(try bytes(unpacked), try bytes(surface))

        try surface.withImagePixelsForWriting { pixels, width, height, stride in
            for row in 0..<height {
                let line = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width { line[column] = UInt32(random.next() & 0xFFFF_FFFF) }
            }
        }
        let randomTable = CairoRowTable(surface: surface, columns: 0..<50)
        XCTAssertNil(
            try CairoPackedRaster(surface, classes: randomTable.classes), "every row distinct")
    }
}
