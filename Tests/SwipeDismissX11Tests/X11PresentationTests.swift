import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// The presentation paths: client-side drawing through MIT-SHM, its `XPutImage` fallback,
/// and the older xlib surface, each showing the same frame; only changed boxes are sent.
final class X11PresentationTests: XCTestCase {
    private var display: X11Display!

    // Opened by each test, not in setUpWithError: XCTest reports a skip thrown there as a
    // failure and a skip both.

    override func tearDown() {
        unsetenv(X11Presentation.disableSharedMemoryVariable)
        display = nil
    }

    /// A window with a renderer on `presentation`, its first frame painted and synced.
    private func showFirstFrame(_ presentation: X11Presentation) throws -> (
        X11Window, X11Renderer, DismissController, X11EventLoop
    ) {
        display = try openTestDisplay()
        let window = try X11Window(
            display: display, title: "SwipeDismiss presentation test", width: 390, height: 844)
        let renderer = try X11Renderer(window: window, presentation: presentation)
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
        _ = try loop.runOnce(controller, maximumWait: 0)
        display.sync()
        XCTAssertGreaterThan(renderer.framesRendered, 0, "a first frame within 5 s")
        return (window, renderer, controller, loop)
    }

    /// The window shows exactly the renderer's buffer, and the band the rest grey.
    private func assertWindowShowsTheBuffer(
        _ window: X11Window, _ renderer: X11Renderer, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let shown = try XCTUnwrap(window.readPixels(x: 0, y: 0, width: 390, height: 844))
        let buffer = try XCTUnwrap(renderer.readBackBuffer(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(shown.count, buffer.count, file: file, line: line)
        let differing = differingPixelCount(shown, buffer, width: 390)
        XCTAssertEqual(differing, 0, "pixels differing from the buffer", file: file, line: line)
        XCTAssertTrue(
            expectedGrey(alpha: 0.3).contains(grey(shown[10 * 390 + 100])),
            "band grey \(grey(shown[10 * 390 + 100]))", file: file, line: line)
    }

    func testTheDefaultPathDrawsClientSideAndPresentsThroughSharedMemory() throws {
        let (window, renderer, _, _) = try showFirstFrame(.sharedMemory)
        XCTAssertEqual(renderer.presentation, .sharedMemory)
        XCTAssertNil(renderer.fallbackReason)
        XCTAssertEqual(renderer.lastDamage, PixelRect(x: 0, y: 0, width: 390, height: 844))
        try assertWindowShowsTheBuffer(window, renderer)
    }

    func testPutImageShowsTheSameFrame() throws {
        let (window, renderer, _, _) = try showFirstFrame(.putImage)
        XCTAssertEqual(renderer.presentation, .putImage)
        try assertWindowShowsTheBuffer(window, renderer)
    }

    func testWithSharedMemoryDisabledTheDefaultFallsBackToPutImageAndSaysWhy() throws {
        setenv(X11Presentation.disableSharedMemoryVariable, "1", 1)
        let (window, renderer, _, _) = try showFirstFrame(.sharedMemory)
        XCTAssertEqual(renderer.presentation, .putImage)
        XCTAssertEqual(
            renderer.fallbackReason, "MIT-SHM disabled by SWIPEDISMISS_NO_SHM")
        try assertWindowShowsTheBuffer(window, renderer)
    }

    func testWithSharedMemoryDisabledAutomaticFallsBackToTheXlibSurface() throws {
        setenv(X11Presentation.disableSharedMemoryVariable, "1", 1)
        let (window, renderer, _, _) = try showFirstFrame(.automatic)
        XCTAssertEqual(renderer.requestedPresentation, .automatic)
        XCTAssertEqual(renderer.presentation, .xlibSurface)
        try assertWindowShowsTheBuffer(window, renderer)
    }

    func testTheXlibSurfacePathStillShowsTheRestGrey() throws {
        let (window, renderer, _, _) = try showFirstFrame(.xlibSurface)
        XCTAssertEqual(renderer.presentation, .xlibSurface)
        XCTAssertNil(renderer.lastDamage, "the xlib path repaints everything, no damage box")
        try assertWindowShowsTheBuffer(window, renderer)
    }

    func testADisplayOnAnotherHostIsNotOfferedSharedMemory() {
        XCTAssertEqual(
            X11Renderer.sharedMemoryUnavailableReason(displayName: "far.example:0"),
            "MIT-SHM not used: display far.example:0 is on host far.example")
        XCTAssertNil(X11Renderer.sharedMemoryUnavailableReason(displayName: ":0"))
        XCTAssertNil(X11Renderer.sharedMemoryUnavailableReason(displayName: "unix:0"))
    }

    func testOnceTheBackdropStopsChangingOnlyTheCardsBoxIsSent() throws {
        try requireXdotool()
        let (window, renderer, controller, loop) = try showFirstFrame(.sharedMemory)
        let id = String(window.windowID)
        // Past 200 pt the backdrop sits at its 0.1 floor: later moves change only the card.
        try xdotool([
            "mousemove", "--window", id, "195", "450", "mousedown", "1", "mousemove", "--window",
            id, "195", "500", "mousemove", "--window", id, "195", "700",
        ])
        try pumpUntil(loop, controller, "the card is 250 pt down") {
            controller.state.offset == 250
        }
        try xdotool(["mousemove", "--window", id, "195", "710"])
        try pumpUntil(loop, controller, "the card is 260 pt down") {
            controller.state.offset == 260
        }
        let damage = try XCTUnwrap(renderer.lastDamage)
        // The card's top moved from 354 + 250 to 354 + 260: one box over both, full width.
        XCTAssertEqual(damage.x, 0)
        XCTAssertEqual(damage.width, 390)
        XCTAssertEqual(damage.y, 354 + 250 - 1)
        XCTAssertEqual(damage.y + damage.height, 844)
        try xdotool(["mouseup", "1"])
        try pumpUntil(loop, controller, "dismissed") { controller.state.phase == .dismissed }
        display.sync()
        let shown = try XCTUnwrap(window.readPixels(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(shown, renderer.readBackBuffer(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(grey(shown[10 * 390 + 100]), 255)
    }

    private func pumpUntil(
        _ loop: X11EventLoop, _ controller: DismissController, _ what: String,
        _ condition: () -> Bool
    ) throws {
        let deadline = MonotonicClock().now + 5
        while !condition() {
            guard MonotonicClock().now < deadline else {
                XCTFail("timed out waiting until \(what)")
                return
            }
            _ = try loop.runOnce(controller, maximumWait: 0.02)
        }
        _ = try loop.runOnce(controller, maximumWait: 0)
        display.sync()
    }
}
