import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// `wayland-demo` as a screen reader sees it (DESIGN §4c "Screen readers see the content"):
/// the same tree as `x11-demo`, under the application `wayland-demo`, on a headless weston in
/// a private session with the AT-SPI bus launcher, pyatspi as the client.
final class WaylandScreenReaderTests: WaylandDemoSessionTestCase {

    func testTheSheetIsAModalDialogNamedSheetUnderTheWaylandDemosFrame() throws {
        let (session, demo) = try start(["--scene", "sheet", "--events"])
        try demo.waitForFirstFrame()
        let output = try session.probe(["tree", "actions", "extents"], app: "wayland-demo")
        let tree = output.tree
        XCTAssertEqual(tree.map(\.depth), [0, 1, 2])
        XCTAssertEqual(tree.map(\.role), ["application", "frame", "dialog"])
        XCTAssertEqual(tree.map(\.name), ["wayland-demo", "SwipeDismiss Wayland demo", "Sheet"])
        let dialog = try XCTUnwrap(tree.last)
        XCTAssertTrue(
            dialog.states.isSuperset(of: [
                "modal", "showing", "visible", "enabled", "sensitive", "expandable", "collapsed",
            ]), "\(dialog.states)")
        XCTAssertFalse(dialog.states.contains("expanded"), "it presents at medium")
        XCTAssertTrue(tree[1].states.isSuperset(of: ["showing", "visible"]))
        let actions = try XCTUnwrap(output.first("actions") as? [[String]])
        XCTAssertEqual(actions.map { $0[0] }, ["dismiss", "expand", "collapse"])
        XCTAssertEqual(actions.first?[2], "Escape")
        // 390x844 pt at weston's scale 1; medium puts the sheet's top at 50 %: 422 px down.
        XCTAssertEqual(output.first("dialog_window") as? [Int], [0, 422, 390, 422])
        XCTAssertEqual(output.first("frame_window") as? [Int], [0, 0, 390, 844])
    }

    func testTheCardIsADialogNamedCardWithOnlyDismiss() throws {
        let (session, _) = try start(["--scene", "card"])
        let output = try session.probe(["tree", "actions"], app: "wayland-demo")
        XCTAssertEqual(
            output.tree.map(\.name), ["wayland-demo", "SwipeDismiss Wayland demo", "Card"])
        XCTAssertFalse(try XCTUnwrap(output.tree.last).states.contains("expandable"))
        XCTAssertEqual((output.first("actions") as? [[String]])?.map { $0[0] }, ["dismiss"])
    }

    func testDismissDismissesAndSaysTheDialogStoppedShowing() throws {
        let (session, demo) = try start(["--scene", "sheet", "--events"])
        let output = try session.probe(
            ["wait:0.2", "do:dismiss", "until=object:state-changed:showing=0=10", "states"],
            app: "wayland-demo")
        XCTAssertEqual(output.first("done") as? Bool, true)
        let showing = output.events.filter { $0.type == "object:state-changed:showing" }
        XCTAssertEqual(showing.map(\.name), ["Sheet"])
        XCTAssertEqual(showing.map(\.detail1), [0])
        XCTAssertEqual(output.first("children") as? Int, 0, "the frame no longer holds it")
        XCTAssertTrue(
            demo.waitForLine { $0["phase"] as? String == "dismissed" }, "\(demo.phaseLines)")
    }

    func testAVetoedDismissKeepsTheSheetShowing() throws {
        let (session, demo) = try start(["--scene", "sheet", "--events", "--confirm"])
        let output = try session.probe(
            ["wait:0.2", "do:dismiss", "wait:1.0", "states"], app: "wayland-demo")
        XCTAssertEqual(output.first("done") as? Bool, true)
        XCTAssertTrue(
            demo.waitForLine { $0["attempt"] as? String == "programmatic" },
            "the veto raised dismissAttempted: \(demo.phaseLines)")
        let states = Set((output.first("states") as? [String]) ?? [])
        XCTAssertTrue(states.isSuperset(of: ["showing", "visible", "modal"]), "\(states)")
        XCTAssertEqual(output.first("children") as? Int, 1)
        XCTAssertFalse(output.events.contains { $0.type == "object:state-changed:showing" })
        XCTAssertFalse(demo.phaseLines.contains { $0["phase"] as? String == "dismissing" })
    }

    func testExpandMovesTheSheetToLargeAndCollapseBackToMedium() throws {
        let (session, demo) = try start(["--scene", "sheet", "--events"])
        let output = try session.probe(
            [
                "wait:0.2", "do:expand", "until=object:state-changed:expanded=1=10", "states",
                "do:collapse", "until=object:state-changed:expanded=0=10",
            ], app: "wayland-demo")
        XCTAssertEqual(output.all("done") as? [Bool], [true, true])
        let afterExpand = Set((output.first("states") as? [String]) ?? [])
        XCTAssertTrue(afterExpand.contains("expanded"), "\(afterExpand)")
        let expanded = output.events.filter { $0.type == "object:state-changed:expanded" }
        XCTAssertEqual(expanded.map(\.detail1), [1, 0])
        XCTAssertTrue(
            demo.waitForLine {
                $0["phase"] as? String == "presented" && $0["detent"] as? String == "large"
            }, "\(demo.phaseLines)")
        XCTAssertTrue(
            demo.waitForLine {
                $0["phase"] as? String == "presented" && $0["detent"] as? String == "medium"
            }, "\(demo.phaseLines)")
    }

    func testTheStacksTopSheetIsTheDialog() throws {
        let (session, _) = try start(["--scene", "stack"])
        let output = try session.probe(["tree"], app: "wayland-demo")
        XCTAssertEqual(
            output.tree.map(\.name), ["wayland-demo", "SwipeDismiss Wayland demo", "Sheet"])
    }
}

/// With accessibility off, `wayland-demo` never connects to the accessibility bus; without a
/// session bus it never loads libdbus (as `x11-demo`).
final class WaylandAccessibilityOffTests: WaylandDemoSessionTestCase {

    func testWithIsEnabledFalseTheDemoNeverConnectsToTheAccessibilityBus() throws {
        let (session, demo) = try start(["--scene", "sheet"], enabled: false)
        try session.setStatus("ScreenReaderEnabled", false)
        let sessionBus = session.sessionAddress
        // The demo is on the session bus (it asks org.a11y.Status)...
        XCTAssertTrue(
            try eventually(timeout: 10, every: 0.05) {
                try session.processesOnBus(sessionBus).contains(demo.pid)
            }, "wayland-demo never asked the session bus")
        try demo.waitForFirstFrame()
        // ...and has its answer (said with --verbose), so the check below means something.
        XCTAssertTrue(
            eventually(timeout: 10, every: 0.02) {
                demo.process.stderr.contains("accessibility: off (org.a11y.Status)")
            }, demo.process.stderr)
        let accessibilityBus = try session.accessibilityBusAddress()
        XCTAssertFalse(try session.processesOnBus(accessibilityBus).contains(demo.pid))
        XCTAssertTrue(demo.process.isRunning)

        // Switched on while running, it connects: so the check above could have failed.
        try session.setStatus("ScreenReaderEnabled", true)
        XCTAssertTrue(
            try eventually(timeout: 10, every: 0.05) {
                try session.processesOnBus(accessibilityBus).contains(demo.pid)
            }, "wayland-demo did not follow org.a11y.Status at run time")
        let output = try session.probe(["tree"], app: "wayland-demo")
        XCTAssertEqual(
            output.tree.map(\.name), ["wayland-demo", "SwipeDismiss Wayland demo", "Sheet"])

        // Switched off again, it leaves.
        try session.setStatus("ScreenReaderEnabled", false)
        try session.setStatus("IsEnabled", false)
        XCTAssertTrue(
            try eventually(timeout: 10, every: 0.05) {
                try !session.processesOnBus(accessibilityBus).contains(demo.pid)
            }, "wayland-demo stayed on the accessibility bus after accessibility was switched off")
    }

    func testWithoutASessionBusLibdbusIsNeverLoaded() throws {
        let (_, demo) = try start(["--scene", "sheet"], enabled: nil, launcher: false) {
            $0["DBUS_SESSION_BUS_ADDRESS"] = nil
        }
        try demo.waitForFirstFrame()
        let maps = try demo.mappedFiles()
        XCTAssertTrue(maps.contains("libwayland-client"), "the maps were read")
        XCTAssertFalse(maps.contains("libdbus"), "libdbus was loaded with no bus to talk to")
        XCTAssertFalse(demo.process.stderr.contains("accessibility"), demo.process.stderr)
    }
}
