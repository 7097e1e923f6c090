import CCairo
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissRaster

/// The hand-written blends (one-pass dim, dimmed rows as fills, rows blended one by one) are
/// used only with the cairo they reproduce; the plain path, cairo blending, draws the same
/// bytes; and a layer too wide for a raster is drawn directly instead of failing.
final class CairoCompositorPlainPathTests: XCTestCase {
    /// A compositor set up as the X11 renderer sets its own up.
    private func windowCompositor(exactBlends: Bool) -> CairoCompositor {
        let compositor = CairoCompositor()
        compositor.leavesSolidRows = true
        compositor.snapsMovesToWholePixels = true
        compositor.rasterizesOnFirstDraw = true
        compositor.usesExactBlends = exactBlends
        return compositor
    }

    func testTheFastBlendsAreOnOnlyWithTheCairoTheyAreProvenAgainst() {
        XCTAssertEqual(CairoRounding.linkedVersion, Int(cairo_version()))
        XCTAssertEqual(CairoRounding.provenVersion, 11600, "cairo 1.16.0")
        XCTAssertEqual(
            CairoCompositor().usesExactBlends, Int(cairo_version()) == 11600,
            "linked cairo \(String(cString: cairo_version_string()))")
    }

    func testThePlainPathDrawsTheFastPathsBytesEveryFrameOfADrag() throws {
        let fast = windowCompositor(exactBlends: true)
        let plain = windowCompositor(exactBlends: false)
        let fastTarget = try CairoFrameSurface(try CairoSurface(imageWidth: 390, height: 844))
        let plainTarget = try CairoFrameSurface(try CairoSurface(imageWidth: 390, height: 844))
        var onePassFrames = 0
        var dimmedFills = 0
        // A drag down and back, with fractional offsets (snapped) and dims one 8-bit step apart.
        var frames: [(Double, Double)] = []
        for step in 0..<30 { frames.append((Double(step) * 5.25, 0.4 - Double(step) * 0.0041)) }
        for step in 0..<10 { frames.append((150 - Double(step) * 15.5, 0.3)) }
        for (index, (offset, alpha)) in frames.enumerated() {
            let scene = draggedCardScene(offset: offset, alpha: alpha)
            let fastPlan = try fast.compose(scene, into: fastTarget, scale: 1)
            _ = try plain.compose(scene, into: plainTarget, scale: 1)
            if fast.dimWrittenInOnePassLastFrame { onePassFrames += 1 }
            XCTAssertFalse(plain.dimWrittenInOnePassLastFrame, "frame \(index): plain path")
            for band in fastPlan?.bands ?? [] {
                if case .solid = band.content, band.y < 300 { dimmedFills += 1 }
            }
            let fastBytes = fastTarget.withCompletePixels { surface, _ in surface.copyPixelWords() }
            let plainBytes = plainTarget.withCompletePixels { surface, _ in
                surface.copyPixelWords()
            }
            let differing = differingPixelCount(fastBytes, plainBytes, width: 1024)
            XCTAssertEqual(differing, 0, "frame \(index) (offset \(offset), alpha \(alpha))")
        }
        // The comparison means something only if the fast path ran where it can.
        if CairoRounding.blendsAreProven {
            XCTAssertGreaterThan(onePassFrames, 20, "frames whose dim was written in one pass")
            XCTAssertGreaterThan(dimmedFills, 20, "dimmed rows above the card left as fills")
        }
    }

    func testALayerWiderThanCairosLargestRasterIsDrawnDirectly() throws {
        // A 32767-pixel window: its full-width layers cover 32769 pixels with their
        // antialiasing margin, one past the largest image cairo makes.
        let width = 32767
        let height = 64
        let presenter = CardPresenter()
        var scene = presenter.makeScene(
            viewport: Size(width: Double(width), height: Double(height)))
        let target = try CairoFrameSurface(try CairoSurface(imageWidth: width, height: height))
        let compositor = windowCompositor(exactBlends: CairoRounding.blendsAreProven)
        for (offset, alpha) in [(0.0, 0.3), (5.0, 0.295), (12.0, 0.288)] {
            presenter.update(
                &scene,
                for: DismissState(
                    time: 0, offset: offset, alpha: alpha, progress: 0, phase: .dragging),
                direction: .down)
            XCTAssertNotNil(try compositor.compose(scene, into: target, scale: 1))
            let reference = try CairoSurface(imageWidth: width, height: height)
            CairoPainter().paint(scene, on: try CairoContext(surface: reference), scale: 1)
            let composed = target.withCompletePixels { surface, _ in surface.copyPixelWords() }
            var largest = 0
            for (a, b) in zip(composed, reference.copyPixelWords()) where a != b {
                for shift in [0, 8, 16] {
                    largest = max(
                        largest,
                        abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
            }
            XCTAssertLessThanOrEqual(largest, 1, "offset \(offset): within one grey level")
        }
    }
}
