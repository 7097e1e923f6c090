import SwipeDismiss
import SwipeDismissCairo
import XCTest

final class CairoPainterTests: XCTestCase {
    private func paint(_ scene: Scene, painter: CairoPainter = CairoPainter()) throws -> CairoImage
    {
        let surface = try CairoSurface(
            imageWidth: Int(scene.size.width), height: Int(scene.size.height))
        let context = try CairoContext(surface: surface)
        painter.paint(scene, on: context, scale: 1)
        try context.checkStatus()
        return CairoImage(surface: surface)
    }

    private let black = Layer(
        role: .presenting, items: [.rect(Rect(x: 0, y: 0, width: 40, height: 20), fill: .black)])

    func testTranslucentLayerOfSeparateItemsFoldsOpacityIntoColourWithoutAGroup() throws {
        let painter = CairoPainter()
        let layer = Layer(
            role: .decoration, opacity: 0.5,
            items: [
                .rect(Rect(x: 0, y: 0, width: 10, height: 10), fill: .white),
                .rect(Rect(x: 20, y: 0, width: 10, height: 10), fill: .white),
            ])
        let image = try paint(
            Scene(size: Size(width: 40, height: 20), layers: [black, layer]), painter: painter)
        XCTAssertEqual(painter.groupedLayerCount, 0)
        XCTAssertEqual(Int(image.pixel(x: 5, y: 5).red), 128, accuracy: 1)
        XCTAssertEqual(Int(image.pixel(x: 25, y: 5).red), 128, accuracy: 1)
        XCTAssertEqual(image.pixel(x: 15, y: 5).red, 0)
    }

    func testTranslucentLayerOfOverlappingItemsIsGroupedSoOverlapsDoNotDarken() throws {
        let painter = CairoPainter()
        let layer = Layer(
            role: .decoration, opacity: 0.5,
            items: [
                .rect(Rect(x: 0, y: 0, width: 20, height: 10), fill: .white),
                .rect(Rect(x: 10, y: 0, width: 20, height: 10), fill: .white),
            ])
        let image = try paint(
            Scene(size: Size(width: 40, height: 20), layers: [black, layer]), painter: painter)
        XCTAssertEqual(painter.groupedLayerCount, 1)
        // Half white over black everywhere, including the overlap (not 0.75).
        XCTAssertEqual(Int(image.pixel(x: 15, y: 5).red), 128, accuracy: 1)
        XCTAssertEqual(Int(image.pixel(x: 5, y: 5).red), 128, accuracy: 1)
    }

    func testLayerWithOpacityZeroIsSkippedAndTransformsMoveItems() throws {
        let hidden = Layer(
            role: .backdrop, opacity: 0,
            items: [.rect(Rect(x: 0, y: 0, width: 40, height: 20), fill: .white)])
        let moved = Layer(
            role: .content, transform: .translation(Point(x: 20, y: 10)),
            items: [.rect(Rect(x: 0, y: 0, width: 5, height: 5), fill: .white)])
        let image = try paint(
            Scene(size: Size(width: 40, height: 20), layers: [black, hidden, moved]))
        XCTAssertEqual(image.pixel(x: 1, y: 1).red, 0)
        XCTAssertEqual(image.pixel(x: 22, y: 12).red, 255)
        XCTAssertEqual(image.pixel(x: 2, y: 2).red, 0)
    }

    func testTextIsAlignedByItsAdvance() throws {
        func inkColumns(_ alignment: TextAlignment) throws -> ClosedRange<Int> {
            let text = Layer(
                role: .decoration,
                items: [
                    .text(
                        "WWW", origin: Point(x: 100, y: 30), fontSize: 20, color: .white,
                        alignment: alignment)
                ])
            let background = Layer(
                role: .presenting,
                items: [.rect(Rect(x: 0, y: 0, width: 200, height: 40), fill: .black)])
            let image = try paint(
                Scene(size: Size(width: 200, height: 40), layers: [background, text]))
            let columns = (0..<200).filter { x in
                (0..<40).contains { image.pixel(x: x, y: $0).red > 128 }
            }
            return try XCTUnwrap(columns.first)...XCTUnwrap(columns.last)
        }
        let leading = try inkColumns(.leading)
        let center = try inkColumns(.center)
        let trailing = try inkColumns(.trailing)
        XCTAssertEqual(leading.lowerBound, 100, accuracy: 2)
        XCTAssertEqual(trailing.upperBound, 100, accuracy: 2)
        XCTAssertEqual(Double(center.lowerBound + center.upperBound) / 2, 100, accuracy: 2)
    }

    func testSurfaceErrorsAreTypedAndDescribed() {
        XCTAssertThrowsError(try CairoSurface(imageWidth: 0, height: 10)) { error in
            XCTAssertTrue("\(error)".contains("invalid image size 0x10"), "\(error)")
        }
        XCTAssertThrowsError(try CairoImage(pngPath: "/nonexistent/x.png")) { error in
            XCTAssertEqual((error as? CairoError)?.path, "/nonexistent/x.png")
        }
    }
}
