import Foundation
import SwipeDismiss
import SwipeDismissX11
import XCTest

/// The plugin's window made as a child of a host's window, on the host's connection.
final class X11ChildWindowTests: XCTestCase {
    func testAChildOfTheHostsWindowShowsTheSceneWhereItWasPlaced() throws {
        let display = try openTestDisplay()
        let host = try X11Window(
            display: display, title: "SwipeDismiss child host", width: 500, height: 900)
        let child = try X11Window(
            display: display, parent: host.windowID, x: 40, y: 30, width: 390, height: 844)
        let renderer = try X11Renderer(window: child)
        let clock = ManualClock()
        let input = X11InputSource(clock: clock)
        let loop = X11EventLoop(window: child, renderer: renderer, input: input, clock: clock)
        let controller = DismissController(
            input: input, presenter: CardPresenter(), renderer: renderer, clock: clock)
        host.map()
        display.sync()
        child.map()
        controller.setNeedsDisplay()
        for _ in 0..<50 where !(child.isMapped && renderer.framesRendered > 0) {
            _ = try loop.runOnce(controller, maximumWait: 0.02)
        }
        display.sync()
        XCTAssertEqual(renderer.viewport, Size(width: 390, height: 844))
        // The band under the 0.3 backdrop, in the child and where it sits in the host.
        let band = try XCTUnwrap(child.readPixels(x: 100, y: 10, width: 1, height: 1)?.first)
        XCTAssertTrue(expectedGrey(alpha: 0.3).contains(grey(band)), "\(grey(band))")
        let inHost = try XCTUnwrap(
            display.readPixels(window: host.windowID, x: 140, y: 40, width: 1, height: 1)?.first)
        XCTAssertEqual(inHost, band)
    }
}
