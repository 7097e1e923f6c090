import CWaylandTestCompositor
import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// A scale the program asks for (`WaylandWindow`'s `scale`, `wayland-demo --scale`) wins over
/// the compositor's: a whole one through `set_buffer_scale`, another through `wp_viewporter`;
/// geometry stays in points.
final class WaylandRequestedScaleTests: XCTestCase {
    func testAWholeScaleWinsOverThePreferredFractionalOne() throws {
        let compositor = try ScriptedCompositor(preferredScale120: 180)
        let harness = try WaylandHarness(
            socketPath: compositor.socketPath, server: compositor, scale: 2)
        try harness.settle()
        let stats = compositor.stats
        XCTAssertEqual(harness.renderer.scale, 2)
        XCTAssertFalse(harness.window.usesFractionalScale)
        XCTAssertEqual(stats.buffer_width, 780)
        XCTAssertEqual(stats.buffer_height, 1688)
        XCTAssertEqual(stats.buffer_scale, 2)
        XCTAssertEqual(stats.viewport_width, -1)
        XCTAssertEqual(harness.renderer.viewport, Size(width: 390, height: 844))
    }

    func testAFractionalScaleGoesThroughTheViewportWhateverTheOutputsScale() throws {
        let compositor = try ScriptedCompositor(outputScale: 2, preferredScale120: 180)
        let harness = try WaylandHarness(
            socketPath: compositor.socketPath, server: compositor, scale: 1.25)
        try harness.settle()
        let stats = compositor.stats
        XCTAssertEqual(harness.renderer.scale, 1.25)
        XCTAssertTrue(harness.window.usesFractionalScale)
        XCTAssertEqual(stats.buffer_width, 488)  // round(390 × 1.25 = 487.5)
        XCTAssertEqual(stats.buffer_height, 1055)  // 844 × 1.25
        XCTAssertEqual(stats.buffer_scale, 1)
        XCTAssertEqual(stats.viewport_width, 390)
        XCTAssertEqual(stats.viewport_height, 844)
        // The white band under the backdrop of alpha 0.3, sampled in pixels: 178.5.
        let pixel = try XCTUnwrap(harness.renderer.lastFramePixel(x: 12, y: 6))
        XCTAssertEqual(Double(pixel & 0xFF), 178.5, accuracy: 1)
    }

    func testAFractionalScaleWithoutAViewporterAndAnOversizedOneAreRefused() throws {
        // Without a preferred scale the scripted compositor offers no wp_viewporter.
        let compositor = try ScriptedCompositor()
        let display = try WaylandDisplay(name: compositor.socketPath)
        XCTAssertThrowsError(
            try WaylandWindow(display: display, title: "t", width: 390, height: 844, scale: 1.5)
        ) { error in
            XCTAssertEqual(
                error as? WaylandError, .missingGlobal("wp_viewporter (for a scale of 1.5)"))
        }
        XCTAssertNoThrow(
            try WaylandWindow(display: display, title: "t", width: 390, height: 844, scale: 3))
        XCTAssertThrowsError(
            try WaylandWindow(display: display, title: "t", width: 20000, height: 844, scale: 2))
        XCTAssertTrue(WaylandWindow.fits(width: 390, height: 844, scale: 8))  // 3120 x 6752 px
        XCTAssertTrue(WaylandWindow.fits(width: 16383, height: 64, scale: 2))  // 32766 px
        XCTAssertFalse(WaylandWindow.fits(width: 16384, height: 64, scale: 2))  // 32768 px
        XCTAssertFalse(WaylandWindow.fits(width: 390, height: 844, scale: 0))
        XCTAssertFalse(WaylandWindow.fits(width: 390, height: 844, scale: .nan))
    }

    func testTheDemosScaleFlagDrawsItsFirstFrameAtThatScale() throws {
        let weston = try Weston()
        for (scale, shown) in [
            ("2", "780x1688 px at scale 2"), ("1.5", "585x1266 px at scale 1.5"),
        ] {
            let demo = try startWaylandDemo(["--scale", scale, "--verbose"], on: weston)
            XCTAssertTrue(demo.waitForFirstFrame(), "--scale \(scale): \(demo.stderr)")
            XCTAssertTrue(demo.stderr.contains("first frame shown: \(shown)"), demo.stderr)
            // It exits by itself with 128 + the signal (not killed by it).
            XCTAssertEqual(demo.stop(with: SIGTERM), .exited(128 + SIGTERM), demo.stderr)
        }
    }

    func testTheDemoRefusesAScaleThatMakesTooLargeAWindowBeforeAnyCompositor() throws {
        let result = try runProcess(
            try builtExecutable("wayland-demo").path, ["--size", "20000x844", "--scale", "2"],
            removing: ["WAYLAND_DISPLAY"], timeout: 10)
        XCTAssertEqual(result.status, 2, result.error)
        XCTAssertEqual(
            result.error,
            "wayland-demo: --scale: 2, makes the 20000x844 pt window larger than 32767 px a side; "
                + "pass a smaller --scale or --size\n")
        XCTAssertEqual(result.output, "")
    }
}
