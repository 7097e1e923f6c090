import SwipeDismiss
import XCTest

@testable import ToolSupport

/// The demos' one command-line parser: which flags each demo takes, what each flag reads, and
/// that every refusal names the flag at fault.
final class DemoCommandLineTests: XCTestCase {
    private let sets: [(name: String, set: DemoFlagSet)] = [
        ("x11-demo", .x11Demo), ("wayland-demo", .waylandDemo), ("gtk-demo", .gtkDemo),
    ]

    /// A valid value for each flag that takes one.
    private func goodValue(_ flag: DemoFlag) -> String {
        switch flag {
        case .preset: "seed"
        case .scene: "sheet"
        case .direction: "up"
        case .size: "800x600"
        case .scale: "1.5"
        case .record: "/tmp/a.json"
        case .replay: "/tmp/b.json"
        case .fps: "30"
        case .present: "xlib"
        case .source: "20,300,120,120,12"
        case .layout: "resize"
        case .contentInteraction: "scrolls"
        default: ""
        }
    }

    private func refusal(_ set: DemoFlagSet, _ arguments: [String]) -> FlagError? {
        do {
            _ = try set.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    func testEachDemoAcceptsItsOwnSetOfTheSharedFlags() {
        XCTAssertEqual(DemoFlagSet.x11Demo.accepted, DemoFlag.allCases)
        XCTAssertEqual(
            Set(DemoFlagSet.waylandDemo.accepted.map(\.rawValue)),
            [
                "--preset", "--scene", "--direction", "--size", "--scale", "--record", "--replay",
                "--events",
                "--exit-after-replay", "--fps", "--confirm", "--reduce-motion", "--verbose",
                "--source", "--adaptive", "--layout", "--footer", "--content-interaction",
            ])
        XCTAssertEqual(
            Set(DemoFlagSet.gtkDemo.accepted.map(\.rawValue)),
            [
                "--scene", "--preset", "--size", "--replay", "--exit-after-replay", "--events",
                "--confirm", "--reduce-motion", "--adaptive", "--source",
            ])
        XCTAssertEqual(DemoFlagSet.x11Demo.defaultScene, .card)
        XCTAssertEqual(DemoFlagSet.waylandDemo.defaultScene, .card)
        XCTAssertEqual(DemoFlagSet.gtkDemo.defaultScene, .sheet)
        XCTAssertEqual(
            DemoFlag.allCases.filter { !$0.takesValue },
            [.events, .exitAfterReplay, .confirm, .reduceMotion, .verbose, .adaptive, .footer])
    }

    func testEveryAcceptedFlagParsesInEachDemo() throws {
        // The layout flags need --direction down, which this line does not give
        // (LayoutFlagsTests reads them).
        let layoutFlags: [DemoFlag] = [.layout, .footer, .contentInteraction]
        for (name, set) in sets {
            var arguments: [String] = []
            for flag in set.accepted where !layoutFlags.contains(flag) {
                arguments += flag.takesValue ? [flag.rawValue, goodValue(flag)] : [flag.rawValue]
            }
            let line = try set.parse(arguments)
            for flag in set.accepted where !layoutFlags.contains(flag) {
                XCTAssertTrue(line.flags.isSet(flag.rawValue), "\(name) \(flag.rawValue)")
            }
            XCTAssertEqual(line.preset, "seed", name)
            XCTAssertEqual(line.scene, .sheet, name)
            XCTAssertEqual(line.size?.width, 800, name)
            XCTAssertEqual(line.size?.height, 600, name)
            XCTAssertEqual(line.replayPath, "/tmp/b.json", name)
            XCTAssertTrue(line.printsEvents && line.exitsAfterReplay, name)
            XCTAssertTrue(line.confirm && line.reduceMotion, name)
            XCTAssertEqual(line.scale, set.accepts(.scale) ? 1.5 : nil, name)
            XCTAssertEqual(line.framesPerSecond, set.accepts(.fps) ? 30 : 60, name)
            XCTAssertEqual(line.verbose, set.accepts(.verbose), name)
            XCTAssertEqual(line.recordPath, set.accepts(.record) ? "/tmp/a.json" : nil, name)
            let direction: DismissDirection = set.accepts(.direction) ? .up : .down
            XCTAssertEqual(line.direction, direction, name)
            var seed = DismissConfiguration.seed
            seed.direction = direction
            XCTAssertEqual(line.configuration, seed, name)
        }
    }

    func testAFlagADemoDoesNotTakeIsRefusedNamingItself() {
        for (name, set) in sets {
            for flag in DemoFlag.allCases where !set.accepts(flag) {
                let arguments =
                    flag.takesValue ? [flag.rawValue, goodValue(flag)] : [flag.rawValue]
                let error = refusal(set, arguments)
                XCTAssertEqual(error, FlagError(flag: flag.rawValue, reason: .unknownFlag), name)
                XCTAssertEqual(error?.description, "unknown flag \(flag.rawValue)", name)
            }
        }
        XCTAssertEqual(refusal(.gtkDemo, ["--fps=30"])?.description, "unknown flag --fps")
        XCTAssertEqual(refusal(.waylandDemo, ["--present", "shm"])?.flag, "--present")
    }

    func testABadValueNamesTheFlagInEveryDemoThatTakesIt() {
        let cases: [(DemoFlag, String, String)] = [
            (.preset, "bouncy", "--preset: expected seed or fluid, got \"bouncy\""),
            (.scene, "stage", "--scene: expected card, sheet, photo or stack, got \"stage\""),
            (
                .direction, "diagonal",
                "--direction: expected down, up, left, right or free, got \"diagonal\""
            ),
            (
                .size, "10x20",
                "--size: expected WIDTHxHEIGHT in points, 64...32767 a side, got \"10x20\""
            ),
            (.scale, "9", "--scale: expected a number from 0.25 to 8, got \"9\""),
            (.scale, "2x", "--scale: expected a plain decimal number, got \"2x\""),
            (.fps, "0", "--fps: expected a number from 1 to 1000, got \"0\""),
            (.fps, "1e2", "--fps: expected a plain decimal number, got \"1e2\""),
        ]
        for (name, set) in sets {
            for (flag, value, message) in cases where set.accepts(flag) {
                let error = refusal(set, [flag.rawValue, value])
                XCTAssertEqual(error?.flag, flag.rawValue, "\(name) \(flag.rawValue) \(value)")
                XCTAssertEqual(error?.description, message, name)
            }
            for flag in set.accepted where flag.takesValue {
                XCTAssertEqual(
                    refusal(set, [flag.rawValue]),
                    FlagError(flag: flag.rawValue, reason: .missingValue),
                    name)
            }
            for flag in set.accepted where !flag.takesValue {
                XCTAssertEqual(
                    refusal(set, ["\(flag.rawValue)=1"])?.description,
                    "\(flag.rawValue) takes no value (got \"1\")", name)
            }
        }
    }

    func testExitAfterReplayNeedsAReplayInEveryDemo() throws {
        for (name, set) in sets {
            let error = refusal(set, ["--exit-after-replay"])
            XCTAssertEqual(error?.flag, "--exit-after-replay", name)
            XCTAssertEqual(error?.description, "--exit-after-replay needs --replay FILE", name)
            XCTAssertNoThrow(try set.parse(["--exit-after-replay", "--replay", "t.json"]), name)
        }
    }

    func testDefaultsAndTheScenesOwnDirection() throws {
        let card = try DemoFlagSet.waylandDemo.parse([])
        XCTAssertEqual(card.scene, .card)
        XCTAssertEqual(card.preset, "fluid")
        XCTAssertEqual(card.configuration, .fluid)
        XCTAssertNil(card.size)
        XCTAssertNil(card.scale)
        XCTAssertEqual(card.framesPerSecond, 60)
        XCTAssertFalse(card.showsHelp || card.printsEvents || card.verbose)
        let photo = try DemoFlagSet.x11Demo.parse(["--scene", "photo"])
        XCTAssertEqual(photo.direction, .free)
        XCTAssertEqual(photo.configuration.direction, .free)
        XCTAssertEqual(try DemoFlagSet.gtkDemo.parse([]).scene, .sheet)
        XCTAssertEqual(try DemoFlagSet.gtkDemo.parse(["--scene", "photo"]).direction, .free)
        XCTAssertEqual(
            refusal(.waylandDemo, ["--scene", "stack", "--direction", "free"])?.flag, "--direction")
    }

    func testHelpStopsParsingBeforeAnUnknownFlag() throws {
        for (name, set) in sets {
            XCTAssertTrue(try set.parse(["--help"]).showsHelp, name)
            XCTAssertTrue(try set.parse(["--events", "-h", "--wobble"]).showsHelp, name)
        }
    }

    func testSizesAreTwoPlainDecimalSidesWithinRange() {
        XCTAssertEqual(DemoCommandLine.parseSize("390x844")?.width, 390)
        XCTAssertEqual(DemoCommandLine.parseSize("390X844")?.height, 844)
        XCTAssertEqual(DemoCommandLine.parseSize("64x32767")?.height, 32767)
        for text in ["63x844", "390x32768", "+390x844", "390x", "x844", "390x844x2", "3e2x844"] {
            XCTAssertNil(DemoCommandLine.parseSize(text), text)
        }
    }
}
