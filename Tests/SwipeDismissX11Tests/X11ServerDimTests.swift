import Foundation
import CX11
import Glibc
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissX11
import XCTest

/// The rows above the card, only the presenting screen under the dim, composited by the X
/// server (XRender) from its own copy of the screen: the same pixels as drawing them in
/// client memory, with none of them sent per frame.
final class X11ServerDimTests: XCTestCase {
    private var display: X11Display!

    override func tearDown() {
        unsetenv(X11Presentation.disableServerDimVariable)
        display = nil
    }

    /// A mapped 390 × 844 window, a renderer on it, and the default scene with the card
    /// `offset` points down and the backdrop at `alpha`.
    private func mappedWindow() throws -> (X11Window, X11EventLoop, DismissController) {
        display = try openTestDisplay()
        let window = try X11Window(
            display: display, title: "SwipeDismiss server dim test", width: 390, height: 844)
        let renderer = try X11Renderer(window: window)
        let clock = MonotonicClock()
        let input = X11InputSource(clock: clock)
        let controller = DismissController(
            input: input, presenter: CardPresenter(), renderer: renderer, clock: clock)
        let loop = X11EventLoop(window: window, renderer: renderer, input: input, clock: clock)
        window.map()
        controller.setNeedsDisplay()
        let deadline = clock.now + 5
        while !(window.isMapped && renderer.framesRendered > 0), clock.now < deadline {
            _ = try loop.runOnce(controller, maximumWait: 0.02)
        }
        display.sync()
        XCTAssertTrue(window.isMapped, "mapped within 5 s")
        return (window, loop, controller)
    }

    private func scene(offset: Double, alpha: Double, contentOpacity: Double = 1) -> Scene {
        var scene = CardPresenter().makeScene(viewport: Size(width: 390, height: 844))
        for index in scene.layers.indices {
            switch scene.layers[index].role {
            case .backdrop: scene.layers[index].opacity = alpha
            case .content:
                scene.layers[index].transform = .translation(Point(x: 0, y: offset))
                scene.layers[index].opacity = contentOpacity
            default: break
            }
        }
        return scene
    }

    /// What the window shows after `renderer` drew each of `scenes` in turn.
    private func shown(
        _ window: X11Window, _ renderer: X11Renderer, _ scenes: [Scene], state: DismissState
    ) throws -> [[UInt32]] {
        var frames: [[UInt32]] = []
        for scene in scenes {
            try renderer.render(scene, state: state)
            display.sync()
            frames.append(try XCTUnwrap(window.readPixels(x: 0, y: 0, width: 390, height: 844)))
        }
        return frames
    }

    func testTheServerDrawsTheSamePixelsAsTheClientAtEveryAlphaAndOffset() throws {
        let (window, _, controller) = try mappedWindow()
        // Whole and fractional moves, alphas across the range, 0 and 1 included.
        let scenes = [
            scene(offset: 0, alpha: 0.3), scene(offset: 5, alpha: 0.29),
            scene(offset: 37.5, alpha: 0.2345), scene(offset: 120, alpha: 0.1),
            scene(offset: 121, alpha: 0.0), scene(offset: 60, alpha: 1),
            scene(offset: 61, alpha: 0.999), scene(offset: 300, alpha: 0.0039),
            scene(offset: 0, alpha: 0.3, contentOpacity: 0),
        ]
        let server = try X11Renderer(window: window)
        XCTAssertTrue(server.composesDimOnServer)
        let viaServer = try shown(window, server, scenes, state: controller.state)
        XCTAssertGreaterThan(server.serverDimRows, 0)

        setenv(X11Presentation.disableServerDimVariable, "1", 1)
        let client = try X11Renderer(window: window)
        XCTAssertFalse(client.composesDimOnServer)
        let viaClient = try shown(window, client, scenes, state: controller.state)
        XCTAssertEqual(client.serverDimRows, 0)

        for index in scenes.indices {
            let differing = zip(viaServer[index], viaClient[index]).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "scene \(index): pixels that differ")
        }
        // The band reads the dim: white under alpha 0.3 is 178 or 179.
        XCTAssertTrue(expectedGrey(alpha: 0.3).contains(grey(viaServer[0][10 * 390 + 100])))
    }

    func testTheBandEndsAboveTheCardAndOnlyTheRestIsSent() throws {
        let (window, _, controller) = try mappedWindow()
        let renderer = try X11Renderer(window: window)
        try renderer.render(scene(offset: 0, alpha: 0.3), state: controller.state)
        // The card's top is at 354: its box starts one pixel above, where the band ends.
        XCTAssertEqual(renderer.serverDimRows, 353)
        XCTAssertEqual(renderer.lastDamage, PixelRect(x: 0, y: 353, width: 390, height: 491))
        try renderer.render(scene(offset: 10, alpha: 0.25), state: controller.state)
        XCTAssertEqual(renderer.serverDimRows, 363)
        XCTAssertEqual(renderer.lastDamage, PixelRect(x: 0, y: 363, width: 390, height: 481))
        // Nothing changed: nothing sent, nothing composited.
        try renderer.render(scene(offset: 10, alpha: 0.25), state: controller.state)
        XCTAssertNil(renderer.lastDamage)
    }

    func testReadingTheBufferBackGivesWhatTheWindowShows() throws {
        let (window, _, controller) = try mappedWindow()
        let renderer = try X11Renderer(window: window)
        try renderer.render(scene(offset: 20, alpha: 0.17), state: controller.state)
        display.sync()
        let shown = try XCTUnwrap(window.readPixels(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(renderer.readBackBuffer(x: 0, y: 0, width: 390, height: 844), shown)
        // The next frame composites its band again and still matches.
        try renderer.render(scene(offset: 20, alpha: 0.17), state: controller.state)
        display.sync()
        XCTAssertEqual(renderer.serverDimRows, 373)
        XCTAssertEqual(window.readPixels(x: 0, y: 0, width: 390, height: 844), shown)
    }

    func testAnExposeBringsTheServersRowsBack() throws {
        let (window, _, controller) = try mappedWindow()
        let renderer = try X11Renderer(window: window)
        try renderer.render(scene(offset: 40, alpha: 0.22), state: controller.state)
        display.sync()
        let before = try XCTUnwrap(window.readPixels(x: 0, y: 0, width: 390, height: 844))
        // Paint the window over with something else, as a lost backing store would leave it.
        try renderer.render(drawing: { cr in
            cairo_set_source_rgb(cr, 1, 0, 0)
            cairo_paint(cr)
        })
        display.sync()
        XCTAssertEqual(window.readPixels(x: 100, y: 10, width: 1, height: 1), [0xFF0000])
        try renderer.render(scene(offset: 40, alpha: 0.22), state: controller.state)
        XCTAssertTrue(renderer.present())
        display.sync()
        XCTAssertEqual(window.readPixels(x: 0, y: 0, width: 390, height: 844), before)
    }

    func testTheXlibSurfaceNeverUsesTheServerDim() throws {
        let (window, _, controller) = try mappedWindow()
        let renderer = try X11Renderer(window: window, presentation: .xlibSurface)
        XCTAssertFalse(renderer.composesDimOnServer)
        try renderer.render(scene(offset: 0, alpha: 0.3), state: controller.state)
        XCTAssertEqual(renderer.serverDimRows, 0)
    }
}
