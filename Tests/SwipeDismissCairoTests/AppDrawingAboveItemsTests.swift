import Foundation
import RawCairoBaseline
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster
import SwipeDismissTestSupport
import XCTest

/// An app drawing placed `.aboveItems` shows over the sheet's own background, header and
/// rows (a `.belowItems` one is hidden by them), in exported frames and in composed ones, and
/// costs a moving frame nothing.
final class AppDrawingAboveItemsTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)
    private let presenter = SheetPresenter()
    /// The badge, in the sheet layer's coordinates: 40 pt square at the header's right end.
    private var badge: Rect {
        let sheet = presenter.sheetFrame(viewport: viewport)
        return Rect(x: sheet.maxX - 56, y: sheet.minY + 8, width: 40, height: 40)
    }

    /// The sheet scene with the sheet `offset` points below `large`.
    private func scene(offset: Double) -> Scene {
        var scene = presenter.makeScene(viewport: viewport)
        let state = DismissState(
            time: 0, offset: offset, alpha: 0.3, progress: 0, phase: .presented)
        presenter.update(&scene, for: state, direction: .down, scroll: 0)
        return scene
    }

    private func drawBadge(_ red: Double, _ green: Double) -> CairoDrawing {
        let badge = badge
        return { context, _ in
            context.setSource(Color(red: red, green: green, blue: 0))
            context.addRect(badge)
            context.fill()
        }
    }

    private func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("app-drawing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    /// The PNG pixel at the badge's centre with the sheet at medium (`offset` 337.6 below
    /// large, 422 pt down), for a badge drawn with `placement` (nil: none).
    private func exportedBadgePixel(_ placement: CairoDrawingPlacement?) throws
        -> CairoImage.Pixel
    {
        let renderer = try CairoPNGRenderer(folder: try temporaryFolder(), viewport: viewport)
        if let placement {
            renderer.painter.setDrawing(
                for: .content, opaque: false, placement: placement, drawBadge(1, 0))
        }
        let offset = 844 * 0.5 - 84.4
        try renderer.render(
            scene(offset: offset),
            state: DismissState(time: 0, offset: offset, alpha: 0.3, progress: 0, phase: .presented)
        )
        let image = try CairoImage(pngPath: renderer.path(forFrame: 0))
        return image.pixel(x: Int(badge.center.x), y: Int((badge.center.y + offset).rounded(.down)))
    }

    func testABadgeDrawnAboveTheSheetsItemsShowsInTheExportedPNG() throws {
        let red = CairoImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
        XCTAssertEqual(try exportedBadgePixel(.aboveItems), red)
        // Under the items, the sheet's white background hides it: the pixel is the sheet's own.
        let sheetsOwn = try exportedBadgePixel(nil)
        XCTAssertEqual(sheetsOwn, CairoImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        XCTAssertEqual(try exportedBadgePixel(.belowItems), sheetsOwn)
    }

    func testTheComposedSheetKeepsTheBadgeInItsRasterAndRedrawsItOnlyWhenAsked() throws {
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        let compositor = CairoCompositor()
        compositor.rasterizesOnFirstDraw = true
        compositor.snapsMovesToWholePixels = true
        var calls = 0
        var green = 0.0
        let badge = badge
        compositor.painter.setDrawing(for: .content, opaque: false, placement: .aboveItems) {
            context, _ in
            calls += 1
            context.setSource(Color(red: 1, green: green, blue: 0))
            context.addRect(badge)
            context.fill()
        }
        func pixel(offset: Double) -> UInt32 {
            surface.flush()
            let words = surface.copyPixelWords()
            return words[Int(badge.center.y + offset) * 390 + Int(badge.center.x)] & 0xFF_FFFF
        }
        _ = try compositor.compose(scene(offset: 300), into: target, scale: 1)
        XCTAssertEqual(pixel(offset: 300), 0xFF0000)
        XCTAssertEqual(calls, 1)
        let rasterizations = compositor.layerRasterizations
        // Whole-pixel moves: the sheet comes from its raster, the badge with it.
        for step in 1...10 {
            _ = try compositor.compose(
                scene(offset: 300 + Double(step) * 10), into: target, scale: 1)
            XCTAssertEqual(pixel(offset: 300 + Double(step) * 10), 0xFF0000, "step \(step)")
            // Where the badge's top was a frame ago is the sheet's white header now.
            XCTAssertEqual(pixel(offset: 300 + Double(step) * 10 - 24), 0xFFFFFF, "step \(step)")
            XCTAssertGreaterThan(compositor.cachedLayersLastFrame, 0)
        }
        XCTAssertEqual(calls, 1, "the drawing is part of the sheet's raster")
        XCTAssertEqual(compositor.layerRasterizations, rasterizations)

        green = 1
        compositor.painter.setNeedsDisplay(of: .content)
        _ = try compositor.compose(scene(offset: 400), into: target, scale: 1)
        XCTAssertEqual(pixel(offset: 400), 0xFFFF00)
        XCTAssertEqual(calls, 2)
    }

    /// Moving the sheet by whole pixels after its raster is made: the same allocations with
    /// no drawing and with a badge above the items (the badge is in the raster).
    func testMovingFramesAllocateTheSameWithAndWithoutADrawing() throws {
        try requireAllocationCounter()
        func movingAllocations(drawing: Bool) throws -> Int {
            let surface = try CairoSurface(imageWidth: 390, height: 844)
            let target = try CairoFrameSurface(surface)
            let compositor = CairoCompositor()
            compositor.rasterizesOnFirstDraw = true
            compositor.snapsMovesToWholePixels = true
            if drawing {
                compositor.painter.setDrawing(
                    for: .content, opaque: false, placement: .aboveItems, drawBadge(1, 0))
            }
            var frames: [Scene] = []
            for step in 0..<70 { frames.append(scene(offset: 200 + Double(step) * 3)) }
            for warmUp in 0..<10 {
                _ = try compositor.compose(frames[warmUp], into: target, scale: 1)
            }
            raw_alloc_counter_start()
            for step in 10..<70 { _ = try compositor.compose(frames[step], into: target, scale: 1) }
            return raw_alloc_counter_stop()
        }
        let without = try movingAllocations(drawing: false)
        let with = try movingAllocations(drawing: true)
        print("allocations over 60 moving frames: \(without) without a drawing, \(with) with one")
        // What a move costs is cairo's own compositing of the raster (13 a frame here), the
        // same with the badge: it is in the raster, so nothing is drawn or kept for it.
        XCTAssertEqual(with, without)
        XCTAssertLessThanOrEqual(without, 60 * 13)
    }
}
