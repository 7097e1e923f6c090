import SwipeDismiss
import SwipeDismissNull
import XCTest

/// Content the app supplies: its own rows and strings, taps on them as events, and a scene
/// that leaves the screen behind to the host.
final class AppContentTests: XCTestCase {
    private static let shareRows = [
        SheetPresenter.Row(id: "copy", title: "Copy link"),
        SheetPresenter.Row(id: "mail", title: "Mail"),
        SheetPresenter.Row(id: "cancel", title: "Cancel"),
    ]

    private func texts(_ layer: Layer) -> [String] {
        (layer.items + (layer.clipGroup?.items ?? [])).compactMap {
            if case .text(let text, _, _, _, _) = $0 { return text }
            return nil
        }
    }

    func testTheSheetDrawsTheAppsRowsAndStrings() {
        let presenter = SheetPresenter(
            title: "Share", rows: Self.shareRows, promptTitle: "Verwerfen?",
            promptHint: "j / n", presentAgainHint: "Leertaste", drawsScreenBehind: false)
        let scene = presenter.makeScene(viewport: Size(width: 390, height: 844))
        let all = scene.layers.flatMap(texts)
        XCTAssertEqual(
            Set(all), ["Share", "Copy link", "Mail", "Cancel", "Verwerfen?", "j / n", "Leertaste"])
        XCTAssertEqual(scene.layers[scene.index(of: .presenting)!].items, [])
        // Three rows of 44 pt: the list is 132 pt long, the sheet 56 + 132 tall.
        XCTAssertEqual(presenter.listContentHeight, 132)
        XCTAssertEqual(presenter.contentHeight, 188)
    }

    func testTheBundledScenesDrawWhatTheyDrewBefore() {
        let scene = SheetPresenter().makeScene(viewport: Size(width: 390, height: 844))
        let all = scene.layers.flatMap(texts)
        XCTAssertEqual(all.filter { $0.hasPrefix("Row ") }.count, 60)
        XCTAssertTrue(all.contains("Inbox"))
        XCTAssertTrue(all.contains("Discard changes?"))
        XCTAssertTrue(all.contains("Click or press Space to present again"))
    }

    func testATapOnARowIsReportedWithItsIdAndATapOnTheBackdropStillDismisses() {
        let sheet = SheetHarness(.sheet(), presenter: SheetPresenter(rows: Self.shareRows))
        // At medium (top edge at 422) the header is 56 pt, so row 1 spans 478..522, row 3
        // 566..610; below the last row nothing is tappable.
        sheet.tap(Point(x: 100, y: 590), at: 0.1)
        sheet.tap(Point(x: 100, y: 500), at: 0.3)
        sheet.tap(Point(x: 100, y: 700), at: 0.5)
        sheet.run(to: 0.7)
        XCTAssertEqual(taps(sheet.events), ["cancel", "copy"])
        XCTAssertEqual(sheet.state.phase, .presented)
        guard case .contentTapped(_, let point)? = sheet.events.first(where: isTap) else {
            return XCTFail("no tap")
        }
        XCTAssertEqual(point, Point(x: 100, y: 590))
        sheet.tap(SheetHarness.aboveSheet, at: 0.8)
        sheet.settle()
        XCTAssertEqual(sheet.state.phase, .dismissed)
    }

    func testATapFollowsTheScrolledList() {
        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = .large
        let presenter = SheetPresenter()
        presenter.listOffset = 440  // ten rows scrolled away
        let sheet = SheetHarness(configuration, presenter: presenter)
        // At large the sheet's top is at 84.4, its list starts at 140.4: the first row shown
        // is row 11.
        sheet.tap(Point(x: 100, y: 150), at: 0.1)
        sheet.run(to: 0.3)
        XCTAssertEqual(taps(sheet.events), ["row-11"])
    }

    func testTheCardsButtonIsTappable() {
        let harness = Harness()
        // The card's top is at round(844 × 0.42) = 354; its button spans y 464..508.
        harness.at(0.1, .down(Point(x: 195, y: 480)))
        harness.at(0.15, .up(Point(x: 195, y: 480)))
        harness.at(0.3, .down(Point(x: 195, y: 600)))
        harness.at(0.35, .up(Point(x: 195, y: 600)))
        harness.run(to: 0.5)
        XCTAssertEqual(taps(harness.events), [CardPresenter.buttonItem])
    }

    private func isTap(_ event: DismissEvent) -> Bool {
        if case .contentTapped = event { return true }
        return false
    }

    private func taps(_ events: [DismissEvent]) -> [String] {
        events.compactMap {
            guard case .contentTapped(let item, _) = $0 else { return nil }
            return item
        }
    }
}
