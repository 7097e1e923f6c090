import Foundation
import SwipeDismiss
import XCTest

@testable import CairoExport

/// Detent-sized layout in a window that changes (DESIGN §4c "Adaptive presentation",
/// "Detent-sized layout"): `visible_h`, `footer_y` and `scroll_max` are each frame's, in the
/// window that frame has after a trace's `viewport` event, and come after
/// `mode,content_x,content_w`.
final class LayoutViewportExportTests: ResizingExportTestCase {
    /// The rows at rest (phase `presented`) from `start` (inclusive) to `end` (exclusive).
    private func restingRows(_ rows: [[String]], from start: Double, to end: Double) throws
        -> [[String]]
    {
        try rows.filter {
            let t = try XCTUnwrap(Double($0[0]))
            return t >= start && t < end && $0[3] == "presented"
        }
    }

    func testTheLayoutColumnsFollowEachFramesWindowAfterAViewportEvent() throws {
        // 390×844 at medium: 422, 788, 2330. At 390×700 medium's top is 350: visible 350, the
        // footer at 644, the list 350 − 56 − 56 = 238 long, so 2640 − 238 = 2402.
        let trace = try resizingTrace([(390, 700)], name: "shorter")
        let (header, rows) = try export(
            trace, ["--scene", "sheet", "--layout", "resize", "--footer"], name: "shorter")
        XCTAssertEqual(
            header, samplesHeader + ",mode,content_x,content_w,visible_h,footer_y,scroll_max")
        let before = try restingRows(rows, from: 0, to: 1)
        let after = try restingRows(rows, from: 1, to: 3)
        XCTAssertFalse(before.isEmpty)
        XCTAssertFalse(after.isEmpty)
        for row in before {
            XCTAssertEqual(Array(row.suffix(3)), ["422.0000", "788.0000", "2330.0000"], "\(row)")
        }
        for row in after {
            XCTAssertEqual(row[8], "medium")
            XCTAssertEqual(Array(row.suffix(3)), ["350.0000", "644.0000", "2402.0000"], "\(row)")
        }
    }

    func testUnder500PtTheFooterAndTheListFollowLargeTheLowestActiveDetent() throws {
        // 390×480: medium is inactive, large (top 48) is the lowest active detent. The sheet
        // shows 432 pt, the footer sits at 424 and the list is 432 − 112 = 320 long.
        let trace = try resizingTrace([(390, 480)], name: "short")
        let (_, rows) = try export(
            trace, ["--scene", "sheet", "--layout", "resize", "--footer"], name: "short")
        let settled = try restingRows(rows, from: 1, to: 3)
        XCTAssertFalse(settled.isEmpty)
        for row in settled {
            XCTAssertEqual(row[8], "large")
            XCTAssertEqual(Array(row.suffix(3)), ["432.0000", "424.0000", "2320.0000"], "\(row)")
        }
    }

    func testAFloatingSheetIsNotResizedAndItsFooterSitsInsideIt() throws {
        // 1024×768 with --adaptive: the sheet floats, 640 pt wide from x 192, 688 pt tall and
        // all on screen; its footer's top is 728 − 56 = 672 and its list 576 pt long.
        let trace = try resizingTrace([(1024, 768)], name: "wide")
        let (_, rows) = try export(
            trace, ["--scene", "sheet", "--adaptive", "--layout", "resize", "--footer"],
            name: "wide")
        let floating = try restingRows(rows, from: 1, to: 3)
        XCTAssertFalse(floating.isEmpty)
        for row in floating {
            XCTAssertEqual(
                Array(row.suffix(6)),
                ["floating", "192.0000", "640.0000", "688.0000", "672.0000", "2064.0000"],
                "\(row)")
        }
    }
}
