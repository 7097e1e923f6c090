import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissX11
import XCTest

/// A window as wide as X and cairo allow draws its frames: its full-width layers, one
/// antialiasing pixel to spare on each side, are too wide for a layer raster, so they are
/// drawn directly (the first frame used to fail with "invalid layer raster size 32769x…").
final class X11WideWindowTests: XCTestCase {
    private var display: X11Display!

    override func tearDown() {
        display = nil
    }

    private func assertDrawsADrag(width: Int, presentation: X11Presentation) throws {
        display = try openTestDisplay()
        let window = try X11Window(
            display: display, title: "SwipeDismiss wide window test", width: width, height: 64)
        let renderer = try X11Renderer(window: window, presentation: presentation)
        let presenter = CardPresenter()
        var scene = presenter.makeScene(viewport: renderer.viewport)
        for (offset, alpha) in [(0.0, 0.3), (6.0, 0.294), (13.0, 0.287)] {
            let state = DismissState(
                time: 0, offset: offset, alpha: alpha, progress: 0, phase: .dragging)
            presenter.update(&scene, for: state, direction: .down)
            XCTAssertNoThrow(try renderer.render(scene, state: state), "width \(width)")
        }
        XCTAssertEqual(renderer.framesRendered, 3)
        // The last frame is the painter's, within one grey level.
        let reference = try CairoSurface(imageWidth: width, height: 64)
        CairoPainter().paint(scene, on: try CairoContext(surface: reference), scale: 1)
        let expected = reference.copyPixelWords()
        let shown = try XCTUnwrap(renderer.readBackBuffer(x: 0, y: 0, width: width, height: 64))
        var largest = 0
        for (a, b) in zip(shown, expected) where a & 0xFF_FFFF != b & 0xFF_FFFF {
            for shift: UInt32 in [0, 8, 16] {
                largest = max(largest, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
            }
        }
        XCTAssertLessThanOrEqual(largest, 1, "width \(width): the frame as the painter draws it")
    }

    func testWindows32766And32767PixelsWideDrawThroughSharedMemory() throws {
        try assertDrawsADrag(width: 32766, presentation: .sharedMemory)
        try assertDrawsADrag(width: 32767, presentation: .sharedMemory)
    }

    func testA32767PixelWideWindowDrawsThroughPutImage() throws {
        try assertDrawsADrag(width: 32767, presentation: .putImage)
    }
}
