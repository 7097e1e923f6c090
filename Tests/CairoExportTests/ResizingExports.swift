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
