import Foundation
import SwipeDismiss
import SwipeDismissTrace
import XCTest

/// The JSON a trace must be, and how a syntax error reads: line, column, event and field.
final class TraceSyntaxTests: XCTestCase {
    /// A trace whose event 1 is `json`, on line 3 from column 5.
    private func event(_ json: String) -> String {
        """
        { "viewport": { "width": 390, "height": 844 },
          "events": [ { "t": 0, "type": "down", "x": 195, "y": 500 },
            \(json) ] }
        """
    }

    private func refusal(_ json: String, line: UInt = #line) -> GestureTraceError? {
        do {
            let trace = try GestureTrace(json: json)
            XCTFail("accepted \(trace)", line: line)
        } catch {
            return error
        }
        return nil
    }

    func testSyntaxErrorsNameTheLineColumnAndField() {
        XCTAssertEqual(
            refusal("{ \"viewport\": {\n \"width\": 390,, } }")?.description,
            #"line 2, column 15, field "viewport": not valid JSON: invalid value at ",""#)
        XCTAssertEqual(
            refusal(event(#"{ "t": 0.1, "type": "move", "x": 1 "y": 2 }"#))?.description,
            #"line 3, column 40, event 1, field "x": not valid JSON: invalid value at "y""#)
        XCTAssertEqual(
            refusal(#"{ "viewport": { "width": 390"#)?.description,
            #"line 1, column 29, field "viewport.width": not valid JSON: "#
                + "unexpected end of file during JSON parse")
        XCTAssertEqual(
            refusal("")?.description,
            "line 1, column 1: not valid JSON: unexpected end of file during JSON parse")
    }

    func testASyntaxErrorInAFileNamesTheFileFirst() throws {
        let path = NSTemporaryDirectory() + "trace-syntax-\(UUID().uuidString).json"
        try Data("{ \"viewport\": {\n \"width\": 390,, } }".utf8).write(
            to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try GestureTrace.load(path: path)) { error in
            XCTAssertEqual(
                "\(error)",
                path
                    + #", line 2, column 15, field "viewport": not valid JSON: invalid value at ",""#
            )
        }
    }

    func testNumbersWithLeadingZerosAreRefusedEvenInMembersTheTraceIgnores() {
        let used = refusal(event(#"{ "t": 0.1, "type": "move", "x": 0195, "y": 2 }"#))
        XCTAssertEqual(
            used?.description,
            #"line 3, column 38, event 1, field "x": not valid JSON: "#
                + #"number with leading zero at "0195""#)
        // JSONDecoder alone skips members it does not decode, and would let this pass.
        let ignored = refusal(event(#"{ "t": 0.1, "type": "cancel", "note": 0195 }"#))
        XCTAssertEqual(ignored?.eventIndex, 1)
        XCTAssertEqual(ignored?.field, "note")
        XCTAssertEqual(refusal(event(#"{ "t": -01, "type": "cancel" }"#))?.field, "t")
        XCTAssertNoThrow(
            try GestureTrace(json: event(#"{ "t": 0.5e0, "type": "cancel", "n": -0 }"#)))
    }

    func testLoneSurrogatesAreRefusedAndPairsAreRead() throws {
        for escape in [
            #"\ud800\u0041"#, #"\ud800\ud800"#, #"\ud800"#, #"\udc00"#, #"\udc00\ud800"#,
        ] {
            let error = refusal(event(#"{ "t": 0.1, "type": "key", "key": "a\#(escape)" }"#))
            XCTAssertEqual(error?.eventIndex, 1, escape)
            XCTAssertEqual(error?.field, "key", escape)
            XCTAssertEqual(error?.line, 3, escape)
            XCTAssertEqual(error?.column, 41, escape)
            XCTAssertTrue(
                error?.reason.hasSuffix("is half of a UTF-16 surrogate pair") ?? false, "\(escape)")
        }
        let inAName = refusal(event(#"{ "t": 0.1, "\ud800\u0041": 1, "type": "cancel" }"#))
        XCTAssertEqual(inAName?.eventIndex, 1)
        XCTAssertEqual(inAName?.column, 18)
        let pair = try GestureTrace(
            json: event(#"{ "t": 0.1, "type": "key", "key": "\ud83d\ude00" }"#))
        XCTAssertEqual(pair.events.last?.kind, .key(.other("😀")))
    }

    func testTrailingCommasAreRefused() {
        XCTAssertEqual(
            refusal(event(#"{ "t": 0.1, "type": "cancel", }"#))?.description,
            #"line 3, column 33, event 1: not valid JSON: a comma before "}" "#
                + "(JSON has no trailing commas)")
        let inTheList = refusal(event(#"{ "t": 0.1, "type": "cancel" },"#))
        XCTAssertEqual(inTheList?.line, 3)
        XCTAssertEqual(inTheList?.column, 35)
        XCTAssertTrue(inTheList?.reason.contains("a comma before \"]\"") ?? false)
    }

    func testRepeatedMemberNamesAreRefused() {
        XCTAssertEqual(
            refusal(event(#"{ "t": 0.1, "t": 0.2, "type": "cancel" }"#))?.description,
            #"line 3, column 17, event 1, field "t": the member name "t" appears twice in one "#
                + "object")
        // The same name spelled with an escape is the same name.
        let escaped = refusal(event(#"{ "t": 0.1, "\u0074": 0.2, "type": "cancel" }"#))
        XCTAssertEqual(escaped?.field, "t")
        XCTAssertTrue(escaped?.reason.contains("appears twice") ?? false)
    }

    func testDeepNestingIsRefusedWithoutExhaustingTheStack() throws {
        let opened = refusal(String(repeating: "[", count: 100_000))
        XCTAssertEqual(opened?.line, 1)
        XCTAssertEqual(opened?.column, 514)
        XCTAssertTrue(
            opened?.reason.contains("too many nested") ?? false, "\(String(describing: opened))")
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let unused = refusal(event(#"{ "t": 0.1, "type": "cancel", "n": \#(deep) }"#))
        XCTAssertEqual(unused?.eventIndex, 1)
        XCTAssertTrue(unused?.field?.hasPrefix("n[0][0]") ?? false)
        XCTAssertLessThan(unused?.description.count ?? .max, 200)
        let shallow = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        XCTAssertNoThrow(
            try GestureTrace(json: event(#"{ "t": 0.1, "type": "cancel", "n": \#(shallow) }"#)))
    }

    func testTextThatIsNotUTF8IsRefused() {
        let utf16 = Array(event(#"{ "t": 0.1, "type": "cancel" }"#).utf16).flatMap {
            [UInt8($0 >> 8), UInt8($0 & 0xFF)]
        }
        XCTAssertThrowsError(try GestureTrace(jsonBytes: utf16)) { error in
            XCTAssertEqual(
                "\(error)",
                "line 1, column 1: not UTF-8 JSON: a zero byte (traces are UTF-8 text, not UTF-16 "
                    + "or UTF-32)")
        }
        var broken = Array(event(#"{ "t": 0.1, "type": "key", "key": "Esc" }"#).utf8)
        broken.insert(0xFF, at: broken.firstIndex(of: UInt8(ascii: "E"))!)
        XCTAssertThrowsError(try GestureTrace(jsonBytes: broken)) { error in
            let error = error as? GestureTraceError
            XCTAssertEqual(error?.field, "key")
            XCTAssertEqual(error?.line, 3)
            XCTAssertTrue(
                error?.reason.contains("invalid UTF-8") ?? false, "\(String(describing: error))")
        }
    }

    func testNumbersADoubleCannotHoldAreRefusedByField() {
        let huge = refusal(event(#"{ "t": -1e999, "type": "cancel" }"#))
        XCTAssertEqual(huge?.eventIndex, 1)
        XCTAssertEqual(huge?.field, "t")
        XCTAssertEqual(
            huge?.reason,
            "expected a finite number, got -1e999, which is beyond the range of a Double (it "
                + "would be infinite)")
        let tiny = refusal(event(#"{ "t": 0.1, "type": "move", "x": 1e-400, "y": 2 }"#))
        XCTAssertEqual(tiny?.field, "x")
        XCTAssertEqual(
            tiny?.reason, "expected a number, got one too large or too small for a Double")
    }
}
