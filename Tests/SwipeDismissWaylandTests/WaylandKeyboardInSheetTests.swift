import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// The keyboard in a sheet on a real Wayland connection (the scripted compositor sends the
/// keys and buttons): Tab and the back key by evdev code, and BTN_SIDE / BTN_BACK, reach the
/// controller as keys, and a back key dismisses with reason `back`.
final class WaylandKeyboardInSheetTests: XCTestCase {
    private func harness(_ compositor: ScriptedCompositor) throws -> WaylandHarness {
        let harness = try WaylandHarness(
            socketPath: compositor.socketPath, server: compositor, liveInput: true)
        try harness.settle()
        return harness
    }

    private func keys(_ harness: WaylandHarness) -> [Key] {
        harness.counted.events.compactMap {
            if case .key(let key) = $0.kind { return key }
            return nil
        }
    }

    func testTabAndTheBackKeyArriveAsKeysAndBackDismissesWithReasonBack() throws {
        let compositor = try ScriptedCompositor()
        let harness = try harness(compositor)
        var reasons: [DismissReason] = []
        harness.controller.shouldDismiss = { reason in
            reasons.append(reason)
            return true
        }
        compositor.keyboardFocus(true)
        compositor.key(15, pressed: true)  // KEY_TAB
        compositor.key(15, pressed: false)
        XCTAssertTrue(try harness.run(timeout: 3) { self.keys(harness) == [.tab] })
        XCTAssertEqual(harness.controller.state.phase, .presented)
        compositor.key(158, pressed: true)  // KEY_BACK
        compositor.key(158, pressed: false)
        let dismissed = try harness.run(timeout: 3) {
            harness.controller.state.phase == .dismissed
        }
        XCTAssertTrue(dismissed, "phases: \(harness.phases)")
        XCTAssertEqual(keys(harness), [.tab, .back])
        XCTAssertEqual(reasons, [.back])
    }

    func testTheSideAndBackButtonsAnywhereAreTheBackKey() throws {
        for code: UInt32 in [0x113, 0x116] {
            let compositor = try ScriptedCompositor()
            let harness = try harness(compositor)
            compositor.enter(x: 20, y: 30)  // on the backdrop's band, far from the card
            compositor.buttonCode(code, pressed: true)
            compositor.buttonCode(code, pressed: false)
            let dismissed = try harness.run(timeout: 3) {
                harness.controller.state.phase == .dismissed
            }
            XCTAssertTrue(dismissed, "button \(code): \(harness.phases)")
            XCTAssertEqual(keys(harness), [.back], "button \(code)")
            XCTAssertFalse(harness.phases.contains(.dragging))
        }
    }
}
