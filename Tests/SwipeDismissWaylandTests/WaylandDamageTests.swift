import SwipeDismiss
import SwipeDismissCairo
import XCTest

@testable import SwipeDismissWayland

/// The box a frame damages: the changed layers' old and new bounds, or all of the buffer.
final class WaylandDamageTests: XCTestCase {
    private let painter = CairoPainter()

    private func context() throws -> CairoContext {
        try CairoContext(surface: CairoSurface(imageWidth: 8, height: 8))
    }

    private func cardScene() -> Scene {
        CardPresenter().makeScene(viewport: Size(width: 390, height: 844))
    }

    private func moved(_ scene: Scene, role: Layer.Role, by offset: Double) throws -> Scene {
        var scene = scene
        let index = try XCTUnwrap(scene.index(of: role))
        scene.layers[index].transform = .translation(Point(x: 0, y: offset))
        return scene
    }

    func testTheFirstFrameAndANewSizeOrScaleAreDamagedWhole() throws {
        var damage = WaylandDamage()
        let context = try context()
        let scene = cardScene()
        let full = PixelRect(x: 0, y: 0, width: 390, height: 844)
        XCTAssertEqual(
            damage.changes(
                to: scene, scale: 1, width: 390, height: 844, painter: painter,
                measuringWith: context),
            full)
        XCTAssertNil(
            damage.changes(
                to: scene, scale: 1, width: 390, height: 844, painter: painter,
                measuringWith: context))
        XCTAssertEqual(
            damage.changes(
                to: scene, scale: 2, width: 780, height: 1688, painter: painter,
                measuringWith: context),
            PixelRect(x: 0, y: 0, width: 780, height: 1688))
    }

    func testMovingOnlyTheContentDamagesItsOldAndNewBoundsAndNotTheBand() throws {
        var damage = WaylandDamage()
        let context = try context()
        let scene = cardScene()
        _ = damage.changes(
            to: scene, scale: 1, width: 390, height: 844, painter: painter, measuringWith: context)
        let first = try XCTUnwrap(
            damage.changes(
                to: try moved(scene, role: .content, by: -10), scale: 1, width: 390, height: 844,
                painter: painter, measuringWith: context))
        let second = try XCTUnwrap(
            damage.changes(
                to: try moved(scene, role: .content, by: -30), scale: 1, width: 390, height: 844,
                painter: painter, measuringWith: context))
        // Up by 10 pt, then from 10 to 30 pt up. The card's layer reaches past the buffer's
        // bottom, so both boxes end there, and the union's top moves up by the extra 20 pt.
        XCTAssertEqual(second.x, first.x)
        XCTAssertEqual(second.width, first.width)
        XCTAssertEqual(second.y, first.y - 20)
        XCTAssertEqual(second.height, first.height + 20)
        XCTAssertEqual(first.y + first.height, 844)
        XCTAssertEqual(second.y + second.height, 844)
        XCTAssertGreaterThanOrEqual(first.y, 24, "the white band above the card is left alone")
        XCTAssertLessThan(first.height, 844)
    }

    func testABackdropChangeDamagesTheWholeBuffer() throws {
        var damage = WaylandDamage()
        let context = try context()
        var scene = cardScene()
        _ = damage.changes(
            to: scene, scale: 1, width: 390, height: 844, painter: painter, measuringWith: context)
        let backdrop = try XCTUnwrap(scene.index(of: .backdrop))
        scene.layers[backdrop].opacity -= 0.01
        XCTAssertEqual(
            damage.changes(
                to: scene, scale: 1, width: 390, height: 844, painter: painter,
                measuringWith: context),
            PixelRect(x: 0, y: 0, width: 390, height: 844))
    }
}
