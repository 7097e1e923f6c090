import RawCairoBaseline
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// A presented sheet's title and rows change in place (DESIGN §4c, issue 37 "Live content"):
/// the next update draws the new text in the same scene, and steady frames after it allocate
/// nothing.
final class LiveSheetContentTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)
    private let state = DismissState(
        time: 0, offset: 337.6, alpha: 0.3, progress: 0.4, phase: .presented)

    private func texts(_ items: [Item]) -> [String] {
        items.compactMap {
            if case .text(let text, _, _, _, _) = $0 { return text }
            return nil
        }
    }

    private func share() -> SheetPresenter {
        SheetPresenter(
            title: "Share",
            rows: [.init(id: "copy-link", title: "Copy link"), .init(id: "mail", title: "Mail")])
    }

    func testARenamedRowAndTitleAreDrawnByTheNextUpdateOfTheSameScene() throws {
        let sheet = share()
        var scene = sheet.makeScene(viewport: viewport)
        sheet.update(&scene, for: state, direction: .down)
        let content = try XCTUnwrap(scene.index(of: .content))
        XCTAssertEqual(texts(scene.layers[content].items), ["Share"])
        XCTAssertEqual(texts(scene.layers[content].clipGroup?.items ?? []), ["Copy link", "Mail"])

        sheet.rows[0].title = "Link copied"
        sheet.title = "Shared"
        XCTAssertEqual(sheet.contentVersion, 2)
        sheet.update(&scene, for: state, direction: .down)
        XCTAssertEqual(texts(scene.layers[content].items), ["Shared"])
        XCTAssertEqual(
            texts(scene.layers[content].clipGroup?.items ?? []), ["Link copied", "Mail"])
        // The rest of the frame is as before: moved to medium, the list at its top.
        XCTAssertEqual(scene.layers[content].transform, .translation(Point(x: 0, y: 337.6)))
        XCTAssertEqual(scene.layers[content].clipGroup?.contentOffset, Point(x: 0, y: 0))
        // A fresh scene says the same.
        let fresh = sheet.makeScene(viewport: viewport)
        XCTAssertEqual(fresh.layers[content].items, scene.layers[content].items)
        XCTAssertEqual(
            fresh.layers[content].clipGroup?.items, scene.layers[content].clipGroup?.items)
    }

    func testSettingTheSameTextChangesNothing() {
        let sheet = share()
        sheet.title = "Share"
        let rows = sheet.rows
        sheet.rows = rows
        XCTAssertEqual(sheet.contentVersion, 0)
    }

    func testSteadyFramesAfterARenameAllocateNothing() throws {
        try requireAllocationCounter()
        let sheet = share()
        var scene = sheet.makeScene(viewport: viewport)
        sheet.rows[0].title = "Link copied"
        var moving = state
        sheet.update(&scene, for: moving, direction: .down)
        raw_alloc_counter_start()
        for frame in 0..<120 {
            moving.offset = 337.6 + Double(frame)
            sheet.update(&scene, for: moving, direction: .down)
        }
        XCTAssertEqual(raw_alloc_counter_stop(), 0)
    }
}
