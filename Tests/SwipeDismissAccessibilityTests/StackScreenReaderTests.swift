import Foundation
import SwipeDismissTestSupport
import XCTest

/// `x11-demo --scene stack` as a screen reader sees it (a private session bus with the AT-SPI
/// bus launcher, accessibility on, Debian's pyatspi as the client): at every step one dialog,
/// the top sheet, named by its title, modal, showing and visible; the sheets it covers are not
/// in the tree; its actions act on the top sheet; with none shown, no dialog.
final class StackScreenReaderTests: DemoSessionTestCase {

    /// The demo's `--events` lines as "level phase detent".
    private func steps(_ demo: DemoUnderSession) -> [String] {
        demo.stdoutLines.compactMap {
            guard
                let line = (try? JSONSerialization.jsonObject(with: Data($0.utf8)))
                    as? [String: Any],
                let level = line["level"] as? Int, let phase = line["phase"] as? String
            else { return nil }
            return "\(level) \(phase) \(line["detent"] as? String ?? "-")"
        }
    }

    /// Waits up to 10 s for the `--events` line `step` ("level phase detent").
    private func waitFor(_ step: String, _ demo: DemoUnderSession) throws {
        let deadline = Date().addingTimeInterval(10)
        while !steps(demo).contains(step) {
            guard Date() < deadline else {
                throw TestFailure(description: "no '\(step)' line: \(steps(demo))\n\(demo.stderr)")
            }
            usleep(20_000)
        }
    }

    private func key(_ name: String, window: String, _ session: AccessibilitySession) throws {
        let result = try AccessibilitySession.run(
            "/usr/bin/xdotool", ["key", "--window", window, name], session.environment,
            timeout: 10)
        guard result.status == 0 else {
            throw TestFailure(description: "xdotool key \(name): \(result.output)")
        }
    }

    /// The frame holds exactly one dialog, named `top`, modal, showing and visible.
    private func assertOneDialog(
        named top: String, _ tree: [(depth: Int, role: String, name: String, states: Set<String>)],
        _ step: String, line: UInt = #line
    ) {
        XCTAssertEqual(tree.map(\.depth), [0, 1, 2], "\(step): \(tree)", line: line)
        XCTAssertEqual(
            tree.map(\.role), ["application", "frame", "dialog"], "\(step): \(tree)", line: line)
        XCTAssertEqual(
            tree.map(\.name), ["x11-demo", "SwipeDismiss demo", top], "\(step)", line: line)
        let states = tree.last?.states ?? []
        XCTAssertTrue(
            states.isSuperset(of: ["modal", "showing", "visible", "focused"]),
            "\(step): \(states)", line: line)
    }

    func testOneDialogTheTopSheetFollowsTheStackUpAndDown() throws {
        let session = try AccessibilitySession()
        self.session = session
        try session.setStatus("IsEnabled", true)
        let demo = try DemoUnderSession(
            ["--scene", "stack", "--events"], environment: session.environment)
        self.demo = demo
        let window = try demo.windowID(environment: session.environment)
        let focused = try AccessibilitySession.run(
            "/usr/bin/xdotool", ["windowfocus", "--sync", window], session.environment,
            timeout: 10)
        XCTAssertEqual(focused.status, 0, focused.output)

        // The root sheet, at rest from the start.
        assertOneDialog(named: "Sheet", try session.probe(["wait:0.3", "tree"]).tree, "one")
        // Space: a second sheet over it; the dialog is the new top, the first is not exposed.
        try key("space", window: window, session)
        try waitFor("1 presented medium", demo)
        assertOneDialog(named: "Sheet 2", try session.probe(["tree"]).tree, "two")
        try key("space", window: window, session)
        try waitFor("2 presented medium", demo)
        let three = try session.probe(["tree", "actions"])
        assertOneDialog(named: "Sheet 3", three.tree, "three")
        let actions = try XCTUnwrap(three.first("actions") as? [[String]])
        XCTAssertEqual(actions.map { $0[0] }, ["dismiss", "expand", "collapse"])

        // expand and collapse move the top sheet between its detents.
        let moved = try session.probe([
            "do:expand", "until=object:state-changed:expanded=1=10", "states",
        ])
        XCTAssertEqual(moved.first("done") as? Bool, true)
        XCTAssertTrue(Set(moved.first("states") as? [String] ?? []).contains("expanded"))
        try waitFor("2 presented large", demo)
        _ = try session.probe(["do:collapse", "until=object:state-changed:expanded=0=10"])
        try waitFor("2 presented medium", demo)

        // Its dismiss action dismisses the top sheet: the dialog is the sheet below again,
        // told as the old dialog stopping showing and the new one showing.
        let dismissed = try session.probe([
            "do:dismiss", "until=object:state-changed:showing=1=10", "tree",
        ])
        XCTAssertEqual(dismissed.first("done") as? Bool, true)
        try waitFor("2 dismissed dismissed", demo)
        let showing = dismissed.events.filter { $0.type == "object:state-changed:showing" }
        XCTAssertEqual(showing.map(\.detail1), [0, 1], "\(dismissed.events)")
        assertOneDialog(named: "Sheet 2", try session.probe(["tree"]).tree, "back to two")

        // Escape dismisses the top sheet, then the root; with none shown the frame holds no
        // dialog and the last one said it stopped showing.
        try key("Escape", window: window, session)
        try waitFor("1 dismissed dismissed", demo)
        assertOneDialog(named: "Sheet", try session.probe(["tree"]).tree, "back to one")
        // The probe presses Escape once it listens.
        let gone = try session.probe([
            "spawn:/usr/bin/xdotool key --window \(window) Escape",
            "until=object:state-changed:showing=0=10", "tree",
        ])
        XCTAssertEqual(gone.spawnStatuses, [0], "xdotool")
        try waitFor("0 dismissed dismissed", demo)
        XCTAssertEqual(
            gone.events.filter { $0.type == "object:state-changed:showing" }.map(\.detail1), [0],
            "\(gone.events)")
        XCTAssertEqual(gone.tree.map(\.role), ["application", "frame"], "none: \(gone.tree)")

        // The steps came one sheet at a time, the root never moved until the end.
        XCTAssertEqual(
            steps(demo).filter { !$0.contains("settling") },
            [
                "1 presenting medium", "1 presented medium", "2 presenting medium",
                "2 presented medium", "2 presented large", "2 presented medium",
                "2 dismissing dismissed", "2 dismissed dismissed", "1 dismissing dismissed",
                "1 dismissed dismissed",
                "0 dismissing dismissed", "0 dismissed dismissed",
            ])
    }

    func testWithAccessibilityOffTheStackNeverConnectsUntilItIsSwitchedOn() throws {
        let session = try AccessibilitySession()
        self.session = session
        try session.setStatus("IsEnabled", false)
        try session.setStatus("ScreenReaderEnabled", false)
        let demo = try DemoUnderSession(["--scene", "stack"], environment: session.environment)
        self.demo = demo
        let sessionBus = session.sessionAddress
        XCTAssertTrue(
            try eventually(timeout: 10, every: 0.05) {
                try session.processesOnBus(sessionBus).contains(demo.pid)
            }, "x11-demo never asked the session bus")
        _ = try demo.windowID(environment: session.environment)
        usleep(1_000_000)
        let accessibilityBus = try session.accessibilityBusAddress()
        XCTAssertFalse(try session.processesOnBus(accessibilityBus).contains(demo.pid))
        // Switched on while running, it connects, its one dialog the root sheet.
        try session.setStatus("IsEnabled", true)
        XCTAssertTrue(
            try eventually(timeout: 10, every: 0.05) {
                try session.processesOnBus(accessibilityBus).contains(demo.pid)
            }, "x11-demo did not follow org.a11y.Status at run time")
        let tree = try session.probe(["tree"]).tree
        XCTAssertEqual(tree.map(\.name), ["x11-demo", "SwipeDismiss demo", "Sheet"])
    }

    func testWithoutASessionBusTheStackNeverLoadsLibdbus() throws {
        let demo = try startWithoutASessionBus(["--scene", "stack"])
        let maps = try demo.mappedFiles()
        XCTAssertTrue(maps.contains("libX11"), "the maps were read")
        XCTAssertFalse(maps.contains("libdbus"), "libdbus was loaded with no bus to talk to")
        XCTAssertEqual(demo.stderr, "", "nothing said about a missing bus")
    }
}
