import Foundation
import SwipeDismiss
import SwipeDismissCairo
import XCTest

@testable import CairoExport

/// `cairo-export --layout resize --footer --content-interaction scrolls` (DESIGN §4c
/// "Detent-sized layout"): `samples.csv` adds `visible_h`, `footer_y`, `scroll_max` after its
/// other columns; bad values and scenes are refused naming the flag, with nothing written.
///
/// The trace rests at `medium`, drags the header 100 pt down, holds, and lets go: the sheet
/// springs back to `medium`.
final class LayoutExportTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
        var events: [String] = [#"{"t": 0.2, "type": "down", "x": 195, "y": 450}"#]
        for step in 1...10 {
            let t = 0.2 + Double(step) * 0.02
            events.append(#"{"t": \#(t), "type": "move", "x": 195, "y": \#(450 + step * 10)}"#)
        }
        events.append(#"{"t": 0.8, "type": "up", "x": 195, "y": 550}"#)
        let trace =
            #"{"viewport": {"width": 390, "height": 844}, "events": ["#
            + events.joined(separator: ",") + "]}"
        try trace.write(toFile: root + "/drag.json", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private struct Row {
        var t: Double
        var offset: Double
        var fields: [String]
        /// `visible_h`, `footer_y`, `scroll_max` as written.
        var layout: [String] { Array(fields.suffix(3)) }
    }

    private func export(_ flags: [String], fps: String = "60", scene: String = "sheet")
        throws -> (header: String, rows: [Row])
    {
        let out = root + "/out-\(scene)-\(fps)-\(flags.joined())"
        let result = runExport(
            ["--trace", root + "/drag.json", "--out", out, "--scene", scene, "--fps", fps]
                + flags)
        XCTAssertEqual(result.status, 0, result.errors)
        let text = try String(contentsOfFile: out + "/samples.csv", encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let header = lines.removeFirst()
        let rows = try lines.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(
                String.init)
            return Row(
                t: try XCTUnwrap(Double(fields[0])), offset: try XCTUnwrap(Double(fields[1])),
                fields: fields)
        }
        return (header, rows)
    }

    func testResizeWithAFooterAtMediumGives422And788And2330() throws {
        let (header, rows) = try export(["--layout", "resize", "--footer"])
        XCTAssertEqual(header, samplesHeader + ",visible_h,footer_y,scroll_max")
        XCTAssertEqual(rows[0].layout, ["422.0000", "788.0000", "2330.0000"])
        // Held 100 pt below `medium`: the footer rides, the list keeps its size.
        let held = try XCTUnwrap(rows.first { abs($0.t - 0.6) < 1e-9 })
        XCTAssertEqual(held.offset, 437.6, accuracy: 1e-4)
        XCTAssertEqual(held.layout, ["322.0000", "888.0000", "2330.0000"])
        // Back at rest at `medium`.
        XCTAssertEqual(rows.last?.layout, ["422.0000", "788.0000", "2330.0000"])
        XCTAssertEqual(rows.last?.fields[8], "medium")
    }

    func testTheFramesDrawTheFooterPinnedThenRidingBelowTheWindow() throws {
        let out = root + "/frames"
        let result = runExport(
            [
                "--trace", root + "/drag.json", "--out", out, "--scene", "sheet", "--layout",
                "resize", "--footer", "--fps", "10",
            ])
        XCTAssertEqual(result.status, 0, result.errors)
        // Frame 0 at rest at `medium`: the button's blue at (195, 800), its bar white beside.
        let rest = try CairoImage(pngPath: out + "/frame-0000.png")
        let button = rest.pixel(x: 195, y: 800)
        XCTAssertEqual([button.red, button.green, button.blue], [0x00, 0x7A, 0xFF])
        let bar = rest.pixel(x: 40, y: 816)
        XCTAssertEqual([bar.red, bar.green, bar.blue], [0xFF, 0xFF, 0xFF])
        // Frame 6 (0.6 s), held 100 pt below `medium`: the footer rode off the window.
        let held = try CairoImage(pngPath: out + "/frame-0006.png")
        for y in stride(from: 790, to: 844, by: 6) {
            let pixel = held.pixel(x: 195, y: y)
            XCTAssertNotEqual([pixel.red, pixel.green, pixel.blue], [0x00, 0x7A, 0xFF], "y \(y)")
        }
    }

    func testWithoutAFooterItsColumnIsEmpty() throws {
        let (_, rows) = try export(["--layout", "resize"])
        XCTAssertEqual(rows[0].layout, ["422.0000", "", "2274.0000"])
        let (_, overlay) = try export(["--content-interaction", "scrolls"])
        XCTAssertEqual(overlay[0].layout, ["422.0000", "", "1936.4000"])
    }

    func testThirtyAndTwoHundredFortyFramesASecondAgree() throws {
        let flags = ["--layout", "resize", "--footer", "--content-interaction", "scrolls"]
        let slow = try export(flags, fps: "30").rows
        let fast = try export(flags, fps: "240").rows
        var compared = 0
        for row in slow {
            guard let match = fast.first(where: { abs($0.t - row.t) < 1e-9 }) else { continue }
            XCTAssertEqual(row.fields, match.fields, "t \(row.t)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 20)
    }

    func testAStackAddsTheColumnsAfterItsOwn() throws {
        let (header, rows) = try export(["--footer"], scene: "stack")
        XCTAssertEqual(
            header,
            samplesHeader + ",depth,parent_offset,parent_scale,visible_h,footer_y,scroll_max")
        XCTAssertEqual(rows[0].layout, ["422.0000", "788.0000", "1992.4000"])
    }

    func testBadValuesAndScenesAreRefusedNamingTheFlag() throws {
        let cases: [([String], String)] = [
            (["--scene", "sheet", "--layout", "sideways"], "--layout"),
            (["--scene", "sheet", "--content-interaction", "fling"], "--content-interaction"),
            (["--scene", "card", "--footer"], "--footer"),
            (["--scene", "photo", "--layout", "resize"], "--layout"),
            (
                ["--scene", "sheet", "--direction", "up", "--content-interaction", "scrolls"],
                "--content-interaction"
            ),
        ]
        for (flags, flag) in cases {
            let out = root + "/refused"
            let result = runExport(["--trace", root + "/drag.json", "--out", out] + flags)
            XCTAssertEqual(result.status, 2, "\(flags)")
            XCTAssertTrue(result.errors.contains(flag), "\(flags): \(result.errors)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(flags)")
        }
    }
}
