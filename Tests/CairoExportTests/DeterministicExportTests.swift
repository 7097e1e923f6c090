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

    /// Starts the built tool exporting into `folder` in `format` (at a quarter scale: the
    /// test is about dates and bytes, not pixels, and a quarter of the size is a sixteenth of
    /// the encoding).
    private func begin(
        _ folder: String, format: String, environment: [String: String] = [:]
    ) throws -> ChildProcess {
        try startExport(
            [
                "--trace", ExportFixtures.trace("drag-past-threshold"), "--out", folder,
                "--format", format, "--fps", "30", "--scale", "0.25",
            ], environment: environment)
    }

    /// Runs the built tool into `folder`; returns its exit status.
    private func export(
        _ folder: String, format: String, environment: [String: String] = [:]
    ) throws -> Int32 {
        try begin(folder, format: format, environment: environment).expectExit()
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
        let formats = ["png", "pdf", "svg", "gif"]
        // Every format's first export side by side, then, in a later wall-clock second than
        // any of them ended, every second one: PDF dates have whole seconds, so a dated file
        // would differ.
        let firsts = try formats.map { try begin(root + "/\($0)-1", format: $0) }
        for (format, child) in zip(formats, firsts) {
            XCTAssertEqual(child.expectExit(), 0, "\(format): \(child.stderr)")
        }
        let ended = time(nil)
        XCTAssertTrue(eventually { time(nil) > ended })
        let seconds = try formats.map { try begin(root + "/\($0)-2", format: $0) }
        for (format, child) in zip(formats, seconds) {
            XCTAssertEqual(child.expectExit(), 0, "\(format): \(child.stderr)")
        }
        for format in formats {
            let a = try files(root + "/\(format)-1")
            let b = try files(root + "/\(format)-2")
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
