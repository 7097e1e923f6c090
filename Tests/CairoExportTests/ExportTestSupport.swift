import Foundation
import SwipeDismissTestSupport
import XCTest

/// Shared fixtures for the cairo-export tests: trace paths, folder snapshots, the binary.
enum ExportFixtures {
    /// `Examples/Traces`, found from this file's path.
    static let traces = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Traces").path

    static func trace(_ name: String) -> String { traces + "/" + name + ".json" }

    /// A fresh temporary folder.
    static func makeRoot() throws -> String {
        let root = NSTemporaryDirectory() + "sd-cairo-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        return root
    }

    /// The sorted names in `folder`, hidden ones included.
    static func names(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    /// Every regular file in `folder` (one level) by name, with its bytes; PDFs with any
    /// creation date blanked (none is written unless `SOURCE_DATE_EPOCH` is set, so this only
    /// matters in an environment that sets it; `DeterministicExportTests` compares raw bytes).
    static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try names(folder) {
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            XCTAssertTrue(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder))
            XCTAssertFalse(isFolder.boolValue, "unexpected folder \(path)")
            var data = try Data(contentsOf: URL(fileURLWithPath: path))
            if name.hasSuffix(".pdf") { data = blankingCreationDate(data) }
            files[name] = data
        }
        return files
    }

    /// `data` with the text after `/CreationDate (D:` up to `)` replaced by zeros.
    static func blankingCreationDate(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        let marker = Array("/CreationDate (D:".utf8)
        guard bytes.count > marker.count else { return data }
        for start in 0...(bytes.count - marker.count)
        where bytes[start..<start + marker.count].elementsEqual(marker) {
            var index = start + marker.count
            while index < bytes.count, bytes[index] != UInt8(ascii: ")") {
                bytes[index] = UInt8(ascii: "0")
                index += 1
            }
        }
        return Data(bytes)
    }

    /// Asserts that `folder` holds exactly the files of `expected`, byte for byte.
    static func assertSame(
        _ folder: String, as expected: [String: Data], _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let actual = try snapshot(folder)
        XCTAssertEqual(
            actual.keys.sorted(), expected.keys.sorted(), "\(message): names", file: file,
            line: line)
        for (name, data) in expected where actual[name] != data {
            XCTFail("\(message): \(name) differs", file: file, line: line)
        }
    }

    /// `cairo-export` next to the test bundle, if it was built.
    static var binary: String? {
        let bundle = URL(
            fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? "")
        let candidates = [
            bundle.deletingLastPathComponent().appendingPathComponent("cairo-export").path,
            Bundle.main.bundleURL.appendingPathComponent("cairo-export").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("cairo-export")
                .path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// The built `cairo-export` started with `arguments` (`environment` added to this
/// process's) as the shared `ChildProcess`: a test can wait (with a deadline) for a line such
/// as "test pause at before-swap" on its stderr; one still running when its test is done is
/// killed.
func startExport(_ arguments: [String], environment: [String: String] = [:]) throws
    -> ChildProcess
{
    let path = try XCTUnwrap(ExportFixtures.binary, "cairo-export is not built")
    return try ChildProcess(path, arguments, changes: environment.mapValues { .some($0) })
}

extension ChildProcess {
    /// Waits for stderr to contain `text`; fails the test on timeout or an early exit.
    func expectStandardError(
        _ text: String, seconds: Double = 60, file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        let found = waitForStandardError(containing: text, timeout: seconds)
        if !found {
            XCTFail(
                "no \"\(text)\" within \(seconds) s (ended: \(ended.map { "\($0)" } ?? "no")): "
                    + stderr, file: file, line: line)
        }
        return found
    }

    /// Waits for the child to end (it is killed if it has not after `seconds`, a failure);
    /// returns its exit status, or 128 + the signal that ended it.
    func expectExit(seconds: Double = 60, file: StaticString = #filePath, line: UInt = #line)
        -> Int32
    {
        if let status = waitForExit(timeout: seconds) { return status }
        XCTFail("cairo-export did not end within \(seconds) s", file: file, line: line)
        send(SIGKILL)
        return waitForExit(timeout: 10) ?? -1
    }
}
