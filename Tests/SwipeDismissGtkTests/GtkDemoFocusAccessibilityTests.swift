import Foundation
import SwipeDismissTestSupport
import XCTest

/// gtk-demo's widgets as a screen reader finds them, and where the keyboard focus goes
/// (DESIGN §4c "gtk-demo, added"): the accessible names are the words on screen, Tab never
/// leaves the sheet, and a dismissal gives the focus to "Open".
final class GtkDemoFocusAccessibilityTests: XCTestCase {
    /// Tab eight times with the sheet shown, Escape, "Open" clicked (its AT-SPI action),
    /// Escape; the named widgets and the focus after each step.
    static let probe = #"""
        EVENTS = os.environ["EVENTS"]
        DEMO_PID = os.environ["DEMO_PID"]
        NAMES = ["Open", "Search", "Note", "Volume", "Close"]

        def fail(message):
            print(json.dumps({"error": message}))
            sys.exit(1)

        def walk(node, dialog, out):
            role = node.getRoleName()
            here = node.name if role == "dialog" else dialog
            states = node.getState()
            out.append({"node": node, "role": role, "name": node.name, "dialog": here,
                        "focused": states.contains(pyatspi.STATE_FOCUSED),
                        "visible": states.contains(pyatspi.STATE_VISIBLE)})
            for i in range(node.childCount):
                child = node.getChildAtIndex(i)
                if child is not None:
                    walk(child, here, out)
            return out

        # [role, name, enclosing dialog] of the visible widgets named NAMES, and of the
        # focused ones.
        def snapshot(app):
            nodes = walk(app, None, [])
            return {"named": [[n["role"], n["name"], n["dialog"]] for n in nodes
                              if n["name"] in NAMES and n["visible"]],
                    "focused": [[n["role"], n["name"], n["dialog"]] for n in nodes
                                if n["focused"]]}

        def phase():
            try:
                lines = open(EVENTS).read().splitlines()
            except OSError:
                return None
            last = None
            for line in lines:
                try:
                    last = json.loads(line).get("phase", last)
                except ValueError:
                    continue
            return last

        def wait_for(what, check, timeout=10):
            end = time.time() + timeout
            while time.time() < end:
                if check():
                    return
                time.sleep(0.05)
            fail("timed out waiting for " + what)

        def key(name):
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", DEMO_PID],
                                   capture_output=True, text=True).stdout.split()
            if not found:
                fail("no visible window of gtk-demo")
            subprocess.run(["xdotool", "key", "--window", found[0], name], check=True)

        def focused(app):
            return snapshot(app)["focused"]

        app = find_app("gtk-demo")
        if app is None:
            fail("no application named gtk-demo on the AT-SPI bus")
        report = {}
        wait_for("the focus in the sheet", lambda: len(focused(app)) == 1)
        report["shown"] = snapshot(app)
        tabs = []
        for _ in range(8):
            before = focused(app)
            key("Tab")
            wait_for("Tab to move the focus",
                     lambda: len(focused(app)) == 1 and focused(app) != before)
            tabs.append(focused(app)[0])
        report["tabs"] = tabs
        key("Escape")
        wait_for("the sheet to leave", lambda: phase() == "dismissed")
        wait_for("the focus on Open", lambda: [f[1] for f in focused(app)] == ["Open"])
        report["dismissed"] = snapshot(app)
        opener = [n["node"] for n in walk(app, None, [])
                  if n["role"] == "push button" and n["name"] == "Open"]
        if not opener:
            fail("no Open button")
        opener[0].queryAction().doAction(0)
        wait_for("the sheet to come back", lambda: phase() == "presented")
        wait_for("the focus in the sheet again",
                 lambda: [f[2] for f in focused(app)] == ["Sheet"])
        report["presented again"] = snapshot(app)
        key("Escape")
        wait_for("the sheet to leave again", lambda: phase() == "dismissed")
        wait_for("the focus back on Open", lambda: [f[1] for f in focused(app)] == ["Open"])
        report["dismissed again"] = snapshot(app)
        print(json.dumps(report))
        """#

    func testNamesTabInsideTheSheetAndTheFocusBackOnOpen() throws {
        let run = try runGtkDemoUnderScreenReader([], probe: Self.probe)
        func step(_ name: String) throws -> [String: Any] {
            try XCTUnwrap(run.report[name] as? [String: Any], "\(run.report)")
        }
        func rows(_ value: Any?) -> [[String]] {
            (value as? [[Any]] ?? []).map { $0.map { $0 as? String ?? "-" } }
        }
        // Shown: the sheet's widgets by their names, inside the dialog "Sheet"; the app's
        // screen is out of the tree; the focus starts on Close.
        let shown = try step("shown")
        // (A button's label is named by its text too: the widgets are what counts.)
        let named = rows(shown["named"]).filter { $0.first != "label" }
        XCTAssertEqual(named.map { $0[1] }.sorted(), ["Close", "Note", "Volume"], "\(named)")
        XCTAssertTrue(named.allSatisfy { $0[2] == "Sheet" }, "\(named)")
        XCTAssertTrue(named.contains(["slider", "Volume", "Sheet"]), "\(named)")
        XCTAssertTrue(named.contains(["push button", "Close", "Sheet"]), "\(named)")
        XCTAssertEqual(rows(shown["focused"]), [["push button", "Close", "Sheet"]])
        // Eight Tabs: every focus inside the sheet, through its Note, Volume and Close.
        let tabs = rows(run.report["tabs"])
        XCTAssertEqual(tabs.count, 8, "\(run.report)")
        XCTAssertTrue(tabs.allSatisfy { $0.count == 3 && $0[2] == "Sheet" }, "\(tabs)")
        XCTAssertEqual(Set(tabs.map { $0[1] }).isSuperset(of: ["Note", "Volume", "Close"]), true)
        // Dismissed (by Escape, from the sheet shown at start): the focus is on "Open", and
        // the screen's widgets are in the tree by their names.
        for name in ["dismissed", "dismissed again"] {
            let snapshot = try step(name)
            XCTAssertEqual(rows(snapshot["focused"]), [["push button", "Open", "-"]], name)
            let screen = rows(snapshot["named"])
            XCTAssertTrue(screen.contains(["push button", "Open", "-"]), "\(name): \(screen)")
            XCTAssertTrue(screen.contains { $0[1] == "Search" }, "\(name): \(screen)")
        }
        XCTAssertEqual(
            rows(try step("presented again")["focused"]), [["push button", "Close", "Sheet"]])
        XCTAssertEqual(
            phases(run.events),
            ["dismissing", "dismissed", "presenting", "presented", "dismissing", "dismissed"])
    }
}
