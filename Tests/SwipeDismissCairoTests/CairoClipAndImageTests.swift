import Foundation
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissRaster
import XCTest

/// Clip groups, image items and scaled layers, painted by cairo and read back as pixels.
final class CairoClipAndImageTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "clip-image-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A 40×20 test PNG: a white column 4 px wide at the left, then quadrants red (top
    /// left), green (top right), blue (bottom left) and yellow (bottom right).
    private func quadrantPNG() throws -> String {
        let surface = try CairoSurface(imageWidth: 40, height: 20)
        let context = try CairoContext(surface: surface)
        let fills: [(Rect, Color)] = [
            (Rect(x: 0, y: 0, width: 20, height: 10), Color(red: 1, green: 0, blue: 0)),
            (Rect(x: 20, y: 0, width: 20, height: 10), Color(red: 0, green: 1, blue: 0)),
            (Rect(x: 0, y: 10, width: 20, height: 10), Color(red: 0, green: 0, blue: 1)),
            (Rect(x: 20, y: 10, width: 20, height: 10), Color(red: 1, green: 1, blue: 0)),
            (Rect(x: 0, y: 0, width: 4, height: 20), .white),
        ]
        for (rect, color) in fills {
            context.setSource(color)
            context.addRect(rect)
            context.fill()
        }
        let path = folder + "/quadrants.png"
        try surface.writePNG(to: path)
        return path
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

    private func background(_ size: Size) -> Layer {
        Layer(
            role: .presenting,
            items: [
                .rect(Rect(x: 0, y: 0, width: size.width, height: size.height), fill: .black)
            ])
    }

    private func assertColour(
        _ image: CairoImage, _ x: Int, _ y: Int, _ rgb: (Int, Int, Int),
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let pixel = image.pixel(x: x, y: y)
        let got = (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
        XCTAssert(
            abs(got.0 - rgb.0) <= 2 && abs(got.1 - rgb.1) <= 2 && abs(got.2 - rgb.2) <= 2,
            "pixel (\(x), \(y)) is \(got), expected \(rgb)", file: file, line: line)
    }

    func testAClipGroupDrawsNothingOutsideItsClipAndScrollsByItsOffset() throws {
        let size = Size(width: 100, height: 100)
        // White stripes 10 pt tall every 20 pt from y = 20, full width, seen through a
        // 60 × 40 window at (20, 20).
        let stripes = (0..<10).map { k -> Item in
            .rect(Rect(x: 0, y: 20 + 20 * Double(k), width: 100, height: 10), fill: .white)
        }
        var list = Layer(
            role: .content, items: [],
            clipGroup: ClipGroup(clip: Rect(x: 20, y: 20, width: 60, height: 40), items: stripes))
        var image = try paint(Scene(size: size, layers: [background(size), list]))
        assertColour(image, 50, 25, (255, 255, 255))  // stripe 0, inside the clip
        assertColour(image, 50, 45, (255, 255, 255))  // stripe 1
        assertColour(image, 10, 25, (0, 0, 0))  // stripe 0, left of the clip
        assertColour(image, 90, 45, (0, 0, 0))  // stripe 1, right of the clip
        assertColour(image, 50, 65, (0, 0, 0))  // stripe 2, below the clip

        list.clipGroup?.contentOffset = Point(x: 0, y: 10)
        image = try paint(Scene(size: size, layers: [background(size), list]))
        assertColour(image, 50, 25, (0, 0, 0))  // the gap between stripes 0 and 1
        assertColour(image, 50, 35, (255, 255, 255))  // stripe 1 moved up by 10
        assertColour(image, 50, 55, (255, 255, 255))  // stripe 2 moved into the clip
        assertColour(image, 50, 15, (0, 0, 0))  // stripe 0 is above the clip now
    }

    func testASixtyRowListPaintsOnlyItsVisibleRows() throws {
        let presenter = SheetPresenter()
        let viewport = Size(width: 390, height: 844)
        var scene = presenter.makeScene(viewport: viewport)
        let state = DismissState(time: 0, offset: 0, alpha: 0.3, progress: 0, phase: .presented)
        let painter = CairoPainter()
        presenter.update(&scene, for: state, direction: .down)
        _ = try paint(scene, painter: painter)
        // The list area runs from 140.4 to the screen's bottom, 844: rows 1 to 16 (a text
        // and a separator each) show; the other 44 rows are skipped.
        XCTAssertEqual(painter.clippedItemsDrawn, 32)
        XCTAssertEqual(painter.clippedItemsSkipped, 120 - 32)

        // Scrolled by 450 the list shows content 590.4...1294: rows 11 to 26, and row 27's
        // text whose (generous) box reaches into the screen.
        presenter.update(&scene, for: state, direction: .down, scroll: 450)
        _ = try paint(scene, painter: painter)
        XCTAssertEqual(painter.clippedItemsDrawn, 33)
        XCTAssertEqual(painter.clippedItemsSkipped, 120 - 33)
    }

    func testAnImageLandsWhereEachFitModePutsIt() throws {
        let size = Size(width: 100, height: 100)
        let path = try quadrantPNG()
        let painter = CairoPainter()
        func draw(_ fit: ImageFit) throws -> CairoImage {
            let photo = Layer(
                role: .content,
                items: [
                    .image(.file(path), frame: Rect(x: 10, y: 10, width: 80, height: 80), fit: fit)
                ]
            )
            return try paint(
                Scene(size: size, layers: [background(size), photo]), painter: painter)
        }
        let (red, green, blue, yellow) = ((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0))
        // Aspect-fit: scale 2, 80 × 40 at (10, 30), black bars above and below.
        var image = try draw(.aspectFit)
        assertColour(image, 14, 40, (255, 255, 255))
        assertColour(image, 30, 40, red)
        assertColour(image, 70, 40, green)
        assertColour(image, 30, 60, blue)
        assertColour(image, 70, 60, yellow)
        assertColour(image, 50, 20, (0, 0, 0))
        assertColour(image, 50, 80, (0, 0, 0))
        // Aspect-fill: scale 4, 160 × 80 at (-30, 10), cut to the frame: the white column
        // (image x 0...4, at -30...-14) is cut off.
        image = try draw(.aspectFill)
        assertColour(image, 12, 30, red)
        assertColour(image, 70, 30, green)
        assertColour(image, 30, 70, blue)
        assertColour(image, 70, 70, yellow)
        assertColour(image, 5, 50, (0, 0, 0))
        assertColour(image, 95, 50, (0, 0, 0))
        // Stretch: 80 × 80 at (10, 10), the white column 8 px wide.
        image = try draw(.stretch)
        assertColour(image, 13, 30, (255, 255, 255))
        assertColour(image, 30, 30, red)
        assertColour(image, 70, 30, green)
        assertColour(image, 30, 70, blue)
        assertColour(image, 70, 70, yellow)
        assertColour(image, 50, 5, (0, 0, 0))
        // Three modes, three frames, one decode.
        XCTAssertEqual(painter.images.decodeCount, 1)
    }

    func testAScaledLayerDrawsScaled() throws {
        let size = Size(width: 100, height: 100)
        let square = Layer(
            role: .content, transform: .scale(2, about: Point(x: 50, y: 50)),
            items: [.rect(Rect(x: 40, y: 40, width: 20, height: 20), fill: .white)])
        let image = try paint(Scene(size: size, layers: [background(size), square]))
        assertColour(image, 31, 50, (255, 255, 255))
        assertColour(image, 68, 68, (255, 255, 255))
        assertColour(image, 29, 50, (0, 0, 0))
        assertColour(image, 71, 71, (0, 0, 0))

        // Scaled to nothing, it shows nothing and leaves the context usable.
        let gone = Layer(
            role: .content, transform: .scale(0, about: Point(x: 50, y: 50)), items: square.items)
        let blank = try paint(Scene(size: size, layers: [background(size), gone, square]))
        assertColour(blank, 50, 50, (255, 255, 255))
        assertColour(blank, 10, 10, (0, 0, 0))
    }

    func testThePhotoIsDrawnScaledAtItsExpectedRectAndTheBandShowsTheAlpha() throws {
        let presenter = PhotoPresenter(
            image: .file(try quadrantPNG()), imageSize: Size(width: 40, height: 20))
        let viewport = Size(width: 200, height: 200)
        var scene = presenter.makeScene(viewport: viewport)
        let distance = 50.0
        let alpha = PhotoPresenter.backdropAlpha(forDistance: distance)
        let state = DismissState(
            time: 0, offset: distance, alpha: alpha, progress: 0, phase: .dragging)
        presenter.update(&scene, for: state, translation: Point(x: 30, y: 40))
        let image = try paint(scene)
        // Fitted into (0, 24, 200, 152): 200 × 100 at (0, 50); scale 1 - 0.2 · 50/300 about
        // (100, 100), moved by (30, 40): x 33.33...226.67, y 91.67...188.33.
        assertColour(image, 36, 130, (255, 255, 255))
        assertColour(image, 120, 93, (255, 0, 0))
        assertColour(image, 120, 187, (0, 0, 255))
        assertColour(image, 160, 93, (0, 255, 0))
        let grey = Int(((1 - alpha) * 255).rounded())
        // Just outside the photo: the dimmed screen, grey and dark, not the photo's colours.
        for (x, y) in [(120, 89), (31, 130), (120, 191)] {
            let pixel = image.pixel(x: x, y: y)
            XCTAssertLessThanOrEqual(Int(pixel.red), 45, "(\(x), \(y))")
            XCTAssertEqual(Int(pixel.red), Int(pixel.blue), accuracy: 3, "(\(x), \(y))")
        }
        // The white band under a backdrop of alpha 0.833: grey 42.5.
        XCTAssertEqual(Int(image.pixel(x: 5, y: 5).red), grey, accuracy: 1)
        XCTAssertEqual(Int(image.pixel(x: 195, y: 20).green), grey, accuracy: 1)
    }

    func testAMissingOrCorruptPNGIsAnErrorNamingTheFileAndIsNotRetried() throws {
        let missing = folder + "/no-such-photo.png"
        let corrupt = folder + "/corrupt.png"
        try Data("this is not a PNG".utf8).write(to: URL(fileURLWithPath: corrupt))
        for path in [missing, corrupt] {
            let painter = CairoPainter()
            let layer = Layer(
                role: .content,
                items: [
                    .image(
                        .file(path), frame: Rect(x: 0, y: 0, width: 10, height: 10), fit: .stretch)
                ])
            let scene = Scene(size: Size(width: 10, height: 10), layers: [layer])
            for _ in 0..<2 {
                XCTAssertThrowsError(try painter.prepareImages(in: scene)) { error in
                    let error = error as? CairoError
                    XCTAssertEqual(error?.path, path)
                    // A missing file fails at open(2), before cairo is asked to decode.
                    XCTAssertEqual(
                        error?.operation,
                        path == missing ? "open" : "cairo_image_surface_create_from_png")
                    XCTAssertTrue(error?.description.hasPrefix(path + ": ") ?? false)
                }
            }
            XCTAssertEqual(painter.images.decodeCount, 1, "a failed file is not read again")
            // Painting without preparing draws nothing there and reports the error.
            let surface = try CairoSurface(imageWidth: 10, height: 10)
            painter.paint(scene, on: try CairoContext(surface: surface), scale: 1)
            XCTAssertEqual(painter.imageError?.path, path)
            // Every renderer throws it.
            let renderer = try CairoPNGRenderer(
                folder: folder, viewport: scene.size, painter: painter)
            let state = DismissState(time: 0, offset: 0, alpha: 1, progress: 0, phase: .presented)
            XCTAssertThrowsError(try renderer.render(scene, state: state)) {
                XCTAssertEqual(($0 as? CairoError)?.path, path)
            }
            XCTAssertEqual(renderer.framesWritten, 0)
            let compositor = CairoCompositor(painter: painter)
            XCTAssertThrowsError(
                try compositor.compose(scene, into: try CairoFrameSurface(surface), scale: 1)
            ) { XCTAssertEqual(($0 as? CairoError)?.path, path) }
        }
        let unnamed = CairoImageStore()
        XCTAssertThrowsError(try unnamed.image(for: .named("photo"))) {
            XCTAssertTrue("\($0)".contains("\"photo\""))
        }
    }
}
