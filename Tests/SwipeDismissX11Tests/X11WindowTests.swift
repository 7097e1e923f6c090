import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// A real window under the test display (Xvfb), driven with real pointer and key events
/// through XTest (`xdotool`), read back with `XGetImage`.
final class X11WindowTests: XCTestCase {
    // Each test opens the display itself: an error thrown from setUpWithError is reported
    // by XCTest as a failure and a skip, where a missing display must be one failure.

    func testAProtocolErrorIsLoggedAndTheConnectionLivesOn() throws {
        let display = try openTestDisplay()
        let before = X11Display.protocolErrorCount
        // XGetImage of a window that does not exist: BadWindow, which Xlib would abort on.
        XCTAssertNil(display.readPixels(window: 0x7FF_FFFF, x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(X11Display.protocolErrorCount, before + 1)
        let harness = try WindowHarness(display: display)
        XCTAssertEqual(harness.controller.state.phase, .presented)
    }

    func testBackdropAtRestReadsGrey179InTheTopBand() throws {
        let display = try openTestDisplay()
        let harness = try WindowHarness(display: display)
        XCTAssertEqual(harness.controller.state.phase, .presented)
        let band = try XCTUnwrap(harness.window.readPixels(x: 0, y: 0, width: 390, height: 24))
        XCTAssertEqual(Set(band.map(grey)).count, 1, "the band is one flat grey")
        XCTAssertTrue(expectedGrey(alpha: 0.3).contains(grey(band[0])), "got \(grey(band[0]))")
    }

    func testDragFadesTheBackdropThenSpringsBackToRest() throws {
        let display = try openTestDisplay()
        try requireXdotool()
        let harness = try WindowHarness(display: display)
        try harness.drag(fromY: 500, toY: 600)
        try harness.pump(until: "the card is 100 pt down") {
            harness.controller.state.phase == .dragging && harness.controller.state.offset == 100
        }
        // Fluid tracking is 1:1: 100 pt down is alpha 0.3 - 100/1000 = 0.2 → grey 204.
        XCTAssertEqual(harness.controller.state.alpha, 0.2, accuracy: 1e-12)
        XCTAssertEqual(harness.windowGrey().map(expectedGrey(alpha: 0.2).contains), true)

        // Not synchronisation but the behaviour under test: holding still for longer than
        // the velocity tracker's 40 ms gap makes the release a still one (no flick).
        Thread.sleep(forTimeInterval: 0.06)
        try xdotool(["mouseup", "1"])
        try harness.pump(until: "the card sprang back") {
            harness.controller.state.phase == .presented
        }
        XCTAssertEqual(harness.phases, [.dragging, .settling, .presented])
        XCTAssertEqual(harness.controller.state.offset, 0)
        let greyAtRest = try XCTUnwrap(harness.windowGrey())
        XCTAssertTrue(expectedGrey(alpha: 0.3).contains(greyAtRest), "got \(greyAtRest)")
    }

    func testDragPastTheThresholdDismissesAndClearsTheBackdrop() throws {
        let display = try openTestDisplay()
        try requireXdotool()
        let harness = try WindowHarness(display: display)
        try harness.drag(fromY: 450, toY: 750, step: 20)
        try xdotool(["mouseup", "1"])
        try harness.pump(until: "the modal is dismissed") {
            harness.controller.state.phase == .dismissed
        }
        XCTAssertEqual(harness.phases, [.dragging, .dismissing, .dismissed])
        XCTAssertEqual(harness.windowGrey(), 255)
        // The card is gone: the window's centre shows the presenting screen, not the card.
        let centre = try XCTUnwrap(harness.window.readPixels(x: 5, y: 422, width: 1, height: 1))
        XCTAssertEqual(centre[0], 0xF2F2F7)
    }

    func testEveryMotionSampleReachesTheControllerWhenFramesMergeThem() throws {
        let display = try openTestDisplay()
        try requireXdotool()
        let harness = try WindowHarness(display: display)
        let framesBefore = harness.renderer.framesRendered
        // 60 moves sent in one burst: the loop reads them together.
        try harness.drag(fromY: 500, toY: 560, step: 1)
        try harness.pump(until: "all 60 moves arrived") {
            harness.recorder.trace.events.filter {
                if case .move = $0.kind { return true } else { return false }
            }.count >= 60
        }
        let moves = harness.recorder.trace.events.compactMap { event -> Double? in
            if case .move(let point) = event.kind { return point.y } else { return nil }
        }
        XCTAssertEqual(moves, (501...560).map(Double.init))
        XCTAssertEqual(harness.controller.state.offset, 60)
        XCTAssertLessThan(
            harness.renderer.framesRendered - framesBefore, 60, "rendering merges the samples")
        try xdotool(["mouseup", "1"])
        try harness.pump(until: "released") { harness.controller.state.phase != .dragging }
    }

    func testEscapeDismissesAndSpacePresentsAgain() throws {
        let display = try openTestDisplay()
        try requireXdotool()
        let harness = try WindowHarness(display: display)
        try xdotool(["mousemove", "--window", harness.id, "195", "300", "key", "Escape"])
        try harness.pump(until: "Escape dismissed") { harness.controller.state.phase == .dismissed }
        XCTAssertEqual(harness.windowGrey(), 255)
        try xdotool(["key", "space"])
        try harness.pump(until: "Space presented") { harness.controller.state.phase == .presented }
        XCTAssertTrue(expectedGrey(alpha: 0.3).contains(harness.windowGrey() ?? 0))
    }

    func testResizeLaysTheSceneOutAgainWithOneNewBackBuffer() throws {
        let display = try openTestDisplay()
        let harness = try WindowHarness(display: display)
        XCTAssertEqual(harness.renderer.backBufferCount, 1)
        try harness.window.resize(width: 600, height: 700)
        try harness.pump(until: "the resize landed and was painted") {
            harness.renderer.viewport == Size(width: 600, height: 700)
                && harness.renderer.backBufferCount == 2
        }
        XCTAssertEqual(harness.renderer.backBufferCount, 2)
        // The band now spans the new width, still at the rest alpha.
        let edge = try XCTUnwrap(harness.window.readPixels(x: 590, y: 10, width: 1, height: 1))
        XCTAssertTrue(expectedGrey(alpha: 0.3).contains(grey(edge[0])), "got \(grey(edge[0]))")
        // An expose without a resize repaints from the back buffer: no new pixmap.
        harness.controller.setNeedsDisplay()
        try harness.pump(until: "repainted") { true }
        XCTAssertEqual(harness.renderer.backBufferCount, 2)
    }

    func testTheCloseButtonMessageEndsTheRun() throws {
        let display = try openTestDisplay()
        let harness = try WindowHarness(display: display)
        // Sent from another connection, as a window manager would.
        let other = try X11Display(name: display.name)
        other.sendCloseRequest(to: harness.window.windowID)
        var reason: X11EventLoop.StopReason?
        let deadline = harness.clock.now + 5
        while reason == nil, harness.clock.now < deadline {
            reason = try harness.loop.runOnce(harness.controller, maximumWait: 0.05)
        }
        XCTAssertEqual(reason, .windowClosed)
    }

    func testAnIdleWindowSleepsInPoll() throws {
        let display = try openTestDisplay()
        let harness = try WindowHarness(display: display)
        let framesBefore = harness.renderer.framesRendered
        let wakeupsBefore = harness.loop.wakeups
        let cpuBefore = processCPUTime()
        let start = harness.clock.now
        // Without a limit the loop would block for ever; cap each wait at 0.3 s.
        for _ in 0..<3 { _ = try harness.loop.runOnce(harness.controller, maximumWait: 0.3) }
        let elapsed = harness.clock.now - start
        let cpu = processCPUTime() - cpuBefore
        XCTAssertGreaterThanOrEqual(elapsed, 0.85, "the loop slept")
        XCTAssertEqual(harness.loop.wakeups - wakeupsBefore, 3)
        XCTAssertEqual(harness.renderer.framesRendered, framesBefore, "nothing moved, no frames")
        XCTAssertLessThan(cpu, 0.1, "idle CPU \(cpu) s over \(elapsed) s")
    }

    func testAnimationsArePacedNearTheFrameRate() throws {
        let display = try openTestDisplay()
        let harness = try WindowHarness(display: display)
        let framesBefore = harness.renderer.framesRendered
        let start = harness.clock.now
        harness.controller.dismiss()
        try harness.pump(until: "dismissed") { harness.controller.state.phase == .dismissed }
        let seconds = harness.clock.now - start
        let fps = Double(harness.renderer.framesRendered - framesBefore) / seconds
        XCTAssertLessThanOrEqual(fps, 66, "\(fps) fps over \(seconds) s")
        XCTAssertGreaterThan(fps, 15, "\(fps) fps over \(seconds) s")
    }
}

/// Errors that need no display to happen.
final class X11DisplayErrorTests: XCTestCase {
    func testOpeningADisplayThatIsNotThereThrowsADescribedError() {
        XCTAssertThrowsError(try X11Display(name: ":4242")) { error in
            XCTAssertEqual(error as? X11Error, .cannotOpenDisplay(":4242"))
            XCTAssertTrue("\(error)".contains(":4242"))
        }
    }

    func testALongDisplayNameIsReportedWhole() {
        // Long enough to live on the heap: the name is copied while its C string is alive
        // (`make sanitize` caught the read after free here).
        let name = ":" + String(repeating: "4", count: 40)
        XCTAssertThrowsError(try X11Display(name: name)) { error in
            XCTAssertEqual(error as? X11Error, .cannotOpenDisplay(name))
        }
    }
}

/// This process's CPU time in seconds (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`).
func processCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}
