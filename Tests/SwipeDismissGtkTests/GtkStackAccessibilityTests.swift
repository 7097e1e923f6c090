import Foundation
import SwipeDismissTestSupport
import XCTest

/// `gtk-demo --scene stack` as a screen reader sees it while sheets stack up and leave: at
/// every step exactly one dialog, the top sheet's, is in the tree and modal, nothing outside
/// it (the app's screen, the sheets it covers) can take the focus, and the focus is on its
/// Close button; when the top sheet leaves, the one below is back, modal and focused.
final class GtkStackAccessibilityTests: XCTestCase {
    /// "Open another" twice (its AT-SPI click), Escape twice by xdotool, with a snapshot of the accessible tree after
    /// each step has come to rest (its `--events` line says so).
    static let probe = #"""
        import json, os, subprocess, sys, time
        import pyatspi

        EVENTS = os.environ["EVENTS"]
        DEMO_PID = os.environ["DEMO_PID"]

        def fail(message):
            print(json.dumps({"error": message}))
            sys.exit(1)

        def walk(node, dialog, out):
            role = node.getRoleName()
            states = sorted(pyatspi.stateToString(s) for s in node.getState().getStates())
            here = node.name if role == "dialog" else dialog
            out.append({"role": role, "name": node.name, "states": states, "dialog": here})
            for i in range(node.childCount):
                child = node.getChildAtIndex(i)
                if child is not None:
                    walk(child, here, out)
            return out

        # Every accessible in the application's tree: the dialogs with their states, and
        # [role, name, enclosing dialog] of each focusable and each focused one.
        def snapshot(app):
            nodes = walk(app, None, [])
            def having(state):
                return [[n["role"], n["name"], n["dialog"]] for n in nodes if state in n["states"]]
            return {"dialogs": [[n["name"], n["states"]] for n in nodes if n["role"] == "dialog"],
                    "focusable": having("focusable"), "focused": having("focused")}

        # The phase of the last --events line of stack level `level`.
        def phase(level):
            try:
                lines = open(EVENTS).read().splitlines()
            except OSError:
                return None
            last = None
            for line in lines:
                try:
                    event = json.loads(line)
                except ValueError:
                    continue
                if event.get("level") == level:
                    last = event.get("phase")
            return last

        def wait_for(what, check, timeout=10):
            end = time.time() + timeout
            while time.time() < end:
                if check():
                    time.sleep(0.3)
                    return
                time.sleep(0.05)
            fail("timed out waiting for " + what)

        # Clicks (the AT-SPI action, as a screen reader would) the top dialog's "Open another".
        def open_another(app):
            def find(node, dialog):
                role = node.getRoleName()
                here = node.name if role == "dialog" else dialog
                if (role == "push button" and node.name == "Open another" and here is not None
                        and node.getState().contains(pyatspi.STATE_VISIBLE)):
                    return node
                for i in range(node.childCount):
                    child = node.getChildAtIndex(i)
                    found = find(child, here) if child is not None else None
                    if found is not None:
                        return found
                return None
            button = find(app, None)
            if button is None:
                fail("no Open another button in the top sheet")
            button.queryAction().doAction(0)

        def key(name):
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", DEMO_PID],
                                   capture_output=True, text=True).stdout.split()
            if not found:
                fail("no visible window of gtk-demo")
            subprocess.run(["xdotool", "key", "--window", found[0], name], check=True)

        app = find_app("gtk-demo")
        if app is None:
            fail("no application named gtk-demo on the AT-SPI bus")
        report = {}
        wait_for("the first sheet's dialog",
                 lambda: any(d[0] == "Sheet" for d in snapshot(app)["dialogs"]))
        report["one"] = snapshot(app)
        open_another(app)
        wait_for("the second sheet to come to rest", lambda: phase(1) == "presented")
        report["two"] = snapshot(app)
        open_another(app)
        wait_for("the third sheet to come to rest", lambda: phase(2) == "presented")
        report["three"] = snapshot(app)
        key("Escape")
        wait_for("the third sheet to leave", lambda: phase(2) == "dismissed")
        report["back to two"] = snapshot(app)
        key("Escape")
        wait_for("the second sheet to leave", lambda: phase(1) == "dismissed")
        report["back to one"] = snapshot(app)
        print(json.dumps(report))
        """#

    func testOnlyTheTopSheetIsModalAndReachableAndTheParentTakesItBackWhenItLeaves() throws {
        let run = try runGtkDemoUnderScreenReader(["--scene", "stack"], probe: Self.probe)
        let steps = [
            ("one", "Sheet"), ("two", "Sheet 2"), ("three", "Sheet 3"),
            ("back to two", "Sheet 2"), ("back to one", "Sheet"),
        ]
        for (step, top) in steps {
            let snapshot = try XCTUnwrap(run.report[step] as? [String: Any], "\(run.report)")
            let dialogs = try XCTUnwrap(snapshot["dialogs"] as? [[Any]], "\(snapshot)")
            let names = dialogs.compactMap { $0.first as? String }
            let modal = dialogs.filter { ($0.last as? [String])?.contains("modal") ?? false }
            // One modal dialog, the top sheet; the sheets it covers are out of the tree
            // (inert, as the screen behind), not merely non-modal.
            XCTAssertEqual(
                modal.compactMap { $0.first as? String }, [top],
                "\(step): the modal dialogs: \(dialogs)")
            XCTAssertEqual(names, [top], "\(step): the dialogs in the tree: \(dialogs)")
            let states = try XCTUnwrap(dialogs.first?.last as? [String], "\(dialogs)")
            XCTAssertTrue(states.contains("visible"), "\(step): \(states)")
            XCTAssertTrue(states.contains("sensitive"), "\(step): \(states)")
            // Nothing outside it takes the focus: not the app's "Open" or "Search", nor a
            // covered sheet's Close.
            let focusable = try XCTUnwrap(snapshot["focusable"] as? [[Any]], "\(snapshot)")
            let outside = focusable.filter { ($0.last as? String) != top }
            XCTAssertEqual(outside.count, 0, "\(step): focusable outside \(top): \(outside)")
            XCTAssertTrue(
                focusable.contains { $0.count == 3 && $0[1] as? String == "Close" },
                "\(step): its Close button: \(focusable)")
            // The focus is on its Close button (back on the parent's when the child left).
            let focused = try XCTUnwrap(snapshot["focused"] as? [[Any]], "\(snapshot)")
            XCTAssertEqual(
                focused.map { $0.compactMap { $0 as? String } }, [["push button", "Close", top]],
                "\(step): focused")
        }
        // The steps came from the keys, one sheet at a time: the root never moved.
        let moves = run.events.map { line in
            "\(field("level", of: line) as? Int ?? -1) \(field("phase", of: line) as? String ?? "")"
        }
        XCTAssertEqual(
            moves,
            [
                "1 presenting", "1 presented", "2 presenting", "2 presented", "2 dismissing",
                "2 dismissed", "1 dismissing", "1 dismissed",
            ])
    }
}
