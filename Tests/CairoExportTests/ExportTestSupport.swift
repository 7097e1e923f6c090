import Foundation
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

/// The built `cairo-export` run as a child process, its stderr collected as it arrives so
/// a test can wait (with a deadline) for a line such as "test pause at before-swap".
///
/// `@unchecked Sendable`: the pipe and termination handlers touch only `collected`,
/// `exited` and `closed`, always under `condition`.
final class ExportProcess: @unchecked Sendable {
    private let process = Process()
    private let pipe = Pipe()
    private let condition = NSCondition()
    private var collected = ""
    private var exited = false
    private var closed = false

    /// Starts the binary with `arguments`; `environment` is added to this process's own.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let path = try XCTUnwrap(ExportFixtures.binary, "cairo-export is not built")
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.condition.lock()
            if data.isEmpty {
                handle.readabilityHandler = nil
                self.closed = true
            } else {
                self.collected += String(decoding: data, as: UTF8.self)
            }
            self.condition.broadcast()
            self.condition.unlock()
        }
        process.terminationHandler = { [weak self] _ in
            guard let self else { return }
            self.condition.lock()
            self.exited = true
            self.condition.broadcast()
            self.condition.unlock()
        }
        try process.run()
    }

    /// A child still running when its test is done (a failed wait, say) is killed, so no
    /// test leaves a process behind.
    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    var pid: pid_t { process.processIdentifier }

    /// Everything the child wrote to stderr so far.
    var stderr: String {
        condition.lock()
        defer { condition.unlock() }
        return collected
    }

    /// Waits until `predicate` holds or `seconds` pass; returns whether it held.
    private func wait(seconds: Double, until predicate: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !predicate() {
            if !condition.wait(until: deadline) { return predicate() }
        }
        return true
    }

    /// Waits for stderr to contain `text`; fails the test on timeout or an early exit.
    func waitForOutput(
        _ text: String, seconds: Double = 60, file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        let seen = wait(seconds: seconds) { collected.contains(text) || exited }
        let found = stderr.contains(text)
        if !found {
            XCTFail(
                "no \"\(text)\" within \(seconds) s (seen: \(seen)): \(stderr)", file: file,
                line: line)
        }
        return found
    }

    /// Reads the rest of stderr straight to its end. Foundation's readability handler on
    /// Linux does not always report the end of a pipe, so waiting for it could cost seconds:
    /// it gets half a second, then a blocking read (which returns at once, the child having
    /// exited) takes the rest.
    private func drainStandardError() {
        // The handler may be holding the child's last bytes right now (read, not yet added):
        // give it a moment to add them and see the end, before reading past it.
        _ = wait(seconds: 0.5) { closed }
        let handle = pipe.fileHandleForReading
        handle.readabilityHandler = nil
        let rest = (try? handle.readToEnd()) ?? nil
        condition.lock()
        if let rest, !closed { collected += String(decoding: rest, as: UTF8.self) }
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the child to end (it is killed if it has not after `seconds`); returns its
    /// exit status, or 128 + the signal that ended it.
    func waitForExit(seconds: Double = 60, file: StaticString = #filePath, line: UInt = #line)
        -> Int32
    {
        if !wait(seconds: seconds, until: { exited }) {
            XCTFail("cairo-export did not end within \(seconds) s", file: file, line: line)
            process.terminate()
            process.waitUntilExit()
        }
        process.waitUntilExit()
        drainStandardError()
        return process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
    }
}
