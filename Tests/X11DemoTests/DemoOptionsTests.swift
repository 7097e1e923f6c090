import SwipeDismiss
import ToolSupport
import XCTest

@testable import X11DemoCore

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
            "/tmp/b.json", "--events", "--exit-after-replay", "--fps", "30", "--scene", "sheet",
            "--confirm", "--reduce-motion", "--scale=1.5", "--present", "xlib", "--verbose",
            "--direction", "left",
        ])
        XCTAssertEqual(options.preset, "seed")
        var seedToTheLeft = DismissConfiguration.seed
        seedToTheLeft.direction = .left
        XCTAssertEqual(options.configuration, seedToTheLeft)
        XCTAssertEqual(options.direction, .left)
        XCTAssertEqual(options.size?.width, 800)
        XCTAssertEqual(options.size?.height, 600)
        XCTAssertEqual(options.recordPath, "/tmp/a.json")
        XCTAssertEqual(options.replayPath, "/tmp/b.json")
        XCTAssertTrue(options.printsEvents)
        XCTAssertTrue(options.exitsAfterReplay)
        XCTAssertEqual(options.framesPerSecond, 30)
        XCTAssertEqual(options.scene, .sheet)
        XCTAssertTrue(options.confirm)
        XCTAssertTrue(options.reduceMotion)
        XCTAssertEqual(options.scale, 1.5)
        XCTAssertEqual(options.presentation, .xlibSurface)
        XCTAssertTrue(options.verbose)
    }

    func testTheDefaultsLeaveTheScaleToTheDisplayAndShowTheCard() throws {
        let options = try DemoOptions.parse([])
        XCTAssertNil(options.scale)
        XCTAssertEqual(options.scene, .card)
        XCTAssertEqual(options.direction, .down)
        XCTAssertEqual(options.configuration.direction, .down)
        XCTAssertFalse(options.confirm)
        XCTAssertFalse(options.reduceMotion)
        XCTAssertEqual(options.presentation, .sharedMemory)
        XCTAssertFalse(options.verbose)
    }

    func testHelpStopsParsingInEitherSpelling() throws {
        XCTAssertTrue(try DemoOptions.parse(["--help"]).showsHelp)
        XCTAssertTrue(try DemoOptions.parse(["--fps", "30", "-h", "--wobble"]).showsHelp)
        XCTAssertFalse(try DemoOptions.parse(["--fps", "30"]).showsHelp)
    }

    func testTheSceneConfiguresTheSheetAndReducedMotion() {
        let sheet = SceneChoice.sheet.configuration(preset: .fluid, reduceMotion: true)
        XCTAssertEqual(
            sheet.detents.map(\.name), DismissConfiguration.sheet(.fluid).detents.map(\.name))
        XCTAssertTrue(sheet.reduceMotion)
        let card = SceneChoice.card.configuration(preset: .seed, reduceMotion: false)
        XCTAssertEqual(card, .seed)
        XCTAssertTrue(SceneChoice.sheet.makePresenter() is SheetPresenter)
        XCTAssertTrue(SceneChoice.photo.makePresenter() is PhotoPresenter)
        let photo = SceneChoice.photo.configuration(preset: .fluid, reduceMotion: false)
        XCTAssertEqual(photo.alphaCurve, .photo)
        XCTAssertEqual(photo.release, .projected(threshold: 150, decelerationRate: 0.998))
        XCTAssertTrue(SceneChoice.card.makePresenter() is CardPresenter)
    }

    func testBadFlagsNameTheFlag() {
        let cases: [([String], String, String)] = [
            (["--size", "10"], "--size", "--size: expected WIDTHxHEIGHT"),
            (["--size", "10x20"], "--size", "--size: expected"),
            (["--size", "+390x844"], "--size", "--size: expected"),
            (["--preset", "bouncy"], "--preset", "--preset: expected seed or fluid"),
            (["--record"], "--record", "--record needs a value"),
            (["--record", "--events"], "--record", "--record needs a value"),
            (["--replay="], "--replay", "--replay needs a value"),
            (["--fps", "0"], "--fps", "--fps: expected a number from 1 to 1000"),
            (["--fps", "0x10"], "--fps", "--fps: expected a plain decimal number"),
            (["--fps", "1e2"], "--fps", "--fps: expected a plain decimal number"),
            (["--scale", "2x"], "--scale", "--scale: expected a plain decimal number"),
            (["--scale", "9"], "--scale", "--scale: expected a number from 0.25 to 8"),
            (["--wobble"], "--wobble", "unknown flag --wobble"),
            (["stray"], "stray", "unexpected argument \"stray\""),
            (["--events", "--events"], "--events", "--events is given more than once"),
            (["--fps", "30", "--fps=60"], "--fps", "--fps is given more than once"),
            (["--events=yes"], "--events", "--events takes no value"),
            (["--verbose=1"], "--verbose", "--verbose takes no value"),
            (["--present", "gl"], "--present", "--present: expected shm, put, xlib or auto"),
            (["--scene", "stage"], "--scene", "--scene: expected card, sheet, photo or stack"),
            (
                ["--direction", "diagonal"], "--direction",
                "--direction: expected down, up, left, right or free"
            ),
            (
                ["--scene", "sheet", "--direction", "free"], "--direction",
                "--direction: expected down, up, left or right with --scene sheet"
            ),
            (["--exit-after-replay"], "--exit-after-replay", "--exit-after-replay needs --replay"),
        ]
        for (arguments, flag, message) in cases {
            XCTAssertThrowsError(try DemoOptions.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? FlagError)?.flag, flag, "\(arguments)")
                XCTAssertTrue("\(error)".hasPrefix(message), "\(arguments): \(error)")
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

    func testSheetEventLinesNameTheDetentAndAttemptLinesTheReason() throws {
        var state = DismissState(time: 2, offset: 0, alpha: 0.3, progress: 0.5, phase: .presented)
        state.detent = "medium"
        XCTAssertEqual(
            eventLine(state, namingDetent: true),
            #"{"t":2,"phase":"presented","offset":0,"alpha":0.3,"detent":"medium"}"#)
        XCTAssertEqual(attemptLine(.drag, state: state), #"{"t":2,"attempt":"drag"}"#)
        XCTAssertEqual(
            passThroughLine(Point(x: 195, y: 60.5), state: state),
            #"{"t":2,"passThrough":{"x":195,"y":60.5}}"#)
        XCTAssertEqual(jsonEscaped("a\"b\\c\n"), #"a\"b\\c\u000a"#)
    }
}
