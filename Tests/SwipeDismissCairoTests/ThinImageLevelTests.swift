import SwipeDismiss
import XCTest

@testable import SwipeDismissCairo

/// An image drawn under one pixel on one axis is reduced by its other axis: a 32 767 × 1 px
/// photo drawn as a storyboard thumbnail (97 × 0.003 pt) was drawn whole, and the PDF
/// backend, padding it past 32 767 px, refused the storyboard.
final class ThinImageLevelTests: XCTestCase {
    func testAThinImageIsReducedByItsLongAxis() {
        let wide = Size(width: 32767, height: 1)
        // 32767 / 97 ≈ 337.8: halved 7 times leaves 256 px, at least twice 97.
        XCTAssertEqual(
            CairoImageStore.level(imageSize: wide, drawnSize: Size(width: 97, height: 0.003)), 7)
        XCTAssertEqual(
            CairoImageStore.level(
                imageSize: Size(width: 1, height: 32767), drawnSize: Size(width: 0.003, height: 97)),
            7)
        // Both axes at a pixel or more: the smaller ratio decides, as before.
        XCTAssertEqual(
            CairoImageStore.level(imageSize: wide, drawnSize: Size(width: 97, height: 1)), 0)
    }

    func testAThinImageDrawnIntoAPDFAtAThumbnailScaleLeavesTheSurfaceSound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swipedismiss-thin-\(getpid())-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (width, height) in [(32767, 1), (1, 32767)] {
            let path = folder + "/thin-\(width)x\(height).png"
            let image = try CairoSurface(imageWidth: width, height: height)
            try image.writePNG(to: path)
            let store = CairoImageStore()
            store.register("thin", pngPath: path)
            let painter = CairoPainter(images: store)
            let viewport = Size(width: 390, height: 844)
            let scene = Scene(
                size: viewport,
                layers: [
                    Layer(
                        role: .content,
                        items: [
                            .image(
                                .named("thin"), frame: Rect(x: 0, y: 0, width: 390, height: 844),
                                fit: .aspectFit)
                        ])
                ])
            let pdf = try CairoSurface(pdfPath: folder + "/board.pdf", width: 842, height: 595)
            let context = try CairoContext(surface: pdf)
            context.translate(x: 28.3, y: 50.7)
            painter.paint(scene, on: context, scale: 97.0 / 390)
            XCTAssertNoThrow(try context.checkStatus("\(width)x\(height)"))
            try pdf.finish()
        }
    }
}
