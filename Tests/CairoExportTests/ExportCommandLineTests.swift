import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissTrace
import XCTest

@testable import CairoExport

/// The strict flags, and the inputs that once crashed or ran away: each ends within
/// seconds, with exit 2 and a message naming what is wrong, or with a small export.
final class ExportCommandLineTests: XCTestCase {
    private var root = ""
    private var errors = ""

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
        errors = ""
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    @discardableResult
    private func run(_ arguments: [String]) -> Int32 {
        let result = runExport(arguments)
        errors += result.errors
        return result.status
    }

    private func writeTrace(_ json: String, _ name: String = "trace.json") throws -> String {
        let path = root + "/" + name
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private var flick: String { ExportFixtures.trace("fast-flick") }

    func testAFlagWhereAValueBelongsIsRefusedNamingTheFlagMissingItsValue() {
        XCTAssertEqual(run(["--trace", flick, "--out", "--fps", "30"]), 2)
        XCTAssertTrue(errors.contains("--out needs a value"), errors)
        XCTAssertTrue(errors.contains("\"--fps\""), errors)
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: FileManager.default.currentDirectoryPath + "/--fps"))
    }

    func testEveryStrictRefusalExitsTwoNamingTheFlag() {
        let out = root + "/o"
        let cases: [([String], String)] = [
            (["--fps", "0x10"], "--fps"), (["--fps", "1e3"], "--fps"), (["--fps", "+5"], "--fps"),
            (["--fps", " 5"], "--fps"), (["--fps="], "--fps"), (["--scale", "inf"], "--scale"),
            (["--max-frames", "1e3"], "--max-frames"), (["--max-frames", "0"], "--max-frames"),
            (["--max-frames", "2.5"], "--max-frames"), (["--fps", "30", "--fps=60"], "--fps"),
            (["--force=yes"], "--force"), (["--bogus"], "--bogus"), (["stray"], "stray"),
        ]
        for (extra, flag) in cases {
            errors = ""
            XCTAssertEqual(run(["--trace", flick, "--out", out] + extra), 2, "\(extra)")
            XCTAssertTrue(errors.contains(flag), "\(extra): \(errors)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testInlineValuesWork() throws {
        let out = root + "/inline"
        XCTAssertEqual(run(["--trace=" + flick, "--out=" + out, "--fps=30", "--max-frames=50"]), 0)
        let text = try String(contentsOfFile: out + "/samples.csv", encoding: .utf8)
        XCTAssertTrue(text.contains("\n0.033333,"), "a frame every 1/30 s")
    }

    func testHelpListsTheNewFlags() {
        var printed = ""
        var command = CairoExportCommand()
        command.standardOutput = { printed += $0 }
        XCTAssertEqual(command.run(["--help"]), 0)
        for flag in ["--max-frames", "--force", ".cairo-export.json", "0.5 s"] {
            XCTAssertTrue(printed.contains(flag), flag)
        }
    }

    func testDirectionParsesIntoTheConfigurationAndTheSheetRefusesFree() throws {
        let base = ["--trace", flick, "--out", root + "/o"]
        XCTAssertEqual(try ExportOptions.parse(base)?.configuration.direction, .down)
        for direction in DismissDirection.allCases {
            let options = try ExportOptions.parse(base + ["--direction", direction.rawValue])
            XCTAssertEqual(options?.direction, direction)
            XCTAssertEqual(options?.configuration.direction, direction)
        }
        XCTAssertEqual(try ExportOptions.parse(base + ["--scene", "photo"])?.direction, .free)
        XCTAssertEqual(run(base + ["--scene", "sheet", "--direction", "free"]), 2)
        XCTAssertTrue(errors.contains("with --scene sheet"), errors)
        errors = ""
        XCTAssertEqual(run(base + ["--direction", "sideways"]), 2)
        XCTAssertTrue(errors.contains("--direction"), errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/o"))
        XCTAssertTrue(ExportOptions.usage.contains("--direction"))
    }

    func testADragToTheRightExportsPositiveXAndZeroY() throws {
        var events = [#"{ "t": 0.1, "type": "down", "x": 100, "y": 500 }"#]
        for i in 1...30 {
            events.append(
                #"{ "t": \#(0.1 + Double(i) / 60), "type": "move", "x": \#(100 + 8 * i), "y": 500 }"#
            )
        }
        events.append(#"{ "t": 0.7, "type": "up", "x": 340, "y": 500 }"#)
        let trace = try writeTrace(
            #"{ "viewport": { "width": 390, "height": 844 }, "events": ["#
                + events.joined(separator: ", ") + "] }")
        let out = root + "/right"
        XCTAssertEqual(
            run(["--trace", trace, "--out", out, "--direction", "right", "--scale", "0.25"]), 0,
            errors)
        let rows = try SampleRow.read(out)
        XCTAssertTrue(rows.contains { $0.x > 0 })
        XCTAssertTrue(rows.allSatisfy { $0.y == 0 && $0.x == $0.offset && $0.x >= 0 })
        XCTAssertEqual(rows.last?.phase, "dismissed")
    }

    // MARK: Bounds

    func testTheFramePixelBudgetIsCheckedPerSideAndPerFrame() throws {
        func check(_ width: Double, _ height: Double, scale: Double) -> GestureTraceError? {
            let trace = GestureTrace(viewport: Size(width: width, height: height), events: [])
            do {
                try ExportLimits.check(trace, file: "t.json", scale: scale)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertNil(check(16384, 4096, scale: 1), "exactly 64 Mpx")
        XCTAssertEqual(check(16384, 4097, scale: 1)?.field, "viewport")
        XCTAssertNil(check(4096, 4096, scale: 2), "8192 x 8192 px")
        XCTAssertEqual(check(4096, 4097, scale: 2)?.field, "viewport")
        XCTAssertEqual(check(32768, 10, scale: 1)?.field, "viewport.width")
        XCTAssertEqual(check(10, 1e300, scale: 1)?.field, "viewport.height")
        XCTAssertNil(check(0.1, 10, scale: 0.25), "a sliver still rounds up to a pixel")
        let budget = check(9000, 9000, scale: 1)
        XCTAssertEqual(budget?.file, "t.json")
        XCTAssertTrue(budget?.reason.contains("77.2 Mpx") ?? false, "\(String(describing: budget))")
    }

    func testAHugeViewportExitsTwoWithinSecondsNamingTheFileAndField() throws {
        for (width, height, field) in [
            ("1e19", "844", "viewport.width"), ("390", "1e300", "viewport.height"),
            ("32768", "844", "viewport.width"),
            // Within the trace's 32767 pt a side, but 256 Mpx and 1 Gpx a frame: the
            // export's own budget.
            ("16384", "16384", "viewport"), ("32767", "32767", "viewport"),
        ] {
            let path = try writeTrace(
                "{ \"viewport\": { \"width\": \(width), \"height\": \(height) }, \"events\": [] }",
                "big.json")
            let started = Date()
            let child = try startExport(["--trace", path, "--out", root + "/big"])
            XCTAssertEqual(child.expectExit(seconds: 20), 2, child.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(started), 10)
            XCTAssertTrue(child.stderr.contains("big.json"), child.stderr)
            XCTAssertTrue(child.stderr.contains("field \"\(field)\""), child.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/big"))
    }

    func testTheSeedTraceAtPlusMinus1e308ExitsTwoWithinSeconds() throws {
        let path = try writeTrace(
            """
            { "viewport": { "width": 390, "height": 844 }, "events": [
              { "t": 0.1, "type": "down", "x": 195, "y": 500 },
              { "t": 0.2, "type": "move", "x": 195, "y": 1e308 },
              { "t": 0.25, "type": "move", "x": 195, "y": -1e308 },
              { "t": 0.3, "type": "move", "x": 195, "y": 1e308 },
              { "t": 0.4, "type": "up", "x": 195, "y": 1e308 } ] }
            """, "far.json")
        let started = Date()
        let child = try startExport(
            ["--trace", path, "--out", root + "/far", "--preset", "seed"])
        XCTAssertEqual(child.expectExit(seconds: 20), 2, child.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertTrue(
            child.stderr.contains("far.json, line 3, column 46, event 1, field \"y\""),
            child.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/far"))
    }

    func testALongGapExportsQuicklyAsOneCollapsedRow() throws {
        let path = try writeTrace(
            """
            { "viewport": { "width": 390, "height": 844 }, "events": [
              { "t": 0.1, "type": "key", "key": "Escape" },
              { "t": 1666.0, "type": "key", "key": "Space" } ] }
            """)
        let out = root + "/gap"
        let started = Date()
        XCTAssertEqual(run(["--trace", path, "--out", out, "--scale", "0.25"]), 0, errors)
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        let lines = try String(contentsOfFile: out + "/samples.csv", encoding: .utf8)
            .split(separator: "\n").dropFirst()
        let frames = try ExportFixtures.names(out).filter { $0.hasPrefix("frame-") }
        XCTAssertEqual(frames.count, lines.count)
        XCTAssertLessThan(lines.count, 200)
        let times = lines.compactMap { Double($0.split(separator: ",")[0]) }
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
        XCTAssertEqual(gaps.filter { $0 > 0.5 }.count, 1, "one collapsed row")
        XCTAssertTrue(lines.contains { $0.hasPrefix("1666.000000,") })
    }
}
