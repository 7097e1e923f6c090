import Foundation
import SwipeDismiss
import SwipeDismissCairo
import XCTest

@testable import CairoExport

/// The scroll ↔ sheet hand-off through the whole export (issue 10, item 5): `samples.csv`
/// carries the list's offset in `scroll`, and `timeline.png` draws it as a third curve.
/// `sheet-handoff-drag` raises the sheet from `medium` to `large`, scrolls the list 300 pt
/// down (a slow drag up from 1.6 s to 2.4 s), then at 3.2 s drags down 450 pt
/// in one gesture over 1.2 s (37.5 pt per 0.1 s): the list reaches its top at 4.0 s, the sheet
/// then moves 150 pt and, let go still, springs back to `large`.
final class HandOffExportTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func export(_ name: String) throws -> (rows: [SampleRow], folder: String) {
        let out = root + "/" + name
        let result = runExport(
            [
                "--trace", ExportFixtures.trace(name), "--out", out, "--scene", "sheet", "--fps",
                "30",
            ])
        XCTAssertEqual(result.status, 0, result.errors)
        return (try SampleRow.read(out), out)
    }

    /// The row at time `t` (a frame time at 30 fps, to the CSV's six digits).
    private func row(_ rows: [SampleRow], at t: Double) throws -> SampleRow {
        try XCTUnwrap(rows.first { abs($0.t - t) < 1e-6 }, "no row at t = \(t)")
    }

    func testTheListReachesItsTopThenTheSheetMovesInOneGesture() throws {
        let rows = try export("sheet-handoff-drag").rows
        let expected: [(t: Double, offset: Double, scroll: Double, phase: String)] = [
            (1.6, 0, 0, "presented"),  // the sheet rests at large, the list at its top
            (2.0, 0, 150, "presented"),  // the list scrolls under the finger
            (2.433333, 0, 300, "presented"),
            (3.2, 0, 300, "presented"),  // the hand-off gesture is pressed
            (3.3, 0, 262.5, "presented"),  // down 37.5: the list takes it all
            (3.9, 0, 37.5, "presented"),
            (4.0, 0, 0, "presented"),  // the list reaches its top…
            (4.1, 37.5, 0, "dragging"),  // …and the same movement moves the sheet
            (4.4, 150, 0, "dragging"),
            (4.6, 150, 0, "settling"),  // let go still: back to large
        ]
        for sample in expected {
            let found = try row(rows, at: sample.t)
            XCTAssertEqual(found.offset, sample.offset, "t \(sample.t)")
            XCTAssertEqual(found.scroll, sample.scroll, "t \(sample.t)")
            XCTAssertEqual(found.phase, sample.phase, "t \(sample.t)")
            XCTAssertEqual(found.detent, "large", "t \(sample.t)")
        }
        // Never both at once: while the list is scrolled the sheet rests at large.
        for found in rows where found.scroll != 0 {
            XCTAssertEqual(found.offset, 0, "t \(found.t)")
            XCTAssertEqual(found.alpha, 0.3, "t \(found.t)")
        }
        let last = try XCTUnwrap(rows.last)
        XCTAssertEqual(last.offset, 0)
        XCTAssertEqual(last.scroll, 0)
        XCTAssertEqual(last.phase, "presented")
    }

    func testAFlingInTheListLeavesTheSheetThenADragHandsOffAndDismisses() throws {
        let rows = try export("sheet-handoff-fling").rows
        // The list scrolled to 500, then a 60 pt fling down at 3.2 s glides it toward its top.
        XCTAssertEqual(try row(rows, at: 2.6).scroll, 500)
        XCTAssertEqual(try row(rows, at: 3.3).scroll, 440)
        let glide = rows.filter { $0.t > 3.3 && $0.t < 4.6 }
        XCTAssertFalse(glide.isEmpty)
        for (before, after) in zip(glide, glide.dropFirst()) {
            XCTAssertLessThan(after.scroll, before.scroll, "t \(after.t): the list glides")
            XCTAssertGreaterThan(after.scroll, 0, "t \(after.t): the glide stops short")
            XCTAssertEqual(after.offset, 0, "t \(after.t): the fling never moves the sheet")
            XCTAssertEqual(after.phase, "presented", "t \(after.t)")
        }
        // The drag down from 4.6 s, 50 pt per 1/30 s: its press catches the glide where it
        // is, the list takes the first of the movement, the sheet the rest.
        let caught = try row(rows, at: 4.6).scroll
        XCTAssertGreaterThan(caught, 0)
        let first = try row(rows, at: 4.633333)
        XCTAssertEqual(first.scroll, caught - 50, accuracy: 1e-3)
        XCTAssertEqual(first.offset, 0)
        let handOff = try row(rows, at: 4.7)
        XCTAssertEqual(handOff.scroll, caught - 150, accuracy: 1e-3)
        XCTAssertEqual(handOff.offset, 0)
        let sheet = try row(rows, at: 4.766667)
        XCTAssertEqual(sheet.scroll, 0)
        XCTAssertEqual(sheet.phase, "dragging")
        // What the list did not take of the 200 pt moves the sheet, in the same gesture.
        XCTAssertEqual(sheet.offset, 200 - caught, accuracy: 1e-3)
        XCTAssertEqual(try row(rows, at: 4.933333).offset, 500 - caught, accuracy: 1e-3)
        let last = try XCTUnwrap(rows.last)
        XCTAssertEqual(last.phase, "dismissed")
        XCTAssertEqual(last.offset, 759.6)
        XCTAssertEqual(last.scroll, 0)
    }

    /// Pixels of the list-scroll curve's colour on `timeline.png`.
    private func scrollCurvePixels(_ folder: String) throws -> Int {
        let image = try CairoImage(pngPath: folder + "/timeline.png")
        XCTAssertEqual(image.width, 1200)
        XCTAssertEqual(image.height, 640)
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                if pixel.red == 0xFF, pixel.green == 0x95, pixel.blue == 0 { count += 1 }
            }
        }
        return count
    }

    func testTheTimelineDrawsTheListOffsetOnlyWhenTheListScrolls() throws {
        let handOff = try scrollCurvePixels(export("sheet-handoff-drag").folder)
        XCTAssertGreaterThan(handOff, 1500, "a curve across the plot and its legend entry")
        XCTAssertEqual(try scrollCurvePixels(export("sheet-detent-change").folder), 0)
    }
}
