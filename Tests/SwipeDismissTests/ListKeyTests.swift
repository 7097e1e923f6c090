import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTrace
import XCTest

/// Page Up/Down and Home/End scroll the sheet's list at `large` (issue 10, item 4): an
/// immediate jump by a page (the list's 703.6 pt viewport minus one 44 pt row: 659.6 pt) or
/// to an end (0 or 1936.4 in the 390 × 844 viewport), clamped, never moving the sheet.
final class ListKeyTests: XCTestCase {
    private static let page = 703.6 - 44
    private static let end = 2640 - 703.6

    /// Presses `key` at `time`, steps to it, and returns the list's offset.
    private func press(_ key: Key, _ harness: SheetHarness, at time: Double) -> Double {
        harness.at(time, .key(key))
        harness.run(to: time)
        return harness.state.scroll
    }

    func testTheKeysHaveTraceNamesThatRoundTrip() {
        let keys: [(Key, String)] = [
            (.pageUp, "PageUp"), (.pageDown, "PageDown"), (.home, "Home"), (.end, "End"),
        ]
        for (key, name) in keys {
            XCTAssertEqual(Key(name: name), key)
            XCTAssertEqual(key.name, name)
        }
        XCTAssertEqual(Key(name: "pageup"), .other("pageup"), "names are case-sensitive")
    }

    func testATraceNamesThePageKeys() throws {
        let json = #"""
            { "viewport": { "width": 390, "height": 844 }, "events": [
              { "t": 0.1, "type": "key", "key": "PageDown" },
              { "t": 0.2, "type": "key", "key": "End" } ] }
            """#
        let trace = try GestureTrace(jsonBytes: Array(json.utf8))
        XCTAssertEqual(trace.events.map(\.kind), [.key(.pageDown), .key(.end)])
        // A recording writes them back by the same names.
        let written = try trace.encoded()
        XCTAssertTrue(written.contains(#""PageDown""#) && written.contains(#""End""#), written)
        XCTAssertEqual(try GestureTrace(json: written).events, trace.events)
    }

    func testPageKeysJumpByTheViewportLessOneRowClampedToTheEnds() {
        let harness = SheetHarness.atLarge(scroll: 200)
        XCTAssertEqual(press(.pageDown, harness, at: 0.1), 200 + Self.page, accuracy: 1e-9)
        XCTAssertEqual(harness.state.scroll, 859.6, accuracy: 1e-9)
        XCTAssertFalse(harness.controller.isAnimating, "the jump is immediate")
        XCTAssertEqual(press(.pageDown, harness, at: 0.2), 1519.2, accuracy: 1e-9)
        XCTAssertEqual(press(.pageDown, harness, at: 0.3), Self.end, accuracy: 1e-9)
        XCTAssertEqual(press(.pageDown, harness, at: 0.4), 1936.4, accuracy: 1e-9)
        XCTAssertEqual(press(.pageUp, harness, at: 0.5), 1276.8, accuracy: 1e-9)
        XCTAssertEqual(press(.pageUp, harness, at: 0.6), 617.2, accuracy: 1e-9)
        XCTAssertEqual(press(.pageUp, harness, at: 0.7), 0, "clamped at the top")
        XCTAssertEqual(press(.pageUp, harness, at: 0.8), 0)
        harness.settle()
        XCTAssertEqual(harness.state.offset, 0, "the sheet never moves")
        XCTAssertEqual(harness.state.phase, .presented)
        XCTAssertEqual(harness.phases, [])
        XCTAssertEqual(harness.asked, [])
    }

    func testHomeAndEndGoToTheListsEnds() {
        let harness = SheetHarness.atLarge(scroll: 300)
        XCTAssertEqual(press(.end, harness, at: 0.1), 1936.4, accuracy: 1e-9)
        XCTAssertEqual(
            harness.renderer.lastFrame?.listOffset, Point(x: 0, y: harness.state.scroll),
            "the frame draws the jump")
        XCTAssertEqual(press(.home, harness, at: 0.2), 0)
        XCTAssertEqual(harness.renderer.lastFrame?.listOffset, .zero)
        XCTAssertEqual(press(.home, harness, at: 0.3), 0)
        XCTAssertEqual(harness.state.offset, 0)
        XCTAssertEqual(harness.phases, [])
    }

    func testAKeyCatchesAGlidingListAndLeavesItAtRest() {
        // Two identical sheets get the same fling down on the list (100 pt in 0.05 s, let
        // go while moving, so the list glides toward its top); one then gets Page Down.
        let twins = [SheetHarness.atLarge(scroll: 1000), SheetHarness.atLarge(scroll: 1000)]
        var release = 0.0
        for harness in twins {
            release = harness.drag(
                from: Point(x: 195, y: 300), by: Point(x: 0, y: 100), duration: 0.05, samples: 5)
        }
        let keyTime = release + 0.06
        twins[1].run(to: keyTime)
        XCTAssertTrue(twins[1].controller.isAnimating, "the list glides")
        let gliding = twins[1].state.scroll
        XCTAssertLessThan(gliding, 900)
        XCTAssertEqual(press(.pageDown, twins[0], at: keyTime), gliding + Self.page)
        twins[0].run(to: keyTime + 0.2)
        XCTAssertFalse(twins[0].controller.isAnimating, "the glide is over")
        XCTAssertEqual(twins[0].state.scroll, gliding + Self.page)
        XCTAssertEqual(twins[0].state.offset, 0)
    }

    func testBelowLargeOrWhilePressedTheKeysDoNothing() {
        let medium = SheetHarness()
        let atMedium = medium.state.offset
        for (i, key) in [Key.pageDown, .end, .pageUp, .home].enumerated() {
            XCTAssertEqual(press(key, medium, at: 0.1 * Double(i + 1)), 0, key.name)
        }
        XCTAssertEqual(medium.state.offset, atMedium)
        XCTAssertEqual(medium.phases, [])

        let pressed = SheetHarness.atLarge(scroll: 200)
        pressed.at(0.1, .down(Point(x: 195, y: 400)))
        XCTAssertEqual(press(.pageDown, pressed, at: 0.2), 200, "a pointer is down")
        XCTAssertEqual(press(.end, pressed, at: 0.3), 200)
    }
}
