import Foundation
import SwipeDismiss
import SwipeDismissCairo
import XCTest

@testable import CairoExport

/// `cairo-export --scene photo --source X,Y,W,H[,R]` (DESIGN §4c): `samples.csv` adds `w`,
/// `h`, `corner`; the photo lands on the source (the last row), drawn there in the frames,
/// clipped to its rounded rectangle; without `--source` the columns are today's.
///
/// The photo rests at 390 × 292.5 centred on (195, 422); the source 20,300,120,120,12 has its
/// centre at (80, 360): landed, x = −115 and y = −62.
final class ZoomExportTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private struct ZoomRow {
        var t: Double
        var alpha: Double
        var phase: String
        var x: Double
        var y: Double
        var scale: Double
        var w: Double
        var h: Double
        var corner: Double
    }

    private func rows(_ out: String) throws -> [ZoomRow] {
        let text = try String(contentsOfFile: out + "/samples.csv", encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.removeFirst(), samplesHeader + ",w,h,corner")
        return try lines.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(
                String.init)
            XCTAssertEqual(fields.count, 13, line)
            func number(_ index: Int) throws -> Double { try XCTUnwrap(Double(fields[index])) }
            return ZoomRow(
                t: try number(0), alpha: try number(2), phase: fields[3], x: try number(4),
                y: try number(5), scale: try number(6), w: try number(10), h: try number(11),
                corner: try number(12))
        }
    }

    private func export(_ trace: String, _ flags: [String]) throws -> String {
        let out = root + "/\(trace)\(flags.joined())"
        let result = runExport(
            ["--trace", ExportFixtures.trace(trace), "--out", out, "--scene", "photo"] + flags)
        XCTAssertEqual(result.status, 0, result.errors)
        return out
    }

    func testAFlickDownLandsOnTheSourceWithItsCornerRadius() throws {
        for fps in ["30", "60", "240"] {
            let out = try export(
                "photo-flick-down-and-back",
                [
                    "--source", "20,300,120,120,12", "--fps", fps, "--format", "svg", "--scale",
                    "0.25",
                ])
            let all = try rows(out)
            // The trace presents again at 1.8 s: the landing is the last dismissed row.
            let landed = try XCTUnwrap(all.last { $0.phase == "dismissed" }, fps)
            XCTAssertEqual(landed.x, -115, accuracy: 0.5, fps)
            XCTAssertEqual(landed.y, -62, accuracy: 0.5, fps)
            XCTAssertEqual(landed.w, 120, accuracy: 0.5, fps)
            XCTAssertEqual(landed.h, 120, accuracy: 0.5, fps)
            XCTAssertEqual(landed.corner, 12, fps)
            // The 4:3 picture fills the square: its 292.5 pt height drawn 120 pt tall.
            XCTAssertEqual(landed.scale, 120 / 292.5, accuracy: 1e-6, fps)
            XCTAssertEqual(landed.alpha, 0, fps)
            // At rest before the drag: the fitted photo, square corners.
            XCTAssertEqual(all[0].w, 390)
            XCTAssertEqual(all[0].h, 292.5)
            XCTAssertEqual(all[0].corner, 0)
            // Presented again at the end: back to the fitted size.
            XCTAssertEqual(all.last?.phase, "presented")
            XCTAssertEqual(all.last?.w, 390)
            XCTAssertEqual(all.last?.corner, 0)
            // No landing frame moves the centre more than 4 pt + 1.5 × the frame before.
            for index in all.indices.dropFirst(2)
            where all[index - 1].phase == "dismissing" && all[index - 2].phase == "dismissing" {
                let move = hypot(all[index].x - all[index - 1].x, all[index].y - all[index - 1].y)
                let before = hypot(
                    all[index - 1].x - all[index - 2].x, all[index - 1].y - all[index - 2].y)
                XCTAssertLessThanOrEqual(move, 4 + 1.5 * before + 1e-3, "\(fps) fps row \(index)")
            }
        }
    }

    func testTheLandingFrameShowsThePhotoInTheSourceClippedToItsCorners() throws {
        let out = try export("photo-flick-down-and-back", ["--source", "20,300,120,120,r12"])
        let all = try rows(out)
        // The last frame still drawing the photo: the final one of the landing.
        let index = try XCTUnwrap(all.lastIndex { $0.phase == "dismissing" })
        let row = all[index]
        // It rests there for 1/30 s before it is hidden: this frame has it exactly there.
        XCTAssertEqual(row.w, 120)
        XCTAssertEqual(row.h, 120)
        XCTAssertEqual(row.corner, 12)
        let image = try CairoImage(pngPath: out + String(format: "/frame-%04d.png", index))
        func isSky(_ x: Int, _ y: Int) -> Bool {
            let pixel = image.pixel(x: x, y: y)
            return Int(pixel.blue) - Int(pixel.red) > 60
        }
        let left = Int((195 + row.x - row.w / 2).rounded())
        let top = Int((422 + row.y - row.h / 2).rounded())
        XCTAssertEqual(left, 20)
        XCTAssertEqual(top, 300)
        // The photo's sky fills the source's top-left, inside its rounded corner...
        XCTAssertTrue(isSky(left + 6, top + 6))
        XCTAssertTrue(isSky(left + 3, top + 12))
        // ...and shows nowhere outside it, not even in the corner's cut.
        XCTAssertFalse(isSky(left - 3, top + 30))
        XCTAssertFalse(isSky(left + 30, top - 3))
        XCTAssertFalse(isSky(left, top))
        XCTAssertFalse(isSky(left + 1, top + 1))
    }

    func testWithoutASourceTheColumnsAndTheLeavingAreToday() throws {
        let out = try export("photo-flick-down-and-back", ["--format", "svg", "--scale", "0.25"])
        let rows = try SampleRow.read(out)
        let gone = try XCTUnwrap(rows.last { $0.phase == "dismissed" })
        // Off the bottom edge, straight down: 844 − 275.75.
        XCTAssertEqual(gone.x, 0)
        XCTAssertEqual(gone.y, 568.25)
    }

    func testABadSourceIsRefusedNamingTheFlagAndNothingIsWritten() {
        for value in ["20,300,120", "20,300,0,120", "20,300,120,120,61", "a,b,c,d", "1e3,1,1,1"] {
            let out = root + "/bad"
            let result = runExport(
                [
                    "--trace", ExportFixtures.trace("photo-flick-down-and-back"), "--out", out,
                    "--scene", "photo", "--source", value,
                ])
            XCTAssertEqual(result.status, 2, value)
            XCTAssertTrue(result.errors.contains("--source"), result.errors)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), value)
        }
    }
}
