import SwipeDismiss
import SwipeDismissNull
import XCTest

/// The null renderer's record of clip groups, image items and scaled content.
final class NullClipAndImageTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    func testRecordsTheSheetListsClipOffsetAndWhichRowsCanShow() throws {
        let renderer = NullRenderer(viewport: viewport)
        let presenter = SheetPresenter()
        var scene = presenter.makeScene(viewport: viewport)
        let state = DismissState(
            time: 0, offset: 0, alpha: 0.3, progress: 0, phase: .presented, scroll: 450)
        presenter.update(&scene, for: state, direction: .down)
        try renderer.render(scene, state: state)
        let frame = try XCTUnwrap(renderer.lastFrame)
        XCTAssertEqual(frame.listOffset, Point(x: 0, y: 450))
        XCTAssertEqual(frame.listClip, presenter.listClip(viewport: viewport))
        XCTAssertEqual(frame.listClip?.minY ?? 0, 140.4, accuracy: 1e-9)
        XCTAssertEqual(frame.clippedItemCount, 120)
        XCTAssertEqual(frame.itemCount, scene.layers.map(\.items.count).reduce(0, +) + 120)
        // The clip spans content 590.4...1505 at this offset: rows 11 to 31, two items each.
        XCTAssertEqual(frame.visibleClippedItemCount, 42)
        XCTAssertEqual(frame.imageCount, 0)
        XCTAssertNil(frame.firstImage)
    }

    func testRecordsThePhotosImageItemAndItsScale() throws {
        let renderer = NullRenderer(viewport: viewport)
        let presenter = PhotoPresenter()
        var scene = presenter.makeScene(viewport: viewport)
        let state = DismissState(time: 0, offset: 300, alpha: 0.2, progress: 0, phase: .dragging)
        presenter.update(&scene, for: state, translation: Point(x: 180, y: 240))
        try renderer.render(scene, state: state)
        let frame = try XCTUnwrap(renderer.lastFrame)
        XCTAssertEqual(frame.imageCount, 1)
        XCTAssertEqual(frame.firstImage?.source, .named("photo"))
        XCTAssertEqual(frame.firstImage?.frame, Rect(x: 0, y: 24, width: 390, height: 796))
        XCTAssertEqual(frame.firstImage?.fit, .aspectFit)
        XCTAssertEqual(frame.contentScale, 0.8, accuracy: 1e-12)
        // The drag's translation, though the layer's own (tx, ty) also holds the scaling.
        XCTAssertEqual(frame.contentTranslation.x, 180, accuracy: 1e-9)
        XCTAssertEqual(frame.contentTranslation.y, 240, accuracy: 1e-9)
        XCTAssertEqual(frame.contentTransform.tx, 195 * 0.2 + 180, accuracy: 1e-9)
        XCTAssertEqual(frame.backdropOpacity, 0.2)
        // The photo's centre (195, 422) moves by the translation and nowhere else.
        let centre = frame.contentTransform.apply(to: Point(x: 195, y: 422))
        XCTAssertEqual(centre.x, 375, accuracy: 1e-9)
        XCTAssertEqual(centre.y, 662, accuracy: 1e-9)
        XCTAssertNil(frame.listOffset)
        XCTAssertEqual(frame.clippedItemCount, 0)
    }
}
