import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissTrace
import XCTest

/// `--record` keeps the gesture whatever the window became: a window wider than the old
/// 16 384 pt trace limit wrote a recording the reader refused, so it was lost (exit 1).
final class X11DemoRecordingTests: XCTestCase {
    func testAWindowWiderThan16384PointsKeepsItsRecording() throws {
        let name = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        _ = try openDisplay(name)
        let replay = temporaryPath("escape.json")
        let recording = temporaryPath("wide-recording.json")
        defer {
            try? FileManager.default.removeItem(atPath: replay)
            try? FileManager.default.removeItem(atPath: recording)
        }
        try Data(
            #"{ "viewport": { "width": 390, "height": 844 }, "events": [ { "t": 0.1, "type": "key", "key": "Escape" } ] }"#
                .utf8
        ).write(to: URL(fileURLWithPath: replay))
        let result = try ChildProcess.run(
            try demoExecutable(),
            [
                "--size", "20000x300", "--scale", "1", "--replay", replay, "--exit-after-replay",
                "--record", recording,
            ], environment: environment(display: name), timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        let trace = try GestureTrace.load(path: recording)
        XCTAssertEqual(trace.viewport, Size(width: 20000, height: 300))
        XCTAssertEqual(trace.events.map(\.kind), [.key(.escape)])
    }
}
