import RawCairoBaseline
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster
import SwipeDismissTestSupport
import XCTest

/// The compositor's row plan: rows a moved card shows again are left alone, flat rows can be
/// left to the presenter, and either way the frame is what drawing every changed pixel gives.
final class CairoCompositorRowPlanTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    private func pixels(_ surface: CairoSurface) -> [UInt32] {
        surface.flush()
        return surface.copyPixelWords().map { $0 & 0xFF_FFFF }
    }

    func testFlatRowsLeftToThePresenterAreTheImagePathsPixelsOnceWrittenIn() throws {
        let imageSurface = try CairoSurface(imageWidth: 390, height: 844)
        let imageFrame = try CairoFrameSurface(imageSurface)
        let image = CairoCompositor()
        let planSurface = try CairoSurface(imageWidth: 390, height: 844)
        let planFrame = try CairoFrameSurface(planSurface)
        let plan = CairoCompositor()
        plan.leavesSolidRows = true
        var solidRows = 0
        var unchangedRows = 0
        for step in 0..<20 {
            let scene = draggedCardScene(
                offset: Double(step * 5), alpha: 0.4 - Double(step) * 0.004)
            let box = try image.compose(scene, into: imageFrame, scale: 1)?.damage
            let framePlan = try plan.compose(scene, into: planFrame, scale: 1)
            XCTAssertEqual(framePlan?.damage, box)
            var covered = 0
            for band in framePlan?.bands ?? [] {
                covered += band.height
                switch band.content {
                case .solid(let colour):
                    solidRows += band.height
                    // The fill's colour is what the image path drew in that band.
                    let drawn = pixels(imageSurface)
                    for row in band.y..<(band.y + band.height) {
                        XCTAssertEqual(drawn[row * 390 + 195], colour, "frame \(step) row \(row)")
                    }
                case .unchanged: unchangedRows += band.height
                case .pixels, .repeats: break
                }
            }
            XCTAssertEqual(covered, box?.height ?? 0, "bands cover the changed box")
        }
        XCTAssertGreaterThan(solidRows, 1000)
        XCTAssertGreaterThan(unchangedRows, 1000)
        XCTAssertTrue(planFrame.lacksRows, "the last frame left flat rows to the presenter")
        let whole = planFrame.withCompletePixels { surface, _ in pixels(surface) }
        XCTAssertEqual(differingPixelCount(whole, pixels(imageSurface), width: 1024), 0)
    }

    func testSteadyDragFramesWithTheRowPlanAllocateNothingThatGrows() throws {
        try requireAllocationCounter()
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        let compositor = CairoCompositor()
        compositor.leavesSolidRows = true
        let presenter = CardPresenter()
        var scene = presenter.makeScene(viewport: viewport)
        var state = DismissState(time: 0, offset: 0, alpha: 0.4, progress: 0, phase: .dragging)
        var step = 0
        func next() throws {
            step += 1
            state.offset = Double(step % 60) * 5
            state.alpha = 0.4 - Double(step % 60) * 0.004
            presenter.update(&scene, for: state, direction: .down)
            _ = try compositor.compose(scene, into: target, scale: 1)?.damage
        }
        for _ in 0..<5 { try next() }  // the rasters and their tables are made here
        raw_alloc_counter_start()
        for _ in 0..<60 { try next() }
        let first = raw_alloc_counter_stop()
        raw_alloc_counter_start()
        for _ in 0..<60 { try next() }
        let second = raw_alloc_counter_stop()
        print("allocations per drag frame: \(Double(first) / 60), \(Double(second) / 60)")
        XCTAssertEqual(second, first, "nothing accumulates")
    }
}
