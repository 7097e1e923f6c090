import Foundation
import SwipeDismissTestSupport
import XCTest

/// `x11-demo` as a screen reader sees it: a private session bus with the AT-SPI bus launcher,
/// accessibility switched on through `org.a11y.Status`, and Debian's pyatspi as the client.
final class ScreenReaderTests: DemoSessionTestCase {

    /// A session with accessibility on and `x11-demo arguments` running in it.
    private func start(_ arguments: [String], enabled: Bool = true) throws -> (
        AccessibilitySession, DemoUnderSession
    ) {
        let session = try AccessibilitySession()
        self.session = session
        if enabled { try session.setStatus("IsEnabled", true) }
        let demo = try DemoUnderSession(arguments, environment: session.environment)
        self.demo = demo
        return (session, demo)
    }

    /// Gives the demo's window the keyboard focus (`XSetInputFocus`, as a window manager
    /// does on a click) and returns its id.
    @discardableResult
    private func focus(_ demo: DemoUnderSession, in session: AccessibilitySession) throws
        -> String
    {
        let window = try demo.windowID(environment: session.environment)
        let result = try AccessibilitySession.run(
            "/usr/bin/xdotool", ["windowfocus", "--sync", window], session.environment,
            timeout: 10)
        guard result.status == 0 else {
            throw TestFailure(description: "xdotool windowfocus: \(result.output)")
        }
        return window
    }

    /// The demo's `--events` lines as JSON objects.
    private func phaseLines(_ demo: DemoUnderSession) -> [[String: Any]] {
        demo.stdoutLines.compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Waits up to `timeout` seconds for an `--events` line matching `predicate`.
    private func waitForLine(
        _ demo: DemoUnderSession, timeout: Double = 5, _ predicate: ([String: Any]) -> Bool
    ) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if phaseLines(demo).contains(where: predicate) { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    func testTheSheetIsAModalDialogNamedSheetUnderTheDemosFrame() throws {
        let (session, demo) = try start(["--scene", "sheet", "--events"])
        try focus(demo, in: session)
        let output = try session.probe(["tree", "actions", "extents"])
        let tree = output.tree
        XCTAssertEqual(tree.map(\.depth), [0, 1, 2])
        XCTAssertEqual(tree.map(\.role), ["application", "frame", "dialog"])
        XCTAssertEqual(tree.map(\.name), ["x11-demo", "SwipeDismiss demo", "Sheet"])
        let dialog = try XCTUnwrap(tree.last)
        XCTAssertTrue(
            dialog.states.isSuperset(of: [
                "modal", "showing", "visible", "focused", "enabled", "sensitive", "expandable",
                "collapsed",
            ]), "\(dialog.states)")
        XCTAssertFalse(dialog.states.contains("expanded"), "it presents at medium")
        XCTAssertTrue(tree[1].states.isSuperset(of: ["showing", "visible", "active"]))
        let actions = try XCTUnwrap(output.first("actions") as? [[String]])
        XCTAssertEqual(actions.map { $0[0] }, ["dismiss", "expand", "collapse"])
        XCTAssertEqual(actions.first?[2], "Escape")
        // 390x844 pt at scale 1; medium puts the sheet's top at 50 %: 422 px down.
        XCTAssertEqual(output.first("dialog_window") as? [Int], [0, 422, 390, 422])
        XCTAssertEqual(output.first("frame_window") as? [Int], [0, 0, 390, 844])
    }

    func testExtentsAreInPixelsAtTheWindowScale() throws {
        let (session, _) = try start(["--scene", "sheet", "--scale", "2"])
        let output = try session.probe(["extents"])
        XCTAssertEqual(output.first("dialog_window") as? [Int], [0, 844, 780, 844])
        XCTAssertEqual(output.first("frame_window") as? [Int], [0, 0, 780, 1688])
    }

    func testTheCardIsADialogNamedCardWithOnlyDismiss() throws {
        let (session, _) = try start(["--scene", "card"])
        let output = try session.probe(["tree", "actions"])
        XCTAssertEqual(output.tree.map(\.name), ["x11-demo", "SwipeDismiss demo", "Card"])
        XCTAssertFalse(try XCTUnwrap(output.tree.last).states.contains("expandable"))
        XCTAssertEqual((output.first("actions") as? [[String]])?.map { $0[0] }, ["dismiss"])
    }

    func testDismissDismissesAndSaysTheDialogStoppedShowing() throws {
        let (session, demo) = try start(["--scene", "sheet", "--events"])
        let output = try session.probe([
            "wait:0.2", "do:dismiss", "until=object:state-changed:showing=0=10", "states",
        ])
        XCTAssertEqual(output.first("done") as? Bool, true)
        let showing = output.events.filter { $0.type == "object:state-changed:showing" }
        XCTAssertEqual(showing.map(\.name), ["Sheet"])
        XCTAssertEqual(showing.map(\.detail1), [0])
        XCTAssertEqual(output.first("children") as? Int, 0, "the frame no longer holds it")
        XCTAssertTrue(
            waitForLine(demo) { $0["phase"] as? String == "dismissed" }, "\(demo.stdoutLines)")
    }

    func testAVetoedDismissKeepsTheSheetShowing() throws {
        let (session, demo) = try start(["--scene", "sheet", "--events", "--confirm"])
        let output = try session.probe(["wait:0.2", "do:dismiss", "wait:1.0", "states"])
        XCTAssertEqual(output.first("done") as? Bool, true)
        XCTAssertTrue(
            waitForLine(demo) { $0["attempt"] as? String == "programmatic" },
            "the veto raised dismissAttempted: \(demo.stdoutLines)")
        let states = Set((output.first("states") as? [String]) ?? [])
        XCTAssertTrue(states.isSuperset(of: ["showing", "visible", "modal"]), "\(states)")
        XCTAssertEqual(output.first("children") as? Int, 1)
        XCTAssertFalse(output.events.contains { $0.type == "object:state-changed:showing" })
        XCTAssertFalse(phaseLines(demo).contains { $0["phase"] as? String == "dismissing" })
    }

    func testExpandMovesTheSheetToLargeAndCollapseBackToMedium() throws {
        let (session, demo) = try start(["--scene", "sheet", "--events"])
        let output = try session.probe([
            "wait:0.2", "do:expand", "until=object:state-changed:expanded=1=10", "states",
            "do:collapse", "until=object:state-changed:expanded=0=10",
        ])
        XCTAssertEqual(output.all("done") as? [Bool], [true, true])
        XCTAssertTrue(
            waitForLine(demo) {
                $0["phase"] as? String == "presented" && $0["detent"] as? String == "large"
            }, "\(demo.stdoutLines)")
        let afterExpand = Set((output.first("states") as? [String]) ?? [])
        XCTAssertTrue(afterExpand.contains("expanded"), "\(afterExpand)")
        let expanded = output.events.filter { $0.type == "object:state-changed:expanded" }
        XCTAssertEqual(expanded.map(\.detail1), [1, 0])
        XCTAssertTrue(
            waitForLine(demo) {
                $0["phase"] as? String == "presented" && $0["detent"] as? String == "medium"
            })
    }

    func testPresentingAgainShowsTheDialogAndMovesFocusIntoIt() throws {
        let (session, demo) = try start(["--scene", "sheet", "--events"])
        let window = try focus(demo, in: session)
        _ = try session.probe(["do:dismiss"])
        XCTAssertTrue(waitForLine(demo) { $0["phase"] as? String == "dismissed" })
        // Space presents again; the probe listens while it happens.
        // The probe presses it once it listens. The focus event comes last, after showing.
        let output = try session.probe([
            "spawn:/usr/bin/xdotool key --window \(window) space", "until=focus:=0=10", "tree",
        ])
        XCTAssertEqual(output.spawnStatuses, [0], "xdotool")
        let showing = output.events.filter { $0.type == "object:state-changed:showing" }
        XCTAssertEqual(showing.map(\.detail1), [1], "\(output.events)")
        XCTAssertTrue(output.events.contains { $0.type == "focus:" && $0.name == "Sheet" })
        XCTAssertEqual(output.tree.map(\.name), ["x11-demo", "SwipeDismiss demo", "Sheet"])
    }

    func testFocusedFollowsTheWindowsKeyboardFocus() throws {
        let (session, demo) = try start(["--scene", "sheet"])
        let window = try demo.windowID(environment: session.environment)
        let before = try session.probe(["tree"]).tree
        XCTAssertFalse(try XCTUnwrap(before.last).states.contains("focused"), "no focus yet")
        XCTAssertFalse(before[1].states.contains("active"))
        // The probe focuses the window once it listens.
        let output = try session.probe([
            "spawn:/usr/bin/xdotool windowfocus --sync \(window)", "until=focus:=0=10", "tree",
        ])
        XCTAssertEqual(output.spawnStatuses, [0], "xdotool")
        XCTAssertTrue(output.events.contains { $0.type == "focus:" && $0.name == "Sheet" })
        XCTAssertTrue(
            output.events.contains {
                $0.type == "object:state-changed:focused" && $0.name == "Sheet" && $0.detail1 == 1
            }, "\(output.events)")
        XCTAssertTrue(try XCTUnwrap(output.tree.last).states.contains("focused"))
        XCTAssertTrue(output.tree[1].states.contains("active"))
    }
}
