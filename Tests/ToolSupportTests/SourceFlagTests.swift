import SwipeDismiss
import XCTest

@testable import ToolSupport

/// `--source X,Y,W,H[,R]`: what it reads, what it refuses (naming the flag), and that every
/// demo that takes it hands it to the photo's presenter.
final class SourceFlagTests: XCTestCase {
    func testItReadsFourOrFiveNumbersTheRadiusWithAnOptionalR() {
        XCTAssertEqual(
            SourceFlag.parse("20,300,120,120"),
            ZoomSource(frame: Rect(x: 20, y: 300, width: 120, height: 120)))
        XCTAssertEqual(
            SourceFlag.parse("20,300,120,120,12"),
            ZoomSource(frame: Rect(x: 20, y: 300, width: 120, height: 120), cornerRadius: 12))
        XCTAssertEqual(SourceFlag.parse("-5.5,0,20,30,r10")?.cornerRadius, 10)
        XCTAssertEqual(SourceFlag.parse("-5.5,0,20,30,R0")?.frame.minX, -5.5)
    }

    func testItRefusesWhatCannotBeLandedOn() {
        for text in [
            "", "20,300,120", "20,300,120,120,12,1", "20,300,0,120", "20,300,120,-1",
            "20,300,120,120,61", "20,300,120,120,-1", "a,300,120,120", "1e3,1,1,1", "nan,1,1,1",
            "20,300,120,120,r", "20, 300,120,120", "2000000,1,1,1",
        ] {
            XCTAssertNil(SourceFlag.parse(text), text)
        }
    }

    func testADemoRefusesABadSourceNamingTheFlagAndHandsAGoodOneToThePhoto() throws {
        XCTAssertThrowsError(try DemoFlagSet.x11Demo.parse(["--source", "1,2,3"])) { error in
            XCTAssertEqual((error as? FlagError)?.flag, "--source")
            XCTAssertTrue("\(error)".contains("X,Y,W,H"), "\(error)")
        }
        let line = try DemoFlagSet.waylandDemo.parse(
            ["--scene", "photo", "--source", "20,300,120,120,12"])
        let presenter = try XCTUnwrap(
            line.scene.makePresenter(source: line.source) as? PhotoPresenter)
        let landing = try XCTUnwrap(presenter.zoomLanding(viewport: Size(width: 390, height: 844)))
        XCTAssertEqual(landing.translation, Point(x: -115, y: -62))
        XCTAssertNil(
            (SceneChoice.photo.makePresenter() as? PhotoPresenter)?.zoomLanding(
                viewport: Size(width: 390, height: 844)))
    }
}
