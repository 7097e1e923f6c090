import RawCairoBaseline
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster
import XCTest

/// The retained-layer compositor draws what the painter draws (within one grey level),
/// rasterises each costly layer once, and reports only the box that changed.
final class CairoCompositorTests: XCTestCase {
    private let presenter = CardPresenter()
    private let viewport = Size(width: 390, height: 844)

    private func state(offset: Double, alpha: Double, phase: DismissPhase = .dragging)
        -> DismissState
    {
        DismissState(time: 0, offset: offset, alpha: alpha, progress: 0, phase: phase)
    }

    /// The red, green and blue bytes of an opaque image surface, pixel after pixel.
    private func bytes(_ surface: CairoSurface) -> [UInt8] {
        var result: [UInt8] = []
        for word in surface.copyPixelWords() {
            result.append(UInt8(truncatingIfNeeded: word >> 16))
            result.append(UInt8(truncatingIfNeeded: word >> 8))
            result.append(UInt8(truncatingIfNeeded: word))
        }
        return result
    }

    private func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        XCTAssertEqual(a.count, b.count)
        if a == b { return 0 }
        var largest = 0
        for index in a.indices where index < b.count {
            largest = max(largest, abs(Int(a[index]) - Int(b[index])))
        }
        return largest
    }

    /// The painter's frame for `frameState`, drawn from scratch.
    private func painted(_ frameState: DismissState) throws -> [UInt8] {
        var scene = presenter.makeScene(viewport: viewport)
        presenter.update(&scene, for: frameState, direction: .down)
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let context = try CairoContext(surface: surface)
        CairoPainter().paint(scene, on: context, scale: 1)
        return bytes(surface)
    }

    func testEveryFrameOfADragMatchesThePainterWithinOneGreyLevel() throws {
        let compositor = CairoCompositor()
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        var scene = presenter.makeScene(viewport: viewport)
        let frames = [
            state(offset: 0, alpha: 0.3, phase: .presented),
            state(offset: 40, alpha: 0.26),
            state(offset: 100, alpha: 0.2),
            state(offset: 100.5, alpha: 0.1995),  // a spring's fractional offset
            state(offset: 230, alpha: 0.1),
            state(offset: 260, alpha: 0.1),  // the floor: only the card moves
            state(offset: -12, alpha: 0.3),  // rubber band upwards
            state(offset: 500, alpha: 0, phase: .dismissed),
            state(offset: 0, alpha: 0.3, phase: .presented),
        ]
        for frame in frames {
            presenter.update(&scene, for: frame, direction: .down)
            _ = try compositor.compose(scene, into: target, scale: 1)?.damage
            let difference = largestDifference(bytes(surface), try painted(frame))
            XCTAssertLessThanOrEqual(difference, 1, "offset \(frame.offset) alpha \(frame.alpha)")
        }
        XCTAssertGreaterThan(compositor.cachedLayersLastFrame, 0, "the rest frame used caches")
    }

    func testCostlyLayersAreRasterisedOnceAndOnlyAgainWhenTheirContentChanges() throws {
        let compositor = CairoCompositor()
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        var scene = presenter.makeScene(viewport: viewport)
        for step in 0..<30 {
            let offset = Double(step * 5)
            presenter.update(
                &scene, for: state(offset: offset, alpha: 0.3 - offset / 1000),
                direction: .down)
            _ = try compositor.compose(scene, into: target, scale: 1)?.damage
        }
        // The presenting screen and the card; the backdrop is one rectangle, filled directly.
        XCTAssertEqual(compositor.layerRasterizations, 2)
        XCTAssertEqual(compositor.cachedLayersLastFrame, 2)

        // Equal content laid out again is recognised as equal: nothing is rasterised again.
        scene = presenter.makeScene(viewport: viewport)
        presenter.update(&scene, for: state(offset: 5, alpha: 0.295), direction: .down)
        _ = try compositor.compose(scene, into: target, scale: 1)?.damage
        XCTAssertEqual(compositor.layerRasterizations, 2)
        // A new card title is new content for the card layer only.
        scene = CardPresenter(title: "Pull to close").makeScene(viewport: viewport)
        presenter.update(&scene, for: state(offset: 10, alpha: 0.29), direction: .down)
        _ = try compositor.compose(scene, into: target, scale: 1)?.damage
        presenter.update(&scene, for: state(offset: 15, alpha: 0.285), direction: .down)
        _ = try compositor.compose(scene, into: target, scale: 1)?.damage
        XCTAssertEqual(compositor.layerRasterizations, 3)
    }

    func testOnlyTheChangedBoxIsRepaintedAndAnUnchangedFrameRepaintsNothing() throws {
        let compositor = CairoCompositor()
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        var scene = presenter.makeScene(viewport: viewport)
        presenter.update(&scene, for: state(offset: 220, alpha: 0.1), direction: .down)
        let first = try compositor.compose(scene, into: target, scale: 1)?.damage
        XCTAssertEqual(first, PixelRect(x: 0, y: 0, width: 390, height: 844))
        XCTAssertNil(
            try compositor.compose(scene, into: target, scale: 1)?.damage)
        // At the alpha floor the backdrop is unchanged: the box spans the card's old and new
        // tops (354 + 220 and 354 + 230, one pixel to spare) down to the bottom edge.
        presenter.update(&scene, for: state(offset: 230, alpha: 0.1), direction: .down)
        let moved = try compositor.compose(scene, into: target, scale: 1)?.damage
        XCTAssertEqual(moved, PixelRect(x: 0, y: 573, width: 390, height: 844 - 573))
        // A change of scale starts over with the whole surface.
        let again = try compositor.compose(scene, into: target, scale: 0.5)?.damage
        XCTAssertEqual(again, PixelRect(x: 0, y: 0, width: 390, height: 844))
    }

    func testSnappingPlacesAFractionalMoveAtTheNearestWholePixelFromTheRaster() throws {
        // An animation's frames, as a window shows them: from the card's raster, at the
        // nearest whole pixel, the same bytes a whole-pixel frame there gets.
        let snapping = CairoCompositor()
        snapping.snapsMovesToWholePixels = true
        let snapped = try CairoSurface(imageWidth: 390, height: 844)
        let snappedFrame = try CairoFrameSurface(snapped)
        var scene = presenter.makeScene(viewport: viewport)
        let exact = CairoCompositor()
        let reference = try CairoSurface(imageWidth: 390, height: 844)
        let referenceFrame = try CairoFrameSurface(reference)
        var referenceScene = presenter.makeScene(viewport: viewport)
        for (offset, whole) in [
            (0.0, 0.0), (40.0, 40.0), (100.4, 100.0), (100.6, 101.0), (157.5, 158.0),
        ] {
            let alpha = 0.3 - offset / 1000
            presenter.update(&scene, for: state(offset: offset, alpha: alpha), direction: .down)
            _ = try snapping.compose(scene, into: snappedFrame, scale: 1)?.damage
            presenter.update(
                &referenceScene, for: state(offset: whole, alpha: alpha), direction: .down)
            _ = try exact.compose(referenceScene, into: referenceFrame, scale: 1)?.damage
            XCTAssertEqual(bytes(snapped), bytes(reference), "offset \(offset) shows as \(whole)")
            if offset > 40 {
                XCTAssertEqual(snapping.cachedLayersLastFrame, 2, "offset \(offset): from rasters")
            }
        }
        XCTAssertEqual(snapping.layerRasterizations, 2, "no raster made again for a fraction")

        // Without snapping, a fractional move draws the card anew where it is.
        presenter.update(&referenceScene, for: state(offset: 100.4, alpha: 0.2), direction: .down)
        _ = try exact.compose(referenceScene, into: referenceFrame, scale: 1)?.damage
        XCTAssertEqual(exact.cachedLayersLastFrame, 1, "only the presenting screen's raster")
    }

    func testTheRawCBaselineDrawsTheFrameworksSceneExactly() throws {
        let cases: [(offset: Double, alpha: Double, visible: Bool, size: Size)] = [
            (0, 0.3, true, viewport), (137, 0.163, true, viewport), (250, 0.1, true, viewport),
            (0, 0, false, viewport), (60, 0.24, true, Size(width: 800, height: 600)),
        ]
        for item in cases {
            let width = Int(item.size.width)
            let height = Int(item.size.height)
            var scene = presenter.makeScene(viewport: item.size)
            let phase: DismissPhase = item.visible ? .dragging : .dismissed
            presenter.update(
                &scene, for: state(offset: item.offset, alpha: item.alpha, phase: phase),
                direction: .down)
            let framework = try CairoSurface(imageWidth: width, height: height)
            CairoPainter().paint(scene, on: try CairoContext(surface: framework), scale: 1)
            let raw = try CairoSurface(imageWidth: width, height: height)
            let rawContext = try CairoContext(surface: raw)
            withExtendedLifetime(rawContext) {
                raw_cairo_draw_card_scene(
                    rawContext.pointer, item.size.width, item.size.height, 1, item.offset,
                    item.alpha, item.visible ? 1 : 0)
            }
            let a = framework.copyPixelWords()
            let b = raw.copyPixelWords()
            let first = a.indices.first { $0 < b.count && a[$0] != b[$0] }
            XCTAssertEqual(a.count, b.count)
            XCTAssertNil(
                first.map { "(\($0 % width), \($0 / width))" },
                "first differing pixel: offset \(item.offset) alpha \(item.alpha) "
                    + "visible \(item.visible) \(width)x\(height)")
        }
    }
}
