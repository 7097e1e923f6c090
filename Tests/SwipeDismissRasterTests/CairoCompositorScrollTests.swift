import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster
import XCTest

/// The compositor against the painter for frames that scroll a clip group or scale a layer:
/// the same pixels within one grey level, frame after frame on one retained surface.
final class CairoCompositorScrollTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    /// The repository's root, found from this file's path.
    private var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    private func state(offset: Double, alpha: Double) -> DismissState {
        DismissState(time: 0, offset: offset, alpha: alpha, progress: 0, phase: .dragging)
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

    /// Composes `scenes` one after another on one surface and checks each frame against the
    /// painter's frame drawn from scratch.
    private func assertComposedFramesMatchThePainter(
        _ scenes: [Scene], compositor: CairoCompositor, painter: CairoPainter,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let composed = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(composed)
        for (number, scene) in scenes.enumerated() {
            _ = try compositor.compose(scene, into: target, scale: 1)?.damage
            let direct = try CairoSurface(imageWidth: 390, height: 844)
            painter.paint(scene, on: try CairoContext(surface: direct), scale: 1)
            XCTAssertLessThanOrEqual(
                largestDifference(composed, direct), 1, "frame \(number)", file: file, line: line)
        }
    }

    func testScrolledSheetFramesMatchThePainter() throws {
        let presenter = SheetPresenter()
        var scene = presenter.makeScene(viewport: viewport)
        var scenes: [Scene] = []
        // At rest twice (the second frame makes the raster), then scrolled (the raster is
        // dropped and the list drawn directly), held (rasterised again at the new offset),
        // the sheet moved with the list held, and scrolled by a fraction of a point.
        let poses: [(offset: Double, scroll: Double)] = [
            (0, 0), (0, 0), (0, 123), (0, 123), (0, 123), (40, 123), (40, 123.5), (40, 900),
            (40, 0),
        ]
        for pose in poses {
            presenter.update(
                &scene, for: state(offset: pose.offset, alpha: 0.3), direction: .down,
                scroll: pose.scroll)
            scenes.append(scene)
        }
        let compositor = CairoCompositor()
        try assertComposedFramesMatchThePainter(
            scenes, compositor: compositor, painter: CairoPainter())
        XCTAssertGreaterThan(compositor.layerRasterizations, 0)
    }

    func testAScrollAloneRepaintsOnlyTheListsWindow() throws {
        let presenter = SheetPresenter()
        var scene = presenter.makeScene(viewport: viewport)
        let surface = try CairoSurface(imageWidth: 390, height: 844)
        let target = try CairoFrameSurface(surface)
        let compositor = CairoCompositor()
        let rest = state(offset: 0, alpha: 0.3)
        func frame(_ scroll: Double) throws -> PixelRect? {
            presenter.update(&scene, for: rest, direction: .down, scroll: scroll)
            return try compositor.compose(scene, into: target, scale: 1)?.damage
        }
        XCTAssertEqual(try frame(0), PixelRect(x: 0, y: 0, width: 390, height: 844))
        XCTAssertNil(try frame(0))
        // The list's clip starts at 140.4: its box, one pixel to spare, runs from row 139
        // to the bottom edge.
        XCTAssertEqual(try frame(57.5), PixelRect(x: 0, y: 139, width: 390, height: 705))
        XCTAssertNil(try frame(57.5))
    }

    func testScaledPhotoFramesMatchThePainter() throws {
        let presenter = PhotoPresenter()
        let painter = CairoPainter()
        painter.images.register(
            PhotoPresenter.photoName, pngPath: root + "/Examples/Assets/photo.png")
        let compositor = CairoCompositor(painter: CairoPainter(images: painter.images))
        var scene = presenter.makeScene(viewport: viewport)
        var scenes: [Scene] = []
        for (x, y) in [(0.0, 0.0), (0.0, 0.0), (12.0, 30.0), (-80.0, 150.0), (200.0, 260.0)] {
            let distance = Point(x: x, y: y).length
            presenter.update(
                &scene,
                for: state(
                    offset: distance, alpha: PhotoPresenter.backdropAlpha(forDistance: distance)),
                translation: Point(x: x, y: y))
            scenes.append(scene)
        }
        try assertComposedFramesMatchThePainter(scenes, compositor: compositor, painter: painter)
        // One store, one decode, however many frames and painters used it.
        XCTAssertEqual(painter.images.decodeCount, 1)
    }

    func testTheBundledPhotoIsTheSizeThePresenterAssumes() throws {
        let image = try CairoImage(pngPath: root + "/" + PhotoPresenter.bundledPhotoPath)
        XCTAssertEqual(Double(image.width), PhotoPresenter.bundledPhotoSize.width)
        XCTAssertEqual(Double(image.height), PhotoPresenter.bundledPhotoSize.height)
    }
}
