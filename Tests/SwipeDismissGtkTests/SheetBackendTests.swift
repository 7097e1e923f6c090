import CGtk
import Foundation
import SwipeDismiss
import SwipeDismissGtk
import SwipeDismissNull
import SwipeDismissSheetBackend
import SwipeDismissTestSupport
import XCTest

/// A real GTK window on `$DISPLAY`, its main loop run by the test.
struct GtkHarness: SheetBackendHarness {
    /// The sheets' clock: time moves only when the scenario says it passes.
    let clock = ManualClock()
    let backend: GtkSheetBackend
    let window: UnsafeMutablePointer<GtkWidget>
    let screen: UnsafeMutablePointer<GtkWidget>
    let handlers: XlibHandlers

    init() throws {
        handlers = try startGtkInProcess()
        backend = GtkSheetBackend(clock: clock)
        window = gtk_window_new()!
        screen = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_size_request(screen, 390, 844)
        gtk_window_set_child(sd_window(window), screen)
        gtk_window_present(sd_window(window))
        let (window, screen) = (window, screen)
        guard
            pumpMainContext(until: {
                gtk_widget_get_height(screen) == 844 && gtk_widget_get_mapped(window) != 0
            })
        else {
            gtk_window_destroy(sd_window(window))
            handlers.restore()
            throw GtkTestFailure(description: "the test window did not come up at 390x844")
        }
    }

    func makeContent() -> UnsafeMutablePointer<GtkWidget> { gtk_label_new("content")! }

    /// `seconds` pass on the sheets' clock; the main context runs until every shown sheet's
    /// host drew its frame at that time and stopped ticking (a host that keeps ticking fails).
    func run(for seconds: Double, _ sheets: [GtkSheetBackend.Sheet]) throws {
        let idle = clock.advance(by: seconds) {
            sheets.contains { $0.host?.isTicking ?? false }
        }
        guard idle else {
            throw GtkTestFailure(description: "a sheet's host still ticks \(seconds) s on")
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
    func testTheGtkBackendRunsTheFacadeScenarioAndGivesTheWindowItsChildBack() throws {
        let harness = try GtkHarness()
        defer { harness.close() }
        try checkSheetBackend(harness)
        // Dismissed, the host is gone and the app's screen is the window's child again.
        XCTAssertEqual(gtk_window_get_child(sd_window(harness.window)), harness.screen)
    }
}
