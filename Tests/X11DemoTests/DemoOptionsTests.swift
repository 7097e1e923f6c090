import XCTest

@testable import X11Demo

final class DemoOptionsTests: XCTestCase {
    func testDefaultsAreTheFluidPresetAndNoRecording() throws {
        let options = try DemoOptions.parse([])
        XCTAssertEqual(options.preset, "fluid")
        XCTAssertNil(options.size)
        XCTAssertNil(options.recordPath)
        XCTAssertFalse(options.printsEvents)
        XCTAssertEqual(options.framesPerSecond, 60)
    }

    func testEveryFlagParses() throws {
        let options = try DemoOptions.parse([
            "--preset", "seed", "--size=800x600", "--record", "/tmp/a.json", "--replay",
            "/tmp/b.json", "--events", "--exit-after-replay", "--fps", "30",
        ])
        XCTAssertEqual(options.preset, "seed")
        XCTAssertEqual(options.configuration, .seed)
        XCTAssertEqual(options.size?.width, 800)
        XCTAssertEqual(options.size?.height, 600)
        XCTAssertEqual(options.recordPath, "/tmp/a.json")
        XCTAssertEqual(options.replayPath, "/tmp/b.json")
        XCTAssertTrue(options.printsEvents)
        XCTAssertTrue(options.exitsAfterReplay)
        XCTAssertEqual(options.framesPerSecond, 30)
    }

    func testBadFlagsNameTheFlag() {
        let cases: [([String], String)] = [
            (["--size", "10"], "--size"),
            (["--size", "10x20"], "--size"),
            (["--preset", "bouncy"], "--preset"),
            (["--record"], "--record"),
            (["--fps", "0"], "--fps"),
            (["--wobble"], "--wobble"),
            (["--events=yes"], "--events"),
            (["--exit-after-replay"], "--exit-after-replay"),
        ]
        for (arguments, flag) in cases {
            XCTAssertThrowsError(try DemoOptions.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? DemoOptionError)?.flag, flag)
                XCTAssertTrue("\(error)".hasPrefix(flag), "\(error)")
            }
        }
    }

    func testEventLinesAreOneJSONObjectWithTheContractsFields() throws {
        let line = eventLine(
            .init(time: 1.25, offset: 100.5, alpha: 0.2, progress: 0.2, phase: .dragging))
        XCTAssertEqual(line, #"{"t":1.25,"phase":"dragging","offset":100.5,"alpha":0.2}"#)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        XCTAssertEqual(object?.keys.sorted(), ["alpha", "offset", "phase", "t"])
    }
}
