import Foundation
import XCTest

@testable import CairoExport

/// What an export may replace in its folder, and what it must leave alone.
final class ExportFolderTests: XCTestCase {
    private var root = ""
    private var work = ""
    private var out = ""
    private var errors = ""

    private func arguments(_ fps: String = "20", force: Bool = false) -> [String] {
        ["--trace", ExportFixtures.trace("fast-flick"), "--out", out, "--fps", fps]
            + (force ? ["--force"] : [])
    }

    @discardableResult
    private func run(_ arguments: [String]) -> Int32 {
        let result = runExport(arguments)
        errors += result.errors
        return result.status
    }

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
        work = root + "/work"
        out = work + "/out"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)
        errors = ""
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The export `arguments` make, made elsewhere, to compare against.
    private func reference(_ fps: String = "20") throws -> [String: Data] {
        let saved = out
        out = root + "/reference-\(fps)"
        defer { out = saved }
        XCTAssertEqual(run(arguments(fps)), 0, errors)
        return try ExportFixtures.snapshot(out)
    }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: out + "/" + name))
    }

    func testAnUnrelatedImageSequenceIsRefusedUntouchedAndForceKeepsItBeside() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        for number in 0..<100 {
            try write("someone's image \(number)", to: String(format: "frame-%04d.png", number))
        }
        try write("<svg/>", to: "frame-0000.svg")
        let original = try ExportFixtures.snapshot(out)

        XCTAssertEqual(run(arguments()), 2)
        XCTAssertTrue(errors.contains(out), errors)
        XCTAssertTrue(errors.contains("--force"), errors)
        try ExportFixtures.assertSame(out, as: original, "refused")
        XCTAssertEqual(try ExportFixtures.names(work), ["out"])

        let expected = try reference()
        errors = ""
        XCTAssertEqual(run(arguments(force: true)), 0, errors)
        try ExportFixtures.assertSame(out, as: expected, "forced")
        let kept = work + "/out.before-cairo-export"
        try ExportFixtures.assertSame(kept, as: original, "kept beside it")
        XCTAssertTrue(errors.contains(kept), errors)
        XCTAssertEqual(try ExportFixtures.names(work), ["out", "out.before-cairo-export"])
    }

    func testAFolderWithAForeignManifestIsRefused() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try write("{\"tool\": \"something-else\", \"files\": []}", to: ".cairo-export.json")
        XCTAssertEqual(run(arguments()), 2)
        XCTAssertTrue(errors.contains("not a cairo-export manifest"), errors)
    }

    func testFilesAddedToAnExportAreCarriedIntoTheNextOne() throws {
        XCTAssertEqual(run(arguments("10")), 0, errors)
        try write("my notes", to: "notes.txt")
        try FileManager.default.createDirectory(
            atPath: out + "/extra", withIntermediateDirectories: false)
        XCTAssertEqual(run(arguments()), 0, errors)
        var expected = try reference()
        expected["notes.txt"] = Data("my notes".utf8)
        let names = try ExportFixtures.names(out)
        XCTAssertTrue(names.contains("extra"))
        try FileManager.default.removeItem(atPath: out + "/extra")
        try ExportFixtures.assertSame(out, as: expected, "carried over")
    }

    func testAnAddedFileWithANameTheExportNeedsIsRefusedNotReplaced() throws {
        XCTAssertEqual(run(arguments("10")), 0, errors)
        let before = try ExportFixtures.snapshot(out)
        // At 10 fps the export has fewer than 9 frames; at 20 fps it has more.
        XCTAssertNil(before["frame-0008.png"])
        try write("mine", to: "frame-0008.png")
        XCTAssertEqual(run(arguments()), 2)
        XCTAssertTrue(errors.contains(out + "/frame-0008.png"), errors)
        XCTAssertEqual(try String(contentsOfFile: out + "/frame-0008.png", encoding: .utf8), "mine")
        XCTAssertEqual(try ExportFixtures.names(work), ["out"])
    }

    func testAManifestCanOnlyEverDeleteNamesAnExportWrites() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try write("keep me", to: "notes.txt")
        try write("keep me too", to: "frame-99.png")
        let manifest = ExportManifest(
            trace: "t.json",
            options: .init(preset: "fluid", fps: 1, scale: 1, format: "png", maxFrames: 1),
            files: ["notes.txt", "frame-99.png", "../work", "/etc/hostname"])
        try Data(try manifest.encoded()).write(
            to: URL(fileURLWithPath: out + "/.cairo-export.json"))
        XCTAssertEqual(run(arguments()), 0, errors)
        XCTAssertEqual(try String(contentsOfFile: out + "/notes.txt", encoding: .utf8), "keep me")
        XCTAssertEqual(
            try String(contentsOfFile: out + "/frame-99.png", encoding: .utf8), "keep me too")
        XCTAssertEqual(try ExportFixtures.names(work), ["out"])
    }

    func testAManifestWithoutTheSecondWaveOptionsStillReads() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try Data(
            #"""
            {"tool": "cairo-export", "version": "0.2.0", "trace": "t.json", "files": ["samples.csv"],
             "options": {"preset": "fluid", "fps": 60, "scale": 1, "format": "png", "maxFrames": 9}}
            """#.utf8
        ).write(to: URL(fileURLWithPath: out + "/.cairo-export.json"))
        guard case .valid(let manifest) = ExportManifest.read(in: out) else {
            return XCTFail("an older manifest is still an export's")
        }
        XCTAssertNil(manifest.options.scene)
        XCTAssertNil(manifest.options.direction)
        XCTAssertEqual(manifest.options.maxFrames, 9)
    }

    func testTheManifestRecordsTheTraceOptionsAndEveryFile() throws {
        XCTAssertEqual(
            run(arguments() + ["--scale", "0.5", "--preset", "seed", "--max-frames", "500"]), 0,
            errors)
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/.cairo-export.json"))
        let manifest = try JSONDecoder().decode(ExportManifest.self, from: data)
        XCTAssertEqual(manifest.tool, "cairo-export")
        XCTAssertEqual(manifest.version, ExportManifest.toolVersion)
        XCTAssertEqual(manifest.trace, ExportFixtures.trace("fast-flick"))
        XCTAssertEqual(
            manifest.options,
            .init(
                preset: "seed", fps: 20, scale: 0.5, format: "png", maxFrames: 500,
                scene: "card", confirm: false, reduceMotion: false, direction: "down"))
        XCTAssertEqual(
            Set(manifest.files),
            Set(try ExportFixtures.names(out)).subtracting([".cairo-export.json"]))
    }

    func testAnEmptyFolderIsUsedAndKeepsItsPermissions() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        chmod(out, 0o750)
        XCTAssertEqual(run(arguments()), 0, errors)
        let attributes = try FileManager.default.attributesOfItem(atPath: out)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o750)
        XCTAssertEqual(try ExportFixtures.names(work), ["out"])
    }

    func testASymbolicLinkToAFolderStaysALinkAndItsFolderGetsTheExport() throws {
        let real = root + "/real"
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: out, withDestinationPath: real)
        XCTAssertEqual(run(arguments()), 0, errors)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: out), real)
        try ExportFixtures.assertSame(real, as: try reference(), "through the link")
    }

    func testDotDotDotAndRootAreRefusedAsOutputFolders() throws {
        for folder in [".", "..", "/", work + "/.", work + "/.."] {
            errors = ""
            out = folder
            XCTAssertEqual(run(arguments()), 2, folder)
            XCTAssertTrue(errors.contains("name the output folder itself"), "\(folder): \(errors)")
        }
    }

    func testAFolderThatAppearsBeforeTheSwapFailsTheExportAndItsStagingGoes() throws {
        let folder = try XCTUnwrap(
            try ExportFolder.open(path: out, force: false, lockWait: .seconds(1)) { nil })
        XCTAssertEqual(folder.previous, .nothing)
        try folder.createStaging()
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.staging + "/samples.csv"))
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try write("someone else's", to: "file.txt")
        XCTAssertThrowsError(try folder.commit { _ in }) { error in
            XCTAssertEqual((error as? FolderError)?.exitStatus, 1)
        }
        folder.abandon()
        folder.close()
        XCTAssertEqual(try ExportFixtures.names(work), ["out"])
        XCTAssertEqual(try ExportFixtures.names(out), ["file.txt"])
    }
}
