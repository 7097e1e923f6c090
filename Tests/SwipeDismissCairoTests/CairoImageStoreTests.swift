import Foundation
import SwipeDismiss
import XCTest

@testable import SwipeDismissCairo

/// The image store opens only regular files, refuses pictures over its pixel limit from
/// their header, and draws an image shown far smaller than it is from a reduced copy.
final class CairoImageStoreTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sd-image-store-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A PNG of `width` × `height` pixels, opaque red.
    private func png(width: Int, height: Int, name: String = "image.png") throws -> String {
        let surface = try CairoSurface(imageWidth: width, height: height)
        let context = try CairoContext(surface: surface)
        context.setSource(Color(red: 1, green: 0, blue: 0))
        context.paint()
        let path = folder + "/" + name
        try surface.writePNG(to: path)
        return path
    }

    /// The first bytes of a PNG claiming `width` × `height` pixels, then junk: only the
    /// header is ever read.
    private func header(width: UInt32, height: UInt32) throws -> String {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for word in [width, height] { bytes += (0..<4).map { UInt8(word >> (24 - 8 * $0) & 0xFF) } }
        bytes += [8, 6, 0, 0, 0] + Array(repeating: 0xAB, count: 64)
        let path = folder + "/claims.png"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testAFIFOIsRefusedAtOnceNamingIt() throws {
        let fifo = folder + "/photo.png"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let started = Date()
        XCTAssertThrowsError(try CairoImageStore().image(for: .file(fifo))) { error in
            let error = error as? CairoError
            XCTAssertEqual(error?.refusesPicture, true)
            XCTAssertEqual(error?.path, fifo)
            XCTAssertTrue(error?.reason.contains("not a regular file") ?? false)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertThrowsError(try CairoImageStore().image(for: .file(folder))) { error in
            XCTAssertEqual((error as? CairoError)?.refusesPicture, true, "a folder")
        }
    }

    func testAPictureOverThePixelLimitIsRefusedFromItsHeader() throws {
        XCTAssertEqual(CairoImageStore.pixelLimit, 64 << 20)
        for (width, height) in [(20000, 20000), (32768, 1), (8193, 8192)] as [(UInt32, UInt32)] {
            let path = try header(width: width, height: height)
            XCTAssertThrowsError(try CairoImageStore().image(for: .file(path))) { error in
                let error = error as? CairoError
                XCTAssertEqual(error?.refusesPicture, true, "\(width)x\(height)")
                XCTAssertTrue(
                    error?.reason.contains("the image is \(width)x\(height) px") ?? false,
                    "\(String(describing: error))")
            }
        }
        // At the limit the header passes, and the junk after it is a corrupt file, not a
        // refusal.
        let path = try header(width: 8192, height: 8192)
        XCTAssertThrowsError(try CairoImageStore().image(for: .file(path))) { error in
            XCTAssertEqual((error as? CairoError)?.refusesPicture, false)
        }
    }

    func testAMissingFileIsAFailureToReadNotARefusal() {
        XCTAssertThrowsError(try CairoImageStore().image(for: .file(folder + "/none.png"))) {
            error in
            XCTAssertEqual((error as? CairoError)?.refusesPicture, false)
            XCTAssertTrue("\(error)".contains(folder + "/none.png"))
        }
    }

    func testTheReductionKeepsTwiceTheDrawnSize() {
        let photo = Size(width: 960, height: 720)
        XCTAssertEqual(
            CairoImageStore.level(imageSize: photo, drawnSize: Size(width: 390, height: 292.5)), 0)
        XCTAssertEqual(
            CairoImageStore.level(imageSize: photo, drawnSize: Size(width: 241, height: 181)), 0)
        XCTAssertEqual(
            CairoImageStore.level(imageSize: photo, drawnSize: Size(width: 240, height: 180)), 1)
        // Under a pixel counts as one: 720 / 1 → halved 8 times (4 × 3 px).
        XCTAssertEqual(
            CairoImageStore.level(imageSize: photo, drawnSize: Size(width: 0.04, height: 0.03)), 8)
        XCTAssertEqual(
            CairoImageStore.level(imageSize: photo, drawnSize: Size(width: 0, height: 0)), 8)
    }

    func testATinyDrawingIsMadeFromAReducedCopyMadeOnce() throws {
        let path = try png(width: 1024, height: 512)
        let painter = CairoPainter()
        let size = Size(width: 64, height: 64)
        let scene = Scene(
            size: size,
            layers: [
                Layer(
                    role: .content,
                    items: [
                        .image(
                            .file(path), frame: Rect(x: 8, y: 8, width: 16, height: 8),
                            fit: .stretch)
                    ])
            ])
        for _ in 0..<3 {
            let surface = try CairoSurface(imageWidth: 64, height: 64)
            let context = try CairoContext(surface: surface)
            painter.paint(scene, on: context, scale: 1)
            let image = CairoImage(surface: surface)
            XCTAssertEqual(
                image.pixel(x: 12, y: 12), .init(red: 255, green: 0, blue: 0, alpha: 255))
            XCTAssertEqual(image.pixel(x: 30, y: 30).alpha, 0)
        }
        XCTAssertEqual(painter.images.decodeCount, 1)
        // 1024 / 16 = 64: halved 5 times, to 32 × 16, twice the drawn size.
        let copies = painter.images.reduced
        XCTAssertEqual(copies.count, 1)
        XCTAssertEqual(copies.first?.key.level, 5)
        XCTAssertEqual(copies.first?.value.size, Size(width: 32, height: 16))
    }

    /// A 960 px photo drawn 0.04 pt wide on a PDF page: cairo pads the pattern to the
    /// drawing's whole-point extents in the source's pixels, 24 000 × 24 000 px (2.3 GB) for
    /// the full image, some 100 × 100 px for the reduced copy.
    func testAPhotoDrawnTinyOnAPDFPageIsCheap() throws {
        let path = try png(width: 960, height: 720)
        let painter = CairoPainter()
        let pdf = folder + "/page.pdf"
        let surface = try CairoSurface(pdfPath: pdf, width: 100, height: 100)
        let context = try CairoContext(surface: surface)
        let scene = Scene(
            size: Size(width: 1, height: 5500),
            layers: [
                Layer(
                    role: .content,
                    items: [
                        .image(
                            .file(path), frame: Rect(x: 0, y: 24, width: 1, height: 5476),
                            fit: .aspectFit)
                    ])
            ])
        context.translate(x: 10, y: 10)
        painter.paint(scene, on: context, scale: 0.04)
        context.showPage()
        try context.checkStatus("drawing")
        try surface.finish()
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int)
        XCTAssertLessThan(size, 200_000)
    }
}
