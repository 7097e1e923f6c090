import Foundation
import SwipeDismissTestSupport
import XCTest

/// gtk-demo as a screen reader sees it: on a private D-Bus session with the AT-SPI bus,
/// Debian's pyatspi (run by /usr/bin/python3, not a python on PATH) finds a modal dialog
/// named "Sheet" and clicks its Close button, which dismisses through the controller.
final class GtkAccessibilityTests: XCTestCase {
    static let probe = #"""
        import json, sys, time
        import pyatspi

        def find(node, predicate):
            if predicate(node):
                return node
            for i in range(node.childCount):
                child = node.getChildAtIndex(i)
                if child is not None:
                    found = find(child, predicate)
                    if found is not None:
                        return found
            return None

        def states(node):
            return sorted(pyatspi.stateToString(s) for s in node.getState().getStates())

        app = find_app("gtk-demo")
        if app is None:
            print(json.dumps({"error": "no application named gtk-demo on the AT-SPI bus"}))
            sys.exit(1)
        dialog = find(app, lambda n: n.getRoleName() == "dialog")
        if dialog is None:
            print(json.dumps({"error": "no dialog"}))
            sys.exit(1)
        close = find(dialog, lambda n: n.getRoleName() == "push button" and n.name == "Close")
        report = {"dialog": dialog.name, "states": states(dialog),
                  "close": None if close is None else states(close)}
        if close is not None:
            action = close.queryAction()
            names = [action.getName(i) for i in range(action.nActions)]
            report["actions"] = names
            action.doAction(names.index("click"))
            # Until the dialog is gone or neither modal nor visible (10 s at most).
            deadline = time.time() + 10
            while True:
                after = find(app, lambda n: n.getRoleName() == "dialog")
                gone = after is None or not ({"modal", "visible"} & set(states(after)))
                if gone or time.time() > deadline:
                    break
                time.sleep(0.02)
            report["after"] = None if after is None else states(after)
        print(json.dumps(report))
        """#

    func testAScreenReaderSeesAModalSheetDialogWhoseCloseButtonDismisses() throws {
        let run = try runGtkDemoUnderScreenReader([], probe: Self.probe, timeout: 60)
        let report = run.report
        XCTAssertEqual(report["dialog"] as? String, "Sheet")
        let states = try XCTUnwrap(report["states"] as? [String], "\(report)")
        XCTAssertTrue(states.contains("modal"), "\(states)")
        XCTAssertTrue(states.contains("visible"), "\(states)")
        let close = try XCTUnwrap(report["close"] as? [String], "no Close button: \(report)")
        XCTAssertTrue(close.contains("focused"), "focus starts on Close: \(close)")
        XCTAssertTrue((report["actions"] as? [String])?.contains("click") ?? false, "\(report)")
        // After the click the dialog is gone from the tree, or no longer visible nor modal.
        if let after = report["after"] as? [String] {
            XCTAssertFalse(after.contains("modal"), "\(after)")
            XCTAssertFalse(after.contains("visible"), "\(after)")
        }
        XCTAssertEqual(phases(run.events), ["dismissing", "dismissed"])
    }
}
