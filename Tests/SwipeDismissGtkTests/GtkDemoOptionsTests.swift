import Foundation
import SwipeDismissTestSupport
import XCTest

/// `gtk-demo`'s command line, read by the demos' shared parser (`DemoFlagSet.gtkDemo`): the
/// flags it does not take are refused naming themselves, a bad value names its flag, each
/// with status 2 and the usage, before any display is needed.
final class GtkDemoOptionsTests: XCTestCase {
    func testRefusalsNameTheFlagWithStatus2BeforeAnyDisplay() throws {
        let cases: [([String], String)] = [
            (["--fps", "30"], "unknown flag --fps"),
            (["--direction", "up"], "unknown flag --direction"),
            (["--record", "a.json"], "unknown flag --record"),
            (["--scale=2"], "unknown flag --scale"),
            (["--present", "shm"], "unknown flag --present"),
            (["--verbose"], "unknown flag --verbose"),
            (["--scene", "stage"], "--scene: expected card, sheet, photo or stack, got \"stage\""),
            (["--preset", "bouncy"], "--preset: expected seed or fluid, got \"bouncy\""),
            (["--size", "10x20"], "--size: expected WIDTHxHEIGHT in points, 64...32767 a side"),
            (["--exit-after-replay"], "--exit-after-replay needs --replay FILE"),
            (["--events", "--events"], "--events is given more than once"),
        ]
        let demo = try builtProduct("gtk-demo").path
        let noDisplay = environment(["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        for (arguments, message) in cases {
            let result = try ChildProcess.run(demo, arguments, environment: noDisplay, timeout: 20)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("gtk-demo: \(message)"), result.stderr)
            XCTAssertTrue(result.stderr.contains("\nusage: gtk-demo"), result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
    }
}
