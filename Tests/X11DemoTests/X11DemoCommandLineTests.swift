import Foundation
import SwipeDismissTestSupport
import XCTest

/// The `x11-demo` command line without a display: help, refusals of flags, of recording
/// paths and of traces, each with status 2 and a message naming what was refused.
final class X11DemoCommandLineTests: XCTestCase {
    func testHelpDescribesTheFlagsAndExitsZero() throws {
        let result = try ChildProcess.run(try demoExecutable(), ["--help"])
        XCTAssertEqual(result.status, 0)
        for flag in [
            "--preset", "--size", "--record", "--replay", "--events", "--scene", "--scale",
            "--confirm", "--reduce-motion", "--present", "--verbose", "--fps",
        ] {
            XCTAssertTrue(result.stdout.contains(flag), "help mentions \(flag)")
        }
    }

    func testAnUnknownFlagIsNamedOnStderrWithStatus2() throws {
        let result = try ChildProcess.run(try demoExecutable(), ["--wobble"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--wobble"), result.stderr)
    }

    func testStrictFlagRefusalsExit2NamingTheFlagBeforeAnyDisplay() throws {
        let cases: [([String], String)] = [
            (["--fps", "0x10"], "x11-demo: --fps: expected a plain decimal number"),
            (["--record", "--events"], "x11-demo: --record needs a value"),
            (["--events", "--events"], "x11-demo: --events is given more than once"),
            (
                ["--scene", "sheet", "--direction", "free"],
                "x11-demo: --direction: expected down, up, left or right with --scene sheet"
            ),
            (["--scale", "0"], "x11-demo: --scale: expected a number from 0.25 to 8"),
        ]
        for (arguments, message) in cases {
            let result = try ChildProcess.run(
                try demoExecutable(), arguments, environment: environment(display: nil))
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testTheBenchTakesTheSameStrictFlags() throws {
        let bench = try builtExecutable("swipedismiss-bench")
        let cases: [([String], String)] = [
            (["--frames", "0x10"], "swipedismiss-bench: --frames: expected a whole number in"),
            (["--frames", "5"], "swipedismiss-bench: --frames: expected a whole number from 10"),
            (["--frames"], "swipedismiss-bench: --frames needs a value"),
            (["--frames", "--first-frame"], "swipedismiss-bench: --frames needs a value"),
            (["--frames=20", "--frames=30"], "swipedismiss-bench: --frames is given more than"),
            (["--wobble"], "swipedismiss-bench: unknown flag --wobble"),
            (["--first-frame"], "swipedismiss-bench: --first-frame needs a value"),
            (["--wobble", "--first-frame", "x11-demo"], "swipedismiss-bench: unknown flag"),
        ]
        for (arguments, message) in cases {
            let result = try ChildProcess.run(
                bench, arguments, environment: environment(display: nil))
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
        let help = try ChildProcess.run(bench, ["--help"], environment: environment(display: nil))
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("--frames N"), help.stdout)
    }

    func testAScaleThatMakesTooLargeAWindowIsRefusedNamingScale() throws {
        // Needs the display (the scale is settled once the display is open), but no window
        // is made: the refusal comes first.
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
            throw unavailable("no X display: DISPLAY is not set (run under Xvfb, e.g. `make test`)")
        }
        let result = try ChildProcess.run(
            try demoExecutable(), ["--size", "20000x844", "--scale", "2"],
            environment: environment(display: name))
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("x11-demo: --scale: 2, makes the 20000x844 pt window"),
            result.stderr)
    }

    func testABadSizeIsNamedOnStderrWithStatus2() throws {
        let result = try ChildProcess.run(try demoExecutable(), ["--size", "wide"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--size"), result.stderr)
    }

    func testARecordPathThatCannotBeWrittenIsRefusedBeforeTheWindowOpens() throws {
        let folder = FileManager.default.temporaryDirectory.path
        // An empty path is a missing value to the flag parser (checked in DemoOptionsTests).
        for path in [folder, "/", "/proc/x.json", "/nonexistent-folder/trace.json"] {
            let result = try ChildProcess.run(
                try demoExecutable(), ["--record", path], environment: environment(display: nil))
            XCTAssertEqual(result.status, 2, "--record \"\(path)\": \(result.stderr)")
            XCTAssertTrue(
                result.stderr.hasPrefix("x11-demo: --record: cannot write \"\(path)\": "),
                result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertFalse(result.stderr.contains("DISPLAY"), "checked before the display")
        }
    }

    func testAReplayWhoseViewportCannotBeAWindowIsRefusedBeforeTheDisplay() throws {
        let path = temporaryPath("huge-viewport.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Past the trace's 32767 pt a side the trace reader refuses, naming the field; within
        // it, a viewport too small for a window is the demo's own refusal.
        for (width, height, reason) in [
            (1e19, 844.0, "field \"viewport.width\""), (390, 1e308, "field \"viewport.height\""),
            (10, 844, "does not fit a window"),
        ] {
            try Data(
                "{\"viewport\":{\"width\":\(width),\"height\":\(height)},\"events\":[]}".utf8
            ).write(to: URL(fileURLWithPath: path))
            let result = try ChildProcess.run(
                try demoExecutable(), ["--replay", path], environment: environment(display: nil))
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("--replay: \(path)"), result.stderr)
            XCTAssertTrue(result.stderr.contains(reason), result.stderr)
        }
    }

    func testNoDisplayExitsWithStatus2AndSaysSo() throws {
        let unset = try ChildProcess.run(
            try demoExecutable(), [], environment: environment(display: nil))
        XCTAssertEqual(unset.status, 2)
        XCTAssertTrue(unset.stderr.contains("DISPLAY"), unset.stderr)

        let absent = try ChildProcess.run(
            try demoExecutable(), [], environment: environment(display: ":4242"))
        XCTAssertEqual(absent.status, 2)
        XCTAssertTrue(absent.stderr.contains(":4242"), absent.stderr)
    }
}
