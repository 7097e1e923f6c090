import Foundation
import SwipeDismissTestSupport
import XCTest

/// The same trace and flags give byte-identical folders, in every format, storyboard and
/// manifest included (DESIGN §4b, "Deterministic exports"): no output carries the time it
/// was made, unless `SOURCE_DATE_EPOCH` asks for a date.
final class DeterministicExportTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs the built tool into `folder`; returns its exit status.
    private func export(
        _ folder: String, format: String, environment: [String: String] = [:]
    ) throws -> Int32 {
        let process = try startExport(
            [
                "--trace", ExportFixtures.trace("drag-past-threshold"), "--out", folder,
                "--format", format, "--fps", "30",
            ], environment: environment)
        return process.expectExit()
    }

    /// Every file in `folder`, hidden ones included, by name with its exact bytes.
    private func files(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try ExportFixtures.names(folder) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    func testTwoExportsASecondApartAreByteIdenticalInEveryFormat() throws {
        for format in ["png", "pdf", "svg", "gif"] {
            let first = root + "/\(format)-1"
            let second = root + "/\(format)-2"
            let started = time(nil)
            XCTAssertEqual(try export(first, format: format), 0)
            // PDF dates have whole seconds: in the next second, a dated file would differ.
            XCTAssertTrue(eventually { time(nil) > started })
            XCTAssertEqual(try export(second, format: format), 0)
            let a = try files(first)
            let b = try files(second)
            XCTAssertEqual(a.keys.sorted(), b.keys.sorted(), format)
            XCTAssertTrue(a.keys.contains(".cairo-export.json"), format)
            XCTAssertTrue(a.keys.contains("storyboard.pdf"), format)
            for (name, data) in a where b[name] != data {
                XCTFail("\(format): \(name) differs between two runs")
            }
        }
    }

    func testAPDFCarriesNoDateUnlessSourceDateEpochGivesOne() throws {
        XCTAssertEqual(try export(root + "/undated", format: "pdf"), 0)
        for name in ["storyboard.pdf", "frame-0000.pdf"] {
            let text = String(
                decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/undated/" + name)),
                as: UTF8.self)
            XCTAssertFalse(text.contains("/CreationDate"), name)
            XCTAssertFalse(text.contains("/ModDate"), name)
        }
        // 2026-12-01 00:00:00 UTC.
        XCTAssertEqual(
            try export(
                root + "/dated", format: "pdf", environment: ["SOURCE_DATE_EPOCH": "1796083200"]), 0
        )
        let dated = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/dated/storyboard.pdf")),
            as: UTF8.self)
        // cairo 1.16 writes the date without PDF's optional `D:` prefix.
        XCTAssertTrue(dated.contains("/CreationDate (20261201000000Z)"))
        XCTAssertTrue(dated.contains("/ModDate (20261201000000Z)"))
    }
}
