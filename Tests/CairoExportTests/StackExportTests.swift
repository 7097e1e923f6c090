import Foundation
import XCTest

@testable import CairoExport

/// `--scene stack` through the whole export, read back from `samples.csv`: the `depth`,
/// `parent_offset` and `parent_scale` columns after the usual ten, the top sheet in
/// `offset`, `alpha`, `phase` and `detent`, a backdrop that never dips under a child, and
/// the same rows at 30 and 240 fps. At 844 pt a sheet rests at `medium` 337.6 pt below
/// `large` and is off screen at 759.6.
final class StackExportTests: XCTestCase {
    private struct Row {
        var fields: [String]
        var t: String { fields[0] }
        var offset: Double { Double(fields[1]) ?? .nan }
        var alpha: Double { Double(fields[2]) ?? .nan }
        var phase: String { fields[3] }
        var detent: String { fields[8] }
        var depth: Int { Int(fields[10]) ?? -1 }
        var parentOffset: Double? { Double(fields[11]) }
        var parentScale: Double? { Double(fields[12]) }
    }

    private var root = ""
    private let medium = 337.6
    private let offScreen = 759.6

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func export(_ name: String, fps: Int, _ flags: [String] = []) throws -> [Row] {
        let out = root + "/\(name)-\(fps)\(flags.joined())"
        let result = runExport(
            [
                "--trace", ExportFixtures.trace(name), "--out", out, "--scene", "stack",
                "--fps", "\(fps)", "--format", "svg", "--scale", "0.25",
            ] + flags)
        XCTAssertEqual(result.status, 0, result.errors)
        let text = try String(contentsOfFile: out + "/samples.csv", encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.removeFirst(), samplesHeader + ",depth,parent_offset,parent_scale")
        return lines.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map(String.init)
            XCTAssertEqual(fields.count, 13, line)
            return Row(fields: fields.count == 13 ? fields : Array(repeating: "", count: 13))
        }
    }

    /// What every row of a stack export says: a parent exactly at depth 2 or more, at
    /// `medium` and scaled by `1 − 0.06 × v` of the top sheet; the backdrop at 0.3 there.
    private func checkRows(_ rows: [Row], _ label: String) {
        for row in rows {
            let at = "\(label) t \(row.t)"
            guard row.depth >= 2 else {
                XCTAssertEqual(row.fields[11], "", at)
                XCTAssertEqual(row.fields[12], "", at)
                continue
            }
            XCTAssertEqual(row.parentOffset ?? -1, medium, accuracy: 1e-4, at)
            let visibility = min(1, max(0, (offScreen - row.offset) / (offScreen - medium)))
            XCTAssertEqual(row.parentScale ?? -1, 1 - 0.06 * visibility, accuracy: 2e-6, at)
            XCTAssertEqual(row.alpha, 0.3, accuracy: 1e-9, at)
        }
    }

    /// The rows of both rates at the times they share agree.
    private func assertSameAt30And240(_ name: String) throws {
        let coarse = try export(name, fps: 30)
        let fine = try export(name, fps: 240)
        checkRows(coarse, "\(name) 30")
        checkRows(fine, "\(name) 240")
        let byTime = Dictionary(fine.map { ($0.t, $0) }, uniquingKeysWith: { first, _ in first })
        var shared = 0
        for row in coarse {
            guard let other = byTime[row.t] else { continue }
            shared += 1
            let at = "\(name) t \(row.t)"
            XCTAssertEqual(other.depth, row.depth, at)
            XCTAssertEqual(other.phase, row.phase, at)
            XCTAssertEqual(other.detent, row.detent, at)
            XCTAssertEqual(other.offset, row.offset, accuracy: 2e-4, at)
            XCTAssertEqual(other.alpha, row.alpha, accuracy: 2e-6, at)
            XCTAssertEqual(other.parentOffset ?? -1, row.parentOffset ?? -1, accuracy: 2e-4, at)
            XCTAssertEqual(other.parentScale ?? -1, row.parentScale ?? -1, accuracy: 2e-6, at)
        }
        XCTAssertGreaterThan(shared, coarse.count / 2, name)
    }

    func testAChildDraggedOffLeavesItsParentAndTheBackdropAsTheyWere() throws {
        let rows = try export("stack-child-drag-off", fps: 60)
        checkRows(rows, "drag off")
        XCTAssertEqual(rows.first?.depth, 1)
        XCTAssertEqual(rows.first?.detent, "medium")
        XCTAssertTrue(rows.contains { $0.depth == 2 && $0.phase == "dragging" })
        XCTAssertTrue(rows.contains { $0.depth == 2 && $0.phase == "dismissing" })
        let last = try XCTUnwrap(rows.last)
        XCTAssertEqual(last.depth, 1)
        XCTAssertEqual(last.phase, "presented")
        XCTAssertEqual(last.offset, medium, accuracy: 1e-4)
        for row in rows { XCTAssertEqual(row.alpha, 0.3, accuracy: 1e-9, "t \(row.t)") }
        try assertSameAt30And240("stack-child-drag-off")
    }

    func testEscapeTwiceTakesTheDepthFromTwoToNone() throws {
        let rows = try export("stack-escape-twice", fps: 60)
        checkRows(rows, "escape twice")
        XCTAssertEqual(rows.map(\.depth).max(), 2)
        let last = try XCTUnwrap(rows.last)
        XCTAssertEqual(last.depth, 0)
        XCTAssertEqual(last.phase, "dismissed")
        XCTAssertEqual(last.detent, "dismissed")
        XCTAssertEqual(last.alpha, 0)
        // 2, then 1, then 0: the depth only ever falls after the two presents.
        let depths = rows.map(\.depth).drop { $0 < 2 }
        XCTAssertEqual(Array(depths), depths.sorted(by: >))
        try assertSameAt30And240("stack-escape-twice")
    }

    func testAFlickOnTheThirdSheetLeavesTwo() throws {
        let rows = try export("stack-three-deep-flick", fps: 60)
        checkRows(rows, "three deep")
        XCTAssertEqual(rows.map(\.depth).max(), 3)
        XCTAssertTrue(rows.contains { $0.depth == 3 && $0.phase == "dismissing" })
        let last = try XCTUnwrap(rows.last)
        XCTAssertEqual(last.depth, 2)
        XCTAssertEqual(last.phase, "presented")
        XCTAssertEqual(last.parentScale ?? -1, 0.94, accuracy: 1e-9)
        try assertSameAt30And240("stack-three-deep-flick")
    }

    func testAChildLetGoSpringsBackAndItsParentReturnsTo0Point94() throws {
        let rows = try export("stack-child-springback", fps: 60)
        checkRows(rows, "spring back")
        // Let go 150 pt below medium: the parent is at its largest then, and recedes again.
        let dragged = rows.filter { $0.phase == "dragging" || $0.phase == "settling" }
        let largest = try XCTUnwrap(dragged.compactMap(\.parentScale).max())
        XCTAssertEqual(largest, 1 - 0.06 * (272.0 / 422), accuracy: 2e-6)
        XCTAssertTrue(rows.contains { $0.phase == "settling" && $0.detent == "medium" })
        let last = try XCTUnwrap(rows.last)
        XCTAssertEqual(last.depth, 2)
        XCTAssertEqual(last.phase, "presented")
        XCTAssertEqual(last.fields[12], "0.940000")
        try assertSameAt30And240("stack-child-springback")
    }

    func testAVetoedEscapeKeepsTheChildAndYConfirmsIt() throws {
        let trace = root + "/confirm.json"
        try """
        { "viewport": { "width": 390, "height": 844 },
          "events": [
            { "t": 0.2, "type": "key", "key": "Space" },
            { "t": 1.5, "type": "key", "key": "Escape" },
            { "t": 2.0, "type": "key", "key": "y" } ] }
        """.write(toFile: trace, atomically: true, encoding: .utf8)
        let out = root + "/confirm"
        let result = runExport(
            [
                "--trace", trace, "--out", out, "--scene", "stack", "--confirm", "--format",
                "svg", "--scale", "0.25",
            ])
        XCTAssertEqual(result.status, 0, result.errors)
        let text = try String(contentsOfFile: out + "/samples.csv", encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let vetoed = try XCTUnwrap(rows.last { (Double($0[0]) ?? 0) < 1.99 })
        XCTAssertEqual(vetoed[10], "2")
        XCTAssertEqual(vetoed[3], "presented")
        let last = try XCTUnwrap(rows.last)
        XCTAssertEqual(last[10], "1")
        XCTAssertEqual(last[3], "presented")
    }
}
