import SwipeDismiss
import XCTest

@testable import SwipeDismissWayland

/// The Wayland side of the keyboard in a sheet: the back buttons (`BTN_SIDE`, which X calls
/// button 8, and `BTN_BACK`) and the keys read without a keymap; keysyms go through the
/// core's one table (`KeySymbolTableTests`).
final class WaylandBackKeyTests: XCTestCase {
    func testBtnSideAndBtnBackPressesAreTheBackKeyAndTheirReleasesNothing() {
        for code: UInt32 in [0x113, 0x116] {
            var mapping = WaylandPointerMapping()
            mapping.enter(at: Point(x: 10, y: 10))
            var events: [InputEvent.Kind] = []
            mapping.button(code, pressed: true)
            mapping.frame(into: &events)
            mapping.button(code, pressed: false)
            mapping.frame(into: &events)
            XCTAssertEqual(events, [.key(.back)], "button \(code)")
            XCTAssertFalse(mapping.isPressed)
        }
    }

    func testOtherButtonsStayAsTheyWere() {
        var mapping = WaylandPointerMapping()
        mapping.enter(at: Point(x: 10, y: 20))
        var events: [InputEvent.Kind] = []
        mapping.button(0x114, pressed: true)  // BTN_EXTRA: nothing
        mapping.frame(into: &events)
        mapping.button(WaylandPointerMapping.leftButton, pressed: true)
        mapping.frame(into: &events)
        XCTAssertEqual(events, [.down(Point(x: 10, y: 20))])
    }

    func testWithoutAKeymapTabAndTheBackKeyComeByTheirEvdevCodes() {
        XCTAssertEqual(WaylandKeyboard.key(forEvdevCode: 15), .tab)
        XCTAssertEqual(WaylandKeyboard.key(forEvdevCode: 158), .back)
        XCTAssertEqual(WaylandKeyboard.key(forEvdevCode: 1), .escape)
        XCTAssertNil(WaylandKeyboard.key(forEvdevCode: 30))
    }
}
