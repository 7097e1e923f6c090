import SwipeDismiss
import XCTest

@testable import SwipeDismissCairo

/// A compositor whose window went idle gives back its layer rasters and keeps knowing what
/// the surface holds: an unchanged frame repaints nothing, and the next drag frame, which
/// makes the rasters again, is the same bytes a compositor that never let go draws.
final class CairoCompositorRasterReleaseTests: XCTestCase {
    private func compose(
        _ compositor: CairoCompositor, _ scene: Scene, on context: CairoContext
    ) throws -> PixelRect? {
        try compositor.compose(scene, on: context, scale: 1, pixelWidth: 390, pixelHeight: 844)
    }

    private func bytes(_ surface: CairoSurface) throws -> [UInt8] {
        try surface.withImagePixels { bytes, _, _, _ in Array(bytes) }
    }

    func testReleasedRastersAreMadeAgainOnTheNextDragFrameWithTheSamePixels() throws {
        // Whole rasters: packed ones are kept on release (CairoPackedRasterTests).
        let released = CairoCompositor()
        released.packsRasters = false
        let kept = CairoCompositor()
        kept.packsRasters = false
        let releasedSurface = try CairoSurface(imageWidth: 390, height: 844)
        let keptSurface = try CairoSurface(imageWidth: 390, height: 844)
        let releasedContext = try CairoContext(surface: releasedSurface)
        let keptContext = try CairoContext(surface: keptSurface)

        // A drag of six frames, then rest where the drag left the card.
        for step in 0...6 {
            let offset = Double(step * 5)
            let scene = draggedCardScene(offset: offset, alpha: 0.3 - offset / 1000)
            _ = try compose(released, scene, on: releasedContext)
            _ = try compose(kept, scene, on: keptContext)
        }
        XCTAssertTrue(released.holdsRasters)
        XCTAssertEqual(released.layerRasterizations, 2, "the screen and the card")

        released.releaseRasters()
        XCTAssertFalse(released.holdsRasters)
        // The surface is still known: the same scene again changes nothing.
        XCTAssertNil(
            try compose(released, draggedCardScene(offset: 30, alpha: 0.27), on: releasedContext))

        // The next drag: the first frame makes both rasters again and draws the same bytes.
        for step in 7...12 {
            let offset = Double(step * 5)
            let scene = draggedCardScene(offset: offset, alpha: 0.3 - offset / 1000)
            let releasedDamage = try compose(released, scene, on: releasedContext)
            let keptDamage = try compose(kept, scene, on: keptContext)
            XCTAssertEqual(releasedDamage, keptDamage, "offset \(offset)")
            XCTAssertEqual(try bytes(releasedSurface), try bytes(keptSurface), "offset \(offset)")
        }
        XCTAssertTrue(released.holdsRasters)
        XCTAssertEqual(released.layerRasterizations, 4, "made again, once each")
        XCTAssertEqual(kept.layerRasterizations, 2)
    }

    func testReleasingWithoutRastersChangesNothing() throws {
        let compositor = CairoCompositor()
        XCTAssertFalse(compositor.holdsRasters)
        compositor.releaseRasters()
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let context = try CairoContext(surface: surface)
        XCTAssertNotNil(
            try compose(compositor, draggedCardScene(offset: 0, alpha: 0.3), on: context))
        XCTAssertFalse(compositor.holdsRasters, "a still first frame is drawn directly")
    }
}
