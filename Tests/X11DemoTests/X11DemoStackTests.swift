import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import X11DemoCore

/// `x11-demo --scene stack`: sheets over sheets in a real window, the one backdrop read from
/// the band's pixels, and the `--events` lines naming each change's level and the depth.
final class X11DemoStackTests: XCTestCase {
    private var tracesFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Traces").path
    }

    func testAStackEventLineNamesTheLevelAndDepthWithTheBackdropsAlpha() throws {
        let state = DismissState(
            time: 0.2, offset: 759.6, alpha: 0, progress: 1, phase: .presenting,
            detent: .medium)
        let line = stackEventLine(state, level: 1, depth: 2, backdropAlpha: 0.3)
        let object = try eventObject(line)
        XCTAssertEqual(object["phase"] as? String, "presenting")
        XCTAssertEqual(object["alpha"] as? Double, 0.3)
        XCTAssertEqual(object["detent"] as? String, "medium")
        XCTAssertEqual(object["level"] as? Int, 1)
        XCTAssertEqual(object["depth"] as? Int, 2)
    }

    func testEscapeTwiceReplayedDismissesTheChildThenTheRoot() throws {
        let demo = try startDemo([
            "--scene", "stack", "--events", "--replay", tracesFolder + "/stack-escape-twice.json",
            "--exit-after-replay",
        ])
        XCTAssertEqual(demo.child.waitForExit(timeout: 15), 0, demo.child.stderr)
        let lines = try demo.child.stdoutLines.filter { !isFocusLine($0) }.map(eventObject)
        let steps = lines.map { "\($0["level"] as? Int ?? -1):\($0["phase"] as? String ?? "?")" }
        XCTAssertEqual(
            steps,
            [
                "1:presenting", "1:presented", "1:dismissing", "1:dismissed", "0:dismissing",
                "0:dismissed",
            ], demo.child.stdout)
        XCTAssertEqual(lines.map { $0["depth"] as? Int ?? -1 }, [2, 2, 2, 1, 1, 0])
        // The backdrop stays at the sheets' 0.3 until the last sheet leaves.
        XCTAssertEqual(
            lines.dropLast().map { $0["alpha"] as? Double ?? -1 }, Array(repeating: 0.3, count: 5))
        XCTAssertEqual(lines.last?["alpha"] as? Double, 0)
    }

    func testSpacePresentsASecondSheetWithoutTheBackdropDippingAndEscapeTakesItAway() throws {
        try requireXdotool()
        // The band's rest grey (alpha 0.3: 178.5) is what startDemo waits for.
        let demo = try startDemo(["--scene", "stack", "--events"])
        try xdotool(["key", "--window", demo.id, "space"])
        // While the second sheet comes in, the band stays at the first sheet's dim.
        var greys: [Int] = []
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, demo.phases.count < 2 {
            greys.append(demo.grey() ?? -1)
        }
        XCTAssertEqual(demo.phases, ["presenting", "presented"], demo.child.stdout)
        XCTAssertTrue(greys.allSatisfy { (178...179).contains($0) }, "\(greys)")
        let presented = try eventObject(demo.lines[1])
        XCTAssertEqual(presented["level"] as? Int, 1)
        XCTAssertEqual(presented["depth"] as? Int, 2)

        try xdotool(["key", "--window", demo.id, "Escape"])
        XCTAssertTrue(eventually { demo.phases.count == 4 }, demo.child.stdout)
        XCTAssertEqual(demo.phases.suffix(2), ["dismissing", "dismissed"])
        let gone = try eventObject(demo.lines[3])
        XCTAssertEqual(gone["level"] as? Int, 1)
        XCTAssertEqual(gone["depth"] as? Int, 1)
        XCTAssertTrue((178...179).contains(demo.grey() ?? -1), "\(demo.grey() ?? -1)")
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)
    }
}
