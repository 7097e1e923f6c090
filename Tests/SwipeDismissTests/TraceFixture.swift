import SwipeDismiss
import SwipeDismissTrace
import XCTest

/// Traces for refusal tests, and the check that a refusal names its place.
enum TraceFixture {
    /// A valid trace whose event 1 is `json`.
    static func event(_ json: String) -> String {
        """
        { "viewport": { "width": 390, "height": 844 },
          "events": [ { "t": 0, "type": "down", "x": 195, "y": 500 }, \(json) ] }
        """
    }

    /// Asserts that `json` is refused naming `index` and `field`, in the error and its text.
    static func assertRefused(
        _ json: String, index: Int?, field: String?, mentioning words: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try GestureTrace(json: json), file: file, line: line) { error in
            guard let error = error as? GestureTraceError else {
                return XCTFail("unexpected error \(error)", file: file, line: line)
            }
            XCTAssertEqual(error.eventIndex, index, "\(error)", file: file, line: line)
            XCTAssertEqual(error.field, field, "\(error)", file: file, line: line)
            let text = error.description
            if let index {
                XCTAssertTrue(text.contains("event \(index)"), text, file: file, line: line)
            }
            if let field {
                XCTAssertTrue(text.contains("\"\(field)\""), text, file: file, line: line)
            }
            for word in words { XCTAssertTrue(text.contains(word), text, file: file, line: line) }
        }
    }
}
