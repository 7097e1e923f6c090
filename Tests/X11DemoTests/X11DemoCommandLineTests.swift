import Foundation
import XCTest

/// The `x11-demo` command line without a display: help, refusals of flags, of recording
/// paths and of traces, each with status 2 and a message naming what was refused.
final class X11DemoCommandLineTests: XCTestCase {
    func testHelpDescribesTheFlagsAndExitsZero() throws {
        let result = try ChildProcess.run(try demoExecutable(), ["--help"])
        XCTAssertEqual(result.status, 0)
        for flag in ["--preset", "--size", "--record", "--replay", "--events"] {
            XCTAssertTrue(result.stdout.contains(flag), "help mentions \(flag)")
        }
    }

    func testAnUnknownFlagIsNamedOnStderrWithStatus2() throws {
        let result = try ChildProcess.run(try demoExecutable(), ["--wobble"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--wobble"), result.stderr)
    }

    func testABadSizeIsNamedOnStderrWithStatus2() throws {
        let result = try ChildProcess.run(try demoExecutable(), ["--size", "wide"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--size"), result.stderr)
    }

    func testARecordPathThatCannotBeWrittenIsRefusedBeforeTheWindowOpens() throws {
        let folder = FileManager.default.temporaryDirectory.path
        for path in [folder, "", "/", "/proc/x.json", "/nonexistent-folder/trace.json"] {
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
        for (width, height) in [(1e19, 844.0), (390, 1e308), (10, 844)] {
            try Data(
                "{\"viewport\":{\"width\":\(width),\"height\":\(height)},\"events\":[]}".utf8
            ).write(to: URL(fileURLWithPath: path))
            let result = try ChildProcess.run(
                try demoExecutable(), ["--replay", path], environment: environment(display: nil))
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("--replay: \(path)"), result.stderr)
            XCTAssertTrue(result.stderr.contains("does not fit a window"), result.stderr)
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
