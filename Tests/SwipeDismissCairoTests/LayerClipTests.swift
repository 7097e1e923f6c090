import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissNull
import SwipeDismissRaster
import XCTest

/// `Layer.clip`, the rounded rectangle a photo zooming into its source is drawn through: the
/// painter shows nothing of the layer outside it (its corners included), and the X11 and
/// Wayland compositor draws the same pixels, repainting only where the photo was and is.
final class LayerClipTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    /// The repository's root, found from this file's path.
    private var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    private func paint(_ scene: Scene, painter: CairoPainter = CairoPainter()) throws -> CairoImage
    {
        let surface = try CairoSurface(
            imageWidth: Int(scene.size.width), height: Int(scene.size.height))
        let context = try CairoContext(surface: surface)
        try painter.prepareImages(in: scene)
        painter.paint(scene, on: context, scale: 1)
        try context.checkStatus()
        return CairoImage(surface: surface)
    }

    func testAClippedLayerShowsOnlyInsideItsRoundedRectangleThroughItsTransform() throws {
        var content = Layer(
            role: .content, items: [.rect(Rect(x: 0, y: 0, width: 100, height: 100), fill: .white)])
        // The clip (20…80 with radius 10) under a 2× scale then a move by (10, 10): on
        // screen 50…170, radius 20.
        content.clip = LayerClip(rect: Rect(x: 20, y: 20, width: 60, height: 60), cornerRadius: 10)
        content.transform = Transform.scale(2, about: .zero).concatenating(
            .translation(Point(x: 10, y: 10)))
        let scene = Scene(
            size: Size(width: 200, height: 200),
            layers: [
                Layer(
                    role: .presenting,
                    items: [.rect(Rect(x: 0, y: 0, width: 200, height: 200), fill: .black)]),
                content,
            ])
        let image = try paint(scene)
        func white(_ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y).red == 255 }
        func black(_ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y).red == 0 }
        XCTAssertTrue(white(110, 110), "inside")
        XCTAssertTrue(white(51, 110), "inside the left edge")
        XCTAssertTrue(white(168, 110), "inside the right edge")
        XCTAssertTrue(black(48, 110), "left of the clip")
        XCTAssertTrue(black(171, 110), "right of the clip")
        XCTAssertTrue(black(110, 48), "above the clip")
        // The corner square's outer pixel is outside a 20 px radius: (52, 52) lies 22.6 px
        // from the arc's centre (70, 70).
        XCTAssertTrue(black(52, 52), "the rounded top-left corner")
        XCTAssertTrue(black(167, 167), "the rounded bottom-right corner")
        XCTAssertTrue(white(58, 58) || image.pixel(x: 58, y: 58).red > 0, "just inside the arc")
        XCTAssertTrue(white(66, 66), "inside the arc")
    }

    /// The photo flying into a 120 × 120 source with radius 12, frame by frame at 30 fps as
    /// a controller dismisses it: the compositor's frames (on one retained surface) match the
    /// painter's, each within one grey level, up to the frame that shows it landed.
    func testAZoomingPhotoComposesLikeThePainter() throws {
        let presenter = PhotoPresenter()
        presenter.sourceProvider = {
            ZoomSource(frame: Rect(x: 20, y: 300, width: 120, height: 120), cornerRadius: 12)
        }
        let clock = ManualClock()
        let controller = DismissController(
            input: QueuedInputSource(), presenter: presenter,
            renderer: NullRenderer(viewport: viewport), clock: clock, configuration: .photo())
        let painter = CairoPainter()
        painter.images.register(
            PhotoPresenter.photoName, pngPath: root + "/" + PhotoPresenter.bundledPhotoPath)
        let compositor = CairoCompositor(painter: CairoPainter(images: painter.images))
        var scene = presenter.makeScene(viewport: viewport)
        let composed = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(composed)
        controller.dismiss()
        var frames = 0
        var lastProgress = 0.0
        // Until the flight ends and hides the photo (a landing rests on the source for at
        // least one 30 fps frame first); the deadline only stops a flight that never ends.
        while controller.isAnimating, frames < 300 {
            clock.advance(by: 1.0 / 30)
            try controller.step()
            let state = controller.state
            guard state.phase != .dismissed, let zoom = state.zoom else { break }
            presenter.update(&scene, for: state, direction: .free)
            _ = try compositor.compose(scene, into: target, scale: 1)
            let direct = try CairoSurface(imageWidth: 390, height: 844)
            try painter.prepareImages(in: scene)
            painter.paint(scene, on: try CairoContext(surface: direct), scale: 1)
            XCTAssertLessThanOrEqual(largestDifference(composed, direct), 1, "frame \(frames)")
            lastProgress = zoom.progress
            frames += 1
        }
        XCTAssertGreaterThan(frames, 4, "the flight is drawn over several frames")
        XCTAssertEqual(lastProgress, 1, "the last frame drawn shows the photo landed")
        // Landed: the photo is in the source and nowhere else (sky blue at its top-left,
        // inside the rounded corner; the grey backdrop-free screen around it).
        let image = CairoImage(surface: composed)
        let inside = image.pixel(x: 30, y: 310)
        XCTAssertGreaterThan(Int(inside.blue) - Int(inside.red), 60, "the photo inside the source")
        let outside = image.pixel(x: 17, y: 310)
        XCTAssertLessThan(abs(Int(outside.blue) - Int(outside.red)), 12, "left of the source")
        let corner = image.pixel(x: 20, y: 300)
        XCTAssertLessThan(abs(Int(corner.blue) - Int(corner.red)), 12, "the rounded corner")
    }

    private func largestDifference(_ a: CairoSurface, _ b: CairoSurface) -> Int {
        let x = a.copyPixelWords()
        let y = b.copyPixelWords()
        XCTAssertEqual(x.count, y.count)
        var largest = 0
        for index in x.indices where index < y.count && x[index] != y[index] {
            for shift: UInt32 in [0, 8, 16] {
                let p = Int((x[index] >> shift) & 0xFF)
                let q = Int((y[index] >> shift) & 0xFF)
                largest = max(largest, abs(p - q))
            }
        }
        return largest
    }
}
