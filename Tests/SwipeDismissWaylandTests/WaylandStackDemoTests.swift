import Foundation
import SwipeDismissTestSupport
import XCTest

/// `wayland-demo --scene stack` on a headless weston: a replayed Escape twice dismisses the
/// second sheet, then the first, and the `--events` lines name each change's level and the
/// depth, with the backdrop at the sheets' 0.3 until the last one leaves.
final class WaylandStackDemoTests: XCTestCase {
    func testEscapeTwiceReplayedDismissesTheChildThenTheRoot() throws {
        let weston = try Weston()
        let result = try runProcess(
            try builtExecutable("wayland-demo").path,
            [
                "--scene", "stack", "--events", "--exit-after-replay", "--replay",
                "\(packageRoot)/Examples/Traces/stack-escape-twice.json",
            ],
            environment: ["WAYLAND_DISPLAY": weston.socketPath], timeout: 60)
        XCTAssertEqual(result.status, 0, result.error)
        let objects = result.output.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        // The keyboard focus: the second sheet's first row, the first sheet's again once the
        // second leaves, then back to the app (null).
        let focus = objects.filter { $0["focus"] != nil }.map { $0["focus"] as? String }
        XCTAssertEqual(focus, ["Row 1", "Row 1", nil], result.output)
        let lines = objects.filter { $0["focus"] == nil }
        let steps = lines.map { "\($0["level"] as? Int ?? -1):\($0["phase"] as? String ?? "?")" }
        XCTAssertEqual(
            steps,
            [
                "1:presenting", "1:presented", "1:dismissing", "1:dismissed", "0:dismissing",
                "0:dismissed",
            ], result.output)
        XCTAssertEqual(lines.map { $0["depth"] as? Int ?? -1 }, [2, 2, 2, 1, 1, 0])
        XCTAssertEqual(
            lines.dropLast().map { $0["alpha"] as? Double ?? -1 }, Array(repeating: 0.3, count: 5))
        XCTAssertEqual(lines.last?["alpha"] as? Double, 0)
    }
}
