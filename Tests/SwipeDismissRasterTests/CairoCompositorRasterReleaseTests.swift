import SwipeDismiss
import XCTest

@testable import SwipeDismissCairo
@testable import SwipeDismissRaster

/// A compositor whose window went idle gives back its layer rasters and keeps knowing what
/// the surface holds: an unchanged frame repaints nothing, and the next drag frame, which
/// makes the rasters again, is the same bytes a compositor that never let go draws.
final class CairoCompositorRasterReleaseTests: XCTestCase {
    private func compose(
        _ compositor: CairoCompositor, _ scene: Scene, on frame: CairoFrameSurface
    ) throws -> PixelRect? {
        try compositor.compose(scene, into: frame, scale: 1)?.damage
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
        let releasedFrame = try CairoFrameSurface(releasedSurface)
        let keptFrame = try CairoFrameSurface(keptSurface)

        // A drag of six frames, then rest where the drag left the card.
        for step in 0...6 {
            let offset = Double(step * 5)
            let scene = draggedCardScene(offset: offset, alpha: 0.3 - offset / 1000)
            _ = try compose(released, scene, on: releasedFrame)
            _ = try compose(kept, scene, on: keptFrame)
        }
        XCTAssertTrue(released.holdsRasters)
        XCTAssertEqual(released.layerRasterizations, 2, "the screen and the card")

        released.releaseRasters()
        XCTAssertFalse(released.holdsRasters)
        // The surface is still known: the same scene again changes nothing.
        XCTAssertNil(
            try compose(released, draggedCardScene(offset: 30, alpha: 0.27), on: releasedFrame))

        // The next drag: the first frame makes both rasters again and draws the same bytes.
        for step in 7...12 {
            let offset = Double(step * 5)
            let scene = draggedCardScene(offset: offset, alpha: 0.3 - offset / 1000)
            let releasedDamage = try compose(released, scene, on: releasedFrame)
            let keptDamage = try compose(kept, scene, on: keptFrame)
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
        let target = try CairoFrameSurface(surface)
        XCTAssertNotNil(
            try compose(compositor, draggedCardScene(offset: 0, alpha: 0.3), on: target))
        XCTAssertFalse(compositor.holdsRasters, "a still first frame is drawn directly")
    }
}
