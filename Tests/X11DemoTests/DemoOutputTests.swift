import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTrace
import XCTest

@testable import X11DemoCore

/// What the demo writes: `--events` numbers, window sizes from traces, and `--record` files.
final class DemoOutputTests: XCTestCase {
    func testEventNumbersAreJSONRoundedToMicroseconds() {
        XCTAssertEqual(jsonNumber(0), "0")
        XCTAssertEqual(jsonNumber(200), "200")
        XCTAssertEqual(jsonNumber(-3), "-3")
        XCTAssertEqual(jsonNumber(0.123_456_7), "0.123457")
        XCTAssertEqual(jsonNumber(1.5e-7), "0")
        XCTAssertEqual(jsonNumber(999_999_999.5), "999999999.5")
    }

    func testHugeAndNonFiniteEventNumbersStayJSON() throws {
        // JSON has no inf or nan: a non-finite value is null; a huge one prints in full
        // (scaled by 1e6 it used to overflow to "inf").
        XCTAssertEqual(jsonNumber(.infinity), "null")
        XCTAssertEqual(jsonNumber(-.infinity), "null")
        XCTAssertEqual(jsonNumber(.nan), "null")
        XCTAssertEqual(jsonNumber(1e308), "1e+308")
        XCTAssertEqual(jsonNumber(-1e19), "-1e+19")
        XCTAssertEqual(jsonNumber(.greatestFiniteMagnitude), "1.7976931348623157e+308")
        let state = DismissState(
            time: 1e308, offset: .infinity, alpha: .nan, progress: 0, phase: .dragging)
        let line = eventLine(state)
        XCTAssertEqual(line, #"{"t":1e+308,"phase":"dragging","offset":null,"alpha":null}"#)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        XCTAssertEqual(object?["t"] as? Double, 1e308)
        XCTAssertTrue(object?["offset"] is NSNull)
    }

    func testAWindowSizeComesFromAViewportOnlyWhenItFits() {
        XCTAssertEqual(
            windowSize(fitting: Size(width: 390.4, height: 843.6)).map { [$0, $1] }, [390, 844])
        XCTAssertEqual(
            windowSize(fitting: Size(width: 64, height: 32767)).map { [$0, $1] }, [64, 32767])
        for viewport in [
            Size(width: 1e19, height: 844), Size(width: 390, height: 1e308),
            Size(width: .nan, height: 844), Size(width: 390, height: .infinity),
            Size(width: 63, height: 844), Size(width: 390, height: 32768),
            Size(width: -1e300, height: 844),
        ] {
            XCTAssertNil(windowSize(fitting: viewport), "\(viewport)")
        }
    }

    // MARK: Recording files

    private var folder = ""

    override func setUpWithError() throws {
        folder = temporaryPath("record-\(name.filter(\.isLetter).suffix(24))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    private let trace = GestureTrace(
        viewport: Size(width: 390, height: 844),
        events: [
            InputEvent(time: 0, kind: .down(Point(x: 195, y: 500))),
            InputEvent(time: 0.25, kind: .key(.escape)),
        ])

    func testARecordingIsWrittenWholeOverAnOlderFileAndLeavesNothingElse() throws {
        let path = folder + "/trace.json"
        try Data("older".utf8).write(to: URL(fileURLWithPath: path))
        let file = try RecordFile(checking: path)
        XCTAssertEqual(try contents(), ["trace.json"], "the probe file is gone")
        try file.write(trace)
        XCTAssertEqual(try contents(), ["trace.json"])
        XCTAssertEqual(try GestureTrace.load(path: path), trace)
    }

    func testARecordingThroughASymbolicLinkReplacesTheFileItNames() throws {
        let real = folder + "/real.json"
        try Data("older".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link.json", withDestinationPath: real)
        try RecordFile(checking: folder + "/link.json").write(trace)
        XCTAssertEqual(try GestureTrace.load(path: real), trace)
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.json"), real)
    }

    func testPathsThatCannotTakeARecordingAreRefusedWithTheirReason() throws {
        mkfifo(folder + "/fifo", 0o600)
        let cases: [(String, String)] = [
            ("", "the path is empty"),
            ("/", "it names a folder, not a file"),
            (folder, "it is a folder"),
            (folder + "/", "it names a folder, not a file"),
            (folder + "/fifo", "it is not a regular file"),
            (folder + "/missing/trace.json", "its folder \(folder)/missing cannot be used"),
            ("/proc/x.json", "cannot create a file in /proc"),
        ]
        for (path, reason) in cases {
            XCTAssertThrowsError(try RecordFile(checking: path), path) { error in
                let error = error as? RecordFileError
                XCTAssertEqual(error?.path, path)
                XCTAssertTrue(
                    error?.reason.hasPrefix(reason) ?? false,
                    "\(path): \(String(describing: error))")
            }
        }
        XCTAssertEqual(try contents(), ["fifo"], "no probe file left behind")
    }

    func testAFailedWriteLeavesTheOlderRecordingAndNoTemporaryFile() throws {
        let path = folder + "/sub/trace.json"
        try FileManager.default.createDirectory(
            atPath: folder + "/sub", withIntermediateDirectories: false)
        let file = try RecordFile(checking: path)
        // The folder goes away between the check and the save.
        try FileManager.default.removeItem(atPath: folder + "/sub")
        XCTAssertThrowsError(try file.write(trace)) { error in
            XCTAssertEqual(
                "\(error)", "cannot write \"\(path)\": No such file or directory")
        }
        XCTAssertEqual(try contents(), [])
    }
}
