import Foundation
import SwipeDismiss
import SwipeDismissCairo
import XCTest

@testable import CairoExport

final class CairoExportTests: XCTestCase {
    private var root = ""
    private var errors = ""
    private var output = ""

    /// `Examples/Traces`, found from this file's path.
    private let traces = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Traces").path

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "sd-cairo-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        errors = ""
        output = ""
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs the command in-process, capturing its output.
    @discardableResult
    private func run(_ arguments: [String]) -> Int32 {
        var command = CairoExportCommand()
        command.standardError = { self.errors += $0 }
        command.standardOutput = { self.output += $0 }
        command.showsProgress = false
        return command.run(arguments)
    }

    private func trace(_ name: String) -> String { traces + "/" + name + ".json" }

    private struct Row {
        var t: Double
        var offset: Double
        var alpha: Double
        var phase: String
    }

    private func rows(_ folder: String) throws -> [Row] {
        let text = try String(contentsOfFile: folder + "/samples.csv", encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        // The first four columns are the original contract; the rest follow (DESIGN §4).
        XCTAssertEqual(lines.removeFirst(), "t,offset,alpha,phase,x,y,scale,progress,detent,scroll")
        return try lines.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(
                String.init)
            XCTAssertEqual(fields.count, 10)
            return Row(
                t: try XCTUnwrap(Double(fields[0])), offset: try XCTUnwrap(Double(fields[1])),
                alpha: try XCTUnwrap(Double(fields[2])), phase: fields[3])
        }
    }

    private func files(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    private func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(bytes[12..<16]), Array("IHDR".utf8))
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    private func pdfPageCount(_ path: String) throws -> Int {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("%PDF-"), path)
        return text.components(separatedBy: "/Type /Page\n").count - 1
            + text.components(separatedBy: "/Type /Page ").count - 1
    }

    // MARK: Pixels against samples.csv

    func testTopBandGreyMatchesEachFramesCSVAlphaUnderBothPresets() throws {
        for (name, preset) in [
            ("drag-past-threshold", "seed"), ("drag-past-threshold", "fluid"),
            ("slow-drag-springs-back", "fluid"), ("fast-flick", "seed"),
        ] {
            let out = root + "/\(name)-\(preset)"
            XCTAssertEqual(
                run(["--trace", trace(name), "--out", out, "--preset", preset, "--fps", "30"]), 0,
                errors)
            let samples = try rows(out)
            let frames = try files(out).filter { $0.hasPrefix("frame-") }
            XCTAssertEqual(frames.count, samples.count, "\(name) \(preset)")
            XCTAssertEqual(frames.first, "frame-0000.png")
            var distinctAlphas = Set<Double>()
            for (index, row) in samples.enumerated() {
                let image = try CairoImage(pngPath: out + "/" + frames[index])
                let pixel = image.pixel(x: 195, y: 12)
                XCTAssertEqual(
                    Double(pixel.red), (1 - row.alpha) * 255, accuracy: 1,
                    "\(name) \(preset) frame \(index) alpha \(row.alpha)")
                XCTAssertEqual(Double(row.t), Double(index) / 30, accuracy: 1e-6)
                distinctAlphas.insert(row.alpha)
            }
            XCTAssertGreaterThan(
                distinctAlphas.count, 3, "\(name) \(preset) covers several offsets")
        }
    }

    func testFastFlickDismissesUnderFluidButNotSeed() throws {
        XCTAssertEqual(
            run(["--trace", trace("fast-flick"), "--out", root + "/f", "--fps", "30"]), 0)
        XCTAssertEqual(
            run([
                "--trace", trace("fast-flick"), "--out", root + "/s", "--preset", "seed", "--fps",
                "30",
            ]),
            0)
        XCTAssertEqual(try rows(root + "/f").last?.phase, "dismissed")
        XCTAssertEqual(try rows(root + "/f").last?.alpha, 0)
        XCTAssertEqual(try rows(root + "/s").last?.phase, "presented")
        XCTAssertEqual(try rows(root + "/s").last?.offset, 0)
    }

    func testEveryTraceStartsAtRestAndEndsStill() throws {
        for name in [
            "slow-drag-springs-back", "drag-past-threshold", "fast-flick", "rubber-band-up",
            "cancelled-drag", "escape-and-space",
        ] {
            let out = root + "/" + name
            // Only the samples are read: the frames are drawn small.
            XCTAssertEqual(
                run(["--trace", trace(name), "--out", out, "--fps", "20", "--scale", "0.25"]), 0,
                errors)
            let samples = try rows(out)
            XCTAssertEqual(samples.first?.phase, "presented")
            XCTAssertEqual(samples.first?.alpha, 0.3)
            let tail = samples.suffix(Exporter.trailingFrames + 1)
            XCTAssertEqual(Set(tail.map(\.offset)).count, 1, name)
            XCTAssertTrue(["presented", "dismissed"].contains(samples.last?.phase ?? ""), name)
        }
        XCTAssertTrue(try rows(root + "/rubber-band-up").contains { $0.offset < -40 })
    }

    // MARK: Other outputs

    func testWritesStoryboardTimelineAndCSVAlongTheFrames() throws {
        let out = root + "/all"
        XCTAssertEqual(run(["--trace", trace("rubber-band-up"), "--out", out, "--fps", "30"]), 0)
        let samples = try rows(out)
        let names = try files(out)
        XCTAssertEqual(names.count, samples.count + 4)
        XCTAssertTrue(names.contains(".cairo-export.json"))
        XCTAssertTrue(names.contains("storyboard.pdf"))
        XCTAssertEqual(try pngSize(out + "/timeline.png").0, 1200)
        XCTAssertEqual(try pngSize(out + "/timeline.png").1, 640)
        let storyboard = Storyboard(
            frames: Array(
                repeating: ExportFrame(
                    tick: 0,
                    state: DismissState(
                        time: 0, offset: 0, alpha: 0, progress: 0, phase: .presented)),
                count: samples.count),
            viewport: Size(width: 390, height: 844), title: "")
        XCTAssertGreaterThan(storyboard.pageCount, 1)
        XCTAssertEqual(try pdfPageCount(out + "/storyboard.pdf"), storyboard.pageCount)
        XCTAssertEqual(names.filter { $0.hasPrefix(".") }, [".cairo-export.json"], "no temporaries")
    }

    func testPDFFormatWritesOnePagePDFPerFrame() throws {
        let out = root + "/pdf"
        XCTAssertEqual(
            run(["--trace", trace("fast-flick"), "--out", out, "--fps", "15", "--format", "pdf"]), 0
        )
        let samples = try rows(out)
        let frames = try files(out).filter { $0.hasPrefix("frame-") }
        XCTAssertEqual(frames.count, samples.count)
        XCTAssertTrue(frames.allSatisfy { $0.hasSuffix(".pdf") })
        XCTAssertEqual(try pdfPageCount(out + "/" + frames[0]), 1)
    }

    func testSVGFormatWritesSVGDocuments() throws {
        let out = root + "/svg"
        XCTAssertEqual(
            run(["--trace", trace("fast-flick"), "--out", out, "--fps", "15", "--format", "svg"]), 0
        )
        let frames = try files(out).filter { $0.hasPrefix("frame-") }
        XCTAssertEqual(frames.count, try rows(out).count)
        let text = try String(contentsOfFile: out + "/" + frames[0], encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("<?xml"))
        XCTAssertTrue(text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(text.contains("width=\"390\" height=\"844\""))
    }

    func testScaleTwoDoublesFramePixels() throws {
        let out = root + "/x2"
        XCTAssertEqual(
            run(["--trace", trace("fast-flick"), "--out", out, "--fps", "10", "--scale", "2"]), 0)
        let (width, height) = try pngSize(out + "/frame-0000.png")
        XCTAssertEqual(width, 780)
        XCTAssertEqual(height, 1688)
        let image = try CairoImage(pngPath: out + "/frame-0000.png")
        XCTAssertEqual(Double(image.pixel(x: 390, y: 40).red), 0.7 * 255, accuracy: 1)
    }

    // MARK: Failures

    func testAnOutputPathThatCannotBeAFolderExitsTwoNamingItAndLeavesNothing() throws {
        let blocker = root + "/a-file"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        let out = blocker + "/out"
        XCTAssertEqual(run(["--trace", trace("fast-flick"), "--out", out]), 2)
        XCTAssertTrue(errors.contains(out), errors)
        XCTAssertEqual(try files(root), ["a-file"])

        errors = ""
        XCTAssertEqual(run(["--trace", trace("fast-flick"), "--out", blocker]), 2)
        XCTAssertTrue(errors.contains(blocker), errors)
        XCTAssertTrue(errors.contains("not a folder"), errors)

        errors = ""
        let orphan = root + "/missing-parent/out"
        XCTAssertEqual(run(["--trace", trace("fast-flick"), "--out", orphan]), 2)
        XCTAssertTrue(errors.contains(orphan), errors)
        XCTAssertEqual(try files(root), ["a-file"])
    }

    func testMalformedTraceExitsTwoNamingTheEventAndWritesNothing() throws {
        let bad = root + "/bad.json"
        try """
        { "viewport": { "width": 390, "height": 844 }, "events": [
          { "t": 0.0, "type": "down", "x": 195, "y": 500 },
          { "t": 0.1, "type": "move", "x": 195, "y": 520 },
          { "t": 0.05, "type": "up", "x": 195, "y": 530 } ] }
        """.write(toFile: bad, atomically: true, encoding: .utf8)
        let out = root + "/out"
        XCTAssertEqual(run(["--trace", bad, "--out", out]), 2)
        XCTAssertTrue(errors.contains("event 2"), errors)
        XCTAssertTrue(errors.contains("\"t\""), errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))

        errors = ""
        try """
        { "viewport": { "width": 390, "height": 844 }, "events": [
          { "t": 0.0, "type": "down", "x": "left", "y": 500 } ] }
        """.write(toFile: bad, atomically: true, encoding: .utf8)
        XCTAssertEqual(run(["--trace", bad, "--out", out]), 2)
        XCTAssertTrue(errors.contains("event 0, field \"x\""), errors)
        XCTAssertEqual(run(["--trace", root + "/none.json", "--out", out]), 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testBadFlagsAndValuesNameThemselvesAndExitTwo() {
        let cases: [([String], String)] = [
            (["--bogus"], "--bogus"),
            (
                ["--trace", trace("fast-flick"), "--out", root + "/o", "--preset", "slow"],
                "--preset"
            ),
            (["--trace", trace("fast-flick"), "--out", root + "/o", "--fps", "0"], "--fps"),
            (["--trace", trace("fast-flick"), "--out", root + "/o", "--fps", "abc"], "abc"),
            (["--trace", trace("fast-flick"), "--out", root + "/o", "--scale", "-1"], "--scale"),
            (["--trace", trace("fast-flick"), "--out", root + "/o", "--format", "bmp"], "gif"),
            (["--trace", trace("fast-flick"), "--out"], "--out"),
            (["--out", root + "/o"], "--trace"),
        ]
        for (arguments, named) in cases {
            errors = ""
            XCTAssertEqual(run(arguments), 2, "\(arguments)")
            XCTAssertTrue(errors.contains(named), "\(arguments): \(errors)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/o"))
    }

    func testHelpDocumentsEveryFlag() {
        XCTAssertEqual(run(["--help"]), 0)
        for flag in ["--trace", "--out", "--preset", "--fps", "--scale", "--format", "seed", "svg"]
        {
            XCTAssertTrue(output.contains(flag), flag)
        }
    }

    func testTooManyFramesAreRefusedBeforeWritingSuggestingFPSOrMaxFrames() throws {
        // fast-flick at 60 fps dismisses within about 0.7 s: well over 10 frames.
        XCTAssertEqual(
            run(["--trace", trace("fast-flick"), "--out", root + "/o", "--max-frames", "10"]), 2)
        XCTAssertTrue(errors.contains("more than 10 frames"), errors)
        XCTAssertTrue(errors.contains("--fps") && errors.contains("--max-frames"), errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/o"))
    }

    func testExportingOverALongerExportLeavesOnlyThisRunsFrames() throws {
        let out = root + "/again"
        XCTAssertEqual(run(["--trace", trace("drag-past-threshold"), "--out", out]), 0, errors)
        let long = try files(out).filter { $0.hasPrefix("frame-") }.count
        XCTAssertEqual(
            run(["--trace", trace("fast-flick"), "--out", out, "--fps", "20"]), 0, errors)
        let frames = try files(out).filter { $0.hasPrefix("frame-") }
        XCTAssertLessThan(frames.count, long)
        XCTAssertEqual(frames.count, try rows(out).count)
        XCTAssertEqual(frames.sorted().last, String(format: "frame-%04d.png", frames.count - 1))
        XCTAssertEqual(try files(out).filter { $0.hasPrefix(".") }, [".cairo-export.json"])
        XCTAssertEqual(try files(root), ["again"], "no staging folder or lock file left")
    }

    func testAViewportTooLargeForCairoIsRefusedByFieldBeforeWriting() throws {
        let wide = root + "/wide.json"
        let text = try String(contentsOfFile: trace("fast-flick"), encoding: .utf8)
            .replacingOccurrences(of: "\"height\": 844", with: "\"height\": 20000")
        try text.write(toFile: wide, atomically: true, encoding: .utf8)
        XCTAssertEqual(run(["--trace", wide, "--out", root + "/big", "--scale", "2"]), 2)
        XCTAssertTrue(errors.contains("viewport.height"), errors)
        XCTAssertTrue(errors.contains("wide.json"), errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/big"))
    }

    // MARK: The built binary

    private func launch(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let path = try XCTUnwrap(ExportFixtures.binary, "cairo-export not built")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testBinaryExitStatuses() throws {
        // The test target depends on CairoExport, so `swift test` always builds the binary.
        XCTAssertNotNil(ExportFixtures.binary, "cairo-export is not next to the test bundle")
        let out = root + "/bin"
        let ok = try launch(["--trace", trace("fast-flick"), "--out", out, "--fps", "10"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertFalse(ok.stderr.contains("frame 1 of"), "no progress when stderr is a pipe")
        XCTAssertEqual(try rows(out).count, try files(out).filter { $0.hasPrefix("frame-") }.count)
        XCTAssertEqual(try launch(["--fps", "9999"]).status, 2)
        let bad = try launch(["--trace", root + "/missing.json", "--out", root + "/x"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("missing.json"), bad.stderr)
    }
}
