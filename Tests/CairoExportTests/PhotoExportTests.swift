import Foundation
import SwipeDismiss
import SwipeDismissCairo
import XCTest

@testable import CairoExport

/// `--scene photo` through the whole export: the 2-D columns of `samples.csv`, the photo
/// drawn shrunk and moved in the frames, the band's grey, and a missing picture refused.
///
/// At 390 × 844 the photo (960 × 720) is fitted to 390 × 292.5 pt centred on (195, 422);
/// its top-left corner is deep blue sky, the backdrop around it a neutral grey.
final class PhotoExportTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
    }

    override func tearDownWithError() throws {
        unsetenv(BundledPhotoVariable.name)
        try? FileManager.default.removeItem(atPath: root)
    }

    private func export(_ name: String, _ flags: [String] = []) throws -> (String, [SampleRow]) {
        let out = root + "/\(name)\(flags.joined())"
        let result = runExport(
            ["--trace", ExportFixtures.trace(name), "--out", out, "--scene", "photo"] + flags)
        XCTAssertEqual(result.status, 0, result.errors)
        return (out, try SampleRow.read(out))
    }

    func testADiagonalFlickLeavesAlongTheDiagonalWithTheDimAndScaleOfItsDistance() throws {
        let (out, rows) = try export("photo-diagonal-flick")
        XCTAssertEqual(rows.first?.alpha, 1)
        XCTAssertEqual(rows.last?.phase, "dismissed")
        // It leaves by the right edge: 390 pt across.
        XCTAssertEqual(rows.last?.x, 390)
        XCTAssertEqual(rows.last?.y, 390)
        XCTAssertTrue(rows.contains { $0.phase == "dismissing" })
        for row in rows {
            XCTAssertEqual(row.x, row.y, "t \(row.t)")
            XCTAssertEqual(row.offset, (row.x * row.x + row.y * row.y).squareRoot(), accuracy: 2e-4)
            XCTAssertEqual(row.scale, 1 - 0.2 * min(1, row.offset / 300), accuracy: 2e-6)
            XCTAssertEqual(row.detent, "")
            if row.phase == "dragging" || row.phase == "presented" {
                XCTAssertEqual(row.alpha, max(0.2, 1 - row.offset / 300), accuracy: 2e-6)
            }
        }
        // The band's grey is the backdrop's alpha, frame by frame.
        let frames = try ExportFixtures.names(out).filter { $0.hasPrefix("frame-") }
        XCTAssertEqual(frames.count, rows.count)
        for (index, row) in rows.enumerated() {
            let pixel = try CairoImage(pngPath: out + "/" + frames[index]).pixel(x: 195, y: 12)
            XCTAssertEqual(Double(pixel.red), (1 - row.alpha) * 255, accuracy: 1, "frame \(index)")
        }
    }

    func testThePhotoIsDrawnShrunkAndMovedWhereTheRowSays() throws {
        let (out, rows) = try export("photo-diagonal-flick")
        let frames = try ExportFixtures.names(out).filter { $0.hasPrefix("frame-") }
        for index in [0, 3] {
            let row = rows[index]
            // The photo's rect: 390 × 292.5 scaled about its centre, then moved.
            let width = 390 * row.scale
            let height = 292.5 * row.scale
            let left = 195 + row.x - width / 2
            let top = 422 + row.y - height / 2
            let image = try CairoImage(pngPath: out + "/" + frames[index])
            func isSky(_ x: Double, _ y: Double) -> Bool {
                let pixel = image.pixel(x: Int(x.rounded(.down)), y: Int(y.rounded(.down)))
                return Int(pixel.blue) - Int(pixel.red) > 60
            }
            func isNeutral(_ x: Double, _ y: Double) -> Bool {
                let pixel = image.pixel(x: Int(x.rounded(.down)), y: Int(y.rounded(.down)))
                return abs(Int(pixel.blue) - Int(pixel.red)) < 12
            }
            XCTAssertTrue(isSky(left + 3, top + 3), "frame \(index): inside the top-left corner")
            if left > 4 {
                XCTAssertTrue(isNeutral(left - 4, top + 3), "frame \(index): left of the photo")
            }
            XCTAssertTrue(isNeutral(left + 3, top - 4), "frame \(index): above the photo")
        }
        // Frame 3 is 57.6 pt down the diagonal at 0.96: the rest position's corner is
        // backdrop now.
        XCTAssertEqual(rows[3].scale, 1 - 0.2 * rows[3].offset / 300, accuracy: 2e-6)
        XCTAssertGreaterThan(rows[3].x, 40)
    }

    func testASlowDiagonalDragSpringsBackToRestInBothAxes() throws {
        let (_, rows) = try export("photo-slow-diagonal")
        let held = try XCTUnwrap(rows.last { $0.phase == "dragging" })
        XCTAssertEqual(held.x, -held.y)
        XCTAssertEqual(held.offset, 100, accuracy: 2e-3)
        XCTAssertEqual(held.alpha, 1 - held.offset / 300, accuracy: 2e-6)
        XCTAssertEqual(rows.last?.phase, "presented")
        XCTAssertEqual(rows.last?.x, 0)
        XCTAssertEqual(rows.last?.y, 0)
        XCTAssertEqual(rows.last?.alpha, 1)
        XCTAssertTrue(rows.contains { $0.phase == "settling" })
    }

    func testAnEdgeDirectionKeepsThePhotoOnItsAxis() throws {
        let (_, rows) = try export("photo-diagonal-flick", ["--direction", "down"])
        XCTAssertTrue(rows.allSatisfy { $0.x == 0 && $0.y == $0.offset })
        XCTAssertEqual(rows.last?.phase, "dismissed")
        // Off by the bottom: 844 − 275.75.
        XCTAssertEqual(rows.last?.y, 568.25)
    }

    func testAMissingOrCorruptPictureIsRefusedNamingTheFile() throws {
        let missing = root + "/no-such-photo.png"
        setenv(BundledPhotoVariable.name, missing, 1)
        let out = root + "/o"
        let gone = runExport(
            [
                "--trace", ExportFixtures.trace("photo-diagonal-flick"), "--out", out, "--scene",
                "photo",
            ])
        XCTAssertEqual(gone.status, 1)
        XCTAssertTrue(gone.errors.contains("--scene photo"), gone.errors)
        XCTAssertTrue(gone.errors.contains(missing), gone.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))

        let corrupt = root + "/corrupt.png"
        try Data("\u{89}PNG not really".utf8).write(to: URL(fileURLWithPath: corrupt))
        setenv(BundledPhotoVariable.name, corrupt, 1)
        let bad = runExport(
            [
                "--trace", ExportFixtures.trace("photo-diagonal-flick"), "--out", out, "--scene",
                "photo",
            ])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.errors.contains(corrupt), bad.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}

/// The variable `BundledPhoto` reads (spelled here so the tests need not import ToolSupport).
enum BundledPhotoVariable {
    static let name = "SWIPEDISMISS_PHOTO"
}
