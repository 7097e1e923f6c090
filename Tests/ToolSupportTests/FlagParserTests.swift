import SwipeDismiss
import XCTest

@testable import ToolSupport

final class FlagParserTests: XCTestCase {
    private let parser = FlagParser([
        .value("--out"), .value("--fps"), .value("--frames"), .value("--mode"), .toggle("--force"),
    ])

    private func refusal(_ arguments: [String]) -> FlagError? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    func testSeparateAndInlineValuesAreTheSame() throws {
        let separate = try parser.parse(["--out", "dir", "--fps", "30", "--force"])
        let inline = try parser.parse(["--out=dir", "--fps=30", "--force"])
        XCTAssertEqual(separate, inline)
        XCTAssertEqual(separate.string("--out"), "dir")
        XCTAssertEqual(try separate.decimal("--fps", in: 1...1000), 30)
        XCTAssertTrue(separate.isSet("--force"))
        XCTAssertFalse(try parser.parse([]).isSet("--force"))
        XCTAssertNil(try parser.parse([]).string("--out"))
    }

    func testAValueThatIsAnotherFlagIsRefusedNamingTheFirst() {
        let error = refusal(["--out", "--fps", "30"])
        XCTAssertEqual(error, FlagError(flag: "--out", reason: .valueIsAFlag("--fps")))
        XCTAssertEqual(
            error?.description,
            "--out needs a value, but the next argument is the flag \"--fps\" "
                + "(write --out=--fps if that is really the value)")
        XCTAssertEqual(refusal(["--out", "-h"])?.reason, .valueIsAFlag("-h"))
        XCTAssertEqual(refusal(["--out", "-x"])?.reason, .valueIsAFlag("-x"))
    }

    func testInlineFormPassesAValueThatStartsWithADash() throws {
        XCTAssertEqual(try parser.parse(["--out=--fps"]).string("--out"), "--fps")
        XCTAssertEqual(try parser.parse(["--out=a=b"]).string("--out"), "a=b")
    }

    func testNegativeNumbersAreValuesNotFlags() throws {
        let flags = try parser.parse(["--frames", "-5", "--fps", "-0.5"])
        XCTAssertEqual(try flags.integer("--frames", in: -10...10), -5)
        XCTAssertEqual(try flags.decimal("--fps", in: -1...1), -0.5)
    }

    func testMissingAndEmptyValuesNameTheFlag() {
        XCTAssertEqual(refusal(["--out"]), FlagError(flag: "--out", reason: .missingValue))
        XCTAssertEqual(refusal(["--out", ""]), FlagError(flag: "--out", reason: .missingValue))
        XCTAssertEqual(refusal(["--out="]), FlagError(flag: "--out", reason: .missingValue))
        XCTAssertEqual(refusal(["--out"])?.description, "--out needs a value")
    }

    func testUnknownRepeatedAndStrayArgumentsAreRefused() {
        XCTAssertEqual(refusal(["--bogus"]), FlagError(flag: "--bogus", reason: .unknownFlag))
        XCTAssertEqual(refusal(["--bogus=1"]), FlagError(flag: "--bogus", reason: .unknownFlag))
        XCTAssertEqual(refusal(["-x"]), FlagError(flag: "-x", reason: .unknownFlag))
        XCTAssertEqual(
            refusal(["--fps", "30", "--fps=60"]), FlagError(flag: "--fps", reason: .repeated))
        XCTAssertEqual(
            refusal(["--force", "--force"]), FlagError(flag: "--force", reason: .repeated))
        XCTAssertEqual(
            refusal(["stray"]), FlagError(flag: "stray", reason: .unexpectedArgument))
        XCTAssertEqual(refusal(["-"]), FlagError(flag: "-", reason: .unexpectedArgument))
        XCTAssertEqual(refusal(["--bogus"])?.description, "unknown flag --bogus")
        XCTAssertEqual(
            refusal(["--force", "--force"])?.description, "--force is given more than once")
    }

    func testASwitchTakesNoValue() {
        XCTAssertEqual(
            refusal(["--force=yes"]), FlagError(flag: "--force", reason: .takesNoValue("yes")))
        XCTAssertEqual(refusal(["--help=1"])?.flag, "--help")
    }

    func testHelpStopsParsingAndIsReported() throws {
        XCTAssertTrue(try parser.parse(["--help"]).helpRequested)
        XCTAssertTrue(try parser.parse(["-h", "--bogus"]).helpRequested)
        XCTAssertTrue(try parser.parse(["--fps", "30", "--help"]).helpRequested)
        XCTAssertFalse(try parser.parse(["--fps", "30"]).helpRequested)
        XCTAssertEqual(refusal(["--bogus", "--help"])?.flag, "--bogus")
    }

    func testIntegersMustBePlainDecimal() throws {
        for text in ["0x10", "1e3", "+5", " 5", "5 ", "1.0", "٣", "5_000", "--5", "-"] {
            let flags = try parser.parse(["--frames=" + text])
            XCTAssertThrowsError(try flags.integer("--frames", in: 0...100_000), text) { error in
                XCTAssertEqual(
                    error as? FlagError,
                    FlagError(flag: "--frames", reason: .notADecimalNumber(text, integer: true)),
                    text)
            }
        }
        XCTAssertEqual(try parser.parse(["--frames", "007"]).integer("--frames", in: 0...10), 7)
        let huge = try parser.parse(["--frames", "99999999999999999999999"])
        XCTAssertThrowsError(try huge.integer("--frames", in: 0...10)) { error in
            XCTAssertEqual(
                (error as? FlagError)?.description,
                "--frames: expected a whole number from 0 to 10, got \"99999999999999999999999\"")
        }
    }

    func testDecimalsMustBePlainDecimal() throws {
        for text in ["0x10", "1e3", "+5", " 5", "inf", "nan", ".", "1.2.3", "1,5", "- 1"] {
            let flags = try parser.parse(["--fps=" + text])
            XCTAssertThrowsError(try flags.decimal("--fps", in: 0...1000), text) { error in
                XCTAssertEqual(
                    error as? FlagError,
                    FlagError(flag: "--fps", reason: .notADecimalNumber(text, integer: false)),
                    text)
            }
        }
        for (text, value) in [("29.97", 29.97), (".5", 0.5), ("5.", 5.0), ("030", 30.0)] {
            XCTAssertEqual(try parser.parse(["--fps", text]).decimal("--fps", in: 0...100), value)
        }
    }

    func testOutOfRangeNamesTheFlagAndTheRange() throws {
        let flags = try parser.parse(["--fps", "0"])
        XCTAssertThrowsError(try flags.decimal("--fps", in: 1...1000)) { error in
            XCTAssertEqual(
                (error as? FlagError)?.description,
                "--fps: expected a number from 1 to 1000, got \"0\"")
        }
    }

    private enum Mode: String, CaseIterable { case png, pdf, svg }

    func testChoicesListWhatTheyAccept() throws {
        XCTAssertEqual(try parser.parse(["--mode", "pdf"]).choice("--mode", as: Mode.self), .pdf)
        XCTAssertThrowsError(try parser.parse(["--mode", "gif"]).choice("--mode", as: Mode.self)) {
            XCTAssertEqual(
                ($0 as? FlagError)?.description, "--mode: expected png, pdf or svg, got \"gif\"")
        }
    }

    func testRequiredFlagIsNamed() throws {
        XCTAssertThrowsError(try parser.parse([]).requiredString("--out", placeholder: "DIR")) {
            XCTAssertEqual(($0 as? FlagError)?.description, "--out DIR is required")
        }
    }

    func testDirectionChoiceNamesEveryDirectionAndDefaultsByScene() throws {
        let parser = FlagParser([.value("--direction")])
        XCTAssertEqual(try DirectionChoice.parse(parser.parse([]), scene: .card), .down)
        XCTAssertEqual(try DirectionChoice.parse(parser.parse([]), scene: .sheet), .down)
        XCTAssertEqual(try DirectionChoice.parse(parser.parse([]), scene: .photo), .free)
        for direction in DismissDirection.allCases {
            let flags = try parser.parse(["--direction", direction.rawValue])
            XCTAssertEqual(try DirectionChoice.parse(flags, scene: .card), direction)
            XCTAssertEqual(try DirectionChoice.parse(flags, scene: .photo), direction)
        }
        XCTAssertThrowsError(
            try DirectionChoice.parse(parser.parse(["--direction=sideways"]), scene: .card)
        ) {
            XCTAssertEqual(
                ($0 as? FlagError)?.description,
                "--direction: expected down, up, left, right or free, got \"sideways\"")
        }
    }

    func testTheSheetRefusesFreeByName() throws {
        let parser = FlagParser([.value("--direction")])
        XCTAssertThrowsError(
            try DirectionChoice.parse(parser.parse(["--direction=free"]), scene: .sheet)
        ) {
            XCTAssertEqual(
                ($0 as? FlagError)?.description,
                "--direction: expected down, up, left or right with --scene sheet (its detents "
                    + "and list lie along one axis), got \"free\"")
        }
    }
}
