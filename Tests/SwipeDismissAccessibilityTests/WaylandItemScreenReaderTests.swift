import Foundation
import SwipeDismissTestSupport
import XCTest

/// `wayland-demo`'s dialog holds the same children as `x11-demo`'s (DESIGN §4c "Screen readers
/// see the content"): its 60 rows as push buttons named "Row 1" … "Row 60".
final class WaylandItemScreenReaderTests: WaylandDemoSessionTestCase {
    func testTheWaylandDemosRowsArePushButtonsUnderTheDialog() throws {
        let (session, demo) = try start(["--scene", "sheet"])
        try demo.waitForFirstFrame()
        let tree = try session.probe(["tree"], app: "wayland-demo").fullTree
        let rows = tree.filter { $0.depth == 3 }
        XCTAssertEqual(rows.count, 60)
        XCTAssertEqual(rows.first?.name, "Row 1")
        XCTAssertEqual(rows.last?.name, "Row 60")
        XCTAssertTrue(rows.allSatisfy { $0.role == "push button" }, "\(rows.map(\.role))")
        XCTAssertTrue(try XCTUnwrap(rows.first).states.isSuperset(of: ["showing", "visible"]))
    }
}
