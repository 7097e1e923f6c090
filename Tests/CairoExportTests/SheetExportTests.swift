import Foundation
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissTrace
import XCTest

@testable import CairoExport

/// `--scene sheet`, `--confirm` and `--reduce-motion` through the whole export, read back
/// from `samples.csv` and the frames. At 844 pt the sheet is 759.6 pt tall (top at
/// `large`, 10 %), `medium` rests 337.6 pt lower, and the backdrop is 0.3 down to
/// `medium`, then falls linearly to 0 off screen.
final class SheetExportTests: XCTestCase {
    private var root = ""
    private let sheetHeight = 759.6
    private let medium = 337.6

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Exports `name` in the sheet scene and reads its samples (the frames, never read here,
    /// are tiny SVGs).
    private func export(_ name: String, _ flags: [String] = []) throws -> [SampleRow] {
        let out = root + "/\(name)\(flags.joined())"
        let result = runExport(
            [
                "--trace", ExportFixtures.trace(name), "--out", out, "--scene", "sheet", "--format",
                "svg", "--scale", "0.25",
            ] + flags)
        XCTAssertEqual(result.status, 0, result.errors)
        return try SampleRow.read(out)
    }

    /// Every row: translation straight down, scale 1, no scroll, progress and alpha as the
    /// offset gives them. Under the seed the backdrop is not a function of the offset: the
    /// card sums UIKit's additive steps while the colour retargets from the previous target
    /// (DESIGN §3, "Seed tracking, exactly"), so there alpha is only bounded by the dim curve
    /// and the spring's small overshoot.
    private func checkColumns(_ rows: [SampleRow], _ label: String) {
        let alphaFollowsOffset = label != "seed"
        for row in rows {
            XCTAssertEqual(row.x, 0, label)
            XCTAssertEqual(row.y, row.offset, label)
            XCTAssertEqual(row.scale, 1, label)
            XCTAssertEqual(row.scroll, 0, label)
            XCTAssertEqual(
                row.progress, min(max(row.offset / sheetHeight, 0), 1), accuracy: 1e-6, label)
            XCTAssertTrue((0...0.31).contains(row.alpha), "\(label) t \(row.t): \(row.alpha)")
            if alphaFollowsOffset && row.phase == "dragging" && row.offset >= medium {
                XCTAssertEqual(
                    row.alpha, 0.3 * (sheetHeight - row.offset) / (sheetHeight - medium),
                    accuracy: 1e-6, "\(label) t \(row.t)")
            }
        }
    }

    func testADetentChangeGoesToLargeAndBackToMedium() throws {
        for preset in ["fluid", "seed"] {
            let rows = try export("sheet-detent-change", ["--preset", preset, "--fps", "30"])
            checkColumns(rows, preset)
            let first = try XCTUnwrap(rows.first)
            XCTAssertEqual(
                [first.offset, first.alpha, first.progress], [337.6, 0.3, 0.444444], preset)
            XCTAssertEqual(first.detent, "medium")
            // Fluid: exactly 0.3 at or above medium. Seed: the spring back overshoots above
            // medium like UIKit's, and the colour's own spring overshoots 0.3 by under 0.01.
            let aboveMedium = rows.filter { $0.offset <= medium }.map(\.alpha)
            XCTAssertTrue(
                aboveMedium.allSatisfy { preset == "fluid" ? $0 == 0.3 : abs($0 - 0.3) < 0.01 },
                "\(preset): 0.3 at or above medium: \(aboveMedium)")
            let firstPress = rows.filter { $0.t < 2.0 }
            if preset == "fluid" {
                // Dragged up 300 pt and released at t 1.0: it settles at large.
                let atLarge = try XCTUnwrap(firstPress.last)
                XCTAssertEqual([atLarge.offset, atLarge.alpha, atLarge.progress], [0, 0.3, 0])
                XCTAssertEqual([atLarge.detent, atLarge.phase], ["large", "presented"])
            } else {
                // The seed ignores a drag the wrong way (up): the sheet stays at medium.
                XCTAssertEqual(Set(firstPress.map(\.offset)), [337.6])
                XCTAssertEqual(Set(firstPress.map(\.detent)), ["medium"])
            }
            let last = try XCTUnwrap(rows.last)
            XCTAssertEqual([last.offset, last.alpha, last.progress], [337.6, 0.3, 0.444444])
            XCTAssertEqual([last.detent, last.phase], ["medium", "presented"], preset)
        }
    }

    func testAFlickFromMediumDismissesAndSpacePresentsAgain() throws {
        let rows = try export("sheet-flick-dismiss", ["--fps", "30"])
        checkColumns(rows, "flick")
        let gone = try XCTUnwrap(rows.first { $0.phase == "dismissed" })
        XCTAssertLessThan(gone.t, 1.2)
        XCTAssertEqual([gone.offset, gone.alpha, gone.progress], [759.6, 0, 1])
        XCTAssertEqual(gone.detent, "dismissed")
        XCTAssertTrue(
            rows.filter { $0.phase == "dismissing" }.allSatisfy { $0.detent == "dismissed" })
        let last = try XCTUnwrap(rows.last)
        XCTAssertEqual([last.detent, last.phase], ["medium", "presented"])
        XCTAssertEqual(last.offset, 337.6)
    }

    func testConfirmHoldsTheSheetUntilTheTracesYKey() throws {
        let plain = try export("sheet-confirm-discard", ["--fps", "20"])
        checkColumns(plain, "no confirm")
        let dismissed = try XCTUnwrap(plain.first { $0.phase == "dismissed" })
        XCTAssertLessThan(dismissed.t, 2.0, "without --confirm the release dismisses")

        let asked = try export("sheet-confirm-discard", ["--fps", "20", "--confirm"])
        checkColumns(asked, "confirm")
        // Released 230 pt below medium at 1.2 s: vetoed, back to medium; `n` (2.0 s) and
        // Escape (2.5 s) keep it; `y` (3.0 s) dismisses.
        for row in asked where row.t < 3.0 {
            XCTAssertFalse(["dismissing", "dismissed"].contains(row.phase), "t \(row.t)")
            XCTAssertLessThan(row.offset, medium + 230, "rubber band past medium, t \(row.t)")
        }
        let beforeYes = try XCTUnwrap(asked.last { $0.t < 3.0 })
        XCTAssertEqual([beforeYes.offset, beforeYes.alpha], [337.6, 0.3])
        XCTAssertEqual(beforeYes.detent, "medium")
        let leaving = try XCTUnwrap(asked.first { $0.phase == "dismissing" })
        XCTAssertEqual(leaving.t, 3.0, accuracy: 1e-9)
        XCTAssertEqual(leaving.detent, "dismissed")
        let last = try XCTUnwrap(asked.last)
        XCTAssertEqual([last.offset, last.alpha, last.progress], [759.6, 0, 1])
        XCTAssertEqual(last.phase, "dismissed")
    }

    func testTheConfirmPromptShowsWhileTheAttemptWaitsForAnAnswer() throws {
        let out = root + "/prompt"
        let result = runExport([
            "--trace", ExportFixtures.trace("sheet-confirm-discard"), "--out", out, "--scene",
            "sheet", "--confirm", "--fps", "10",
        ])
        XCTAssertEqual(result.status, 0, result.errors)
        // (300, 500) lies in the prompt box (#2C2C2E) at medium, away from its text; without
        // the prompt it is the white first row.
        func red(at time: Double) throws -> UInt8 {
            let frame = String(format: "frame-%04d.png", Int((time * 10).rounded()))
            return try CairoImage(pngPath: out + "/" + frame).pixel(x: 300, y: 500).red
        }
        XCTAssertEqual(try red(at: 0), 255, "presented, nothing asked")
        XCTAssertEqual(try red(at: 1.8), 0x2C, "released past medium: asked")
        XCTAssertEqual(try red(at: 2.1), 255, "n keeps the sheet and hides the prompt")
        XCTAssertEqual(try red(at: 2.6), 0x2C, "Escape asks again")
    }

    func testReducedMotionSettlesWithoutOvershoot() throws {
        let springy = try export("sheet-detent-change", ["--fps", "60"])
        let calm = try export("sheet-detent-change", ["--fps", "60", "--reduce-motion"])
        // The second release (3.1 s, 162.6 pt below large, moving down) heads to medium.
        let springyPeak = springy.filter { $0.t > 3.1 }.map(\.offset).max() ?? 0
        let calmPeak = calm.filter { $0.t > 3.1 }.map(\.offset).max() ?? 0
        XCTAssertGreaterThan(springyPeak, medium + 1, "the fluid spring overshoots medium")
        XCTAssertLessThanOrEqual(calmPeak, medium + 1e-9, "critically damped: no overshoot")
        XCTAssertEqual(calm.last?.offset, 337.6)
    }

    func testTheBandGreyOfEverySheetFrameIsItsAlpha() throws {
        for (name, preset) in [
            ("sheet-flick-dismiss", "fluid"), ("sheet-confirm-discard", "seed"),
            ("sheet-detent-change", "fluid"),
        ] {
            let out = root + "/band-\(name)-\(preset)"
            let result = runExport([
                "--trace", ExportFixtures.trace(name), "--out", out, "--scene", "sheet",
                "--preset", preset, "--fps", "15",
            ])
            XCTAssertEqual(result.status, 0, result.errors)
            let rows = try SampleRow.read(out)
            let frames = try ExportFixtures.names(out).filter { $0.hasPrefix("frame-") }
            XCTAssertEqual(frames.count, rows.count)
            for (index, row) in rows.enumerated() {
                let pixel = try CairoImage(pngPath: out + "/" + frames[index]).pixel(x: 195, y: 12)
                XCTAssertEqual(
                    Double(pixel.red), (1 - row.alpha) * 255, accuracy: 1,
                    "\(name) \(preset) frame \(index) alpha \(row.alpha)")
            }
            XCTAssertGreaterThan(Set(rows.map(\.alpha)).count, 1, "\(name) \(preset)")
        }
    }

    func testTheCardLeavesTheDetentColumnEmpty() throws {
        let out = root + "/card"
        XCTAssertEqual(
            runExport(["--trace", ExportFixtures.trace("fast-flick"), "--out", out]).status, 0)
        let rows = try SampleRow.read(out)
        XCTAssertTrue(rows.allSatisfy { $0.detent.isEmpty && $0.x == 0 && $0.y == $0.offset })
        XCTAssertEqual(rows.last?.progress, 1)
    }

    func testSceneFlagsAreChecked() throws {
        let trace = ExportFixtures.trace("fast-flick")
        let bogus = runExport(["--trace", trace, "--out", root + "/o", "--scene", "modal"])
        XCTAssertEqual(bogus.status, 2)
        XCTAssertTrue(bogus.errors.contains("--scene"), bogus.errors)
        let valued = runExport(["--trace", trace, "--out", root + "/o", "--confirm=yes"])
        XCTAssertEqual(valued.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/o"))
        for flag in ["--scene", "--confirm", "--reduce-motion", "sheet"] {
            XCTAssertTrue(ExportOptions.usage.contains(flag), flag)
        }
    }

    func testTheTimelineMarksTheSheetsDetents() throws {
        let trace = try GestureTrace.load(path: ExportFixtures.trace("sheet-detent-change"))
        var exporter = Exporter(
            trace: trace, configuration: .sheet(.fluid), framesPerSecond: 30)
        exporter.scene = .sheet
        let marks = exporter.offsetMarks()
        XCTAssertEqual(marks.map(\.offset), [0, 337.6, 759.6])
        XCTAssertEqual(
            marks.map(\.label), ["large detent", "medium detent", "off screen (dismissed)"])
    }
}
