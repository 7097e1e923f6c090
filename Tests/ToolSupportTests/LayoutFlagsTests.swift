import SwipeDismiss
import XCTest

@testable import ToolSupport

/// `--layout`, `--footer`, `--content-interaction` (DESIGN §4c "Detent-sized layout") on the
/// demos' shared command line: what they read, what they refuse (naming the flag), and that
/// the presenters and the configuration get them.
final class LayoutFlagsTests: XCTestCase {
    func testTheDemosReadTheThreeFlagsIntoThePresenterAndTheConfiguration() throws {
        for set in [DemoFlagSet.x11Demo, .waylandDemo] {
            let line = try set.parse([
                "--scene", "sheet", "--layout", "resize", "--footer", "--content-interaction",
                "scrolls",
            ])
            XCTAssertEqual(line.layout.layout, .resize)
            XCTAssertTrue(line.layout.footer)
            XCTAssertTrue(line.layout.isGiven)
            XCTAssertEqual(line.configuration.contentInteraction, .scrolls)
            let configuration = line.scene.configuration(
                preset: line.configuration, reduceMotion: false)
            XCTAssertEqual(configuration.contentInteraction, .scrolls)
            let sheet = try XCTUnwrap(
                line.scene.makePresenter(layout: line.layout) as? SheetPresenter)
            XCTAssertEqual(sheet.layout, .resize)
            XCTAssertEqual(sheet.footer, SheetFooter())
            let level = StackScene.level(2, configuration: configuration, layout: line.layout)
            XCTAssertEqual((level.presenter as? SheetPresenter)?.layout, .resize)
            XCTAssertEqual((level.presenter as? SheetPresenter)?.title, "Sheet 3")
        }
    }

    func testWithoutTheFlagsTheSheetIsAsItWas() throws {
        let line = try DemoFlagSet.x11Demo.parse(["--scene", "sheet"])
        XCTAssertFalse(line.layout.isGiven)
        XCTAssertEqual(line.configuration.contentInteraction, .handOff)
        let sheet = try XCTUnwrap(line.scene.makePresenter() as? SheetPresenter)
        XCTAssertEqual(sheet.layout, .overlay)
        XCTAssertNil(sheet.footer)
    }

    func testRefusalsNameTheFlag() {
        let cases: [([String], String, String)] = [
            (["--scene", "sheet", "--layout", "fit"], "--layout", "overlay or resize"),
            (
                ["--scene", "sheet", "--content-interaction", "x"], "--content-interaction",
                "scrolls"
            ),
            (["--scene", "card", "--footer"], "--footer", "--scene sheet or --scene stack"),
            (
                ["--scene", "sheet", "--direction", "left", "--layout", "resize"], "--layout",
                "--direction down"
            ),
            (["--scene", "sheet", "--footer=yes"], "--footer", "takes no value"),
        ]
        for (arguments, flag, words) in cases {
            XCTAssertThrowsError(try DemoFlagSet.x11Demo.parse(arguments), "\(arguments)") {
                error in
                XCTAssertEqual((error as? FlagError)?.flag, flag, "\(arguments)")
                XCTAssertTrue("\(error)".contains(words), "\(arguments): \(error)")
            }
        }
        // gtk-demo draws its sheet with GTK widgets: it takes none of them.
        XCTAssertThrowsError(try DemoFlagSet.gtkDemo.parse(["--footer"])) { error in
            XCTAssertEqual((error as? FlagError)?.reason, .unknownFlag)
        }
    }
}
