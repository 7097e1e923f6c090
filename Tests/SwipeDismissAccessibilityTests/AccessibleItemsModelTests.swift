import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissAccessibility

/// The sheet's items as a screen reader sees them (DESIGN §4c "Screen readers see the
/// content"): children named by their live titles, `click` as a tap, and a sheet whose
/// controller started dismissed expanding upwards (no bus).
final class AccessibleItemsModelTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    /// Steps `count` frames of `stack`, 1/60 s apart, on `clock`.
    private func frames(_ count: Int, of stack: SheetStackController, on clock: ManualClock)
        throws
    {
        for _ in 0..<count {
            clock.advance(by: 1.0 / 60)
            try stack.step()
        }
    }

    private func share(presented: Bool = true) -> (
        DismissController, ManualClock, SheetPresenter, SheetAccessibilityModel
    ) {
        let clock = ManualClock()
        let presenter = SheetPresenter(
            title: "Share",
            rows: [
                .init(id: "copy-link", title: "Copy link"), .init(id: "mail", title: "Mail"),
                .init(id: "cancel", title: "Cancel"),
            ])
        let controller = DismissController(
            input: QueuedInputSource(), presenter: presenter,
            renderer: NullRenderer(viewport: viewport), clock: clock, configuration: .sheet(),
            presented: presented)
        return (controller, clock, presenter, SheetAccessibilityModel(controller: controller))
    }

    func testTheRowsAreItemsNamedByTheirTitlesAtTheirRowsFrames() {
        let (_, _, _, model) = share()
        XCTAssertEqual(model.items.map(\.title), ["Copy link", "Mail", "Cancel"])
        XCTAssertEqual(model.items.map(\.id), ["copy-link", "mail", "cancel"])
        XCTAssertEqual(model.items.map(\.role), [.button, .button, .button])
        // The keyboard focus starts on the first row (DESIGN §4c "Keyboard in a sheet").
        XCTAssertEqual(model.items.map(\.isFocused), [true, false, false])
        // At medium the sheet's top is 422 pt; rows of 44 pt start under the 56 pt header.
        XCTAssertEqual(model.frame(ofItem: 0), Rect(x: 0, y: 478, width: 390, height: 44))
        XCTAssertEqual(model.frame(ofItem: 2), Rect(x: 0, y: 566, width: 390, height: 44))
        XCTAssertEqual(model.frame(ofItem: 3), Rect(x: 0, y: 0, width: 0, height: 0))
    }

    func testClickTapsTheItemSoTheControllerReportsContentTappedWithItsId() throws {
        let (controller, clock, _, model) = share()
        var tapped: [String] = []
        controller.addObserver {
            if case .contentTapped(let item, let point) = $0 {
                tapped.append(item)
                // The centre of "Mail" at medium: (195, 544).
                XCTAssertEqual(point, Point(x: 195, y: 544))
            }
        }
        XCTAssertTrue(model.activate(item: 1))
        try controller.stepFrames(2, on: clock)
        XCTAssertEqual(tapped, ["mail"])
        XCTAssertEqual(controller.state.phase, .presented, "a click is not a drag")
        XCTAssertFalse(model.activate(item: 7), "no such item")
    }

    func testARenamedRowIsToldAndReadWithItsNewName() {
        let (_, _, presenter, model) = share()
        var changes: [AccessibleSheetChange] = []
        model.onChange = { changes.append($0) }
        presenter.rows[0].title = "Link copied"
        model.contentDidChange()
        XCTAssertEqual(changes, [.itemRenamed(0)])
        XCTAssertEqual(model.items.first?.title, "Link copied")
        model.contentDidChange()
        XCTAssertEqual(changes, [.itemRenamed(0)], "nothing new: nothing told")
        presenter.rows.append(.init(id: "print", title: "Print"))
        model.contentDidChange()
        XCTAssertEqual(changes, [.itemRenamed(0), .itemsChanged])
        XCTAssertEqual(model.items.count, 4)
    }

    func testASliderItemReportsItsValueChanges() {
        let clock = ManualClock()
        var value = 50.0
        let controller = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(),
            renderer: NullRenderer(viewport: viewport), clock: clock, configuration: .sheet())
        let model = SheetAccessibilityModel(source: controller) { _ in
            AccessibleSheet(
                name: "Share",
                items: { _ in
                    [
                        AccessibleItem(
                            id: "volume", title: "Volume",
                            role: .slider(value: value, minimum: 0, maximum: 100),
                            frame: Rect(x: 0, y: 610, width: 390, height: 44))
                    ]
                }, restingFrame: { Rect(x: 0, y: 0, width: $0.width, height: $0.height) })
        }
        var changes: [AccessibleSheetChange] = []
        model.onChange = { changes.append($0) }
        value = 75
        model.contentDidChange()
        XCTAssertEqual(changes, [.itemValueChanged(0)])
        XCTAssertEqual(model.items.first?.role, .slider(value: 75, minimum: 0, maximum: 100))
        // A screen reader's value goes through the app, clamped to the slider's range.
        XCTAssertFalse(model.setValue(ofItem: 0, to: 20), "read-only without setItemValue")
        var asked: [Double] = []
        model.setItemValue = { item, wanted in
            asked.append(wanted)
            value = wanted
            return item.id == "volume"
        }
        XCTAssertTrue(model.setValue(ofItem: 0, to: 120))
        XCTAssertFalse(model.setValue(ofItem: 0, to: .nan))
        XCTAssertFalse(model.setValue(ofItem: 1, to: 10), "no such item")
        XCTAssertEqual(asked, [100])
        XCTAssertEqual(changes, [.itemValueChanged(0), .itemValueChanged(0)])
        XCTAssertEqual(model.items.first?.role, .slider(value: 100, minimum: 0, maximum: 100))
    }

    func testASheetWhoseControllerStartedDismissedExpandsUpToLarge() throws {
        let (controller, clock, _, model) = share(presented: false)
        XCTAssertFalse(model.isShown)
        controller.present()
        try controller.stepFrames(120, on: clock)
        XCTAssertEqual(controller.state.detent, .medium)
        XCTAssertEqual(model.restingDetent, "medium")
        XCTAssertFalse(model.isExpanded)
        XCTAssertTrue(model.perform(.expand))
        try controller.stepFrames(120, on: clock)
        XCTAssertEqual(controller.state.detent, .large, "expand moves it up, not down")
        XCTAssertTrue(model.isExpanded)
        XCTAssertTrue(model.perform(.collapse))
        try controller.stepFrames(120, on: clock)
        XCTAssertEqual(controller.state.detent, .medium)
    }

    func testAStacksTopSheetIsClickedThroughTheStack() throws {
        let clock = ManualClock()
        let stack = SheetStackController(
            input: QueuedInputSource(), renderer: NullRenderer(viewport: viewport), clock: clock,
            root: StackLevel(configuration: .sheet(), presenter: SheetPresenter(title: "Share")))
        let mail = SheetPresenter(
            title: "Mail",
            rows: [.init(id: "send", title: "Send"), .init(id: "cancel", title: "Cancel")])
        stack.present(StackLevel(configuration: .sheet(), presenter: mail))
        try frames(120, of: stack, on: clock)
        let model = SheetAccessibilityModel(source: stack) { level in
            AccessibleSheet(
                presenter: level == 0 ? SheetPresenter(title: "Share") : mail, direction: .down)
        }
        XCTAssertEqual(model.name, "Mail")
        XCTAssertEqual(model.items.map(\.title), ["Send", "Cancel"])
        var tapped: [(Int, String)] = []
        stack.addObserver {
            if case .contentTapped(let item, _) = $0.event { tapped.append(($0.level, item)) }
        }
        XCTAssertTrue(model.activate(item: 1))
        try frames(2, of: stack, on: clock)
        XCTAssertEqual(tapped.map(\.0), [1])
        XCTAssertEqual(tapped.map(\.1), ["cancel"])
    }
}
