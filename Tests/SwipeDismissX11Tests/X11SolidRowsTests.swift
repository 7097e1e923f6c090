import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// Flat rows go to the window as solid fills, rows repeating rows above as puts from those
/// rows, and rows a moved card shows again are not sent at all; the window must show exactly
/// what sending every changed pixel shows.
final class X11SolidRowsTests: XCTestCase {
    private var display: X11Display!

    override func tearDown() {
        display = nil
    }

    /// The default scene with the card moved down `offset` px under a dim of `alpha`.
    private func frame(offset: Double, alpha: Double) -> Scene {
        let presenter = CardPresenter()
        var scene = presenter.makeScene(viewport: Size(width: 390, height: 844))
        let state = DismissState(
            time: 0, offset: offset, alpha: alpha, progress: offset / 844, phase: .dragging)
        presenter.update(&scene, for: state, direction: .down)
        return scene
    }

    /// A drag: the card moving 5 px a frame, the dim's alpha falling (by less than one 8-bit
    /// step on some frames), a frame where only the alpha moves, and one back up.
    private var drag: [(offset: Double, alpha: Double)] {
        var frames: [(Double, Double)] = []
        for step in 0..<24 { frames.append((Double(step * 5), 0.4 - Double(step) * 0.003)) }
        frames.append((115, 0.25))
        frames.append((90, 0.25))
        frames.append((90, 0.3))
        return frames
    }

    /// What the image path (every changed pixel drawn into memory) shows for each frame.
    private func imagePathFrames() throws -> [[UInt32]] {
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        // Made like the window's: the first frame rasterises.
        let compositor = CairoCompositor()
        compositor.rasterizesOnFirstDraw = true
        var frames: [[UInt32]] = []
        for (offset, alpha) in drag {
            _ = try compositor.compose(frame(offset: offset, alpha: alpha), into: target, scale: 1)
            surface.flush()
            frames.append(surface.copyPixelWords().map { $0 & 0xFF_FFFF })
        }
        return frames
    }

    private func assertFillsShowTheImagePath(_ presentation: X11Presentation) throws {
        display = try openTestDisplay()
        let window = try X11Window(
            display: display, title: "SwipeDismiss solid rows test", width: 390, height: 844)
        let renderer = try X11Renderer(window: window, presentation: presentation)
        XCTAssertEqual(renderer.presentation, presentation)
        XCTAssertTrue(renderer.compositor.leavesSolidRows)
        window.map()
        display.sync()
        let expected = try imagePathFrames()
        var solidBands = 0
        var unchangedBands = 0
        var repeatBands = 0
        // Pixels sent or filled, and what they would be across the whole changed box.
        var sentPixels = 0
        var boxPixels = 0
        var bands: [CairoRowBand] = []
        renderer.framePlanObserver = { plan in bands.append(contentsOf: plan.bands) }
        for (index, (offset, alpha)) in drag.enumerated() {
            bands.removeAll()
            try renderer.render(
                frame(offset: offset, alpha: alpha),
                state: DismissState(
                    time: 0, offset: offset, alpha: alpha, progress: 0, phase: .dragging))
            for band in bands {
                switch band.content {
                case .pixels, .solid:
                    boxPixels += band.height * 390
                    sentPixels += band.height * (band.columns?.count ?? 390)
                case .repeats, .unchanged: break
                }
                switch band.content {
                case .solid: solidBands += 1
                case .unchanged: unchangedBands += 1
                case .repeats: repeatBands += 1
                case .pixels: break
                }
            }
            display.sync()
            let shown = try XCTUnwrap(window.readPixels(x: 0, y: 0, width: 390, height: 844))
            let differing = differingPixelCount(shown, expected[index], width: 390)
            XCTAssertEqual(differing, 0, "frame \(index) (offset \(offset), alpha \(alpha))")
        }
        XCTAssertGreaterThan(solidBands, 100, "flat rows sent as fills")
        XCTAssertGreaterThan(unchangedBands, 20, "rows the moved card shows again left alone")
        XCTAssertGreaterThan(repeatBands, 20, "repeated rows put from the rows they repeat")
        // The card's text, button and lines moved: only the columns they span changed.
        XCTAssertLessThan(sentPixels, boxPixels * 9 / 10, "\(sentPixels) of \(boxPixels) pixels")
        let last = try XCTUnwrap(window.readPixels(x: 0, y: 0, width: 390, height: 844))

        // Our memory lacks the filled and repeated rows until the frame is needed whole: read
        // back, or shown again after an Expose.
        let buffer = try XCTUnwrap(renderer.readBackBuffer(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(differingPixelCount(buffer, expected[expected.count - 1], width: 390), 0)
        XCTAssertEqual(differingPixelCount(buffer, last, width: 390), 0, "memory as the window")
        XCTAssertTrue(renderer.redisplayLastFrame())
        display.sync()
        let again = try XCTUnwrap(window.readPixels(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(differingPixelCount(again, expected[expected.count - 1], width: 390), 0)
    }

    func testSharedMemoryFillsAndRepeatsShowExactlyTheImagePathsPixels() throws {
        try assertFillsShowTheImagePath(.sharedMemory)
    }

    func testPutImageFillsAndRepeatsShowExactlyTheImagePathsPixels() throws {
        try assertFillsShowTheImagePath(.putImage)
    }
}
