import CGtk
import Foundation
import SwipeDismiss
import SwipeDismissGtk
import SwipeDismissNull
import SwipeDismissSheetBackend
import SwipeDismissTestSupport
import XCTest

/// What the shared scenario needs from a backend besides the facade: content, time passing
/// and a user's Escape.
protocol SheetBackendHarness {
    associatedtype Backend: SheetBackend
    var backend: Backend { get }
    var window: Backend.Window { get }
    func makeContent() -> Backend.Widget
    func run(for seconds: Double, _ sheets: [Backend.Sheet]) throws
    func pressEscape(_ sheet: Backend.Sheet)
}

/// The facade's behaviour, the same for every backend: detents mapped, sizes, present,
/// user dismissal calling `onDismiss` once, `dismissSheet` not calling it, and
/// interactive dismissal switched off.
func checkSheetBackend<Harness: SheetBackendHarness>(_ harness: Harness) throws {
    let backend = harness.backend
    let sheet = backend.createSheet(content: harness.makeContent())
    var dismissals = 0
    func update(disabled: Bool) {
        backend.updateSheet(
            sheet, window: harness.window, size: SIMD2(390, 844), onDismiss: { dismissals += 1 },
            cornerRadius: 12, detents: [.height(300), .large], dragIndicatorVisibility: .automatic,
            interactiveDismissDisabled: disabled)
    }
    update(disabled: false)
    XCTAssertNil(backend.controller(ofSheet: sheet))
    // 390 wide; at large the sheet covers 844 − 84.4 = 759.6 pt.
    XCTAssertEqual(backend.size(ofSheet: sheet), SIMD2(390, 760))

    backend.presentSheet(sheet, window: harness.window, parentSheet: nil)
    try harness.run(for: 1.2, [sheet])
    let controller = try XCTUnwrap(backend.controller(ofSheet: sheet))
    XCTAssertEqual(controller.state.phase, .presented)
    XCTAssertEqual(controller.state.detent, "height-300.0")
    // A 300 pt sheet's top is at 544 pt, 459.6 pt below large's 84.4.
    XCTAssertEqual(controller.state.offset, 459.6, accuracy: 1e-9)
    XCTAssertEqual(controller.layout.names, ["large", "height-300.0"])

    // The user dismisses: onDismiss once.
    harness.pressEscape(sheet)
    try harness.run(for: 1.2, [sheet])
    XCTAssertEqual(controller.state.phase, .dismissed)
    XCTAssertEqual(dismissals, 1)

    // The app dismisses: onDismiss is not called.
    backend.presentSheet(sheet, window: harness.window, parentSheet: nil)
    try harness.run(for: 1.2, [sheet])
    let second = try XCTUnwrap(backend.controller(ofSheet: sheet))
    XCTAssertEqual(second.state.phase, .presented)
    backend.dismissSheet(sheet, window: harness.window, parentSheet: nil)
    try harness.run(for: 1.2, [sheet])
    XCTAssertEqual(second.state.phase, .dismissed)
    XCTAssertEqual(dismissals, 1)

    // Interactive dismissal off: Escape leaves it shown, with no prompt pending.
    update(disabled: true)
    backend.presentSheet(sheet, window: harness.window, parentSheet: nil)
    try harness.run(for: 1.2, [sheet])
    let third = try XCTUnwrap(backend.controller(ofSheet: sheet))
    harness.pressEscape(sheet)
    try harness.run(for: 1.2, [sheet])
    XCTAssertEqual(third.state.phase, .presented)
    XCTAssertFalse(third.state.isDismissAttemptPending)
    backend.dismissSheet(sheet, window: harness.window, parentSheet: nil)
    try harness.run(for: 1.2, [sheet])
    XCTAssertEqual(third.state.phase, .dismissed)
    XCTAssertEqual(dismissals, 1)
}

struct NullHarness: SheetBackendHarness {
    let backend = NullSheetBackend()
    let window = NullSheetBackend.Window()
    func makeContent() -> String { "content" }
    func run(for seconds: Double, _ sheets: [NullSheetBackend.Sheet]) throws {
        try backend.advance(by: seconds, stepping: sheets)
    }
    func pressEscape(_ sheet: NullSheetBackend.Sheet) {
        sheet.input.enqueue(InputEvent(time: backend.clock.now, kind: .key(.escape)))
    }
}

/// A real GTK window on `$DISPLAY`, its main loop run by the test.
struct GtkHarness: SheetBackendHarness {
    let backend = GtkSheetBackend()
    let window: UnsafeMutablePointer<GtkWidget>
    let screen: UnsafeMutablePointer<GtkWidget>
    let handlers: XlibHandlers

    init() throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw unavailable("no X display: DISPLAY is not set")
        }
        handlers = XlibHandlers.current(display: display)
        setenv("GDK_BACKEND", "x11", 1)
        setenv("GTK_A11Y", "none", 1)
        guard gtk_init_check() != 0 else { throw unavailable("GTK cannot open \(display)") }
        window = gtk_window_new()!
        screen = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_size_request(screen, 390, 844)
        gtk_window_set_child(sd_window(window), screen)
        gtk_window_present(sd_window(window))
        let (window, screen) = (window, screen)
        let deadline = Date().addingTimeInterval(5)
        while gtk_widget_get_height(screen) != 844 || gtk_widget_get_mapped(window) == 0,
            Date() < deadline
        {
            g_main_context_iteration(nil, 0)
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    func makeContent() -> UnsafeMutablePointer<GtkWidget> { gtk_label_new("content")! }

    func run(for seconds: Double, _ sheets: [GtkSheetBackend.Sheet]) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            while g_main_context_iteration(nil, 0) != 0 {}
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    func pressEscape(_ sheet: GtkSheetBackend.Sheet) {
        guard let host = sheet.host else { return }
        host.input.enqueue(.key(.escape), milliseconds: 0)
        host.wake()
    }

    func close() {
        gtk_window_destroy(sd_window(window))
        while g_main_context_iteration(nil, 0) != 0 {}
        handlers.restore()
    }
}

final class SheetBackendTests: XCTestCase {
    func testTheNullBackendRunsTheFacadeScenario() throws {
        try checkSheetBackend(NullHarness())
    }

    func testTheGtkBackendRunsTheFacadeScenarioAndGivesTheWindowItsChildBack() throws {
        let harness = try GtkHarness()
        defer { harness.close() }
        try checkSheetBackend(harness)
        // Dismissed, the host is gone and the app's screen is the window's child again.
        XCTAssertEqual(gtk_window_get_child(sd_window(harness.window)), harness.screen)
    }

    func testSwiftCrossUIsFourDetentKindsMapOntoPositions() {
        XCTAssertEqual(PresentationDetent.large.detent, SheetPresenter.large)
        XCTAssertEqual(PresentationDetent.medium.detent, SheetPresenter.medium)
        XCTAssertEqual(
            PresentationDetent.fraction(0.25).detent,
            Detent("fraction-0.25", position: .fraction(0.75)))
        XCTAssertEqual(
            PresentationDetent.height(300).detent,
            Detent("height-300.0", position: .pointsFromBottom(300)))
        // Out-of-range and non-finite values are clamped, never trapped on.
        XCTAssertEqual(PresentationDetent.fraction(2).detent.position, .fraction(0))
        XCTAssertEqual(PresentationDetent.height(-.infinity).detent.position, .pointsFromBottom(0))
        XCTAssertTrue(SheetVisibility.automatic.showsIndicator(detentCount: 2))
        XCTAssertFalse(SheetVisibility.automatic.showsIndicator(detentCount: 1))
        XCTAssertNoThrow(try SheetOptions().configuration().validate())
    }
}
