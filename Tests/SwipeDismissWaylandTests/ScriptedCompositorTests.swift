import CWaylandTestCompositor
import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// The scripted compositor of CWaylandTestCompositor, on a thread of this process.
final class ScriptedCompositor {
    let folder: String
    let socketPath: String
    private let compositor: OpaquePointer

    init(outputScale: Int32 = 1, preferredScale120: UInt32 = 0, offersXdgShell: Bool = true) throws
    {
        folder = try makePrivateFolder("swd-scripted")
        socketPath = "\(folder)/wayland-scripted"
        let options = swd_test_compositor_options(
            output_scale: outputScale, preferred_scale_120: preferredScale120,
            offer_xdg_shell: offersXdgShell ? 1 : 0)
        guard let made = swd_test_compositor_start(socketPath, options) else {
            throw TestFailure(
                description: "the scripted compositor did not start at \(socketPath)")
        }
        compositor = made
    }

    deinit {
        swd_test_compositor_stop(compositor)
        try? FileManager.default.removeItem(atPath: folder)
    }

    var stats: swd_test_compositor_stats { swd_test_compositor_get_stats(compositor) }
    func enter(x: Double, y: Double) { swd_test_compositor_pointer_enter(compositor, x, y) }
    func motion(x: Double, y: Double) { swd_test_compositor_pointer_motion(compositor, x, y) }
    func button(pressed: Bool) { swd_test_compositor_pointer_button(compositor, pressed ? 1 : 0) }
    func fingerScroll(_ value: Double) { swd_test_compositor_finger_scroll(compositor, value) }
    func fingerStop() { swd_test_compositor_finger_stop(compositor) }
    func wheel(_ notches: Int32) { swd_test_compositor_wheel(compositor, notches) }
    func touchDown(_ id: Int32, x: Double, y: Double) {
        swd_test_compositor_touch_down(compositor, id, x, y)
    }
    func touchMotion(_ id: Int32, x: Double, y: Double) {
        swd_test_compositor_touch_motion(compositor, id, x, y)
    }
    func touchUp(_ id: Int32) { swd_test_compositor_touch_up(compositor, id) }
    func touchCancel() { swd_test_compositor_touch_cancel(compositor) }
    /// `wl_keyboard.key` of evdev `code` (no keymap: read by its US-layout meaning).
    func key(_ code: UInt32, pressed: Bool) {
        swd_test_compositor_key(compositor, code, pressed ? 1 : 0)
    }
    /// `wl_pointer.button` of evdev `code` (`BTN_SIDE`, `BTN_BACK`, …), then a frame.
    func buttonCode(_ code: UInt32, pressed: Bool) {
        swd_test_compositor_pointer_button_code(compositor, code, pressed ? 1 : 0)
    }
    func keyboardFocus(_ focused: Bool) {
        swd_test_compositor_keyboard_focus(compositor, focused ? 1 : 0)
    }
    func setHidden(_ hidden: Bool) { swd_test_compositor_set_hidden(compositor, hidden ? 1 : 0) }
    func holdBegin() { swd_test_compositor_hold_begin(compositor) }
    func holdEnd(cancelled: Bool = false) {
        swd_test_compositor_hold_end(compositor, cancelled ? 1 : 0)
    }
    /// A hostile compositor's configure, output scale and preferred fractional scale.
    func configure(width: Int32, height: Int32) {
        swd_test_compositor_configure(compositor, width, height)
    }
    func setOutputScale(_ scale: Int32) { swd_test_compositor_set_output_scale(compositor, scale) }
    func setPreferredScale(_ scale120: UInt32) {
        swd_test_compositor_set_preferred_scale(compositor, scale120)
    }
}

/// What no packaged headless compositor injects: a finger scroll that ends with axis_stop,
/// and fractional and integer scales; also a drag, wheel notches and a compositor without
/// xdg-shell.
final class ScriptedCompositorTests: XCTestCase {
    private func harness(_ compositor: ScriptedCompositor) throws -> WaylandHarness {
        let harness = try WaylandHarness(
            socketPath: compositor.socketPath, server: compositor, liveInput: true)
        try harness.settle()
        return harness
    }

    /// Turns the loop for `seconds`.
    private func idle(_ harness: WaylandHarness, _ seconds: Double) throws {
        try harness.run(timeout: seconds, until: { false })
    }

    func testAFingerScrollDragsAndReleasesInTheFrameOfItsAxisStop() throws {
        let compositor = try ScriptedCompositor()
        let harness = try harness(compositor)
        var releaseTime: Double?
        harness.controller.addObserver { event in
            if case .phaseChanged(.dragging, _, let state) = event { releaseTime = state.time }
        }
        compositor.enter(x: 195, y: 400)
        try idle(harness, 0.05)
        for _ in 0..<12 {
            compositor.fingerScroll(-15)  // fingers down the pad: content down, 15 pt a frame
            try idle(harness, 0.016)
        }
        try idle(harness, 0.03)
        XCTAssertEqual(harness.controller.state.phase, .dragging)
        XCTAssertNil(releaseTime)
        // The fingers lift well inside the core's 150 ms no-stop timeout: the release must come
        // from the stop, at its own time.
        compositor.fingerStop()
        let released = try harness.run(timeout: 2, until: { releaseTime != nil })
        XCTAssertTrue(released, "no release after axis_stop: \(harness.phases)")
        let scrolls = harness.counted.events.filter {
            if case .scroll(_, _, .touchpad) = $0.kind { return true } else { return false }
        }
        let stops = harness.counted.events.filter { $0.kind == .scrollStop }
        XCTAssertEqual(scrolls.count, 12)
        XCTAssertEqual(scrolls.map(\.kind).first, .scroll(dx: 0, dy: 15, source: .touchpad))
        XCTAssertEqual(stops.count, 1)
        XCTAssertEqual(
            releaseTime, stops.first?.time, "the release is the stop's frame, not a timeout")
        let lastDelta = try XCTUnwrap(scrolls.last?.time)
        XCTAssertLessThan(try XCTUnwrap(releaseTime) - lastDelta, 0.15)
    }

    func testAPreferredScaleOfOneAndAHalfGivesAOneAndAHalfTimesBufferWithALogicalViewport() throws {
        let compositor = try ScriptedCompositor(preferredScale120: 180)
        let harness = try harness(compositor)
        try harness.run(timeout: 2, until: { compositor.stats.buffer_width == 585 })
        let stats = compositor.stats
        XCTAssertEqual(harness.renderer.scale, 1.5)
        XCTAssertTrue(harness.window.usesFractionalScale)
        XCTAssertEqual(stats.buffer_width, 585)  // round(390 × 1.5)
        XCTAssertEqual(stats.buffer_height, 1266)  // round(844 × 1.5)
        XCTAssertEqual(stats.buffer_scale, 1)
        XCTAssertEqual(stats.viewport_width, 390)
        XCTAssertEqual(stats.viewport_height, 844)
        XCTAssertEqual(harness.renderer.viewport, Size(width: 390, height: 844))
        let pixel = try XCTUnwrap(harness.renderer.lastFramePixel(x: 15, y: 7))
        XCTAssertEqual(Double(pixel & 0xFF), 178.5, accuracy: 1)  // the band under alpha 0.3
    }

    func testAnOutputScaleOfTwoGivesADoubleBufferWithBufferScaleTwo() throws {
        let compositor = try ScriptedCompositor(outputScale: 2)
        let harness = try harness(compositor)
        let redrawn = try harness.run(timeout: 2, until: { compositor.stats.buffer_width == 780 })
        XCTAssertTrue(redrawn, "buffer \(compositor.stats.buffer_width) px wide")
        XCTAssertEqual(compositor.stats.buffer_height, 1688)
        XCTAssertEqual(compositor.stats.buffer_scale, 2)
        XCTAssertEqual(compositor.stats.viewport_width, -1)
        XCTAssertEqual(harness.renderer.scale, 2)
        XCTAssertEqual(harness.renderer.viewport, Size(width: 390, height: 844))
    }

    func testAPointerDragOf300PointsDismisses() throws {
        let compositor = try ScriptedCompositor()
        let harness = try harness(compositor)
        compositor.enter(x: 195, y: 400)
        try idle(harness, 0.03)
        compositor.button(pressed: true)
        for step in 1...30 {
            compositor.motion(x: 195, y: 400 + Double(step) * 10)
            try idle(harness, 0.016)
        }
        compositor.button(pressed: false)
        let dismissed = try harness.run(timeout: 3) { harness.controller.state.phase == .dismissed }
        XCTAssertTrue(dismissed, "phases: \(harness.phases)")
        XCTAssertEqual(harness.phases.first, .dragging)
        XCTAssertEqual(compositor.stats.cursor_sets, 1, "an arrow on the enter")
    }

    func testWheelNotchesScrollButNeverDismiss() throws {
        let compositor = try ScriptedCompositor()
        let harness = try harness(compositor)
        compositor.enter(x: 195, y: 400)
        for _ in 0..<100 { compositor.wheel(-1) }  // towards the user: content down
        try harness.run(timeout: 3) { harness.counted.events.count >= 100 }
        try idle(harness, 0.3)
        let wheels = harness.counted.events.filter {
            $0.kind == .scroll(dx: 0, dy: 53, source: .wheel)
        }
        XCTAssertEqual(wheels.count, 100)
        XCTAssertEqual(harness.controller.state.phase, .presented)
        XCTAssertFalse(harness.phases.contains(.dismissing))
    }

    func testTwoRestingFingersCatchASettlingCardAndLetItSettleWhenLifted() throws {
        let compositor = try ScriptedCompositor()
        let harness = try harness(compositor)
        harness.seat.catchesOnHold = { [unowned harness] point in
            harness.controller.isAnimating && harness.controller.hitTest(point) == .content
        }
        // An 80 pt drag, held still, released: the card springs back (settling, 0.5 s).
        compositor.enter(x: 195, y: 422)
        try idle(harness, 0.03)
        compositor.button(pressed: true)
        for step in 1...8 {
            compositor.motion(x: 195, y: 422 + Double(step) * 10)
            try idle(harness, 0.016)
        }
        try idle(harness, 0.2)
        compositor.button(pressed: false)
        let settling = try harness.run(timeout: 1) { harness.controller.state.phase == .settling }
        XCTAssertTrue(settling, "phases: \(harness.phases)")
        try idle(harness, 0.08)
        let before = harness.controller.state.offset
        XCTAssertGreaterThan(before, 1, "the card already rests")
        compositor.holdBegin()
        let caught = try harness.run(timeout: 1) { harness.controller.state.phase == .dragging }
        XCTAssertTrue(caught, "the hold did not catch the card: \(harness.phases)")
        let heldAt = harness.controller.state.offset
        try idle(harness, 0.2)
        XCTAssertEqual(harness.controller.state.offset, heldAt, "a caught card stays put")
        XCTAssertGreaterThan(heldAt, 1)
        compositor.holdEnd()
        let rests = try harness.run(timeout: 3) { harness.controller.state.phase == .presented }
        XCTAssertTrue(rests, "phases: \(harness.phases)")
        XCTAssertEqual(harness.controller.state.offset, 0)
        XCTAssertEqual(harness.phases.suffix(3), [.dragging, .settling, .presented])
    }

    func testAHoldOverNothingMovingIsLetThrough() throws {
        let compositor = try ScriptedCompositor()
        let harness = try harness(compositor)
        harness.seat.catchesOnHold = { [unowned harness] point in
            harness.controller.isAnimating && harness.controller.hitTest(point) == .content
        }
        compositor.enter(x: 195, y: 10)  // over the backdrop, nothing animating
        try idle(harness, 0.03)
        compositor.holdBegin()
        try idle(harness, 0.05)
        compositor.holdEnd()
        try idle(harness, 0.2)
        XCTAssertEqual(harness.counted.events.count, 0, "\(harness.counted.events)")
        XCTAssertEqual(harness.controller.state.phase, .presented)
    }

    func testAHiddenWindowCommitsNothingMoreButItsAnimationStillEndsOnTime() throws {
        let compositor = try ScriptedCompositor()
        let harness = try harness(compositor)
        compositor.enter(x: 195, y: 422)
        try idle(harness, 0.03)
        compositor.button(pressed: true)
        for step in 1...30 {
            compositor.motion(x: 195, y: 422 + Double(step) * 10)
            try idle(harness, 0.016)
        }
        // Hidden from the release on: the dismissal runs with no frame callbacks at all.
        compositor.setHidden(true)
        try idle(harness, 0.05)
        compositor.button(pressed: false)
        let commitsWhenHidden = compositor.stats.commits
        let released = harness.clock.now
        let dismissed = try harness.run(timeout: 3) { harness.controller.state.phase == .dismissed }
        XCTAssertTrue(dismissed, "phases: \(harness.phases)")
        XCTAssertLessThan(harness.clock.now - released, 1.5, "the dismissal waited for frames")
        // At most the one commit whose callback was already asked for; then nothing.
        XCTAssertLessThanOrEqual(compositor.stats.commits - commitsWhenHidden, 1)
        XCTAssertTrue(harness.renderer.needsFrame)
        try idle(harness, 0.3)
        XCTAssertLessThanOrEqual(compositor.stats.commits - commitsWhenHidden, 1)
        // Shown again: the last state is drawn once, with the dim gone.
        compositor.setHidden(false)
        let drawn = try harness.run(timeout: 2) { !harness.renderer.needsFrame }
        XCTAssertTrue(drawn)
        let backdrop = try XCTUnwrap(harness.renderer.lastScene?.index(of: .backdrop))
        XCTAssertEqual(harness.renderer.lastScene?.layers[backdrop].opacity, 0)
        let commits = compositor.stats.commits
        try idle(harness, 0.3)
        XCTAssertEqual(compositor.stats.commits, commits, "nothing more once it is drawn")
    }

    func testACompositorWithoutXdgShellIsRefusedByName() throws {
        let compositor = try ScriptedCompositor(offersXdgShell: false)
        XCTAssertThrowsError(try WaylandDisplay(name: compositor.socketPath)) { error in
            XCTAssertEqual(error as? WaylandError, .missingGlobal("xdg_wm_base (xdg-shell)"))
        }
    }
}
