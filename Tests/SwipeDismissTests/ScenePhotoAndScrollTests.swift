import SwipeDismiss
import XCTest

/// The scene model's scale, fit and clip maths, the photo presenter's pose, and the sheet
/// list's in-place scroll.
final class ScenePhotoAndScrollTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    func testScaleAboutAPointKeepsThePointAndConcatenationAppliesInOrder() {
        let scale = Transform.scale(0.5, about: Point(x: 100, y: 40))
        XCTAssertEqual(scale.apply(to: Point(x: 100, y: 40)), Point(x: 100, y: 40))
        XCTAssertEqual(scale.apply(to: Point(x: 0, y: 0)), Point(x: 50, y: 20))
        let moved = scale.concatenating(.translation(Point(x: 10, y: -5)))
        XCTAssertEqual(moved.apply(to: Point(x: 0, y: 0)), Point(x: 60, y: 15))
        XCTAssertEqual(moved.scaleX, 0.5)
        XCTAssertEqual(moved.scaleY, 0.5)
        XCTAssertEqual(Transform.identity.concatenating(scale), scale)
    }

    func testFitModesPlaceAnImageExactly() {
        let frame = Rect(x: 10, y: 10, width: 80, height: 80)
        let image = Size(width: 40, height: 20)
        XCTAssertEqual(
            ImageFit.aspectFit.placement(of: image, in: frame),
            Rect(x: 10, y: 30, width: 80, height: 40))
        XCTAssertEqual(
            ImageFit.aspectFill.placement(of: image, in: frame),
            Rect(x: -30, y: 10, width: 160, height: 80))
        XCTAssertEqual(ImageFit.stretch.placement(of: image, in: frame), frame)
        XCTAssertEqual(ImageFit.aspectFit.placement(of: .zero, in: frame), frame)
    }

    func testAClipGroupShowsOnlyWhatItsClipLetsThroughAtItsOffset() {
        var group = ClipGroup(clip: Rect(x: 0, y: 100, width: 50, height: 100), items: [])
        XCTAssertTrue(group.shows(Rect(x: 0, y: 150, width: 10, height: 10)))
        XCTAssertFalse(group.shows(Rect(x: 0, y: 200, width: 10, height: 10)))
        group.contentOffset = Point(x: 0, y: 60)
        XCTAssertTrue(group.shows(Rect(x: 0, y: 200, width: 10, height: 10)))
        XCTAssertFalse(group.shows(Rect(x: 0, y: 140, width: 10, height: 20)))
        XCTAssertFalse(group.shows(Rect(x: 60, y: 200, width: 10, height: 10)))
    }

    func testThePhotoShrinksLinearlyTo08At300PointsAndTheBackdropFloorsAt02() {
        XCTAssertEqual(PhotoPresenter.scale(forDistance: 0), 1)
        XCTAssertEqual(PhotoPresenter.scale(forDistance: 150), 0.9, accuracy: 1e-12)
        XCTAssertEqual(PhotoPresenter.scale(forDistance: 300), 0.8, accuracy: 1e-12)
        XCTAssertEqual(PhotoPresenter.scale(forDistance: 900), 0.8, accuracy: 1e-12)
        XCTAssertEqual(PhotoPresenter.scale(forDistance: .nan), 1)
        XCTAssertEqual(PhotoPresenter.backdropAlpha(forDistance: 0), 1)
        XCTAssertEqual(PhotoPresenter.backdropAlpha(forDistance: 150), 0.5, accuracy: 1e-12)
        XCTAssertEqual(PhotoPresenter.backdropAlpha(forDistance: 240), 0.2, accuracy: 1e-12)
        XCTAssertEqual(PhotoPresenter.backdropAlpha(forDistance: 1000), 0.2)
    }

    func testThePhotoSceneKeepsTheBandAndPosesThePhotoIn2D() {
        let presenter = PhotoPresenter()
        var scene = presenter.makeScene(viewport: viewport)
        XCTAssertEqual(scene.layers.map(\.role), [.presenting, .backdrop, .content, .decoration])
        XCTAssertEqual(
            scene.layers[0].items[1], .rect(Rect(x: 0, y: 0, width: 390, height: 24), fill: .white))
        // 960 × 720 fitted into 390 × 796 from y 24: 390 × 292.5, centred at y 422.
        XCTAssertEqual(
            presenter.photoFrame(viewport: viewport),
            Rect(x: 0, y: 275.75, width: 390, height: 292.5))
        let state = DismissState(time: 0, offset: 0, alpha: 0.5, progress: 0, phase: .dragging)
        presenter.update(&scene, for: state, translation: Point(x: -90, y: 120))
        let transform = scene.layers[2].transform
        XCTAssertEqual(transform.scaleX, 0.9, accuracy: 1e-12)
        XCTAssertEqual(transform.scaleY, 0.9, accuracy: 1e-12)
        let centre = transform.apply(to: Point(x: 195, y: 422))
        XCTAssertEqual(centre.x, 105, accuracy: 1e-9)
        XCTAssertEqual(centre.y, 542, accuracy: 1e-9)
        XCTAssertEqual(scene.layers[1].opacity, 0.5)
        // The one-axis path poses it along the direction by the state's offset.
        let down = DismissState(time: 0, offset: 150, alpha: 0.5, progress: 0, phase: .dragging)
        presenter.update(&scene, for: down, direction: .down)
        XCTAssertEqual(
            scene.layers[2].transform,
            presenter.contentTransform(
                translation: Point(x: 0, y: 150), viewport: viewport))
        XCTAssertEqual(
            presenter.hitTest(
                Point(x: 195, y: 422), offset: 0, direction: .down, viewport: viewport),
            .content)
        XCTAssertEqual(
            presenter.hitTest(
                Point(x: 195, y: 270), offset: 0, direction: .down, viewport: viewport),
            .backdrop)
        XCTAssertEqual(presenter.dismissDistance(direction: .down, viewport: viewport), 568.25)
        XCTAssertEqual(presenter.dismissDistance(direction: .right, viewport: viewport), 390)
    }

    func testScrollingTheSheetListMutatesItsOffsetInPlace() throws {
        let presenter = SheetPresenter()
        var scene = presenter.makeScene(viewport: viewport)
        XCTAssertEqual(presenter.listViewportHeight(viewport: viewport), 703.6, accuracy: 1e-9)
        XCTAssertEqual(presenter.maxListOffset(viewport: viewport), 2640 - 703.6, accuracy: 1e-9)
        let content = try XCTUnwrap(scene.index(of: .content))
        func itemsBuffer() -> UnsafeRawPointer? {
            scene.layers[content].clipGroup?.items.withUnsafeBufferPointer {
                UnsafeRawPointer($0.baseAddress)
            }
        }
        let before = itemsBuffer()
        let state = DismissState(time: 0, offset: 0, alpha: 0.3, progress: 0, phase: .presented)
        presenter.update(&scene, for: state, direction: .down, scroll: 321.5)
        XCTAssertEqual(scene.layers[content].clipGroup?.contentOffset, Point(x: 0, y: 321.5))
        XCTAssertEqual(itemsBuffer(), before, "the rows are the same array, not a rebuilt one")
        presenter.update(&scene, for: state, direction: .down, scroll: .nan)
        XCTAssertEqual(scene.layers[content].clipGroup?.contentOffset, .zero)
        var scrolled = state
        scrolled.scroll = 88
        presenter.update(&scene, for: scrolled, direction: .down)
        XCTAssertEqual(scene.layers[content].clipGroup?.contentOffset, Point(x: 0, y: 88))
    }

    func testTheSheetTellsItsHeaderFromItsList() {
        let presenter = SheetPresenter()
        // At large the sheet starts at 84.4 and the list at 140.4.
        let at = { (y: Double, offset: Double) in
            presenter.region(
                at: Point(x: 195, y: y), offset: offset, direction: .down, viewport: self.viewport)
        }
        XCTAssertEqual(at(80, 0), .outside)
        XCTAssertEqual(at(90, 0), .header)
        XCTAssertEqual(at(140, 0), .header)
        XCTAssertEqual(at(141, 0), .list)
        // At medium (offset 337.6) everything sits 337.6 lower.
        XCTAssertEqual(at(141, 337.6), .outside)
        XCTAssertEqual(at(470, 337.6), .header)
        XCTAssertEqual(at(479, 337.6), .list)
    }
}
