import SwipeDismiss
import XCTest

final class SheetPresenterTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    func testTheSheetSitsAtLargeAndRunsPastTheBottomEdge() {
        let sheet = SheetPresenter().sheetFrame(viewport: viewport)
        XCTAssertEqual(sheet.minY, 84.4, accuracy: 1e-9)
        XCTAssertEqual(sheet.maxY, 844 + 211, accuracy: 1e-9)
        XCTAssertEqual(
            SheetPresenter().dismissDistance(direction: .down, viewport: viewport), 759.6,
            accuracy: 1e-9)
        XCTAssertEqual(SheetPresenter().contentExtent(direction: .down, viewport: viewport), 2696)
    }

    func testEveryRowIsBuiltInTheListsClipGroupOfWhich21CanShow() {
        let presenter = SheetPresenter()
        // Rows start at 84.4 + 56 and may show down to 844 + 211: ceil(914.6 / 44) = 21.
        XCTAssertEqual(presenter.visibleRowCount(viewport: viewport), 21)
        let scene = presenter.makeScene(viewport: viewport)
        let content = scene.layers[scene.index(of: .content) ?? -1]
        XCTAssertEqual(content.items.count, 4)
        let list = content.clipGroup?.items ?? []
        XCTAssertEqual(list.count, 60 * 2)
        let rows = list.compactMap { item -> String? in
            if case .text(let text, _, _, _, _) = item, text.hasPrefix("Row ") { return text }
            return nil
        }
        XCTAssertEqual(rows.first, "Row 1")
        XCTAssertEqual(rows.last, "Row 60")
        // A short viewport builds fewer rows; a very tall one stops at 60.
        XCTAssertEqual(presenter.visibleRowCount(viewport: Size(width: 390, height: 400)), 10)
        XCTAssertEqual(presenter.visibleRowCount(viewport: Size(width: 390, height: 4000)), 60)
    }

    func testTheWhiteTopBandHasNothingOnItButTheBackdrop() {
        let scene = SheetPresenter().makeScene(viewport: viewport)
        XCTAssertEqual(
            scene.layers.map(\.role),
            [
                .presenting, .backdrop, .content, .decoration, .decoration,
            ])
        let presenting = scene.layers[0].items
        XCTAssertEqual(presenting[1], .rect(Rect(x: 0, y: 0, width: 390, height: 24), fill: .white))
        let sheet = SheetPresenter().sheetFrame(viewport: viewport)
        XCTAssertGreaterThan(sheet.minY, 24)
    }

    func testUpdateMovesTheSheetAndThePromptAndFadesTheContent() {
        let presenter = SheetPresenter()
        var scene = presenter.makeScene(viewport: viewport)
        let state = DismissState(
            time: 1, offset: 337.6, alpha: 0.3, progress: 0.44, phase: .presented,
            detent: "medium", contentOpacity: 0.5, isDismissAttemptPending: true)
        presenter.update(&scene, for: state, direction: .down)
        XCTAssertEqual(scene.layers[1].opacity, 0.3)
        XCTAssertEqual(scene.layers[2].transform.translation, Point(x: 0, y: 337.6))
        XCTAssertEqual(scene.layers[2].opacity, 0.5)
        XCTAssertEqual(scene.layers[3].transform.translation, Point(x: 0, y: 337.6))
        XCTAssertEqual(scene.layers[3].opacity, 0.5)
        XCTAssertEqual(scene.layers[4].opacity, 0)

        var settled = state
        settled.isDismissAttemptPending = false
        settled.phase = .dismissed
        presenter.update(&scene, for: settled, direction: .down)
        XCTAssertEqual(scene.layers[2].opacity, 0)
        XCTAssertEqual(scene.layers[3].opacity, 0)
        XCTAssertEqual(scene.layers[4].opacity, 1)
    }

    func testHitTestFollowsTheSheet() {
        let presenter = SheetPresenter()
        let point = Point(x: 195, y: 300)
        XCTAssertEqual(
            presenter.hitTest(point, offset: 0, direction: .down, viewport: viewport), .content)
        XCTAssertEqual(
            presenter.hitTest(point, offset: 337.6, direction: .down, viewport: viewport),
            .backdrop)
    }
}
