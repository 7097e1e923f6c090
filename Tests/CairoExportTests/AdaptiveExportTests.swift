import Foundation
import SwipeDismiss
import XCTest

@testable import CairoExport

/// `--adaptive` and the trace's `viewport` event through the whole export (DESIGN §4c):
/// `samples.csv` gains `mode,content_x,content_w` after every other column, a floating sheet
/// at 1024×768 is 640 pt wide from x 192, and round trips come back to `medium`.
final class AdaptiveExportTests: ResizingExportTestCase {
    func testARoundTripFloatsAt1024x768AndComesBackToMedium() throws {
        let trace = try resizingTrace(
            [(1024, 768), (390, 844), (1024, 768), (390, 844)], name: "rt")
        for fps in ["30", "240"] {
            let (header, rows) = try export(
                trace, ["--scene", "sheet", "--adaptive", "--fps", fps], name: "rt\(fps)")
            XCTAssertEqual(header, samplesHeader + ",mode,content_x,content_w")
            for row in rows {
                let t = try XCTUnwrap(Double(row[0]))
                let floating = (1.0..<2.0).contains(t) || (3.0..<4.0).contains(t)
                XCTAssertEqual(row[3], "presented", "t \(t)")
                XCTAssertEqual(row[10], floating ? "floating" : "sheet", "t \(t)")
                XCTAssertEqual(row[11], floating ? "192.0000" : "0.0000", "t \(t)")
                XCTAssertEqual(row[12], floating ? "640.0000" : "390.0000", "t \(t)")
                XCTAssertEqual(row[8], floating ? "large" : "medium", "t \(t)")
                XCTAssertEqual(try XCTUnwrap(Double(row[1])), floating ? 0 : 337.6, accuracy: 0.5)
                XCTAssertEqual(row[2], "0.300000", "t \(t)")
            }
            XCTAssertEqual(rows.last?[8], "medium")
        }
    }

    func testAViewportEventWithoutTheFlagAddsTheColumnsAndMediumGoesInactive() throws {
        let trace = try resizingTrace([(390, 400), (390, 844)], name: "short")
        let (header, rows) = try export(trace, ["--scene", "sheet"], name: "short")
        XCTAssertEqual(header, samplesHeader + ",mode,content_x,content_w")
        XCTAssertTrue(rows.allSatisfy { $0[10] == "sheet" && $0[12] == "390.0000" })
        // Under 500 pt the sheet springs to large with the backdrop held at 0.3 and stays.
        XCTAssertTrue(rows.allSatisfy { $0[2] == "0.300000" })
        XCTAssertTrue(rows.contains { $0[3] == "settling" })
        XCTAssertEqual(rows.last?[8], "large")
        XCTAssertEqual(rows.last?[1], "0.0000")
    }

    func testOtherScenesLeaveTheColumnsEmpty() throws {
        let trace = try resizingTrace([(1024, 768)], name: "card")
        let (header, rows) = try export(trace, ["--adaptive"], name: "card")
        XCTAssertEqual(header, samplesHeader + ",mode,content_x,content_w")
        XCTAssertTrue(rows.allSatisfy { $0.suffix(3) == ["", "", ""] })
    }

    func testWithoutTheFlagOrAViewportEventTheHeaderIsAsBefore() throws {
        let (header, _) = try export(
            ExportFixtures.trace("sheet-detent-change"), ["--scene", "sheet"], name: "plain")
        XCTAssertEqual(header, samplesHeader)
    }

    func testABadViewportEventIsRefusedNamingItsLineAndNothingIsWritten() throws {
        for (value, reason) in [
            ("-5", "expected a positive finite number"), ("40000", "more than the limit"),
            ("1e400", "beyond the range of a Double"),
        ] {
            let path = root + "/bad.json"
            try """
            { "viewport": { "width": 390, "height": 844 },
              "events": [
                { "t": 0.5, "type": "viewport", "width": \(value), "height": 768 } ] }
            """.write(toFile: path, atomically: true, encoding: .utf8)
            let out = root + "/bad-out"
            let result = runExport(["--trace", path, "--out", out, "--scene", "sheet"])
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.errors.contains("line 3"), result.errors)
            XCTAssertTrue(result.errors.contains("event 0, field \"width\""), result.errors)
            XCTAssertTrue(result.errors.contains(reason), result.errors)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
    }
}
