import Foundation
import SwipeDismissGif
import SwipeDismissTestSupport
import XCTest

@testable import CairoExport

/// `--format gif`: `animation.gif` decoded with giflib's reader and checked against the
/// PNG frames and `samples.csv` of the same export.
final class GifExportTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func centiseconds(_ seconds: Double) -> Int { Int((seconds * 100).rounded()) }

    /// A trace that drags 60 pt, springs back, then rests 6 s before Escape dismisses.
    private func traceWithLongRest() throws -> String {
        var events = [#"{"t": 0.1, "type": "down", "x": 195, "y": 500}"#]
        for step in 1...10 {
            events.append(
                #"{"t": \#(0.1 + Double(step) * 0.02), "type": "move", "x": 195, "y": \#(500 + step * 6)}"#
            )
        }
        events.append(#"{"t": 0.35, "type": "up", "x": 195, "y": 560}"#)
        events.append(#"{"t": 7.0, "type": "key", "key": "Escape"}"#)
        let path = root + "/long-rest.json"
        try
            (#"{ "viewport": { "width": 390, "height": 844 }, "events": ["#
            + events.joined(separator: ",\n") + "] }")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Checks `out/animation.gif` against the export's frames and samples at `fps`: one GIF
    /// frame per run of identical PNG frames, each delay exact (an idle stretch shown for
    /// its real length, at most 2 s), and the top-band grey of every GIF frame within 2 of
    /// `(1 - alpha) * 255` for the run's first CSV row.
    private func checkGif(_ out: String, fps: Double, _ label: String) throws -> GifAnimation {
        let rows = try SampleRow.read(out)
        let frames = try ExportFixtures.names(out).filter { $0.hasPrefix("frame-") }
        XCTAssertEqual(frames.count, rows.count, label)
        XCTAssertTrue(frames.allSatisfy { $0.hasSuffix(".png") }, "frames stay PNG")
        let bytes = try frames.map { try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0)) }
        // Each frame's duration as the plan gives it: to the next frame's tick, a
        // collapsed stretch capped at 2 s; the last frame one frame time.
        let ticks = rows.map { Int(($0.t * fps).rounded()) }
        var starts: [Double] = [0]
        for index in rows.indices {
            var duration = 1 / fps
            if index + 1 < rows.count {
                duration = Double(ticks[index + 1]) / fps - Double(ticks[index]) / fps
                if ticks[index + 1] - ticks[index] > 1 { duration = min(duration, 2) }
            }
            starts.append(starts[index] + duration)
        }
        var runs: [Int] = []
        for index in bytes.indices where index == 0 || bytes[index] != bytes[index - 1] {
            runs.append(index)
        }
        let gif = try GifAnimation(path: out + "/animation.gif")
        XCTAssertTrue(gif.loopsForever, label)
        XCTAssertEqual(gif.frames.count, runs.count, "\(label): one GIF frame per distinct run")
        let ends = runs.dropFirst().map { $0 } + [rows.count]
        XCTAssertEqual(
            gif.delays,
            zip(runs, ends).map { centiseconds(starts[$1]) - centiseconds(starts[$0]) }, label)
        XCTAssertEqual(gif.delays.reduce(0, +), centiseconds(starts[rows.count]), label)
        for (index, start) in runs.enumerated() {
            let grey = gif.color(x: 195, y: 12, frame: index)
            XCTAssertEqual(grey >> 16, grey & 0xFF, "\(label) GIF frame \(index) is grey")
            XCTAssertEqual(
                Double(grey & 0xFF), (1 - rows[start].alpha) * 255, accuracy: 2,
                "\(label) GIF frame \(index) (CSV row \(start), alpha \(rows[start].alpha))")
        }
        return gif
    }

    func testTheGifHoldsEveryDistinctFrameWithExactDelaysAndTheBandGreyUnderBothPresets()
        throws
    {
        for preset in ["seed", "fluid"] {
            let out = root + "/\(preset)"
            let result = runExport([
                "--trace", ExportFixtures.trace("slow-drag-springs-back"), "--out", out,
                "--preset", preset, "--format", "gif", "--fps", "30",
            ])
            XCTAssertEqual(result.status, 0, result.errors)
            let gif = try checkGif(out, fps: 30, preset)
            XCTAssertEqual([gif.width, gif.height], [390, 844])
            XCTAssertGreaterThan(gif.frames.count, 20, "\(preset): the drag moves every frame")
            let first = gif.color(x: 195, y: 12, frame: 0) & 0xFF
            let middle = gif.color(x: 195, y: 12, frame: gif.frames.count / 2) & 0xFF
            let last = gif.color(x: 195, y: 12, frame: gif.frames.count - 1) & 0xFF
            XCTAssertEqual(Double(first), 178.5, accuracy: 2, "alpha 0.3 at rest")
            XCTAssertGreaterThan(middle, first + 10, "\(preset): lighter mid-drag")
            XCTAssertEqual(Double(last), 178.5, accuracy: 2, "back at 0.3")
            let manifest = try String(
                contentsOfFile: out + "/" + ExportManifest.fileName, encoding: .utf8)
            XCTAssertTrue(manifest.contains("\"animation.gif\""), manifest)
            XCTAssertTrue(manifest.contains("\"format\" : \"gif\""), manifest)
        }
    }

    func testALongIdleStretchIsShownForTwoSecondsAtMost() throws {
        let out = root + "/rest"
        let result = runExport([
            "--trace", try traceWithLongRest(), "--out", out, "--format", "gif", "--fps", "30",
        ])
        XCTAssertEqual(result.status, 0, result.errors)
        let gif = try checkGif(out, fps: 30, "long rest")
        let rows = try SampleRow.read(out)
        // The export spans more than 7 s; the GIF gives the 6 s pause 2 s.
        XCTAssertGreaterThan(rows.last?.t ?? 0, 7)
        XCTAssertTrue(gif.delays.contains { $0 >= 200 }, "\(gif.delays)")
        XCTAssertLessThan(gif.delays.reduce(0, +), centiseconds((rows.last?.t ?? 0) - 3.9))
        XCTAssertEqual(rows.last?.phase, "dismissed")
    }

    func testGifMaxWidthShrinksOnlyTheGif() throws {
        let out = root + "/small"
        let result = runExport([
            "--trace", ExportFixtures.trace("fast-flick"), "--out", out, "--format", "gif",
            "--gif-max-width", "195", "--fps", "20",
        ])
        XCTAssertEqual(result.status, 0, result.errors)
        let gif = try GifAnimation(path: out + "/animation.gif")
        XCTAssertEqual([gif.width, gif.height], [195, 422])
        let frame = try CairoImageSize.png(out + "/frame-0000.png")
        XCTAssertEqual([frame.width, frame.height], [390, 844])
    }

    func testGifFlagsAreChecked() throws {
        let trace = ExportFixtures.trace("fast-flick")
        let bad: [([String], String)] = [
            (["--format", "bmp"], "png, pdf, svg or gif"),
            (["--format", "gif", "--gif-max-width", "0"], "--gif-max-width"),
            (["--format", "gif", "--gif-max-width", "-3"], "--gif-max-width"),
            (["--format", "gif", "--gif-max-width", "wide"], "--gif-max-width"),
            (["--format", "gif", "--gif-max-width", "70000"], "--gif-max-width"),
            (["--gif-max-width", "100"], "only together with --format gif"),
            (["--format", "pdf", "--gif-max-width", "100"], "only together with --format gif"),
        ]
        for (flags, named) in bad {
            let result = runExport(["--trace", trace, "--out", root + "/o"] + flags)
            XCTAssertEqual(result.status, 2, "\(flags)")
            XCTAssertTrue(result.errors.contains(named), "\(flags): \(result.errors)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/o"))
        XCTAssertTrue(ExportOptions.usage.contains("--gif-max-width"))
        XCTAssertTrue(ExportOptions.usage.contains("animation.gif"))
    }

    /// A GIF that cannot be written (the file-size limit stops it, as a full disk would)
    /// fails the export with status 1 naming the GIF, and the earlier export is untouched:
    /// no staging folder, temporary file or lock is left.
    func testAGifThatCannotBeWrittenLeavesTheFolderAsItWas() throws {
        let binary = try XCTUnwrap(ExportFixtures.binary, "cairo-export is not built")
        let out = root + "/out"
        let trace = ExportFixtures.trace("slow-drag-springs-back")
        XCTAssertEqual(runExport(["--trace", trace, "--out", out, "--fps", "20"]).status, 0)
        let before = try ExportFixtures.snapshot(out)
        // Frames are about 16 KB each and the GIF about 440 KB: 150 KB (dash counts 512-byte
        // blocks; bash, 1 KB: 300 KB) stops only the GIF.
        // SIGXFSZ is ignored so that the write fails with EFBIG instead of killing the run.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "trap '' XFSZ; ulimit -f 300; exec \"$0\" \"$@\"", binary, "--trace", trace,
            "--out", out, "--format", "gif", "--fps", "30",
        ]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let errors = String(
            decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, errors)
        XCTAssertEqual(process.terminationStatus, 1, errors)
        XCTAssertTrue(errors.contains("animation.gif"), errors)
        try ExportFixtures.assertSame(out, as: before, "after the failed GIF")
        XCTAssertEqual(try ExportFixtures.names(root), ["out"], "nothing left beside it")
    }

    /// A run killed while the GIF is half written leaves its temporary file in the staging
    /// folder; the next run clears it with the rest, so nothing is kept aside.
    func testAGifHalfWrittenByAKilledRunIsSweptByTheNextRun() throws {
        let out = root + "/out"
        let trace = ExportFixtures.trace("fast-flick")
        let child = try startExport(
            ["--trace", trace, "--out", out, "--format", "gif", "--fps", "20"],
            environment: [TestHooks.pauseVariable: "frames:5"])
        guard child.expectStandardError("test pause at frames:5") else { return }
        let staging = join(root, ExportFolder.stagingPrefix("out") + String(child.pid))
        let temporary = try ExportFixtures.names(staging).filter {
            $0.hasPrefix(".animation.gif.tmp-")
        }
        XCTAssertEqual(temporary.count, 1, "the GIF is being written")
        XCTAssertTrue(try isTemporaryName(XCTUnwrap(temporary.first), pid: child.pid))
        child.send(SIGKILL)
        XCTAssertEqual(child.expectExit(), 128 + SIGKILL)
        let result = runExport(["--trace", trace, "--out", out, "--format", "gif", "--fps", "20"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(try ExportFixtures.names(root), ["out"], result.errors)
        XCTAssertNoThrow(try GifAnimation(path: out + "/animation.gif"))
    }

    func testTemporaryNamesAreThisProcesssOwn() {
        XCTAssertTrue(isTemporaryName(".animation.gif.tmp-42-3141592", pid: 42))
        XCTAssertTrue(isTemporaryName(".samples.csv.tmp-42", pid: 42))
        XCTAssertFalse(isTemporaryName(".animation.gif.tmp-421-5", pid: 42))
        XCTAssertFalse(isTemporaryName(".animation.gif.tmp-42-", pid: 42))
        XCTAssertFalse(isTemporaryName("animation.gif.tmp-42-5", pid: 42))
        XCTAssertFalse(isTemporaryName(".notes.tmp-42-x5", pid: 42))
    }
}

/// The pixel size in a PNG's header.
enum CairoImageSize {
    static func png(_ path: String) throws -> (width: Int, height: Int) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(bytes[12..<16]), Array("IHDR".utf8))
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }
}
