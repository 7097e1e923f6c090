import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// What a commit damages: the compositor's changed bands, inside the frame's changed box,
/// and the whole buffer when the dim over everything changes.
final class WaylandDamageTests: XCTestCase {
    /// Draws and commits `scene` once the last frame's callback is back.
    private func show(_ scene: Scene, _ harness: WaylandHarness) throws {
        XCTAssertTrue(
            try harness.run(timeout: 2, until: { !harness.renderer.isFrameOutstanding }),
            "the frame callback came back")
        let buffer = try XCTUnwrap(try harness.renderer.prepareFrame(scene), "a frame was drawn")
        harness.renderer.commitFrame(buffer)
    }

    func testMovingTheCardDamagesOnlyTheRowsThatChanged() throws {
        let harness = try WaylandHarness(weston: Weston())
        try harness.settle()
        let renderer = harness.renderer
        let presenter = CardPresenter()
        var scene = presenter.makeScene(viewport: renderer.viewport)
        var state = DismissState(time: 0, offset: 0, alpha: 0.3, progress: 0, phase: .dragging)
        // The card moves 5 pt a frame under a dim that stays: after its raster is made, a
        // frame's box is the card's old and new place, damaged as the plan's bands.
        for step in 1...6 {
            state.offset = Double(step) * 5
            presenter.update(&scene, for: state, direction: .down)
            try show(scene, harness)
        }
        let box = try XCTUnwrap(renderer.lastDamage)
        let rects = renderer.damageRects
        XCTAssertLessThan(box.area, 390 * 844, "not the whole buffer")
        XCTAssertFalse(rects.isEmpty)
        var area = 0
        var previousBottom = box.y
        for rect in rects {
            XCTAssertEqual(rect.intersection(box), rect, "\(rect) lies inside \(box)")
            XCTAssertGreaterThanOrEqual(rect.y, previousBottom, "top to bottom, no overlap")
            previousBottom = rect.y + rect.height
            area += rect.area
        }
        XCTAssertLessThanOrEqual(area, box.area)
        XCTAssertLessThanOrEqual(rects.count, WaylandRenderer.maximumDamageRects)

        // The dim changes: every pixel under it changes.
        state.alpha = 0.2
        presenter.update(&scene, for: state, direction: .down)
        try show(scene, harness)
        XCTAssertEqual(renderer.lastDamage, PixelRect(x: 0, y: 0, width: 390, height: 844))
    }
}
