import Foundation
import SwipeDismissTestSupport
import XCTest

@testable import CairoExport

/// A killed or signalled export leaves the old export or the new one, whole, and nothing
/// beside it once the next run has been.
final class ExportInterruptionTests: XCTestCase {
    private var root = ""
    private var work = ""
    private var out = ""
    private var errors = ""
    private var oldExport: [String: Data] = [:]
    private var newExport: [String: Data] = [:]

    // At a quarter scale: the tests are about which files a stopped export leaves, not their
    // pixels, and every test makes several exports.
    private func oldArguments(_ folder: String) -> [String] {
        [
            "--trace", ExportFixtures.trace("drag-past-threshold"), "--out", folder, "--fps", "30",
            "--scale", "0.25",
        ]
    }

    private func newArguments(_ folder: String) -> [String] {
        [
            "--trace", ExportFixtures.trace("fast-flick"), "--out", folder, "--fps", "20",
            "--scale", "0.25",
        ]
    }

    /// Runs an export to its end in a process of its own, as the stopped exports it is
    /// compared with: an export in this test process draws text with the font state earlier
    /// tests' exports left (after an SVG export its PNG frames differ from a fresh process's).
    @discardableResult
    private func run(_ arguments: [String]) -> Int32 {
        guard let child = try? startExport(arguments) else {
            XCTFail("cairo-export could not be started")
            return -1
        }
        let status = child.expectExit()
        errors += child.stderr
        return status
    }

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
        work = root + "/work"
        out = work + "/out"
        errors = ""
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)
        XCTAssertEqual(run(oldArguments(out)), 0, errors)
        oldExport = try ExportFixtures.snapshot(out)
        XCTAssertEqual(run(newArguments(root + "/new")), 0, errors)
        newExport = try ExportFixtures.snapshot(root + "/new")
        try FileManager.default.removeItem(atPath: work)
        XCTAssertGreaterThan(newExport.count, 8, "the new export has frames to stop between")
        XCTAssertNotEqual(oldExport.count, newExport.count)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Makes `out` the old export, alone in `work`.
    private func resetToOldExport() throws {
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)
        XCTAssertEqual(run(oldArguments(out)), 0, errors)
        try ExportFixtures.assertSame(out, as: oldExport, "the old export")
    }

    /// Starts the new export paused at `point`.
    private func startPaused(at point: String, fallback: Bool = false) throws -> ChildProcess? {
        var environment = ["CAIRO_EXPORT_TEST_PAUSE": point]
        if fallback { environment["CAIRO_EXPORT_TEST_NO_EXCHANGE"] = "1" }
        let child = try startExport(newArguments(out), environment: environment)
        return child.expectStandardError("test pause at \(point)") ? child : nil
    }

    func testSIGKILLAtAnyPointLeavesTheOldOrTheNewExportAndTheNextRunCleansUp() throws {
        for fallback in [false, true] {
            for (point, expectsNew) in [
                ("frames:1", false), ("frames:5", false), ("before-swap", false),
                ("after-swap", true),
            ] {
                let label = "\(point)\(fallback ? " (rename fallback)" : "")"
                try resetToOldExport()
                guard let child = try startPaused(at: point, fallback: fallback) else { continue }
                child.send(SIGKILL)
                XCTAssertEqual(child.expectExit(), 128 + SIGKILL, label)
                try ExportFixtures.assertSame(
                    out, as: expectsNew ? newExport : oldExport, "killed at \(label)")

                errors = ""
                XCTAssertEqual(run(newArguments(out)), 0, "\(label): \(errors)")
                try ExportFixtures.assertSame(out, as: newExport, "the run after \(label)")
                XCTAssertEqual(try ExportFixtures.names(work), ["out"], "litter after \(label)")
            }
        }
    }

    func testAKillBetweenTheFallbacksTwoRenamesIsUndoneByTheNextRun() throws {
        try resetToOldExport()
        guard let child = try startPaused(at: "aside", fallback: true) else { return }
        child.send(SIGKILL)
        XCTAssertEqual(child.expectExit(), 128 + SIGKILL)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "the old export is aside")

        // The next run restores the old export before it does anything else.
        let next = try startExport(
            newArguments(out), environment: ["CAIRO_EXPORT_TEST_PAUSE": "locked"])
        guard next.expectStandardError("test pause at locked") else { return }
        try ExportFixtures.assertSame(out, as: oldExport, "restored by the next run")
        XCTAssertTrue(next.stderr.contains("restored"), next.stderr)
        next.send(SIGTERM)
        XCTAssertEqual(next.expectExit(), 128 + SIGTERM)
        try ExportFixtures.assertSame(out, as: oldExport, "after the next run stopped")
        XCTAssertEqual(try ExportFixtures.names(work), ["out"])
    }

    func testEachSignalStopsTheExportLeavingTheOldOneAndNoLitter() throws {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            try resetToOldExport()
            guard let child = try startPaused(at: "frames:2") else { continue }
            child.send(signal)
            XCTAssertEqual(child.expectExit(), 128 + signal, "signal \(signal)")
            XCTAssertTrue(child.stderr.contains("stopped by signal \(signal)"), child.stderr)
            try ExportFixtures.assertSame(out, as: oldExport, "after signal \(signal)")
            XCTAssertEqual(try ExportFixtures.names(work), ["out"], "litter after \(signal)")
        }
        // Into a folder that did not exist: it still does not.
        try FileManager.default.removeItem(atPath: out)
        guard let child = try startPaused(at: "before-swap") else { return }
        child.send(SIGINT)
        XCTAssertEqual(child.expectExit(), 128 + SIGINT)
        XCTAssertEqual(try ExportFixtures.names(work), [])
    }

    func testASecondConcurrentRunIsRefusedByTheLock() throws {
        try resetToOldExport()
        guard let child = try startPaused(at: "frames:1") else { return }
        let started = Date()
        errors = ""
        XCTAssertEqual(run(newArguments(out)), 2)
        let waited = Date().timeIntervalSince(started)
        XCTAssertTrue(errors.contains("another cairo-export is writing this folder"), errors)
        XCTAssertTrue(errors.contains(out), errors)
        XCTAssertGreaterThanOrEqual(waited, 1.9, "it waits a little first")
        XCTAssertLessThan(waited, 20)

        child.send(SIGTERM)
        XCTAssertEqual(child.expectExit(), 128 + SIGTERM)
        try ExportFixtures.assertSame(out, as: oldExport, "the first run was stopped")
        errors = ""
        XCTAssertEqual(run(newArguments(out)), 0, errors)
        try ExportFixtures.assertSame(out, as: newExport, "once the lock is free")
        XCTAssertEqual(try ExportFixtures.names(work), ["out"])
    }

    func testFilesTheUserAddedSurviveAKillAfterTheSwap() throws {
        try resetToOldExport()
        let notes = Data("my notes".utf8)
        try notes.write(to: URL(fileURLWithPath: out + "/notes.txt"))
        guard let child = try startPaused(at: "after-swap") else { return }
        child.send(SIGKILL)
        XCTAssertEqual(child.expectExit(), 128 + SIGKILL)
        try ExportFixtures.assertSame(out, as: newExport, "the new export is in place")

        errors = ""
        XCTAssertEqual(run(newArguments(out)), 0, errors)
        var expected = newExport
        expected["notes.txt"] = notes
        try ExportFixtures.assertSame(out, as: expected, "the next run brought the notes back")
        XCTAssertEqual(try ExportFixtures.names(work), ["out"])
    }

    /// The old export's manifest is what says which of its files are the user's: it goes
    /// last, after the user's files have moved into the new export, so no kill point sends
    /// them to `out.before-cairo-export`.
    func testFilesTheUserAddedSurviveAKillJustAfterTheOldManifestIsRemoved() throws {
        try resetToOldExport()
        let notes = Data("my notes".utf8)
        try notes.write(to: URL(fileURLWithPath: out + "/notes.txt"))
        guard let child = try startPaused(at: "manifest-removed") else { return }
        child.send(SIGKILL)
        XCTAssertEqual(child.expectExit(), 128 + SIGKILL)

        errors = ""
        XCTAssertEqual(run(newArguments(out)), 0, errors)
        var expected = newExport
        expected["notes.txt"] = notes
        try ExportFixtures.assertSame(out, as: expected, "the notes are in the export")
        XCTAssertEqual(try ExportFixtures.names(work), ["out"], "nothing kept aside")
    }
}
