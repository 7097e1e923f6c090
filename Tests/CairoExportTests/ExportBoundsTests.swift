import Foundation
import XCTest

@testable import CairoExport

/// What an export cannot draw is refused before anything is rendered (exit 2, one line
/// naming it, nothing written), and what it can draw stays within its memory bound.
final class ExportBoundsTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs the built tool to its end (30 s at most); its stderr is read to the end of the pipe, so nothing
    /// it wrote just before exiting is missed.
    private func runTool(_ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, stderr: String)
    {
        let process = Process()
        // A hang (a FIFO waited on) ends after 30 s with status 124 instead of hanging the run.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments =
            ["30", try XCTUnwrap(ExportFixtures.binary, "cairo-export is not built")] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

    /// A trace with an Escape in a `width` × `height` viewport.
    private func trace(_ width: String, _ height: String) throws -> String {
        let path = root + "/viewport.json"
        try Data(
            """
            { "viewport": { "width": \(width), "height": \(height) }, "events": [
              { "t": 0.1, "type": "key", "key": "Escape" } ] }
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testViewportsBelowATenthOfAPointAreRefusedUpFront() throws {
        for (width, height, field) in [
            ("0.01", "844", "viewport.width"), ("0.001", "844", "viewport.width"),
            ("390", "1e-300", "viewport.height"), ("5e-324", "844", "viewport.width"),
        ] {
            let out = root + "/tiny"
            let result = runExport(
                ["--trace", try trace(width, height), "--out", out, "--scene", "photo"])
            XCTAssertEqual(result.status, 2, "\(width)x\(height): \(result.errors)")
            XCTAssertTrue(result.errors.contains("field \"\(field)\""), result.errors)
            XCTAssertTrue(
                result.errors.contains("is less than the smallest viewport side, 0.1 pt"),
                result.errors)
            XCTAssertEqual(result.errors.filter { $0 == "\n" }.count, 1, "one line")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
        // A tenth of a point is drawn, in every scene and format.
        for scene in ["card", "sheet", "photo"] {
            for format in ["png", "svg"] {
                let out = root + "/sliver-\(scene)-\(format)"
                let result = runExport(
                    [
                        "--trace", try trace("0.1", "844"), "--out", out, "--scene", scene,
                        "--format", format,
                    ])
                XCTAssertEqual(result.status, 0, "\(scene) \(format): \(result.errors)")
            }
        }
    }

    /// The photo in a 1 × 5500 pt viewport: its storyboard took 8.3 GB (1 × 7000: 10.7 GB).
    /// The built tool's peak resident memory must stay under 1 GiB (the largest of this
    /// process's children, `getrusage(RUSAGE_CHILDREN)`); it also runs under a 1 GiB
    /// address-space limit (`prlimit`), so a regression fails at once instead of eating the
    /// machine, except under AddressSanitizer (`make sanitize` sets `ASAN_OPTIONS`), whose
    /// shadow memory alone is larger than that.
    func testAPhotoInAThinViewportExportsWithinOneGibibyte() throws {
        let binary = try XCTUnwrap(ExportFixtures.binary)
        let limited = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil
        for (width, height) in [("1", "5500"), ("1", "7000"), ("0.2", "16384")] {
            for format in ["png", "pdf"] {
                let out = root + "/thin-\(height)-\(format)"
                let arguments = [
                    "--trace", try trace(width, height), "--out", out, "--scene", "photo",
                    "--format", format,
                ]
                let process = Process()
                process.executableURL = URL(
                    fileURLWithPath: limited ? "/usr/bin/prlimit" : "/usr/bin/timeout")
                process.arguments =
                    (limited ? ["--as=\(1 << 30)", binary] : ["120", binary]) + arguments
                process.standardError = FileHandle.nullDevice
                let started = Date()
                try process.run()
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0, "\(width)x\(height) \(format)")
                XCTAssertLessThan(Date().timeIntervalSince(started), 120)
                XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/storyboard.pdf"))
            }
        }
        var usage = rusage()
        XCTAssertEqual(getrusage(RUSAGE_CHILDREN.rawValue, &usage), 0)
        XCTAssertLessThan(usage.ru_maxrss, 1 << 20, "peak resident KiB of a child")
    }

    func testAPhotoOverThePixelLimitIsRefusedBeforeDecoding() throws {
        // The header of a 20000 × 20000 PNG (the 1.1 MB file decoded to 23 GB).
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8) + [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 2, 0, 0, 0]
        let photo = root + "/huge.png"
        try Data(bytes + Array(repeating: 0, count: 64)).write(to: URL(fileURLWithPath: photo))
        let out = root + "/o"
        let child = try runTool(
            [
                "--trace", ExportFixtures.trace("photo-diagonal-flick"), "--out", out, "--scene",
                "photo",
            ], environment: [BundledPhotoVariable.name: photo])
        XCTAssertEqual(child.status, 2, child.stderr)
        XCTAssertTrue(child.stderr.contains(photo), child.stderr)
        XCTAssertTrue(child.stderr.contains("the image is 20000x20000 px"), child.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testAFIFOAsThePhotoIsRefusedInsteadOfWaitedOn() throws {
        let fifo = root + "/photo.png"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let out = root + "/o"
        let started = Date()
        let child = try runTool(
            [
                "--trace", ExportFixtures.trace("photo-diagonal-flick"), "--out", out, "--scene",
                "photo",
            ], environment: [BundledPhotoVariable.name: fifo])
        XCTAssertEqual(child.status, 2, child.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertTrue(child.stderr.contains("\(fifo): not a regular file"), child.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}
