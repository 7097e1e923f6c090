import Foundation
import XCTest

@testable import CairoExport

/// One `samples.csv` row with every column (DESIGN §4).
struct SampleRow: Equatable {
    var t: Double
    var offset: Double
    var alpha: Double
    var phase: String
    var x: Double
    var y: Double
    var scale: Double
    var progress: Double
    var detent: String
    var scroll: Double

    /// The rows of `folder/samples.csv`, after checking its header.
    static func read(_ folder: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> [SampleRow]
    {
        let text = try String(contentsOfFile: folder + "/samples.csv", encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.removeFirst(), samplesHeader, file: file, line: line)
        return try lines.map { text in
            let fields = text.split(separator: ",", omittingEmptySubsequences: false)
                .map(String.init)
            XCTAssertEqual(fields.count, 10, text, file: file, line: line)
            func number(_ index: Int) throws -> Double {
                try XCTUnwrap(Double(fields[index]), "\(text): column \(index)")
            }
            return SampleRow(
                t: try number(0), offset: try number(1), alpha: try number(2), phase: fields[3],
                x: try number(4), y: try number(5), scale: try number(6),
                progress: try number(7), detent: fields[8], scroll: try number(9))
        }
    }
}

/// Runs `cairo-export` in-process with `arguments`; returns the status and stderr.
@discardableResult
func runExport(_ arguments: [String]) -> (status: Int32, errors: String) {
    var errors = ""
    var command = CairoExportCommand()
    command.standardError = { errors += $0 }
    command.standardOutput = { _ in }
    command.showsProgress = false
    let status = command.run(arguments)
    return (status, errors)
}
