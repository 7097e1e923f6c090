import Foundation
import XCTest

/// A 390×844 trace in `root` that resizes to each of `sizes` at 1 s, 2 s, …, then waits a
/// second (a key no binding takes at the end); returns its path.
func makeResizingTrace(_ sizes: [(Double, Double)], name: String, in root: String) throws -> String
{
    var events = sizes.enumerated().map { index, size in
        "{\"t\":\(index + 1),\"type\":\"viewport\",\"width\":\(size.0),\"height\":\(size.1)}"
    }
    events.append("{\"t\":\(sizes.count + 1),\"type\":\"key\",\"key\":\"n\"}")
    let text =
        "{ \"viewport\": { \"width\": 390, \"height\": 844 },\n  \"events\": [\n    "
        + events.joined(separator: ",\n    ") + " ] }\n"
    let path = root + "/\(name).json"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// Exports `trace` with `flags` (SVG at a quarter scale: only `samples.csv` is read) into
/// `root/name`; returns the header and the rows of `samples.csv`, each as its fields.
func exportSamples(_ trace: String, _ flags: [String], name: String, in root: String) throws
    -> (header: String, rows: [[String]])
{
    let out = root + "/" + name
    let result = runExport(
        ["--trace", trace, "--out", out, "--format", "svg", "--scale", "0.25"] + flags)
    XCTAssertEqual(result.status, 0, result.errors)
    let text = try String(contentsOfFile: out + "/samples.csv", encoding: .utf8)
    var lines = text.split(separator: "\n").map(String.init)
    let header = lines.removeFirst()
    return (
        header,
        lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    )
}

/// What the export tests that resize the window share: a fresh folder per test (`root`),
/// removed afterwards, and the trace and export helpers above bound to it.
class ResizingExportTestCase: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A 390×844 trace that resizes to each of `sizes` (`makeResizingTrace(_:name:in:)`).
    func resizingTrace(_ sizes: [(Double, Double)], name: String) throws -> String {
        try makeResizingTrace(sizes, name: name, in: root)
    }

    /// `samples.csv` of an export of `trace` with `flags` (`exportSamples(_:_:name:in:)`).
    func export(_ trace: String, _ flags: [String], name: String) throws
        -> (header: String, rows: [[String]])
    {
        try exportSamples(trace, flags, name: name, in: root)
    }
}
