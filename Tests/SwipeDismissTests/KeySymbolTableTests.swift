import SwipeDismiss
import XCTest

/// The one keysym → `Key` table the X11 and Wayland hosts share (issue 36 item 1): X11, XKB
/// and GDK keysyms are the same numbers.
final class KeySymbolTableTests: XCTestCase {
    func testEveryKeyTheControllerUsesHasItsKeysymAndTheKeypadsToo() {
        let table: [(UInt32, Key)] = [
            (0xFF1B, .escape), (0x20, .space), (0xFF80, .space), (0xFF0D, .enter),
            (0xFF8D, .enter), (0xFF55, .pageUp), (0xFF9A, .pageUp), (0xFF56, .pageDown),
            (0xFF9B, .pageDown), (0xFF50, .home), (0xFF95, .home), (0xFF57, .end),
            (0xFF9C, .end), (0xFF09, .tab), (0xFF89, .tab), (0xFE20, .shiftTab),
            (0x1008_FF26, .back), (0x79, .other("y")), (0x59, .other("y")),
            (0x6E, .other("n")), (0x4E, .other("n")),
        ]
        for (keysym, key) in table {
            XCTAssertEqual(Key(keysym: keysym), key, "keysym \(keysym)")
        }
    }

    func testTabWithShiftIsShiftTabAsIsoLeftTabAlone() {
        XCTAssertEqual(Key(keysym: 0xFF09, modifiers: .shift), .shiftTab)
        XCTAssertEqual(Key(keysym: 0xFE20, modifiers: .shift), .shiftTab)
        XCTAssertEqual(Key(keysym: 0xFF09, modifiers: .control), .tab)
    }

    func testArrowsCountOnlyWithTheirModifier() {
        XCTAssertEqual(Key(keysym: 0xFF52, modifiers: .control), .controlUp)
        XCTAssertEqual(Key(keysym: 0xFF54, modifiers: .control), .controlDown)
        XCTAssertEqual(Key(keysym: 0xFF97, modifiers: .control), .controlUp, "KP_Up")
        XCTAssertEqual(Key(keysym: 0xFF99, modifiers: .control), .controlDown, "KP_Down")
        XCTAssertEqual(Key(keysym: 0xFF51, modifiers: .alt), .back, "Alt+Left")
        XCTAssertEqual(Key(keysym: 0xFF96, modifiers: .alt), .back, "Alt+KP_Left")
        for keysym: UInt32 in [0xFF51, 0xFF52, 0xFF54] {
            XCTAssertNil(Key(keysym: keysym), "a bare arrow is the app's")
            XCTAssertNil(Key(keysym: keysym, modifiers: [.control, .alt]))
        }
        XCTAssertNil(Key(keysym: 0xFF51, modifiers: .control))
        XCTAssertNil(Key(keysym: 0xFF52, modifiers: .alt))
    }

    func testKeysTheControllerDoesNotUseMapToNothing() {
        for keysym: UInt32 in [0x61, 0x41, 0xFFBE, 0xFFE1, 0, 0xFFFF_FFFF] {
            XCTAssertNil(Key(keysym: keysym), "keysym \(keysym)")
        }
    }

    func testX11StateBitsAreShiftControlAndMod1() {
        XCTAssertEqual(KeyModifiers(x11State: 0), [])
        XCTAssertEqual(KeyModifiers(x11State: 1), .shift)
        XCTAssertEqual(KeyModifiers(x11State: 4), .control)
        XCTAssertEqual(KeyModifiers(x11State: 8), .alt)
        // Lock (2), Mod2 / NumLock (16) and a button mask (256) are not modifiers here.
        XCTAssertEqual(KeyModifiers(x11State: 2 | 16 | 256 | 4), .control)
    }

    func testMouseButtonEightIsBackAndNoOtherButtonIsAKey() {
        XCTAssertEqual(Key(mouseButton: 8), .back)
        for button: UInt32 in [1, 2, 3, 4, 5, 6, 7, 9, 10] {
            XCTAssertNil(Key(mouseButton: button))
        }
    }

    func testTheNewKeysTraceNamesRoundTrip() {
        for key in [Key.tab, .shiftTab, .back, .controlUp, .controlDown] {
            XCTAssertEqual(Key(name: key.name), key)
        }
        XCTAssertEqual(Key(name: "ISO_Left_Tab"), .shiftTab)
        XCTAssertEqual(Key(name: "XF86Back"), .back)
        XCTAssertEqual(Key(name: "Alt+Left"), .back)
    }
}
