import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// The seat's keyboard focus, as an accessibility bridge's `windowIsActive` follows it
/// (`wayland-demo` sets it from `onKeyboardFocusChange`).
final class WaylandKeyboardFocusTests: XCTestCase {
    func testKeyboardEnterAndLeaveAreToldOnceEach() throws {
        let compositor = try ScriptedCompositor()
        let harness = try WaylandHarness(
            socketPath: compositor.socketPath, server: compositor, liveInput: true)
        try harness.settle()
        XCTAssertTrue(harness.seat.capabilities.keyboard)
        XCTAssertFalse(harness.seat.hasKeyboardFocus, "no focus before the compositor gives it")
        var told: [Bool] = []
        harness.seat.onKeyboardFocusChange = { told.append($0) }
        compositor.keyboardFocus(true)
        XCTAssertTrue(try harness.run(timeout: 2) { !told.isEmpty }, "enter never told")
        XCTAssertTrue(harness.seat.hasKeyboardFocus)
        compositor.keyboardFocus(false)
        XCTAssertTrue(try harness.run(timeout: 2) { told.count == 2 }, "leave never told")
        XCTAssertFalse(harness.seat.hasKeyboardFocus)
        XCTAssertEqual(told, [true, false])
        // The keyboard's comings and goings move nothing.
        XCTAssertEqual(harness.controller.state.phase, .presented)
        XCTAssertEqual(harness.counted.events.count, 0)
    }
}
