import CGtk
import Foundation
import SwipeDismiss
import SwipeDismissGtk
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// The host in this process, in a real GTK window on `$DISPLAY`: the scrolled window shows
/// the controller's scroll, the tick callback runs only while something moves, and the
/// dialog's modal property and focus follow the sheet.
final class GtkSheetHostTests: XCTestCase {
    struct Setup {
        let window: UnsafeMutablePointer<GtkWidget>
        let host: GtkSheetHost
        let scrolled: UnsafeMutablePointer<GtkWidget>
        let close: UnsafeMutablePointer<GtkWidget>
        /// A button on the app's screen behind the sheet.
        let behind: UnsafeMutablePointer<GtkWidget>
        let handlers: XlibHandlers
        /// The host's clock: time moves only when the test moves it.
        let clock: ManualClock

        /// Moves the clock on by `seconds` and pumps the main context until the host's frame
        /// at that time is drawn and nothing moves; fails the test if it keeps ticking.
        /// …after `condition` holds (what the step waits for).
        func settle(
            by seconds: Double, until condition: () -> Bool = { true },
            file: StaticString = #filePath, line: UInt = #line
        ) {
            XCTAssertTrue(
                clock.advance(by: seconds, until: condition, thenPumpUntilIdle: { host.isTicking }),
                "\(seconds) s on, the host still ticks or the awaited state never came: "
                    + "\(host.controller.state)", file: file, line: line)
        }
    }

    func makeHost() throws -> Setup {
        let handlers = try startGtkInProcess()
        let clock = ManualClock()
        let presenter = SheetPresenter(drawsScreenBehind: false)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let close = gtk_button_new_with_label("Close")!
        gtk_widget_set_size_request(close, -1, Int32(SheetPresenter.headerHeight))
        gtk_box_append(sd_box(content), close)
        let list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        for row in presenter.rows {
            let label = gtk_label_new(row.title)!
            gtk_widget_set_size_request(label, -1, Int32(SheetPresenter.rowHeight))
            gtk_box_append(sd_box(list), label)
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(sd_scrolled(scrolled), list)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_box_append(sd_box(content), scrolled)
        let filler = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_size_request(
            filler, -1, Int32((844 * SheetPresenter.overdrawFraction).rounded()))
        gtk_box_append(sd_box(content), filler)
        let screen = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let behind = gtk_button_new_with_label("Behind")!
        gtk_widget_set_margin_top(behind, 100)
        gtk_widget_set_halign(behind, GTK_ALIGN_CENTER)
        gtk_box_append(sd_box(screen), behind)
        let host = GtkSheetHost(
            screen: screen,
            content: .sheet(
                content, presenter: presenter, scrolledWindow: scrolled, closeButton: close),
            presenter: presenter, configuration: .sheet(), viewport: Size(width: 390, height: 844),
            clock: clock)
        gtk_widget_set_size_request(host.widget, 390, 844)
        let window = gtk_window_new()!
        gtk_window_set_child(sd_window(window), host.widget)
        gtk_window_present(sd_window(window))
        host.wake()
        // Up: mapped, laid out at the window's size, and at rest.
        let up = pumpMainContext {
            gtk_widget_get_mapped(window) != 0 && gtk_widget_get_height(host.widget) == 844
                && !host.isTicking
        }
        guard up else {
            gtk_window_destroy(sd_window(window))
            handlers.restore()
            throw GtkTestFailure(description: "the host's window did not come up at 390x844")
        }
        return Setup(
            window: window, host: host, scrolled: scrolled, close: close, behind: behind,
            handlers: handlers, clock: clock)
    }

    func close(_ setup: Setup) {
        gtk_window_destroy(sd_window(setup.window))
        while g_main_context_iteration(nil, 0) != 0 {}
        setup.handlers.restore()
    }

    func testTheScrolledWindowShowsTheControllersScrollAndHandsOffAtItsTop() throws {
        let setup = try makeHost()
        defer { close(setup) }
        let host = setup.host
        host.move(to: .large, animated: false)
        setup.settle(by: 0.3) { host.controller.state.detent == .large }
        XCTAssertEqual(host.controller.state.detent, .large)
        // Six wheel clicks down (53 pt each) with the sheet at large scroll the list 318 pt.
        // The pointer rests over the list (a move with no press, as the host feeds before a
        // scroll).
        host.input.enqueue(.move(Point(x: 195, y: 500)), milliseconds: 0)
        host.wake()
        // One click a frame: each frame steps the controller at the clock's next 16 ms.
        var ticks = 0
        host.onTick = { ticks += 1 }
        for _ in 0..<6 {
            host.input.enqueue(.scroll(dx: 0, dy: -53, source: .wheel), milliseconds: 0)
            host.wake()
            setup.clock.advance(by: 0.016)
            let before = ticks
            XCTAssertTrue(pumpMainContext { ticks > before }, "no frame after a wheel click")
        }
        setup.settle(by: 1.5) { host.controller.state.scroll > 0 }
        let adjustment = gtk_scrolled_window_get_vadjustment(sd_scrolled(setup.scrolled))
        XCTAssertEqual(host.controller.state.scroll, 318, accuracy: 0.5, "\(host.controller.state)")
        XCTAssertEqual(
            gtk_adjustment_get_value(adjustment), host.controller.state.scroll, accuracy: 1e-9)
        XCTAssertEqual(host.controller.state.offset, 0)
        // The scrolled window's range is the controller's: 60 × 44 − (844 − 84.4 − 56) pt.
        let range = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        XCTAssertEqual(range, 2640 - 703.6, accuracy: 1)
        // Idle again: no tick callback.
        XCTAssertFalse(host.isTicking)
    }

    func testModalAndFocusFollowTheSheetAndCloseDismissesThroughThePolicy() throws {
        let setup = try makeHost()
        defer { close(setup) }
        let host = setup.host
        XCTAssertFalse(host.isTicking, "at rest, nothing ticks")
        XCTAssertTrue(
            pumpMainContext { gtk_widget_has_focus(setup.close) == 1 }, "focus starts on Close")
        var asked: [DismissReason] = []
        host.controller.shouldDismiss = { reason in
            asked.append(reason)
            return asked.count > 1
        }
        // Close's click asks the policy: vetoed the first time, allowed the second.
        gtk_widget_activate(setup.close)
        setup.settle(by: 0.5) { !asked.isEmpty }
        XCTAssertEqual(asked, [.programmatic])
        XCTAssertNotEqual(host.controller.state.phase, .dismissed)
        gtk_widget_activate(setup.close)
        setup.settle(by: 1.2) { host.controller.state.phase == .dismissed }
        XCTAssertEqual(asked, [.programmatic, .programmatic])
        XCTAssertEqual(host.controller.state.phase, .dismissed)
        XCTAssertEqual(host.renderer.backdropOpacity, 0)
        XCTAssertFalse(host.renderer.showsContent)
        XCTAssertFalse(host.isTicking)
        host.present()
        setup.settle(by: 1.2) { host.controller.state.phase == .presented }
        XCTAssertEqual(host.controller.state.phase, .presented)
        XCTAssertEqual(host.renderer.backdropOpacity, 0.3, accuracy: 1e-9)
        XCTAssertTrue(
            pumpMainContext { gtk_widget_has_focus(setup.close) == 1 }, "focus back in the sheet")
    }

    /// Presses Tab `count` times on the test's window, as the keyboard would (xdotool sends
    /// the key events to the window; GTK's own Tab binding moves the focus).
    func pressTab(_ setup: Setup, count: Int) throws {
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"] else { return }
        guard hasExecutable("/usr/bin/xdotool") else { throw unavailable("xdotool is missing") }
        let display = try X11Display(name: name)
        // The mapped window of this process that shows the host (GTK's client leader is
        // unmapped and reads no pixels).
        let windows = display.windows(ofProcess: getpid()).filter {
            display.readPixels(window: $0, x: 0, y: 0, width: 1, height: 1) != nil
        }
        guard !windows.isEmpty else { throw GtkTestFailure(description: "no mapped window") }
        // Each press is waited for: the focus moves (GTK's Tab binding ran) or, past the
        // deadline, the test's own assertions on where it went report it.
        for _ in 0..<count {
            let before = focus(setup)
            for window in windows { try xdotool(["key", "--window", String(window), "Tab"]) }
            pumpMainContext(timeout: 0.5) { focus(setup) != before }
        }
    }

    /// The widget with the keyboard focus in the test's window.
    func focus(_ setup: Setup) -> UnsafeMutablePointer<GtkWidget>? {
        gtk_widget_get_root(setup.window).flatMap { gtk_root_get_focus($0) }
    }

    func testTheScreenBehindIsInertWhileTheSheetIsShown() throws {
        let setup = try makeHost()
        defer { close(setup) }
        let host = setup.host
        XCTAssertTrue(host.isScreenInert)
        // Tab cycles inside the sheet: never onto the button behind.
        var seen: [UnsafeMutablePointer<GtkWidget>?] = []
        for _ in 0..<6 {
            try pressTab(setup, count: 1)
            seen.append(focus(setup))
        }
        XCTAssertFalse(seen.contains { $0 == setup.behind }, "Tab reached the screen behind")
        XCTAssertTrue(
            seen.allSatisfy { $0.map { gtk_widget_is_ancestor($0, host.dialog) != 0 } ?? false },
            "focus left the sheet")
        // GTK's own focus chain agrees: moving forward from the window never lands behind.
        for _ in 0..<6 {
            if gtk_widget_child_focus(setup.window, GTK_DIR_TAB_FORWARD) == 0 {
                gtk_root_set_focus(gtk_widget_get_root(setup.window), nil)
            }
            XCTAssertNotEqual(focus(setup), setup.behind)
        }
        // The pointer does not reach it either.
        XCTAssertEqual(gtk_widget_get_can_target(setup.behind), 1, "the app's own flag stays")
        var bounds = graphene_rect_t()
        XCTAssertEqual(gtk_widget_compute_bounds(setup.behind, host.widget, &bounds), 1)
        let middle = (
            Double(bounds.origin.x + bounds.size.width / 2),
            Double(bounds.origin.y + bounds.size.height / 2)
        )
        let picked = gtk_widget_pick(host.widget, middle.0, middle.1, GTK_PICK_DEFAULT)
        XCTAssertFalse(
            picked.map { $0 == setup.behind || gtk_widget_is_ancestor($0, setup.behind) != 0 }
                ?? false)

        // Dismissed: focus and pointer reach the screen again.
        host.dismiss()
        setup.settle(by: 1.2) { host.controller.state.phase == .dismissed }
        XCTAssertEqual(host.controller.state.phase, .dismissed)
        XCTAssertFalse(host.isScreenInert)
        var reached = false
        for _ in 0..<3 where !reached {
            try pressTab(setup, count: 1)
            reached = focus(setup) == setup.behind
        }
        XCTAssertTrue(reached, "Tab reaches the screen once the sheet left")
        let pickedAfter = gtk_widget_pick(host.widget, middle.0, middle.1, GTK_PICK_DEFAULT)
        XCTAssertTrue(
            pickedAfter.map { $0 == setup.behind || gtk_widget_is_ancestor($0, setup.behind) != 0 }
                ?? false)
        // Presented again: inert again, focus back in the sheet.
        host.present()
        setup.settle(by: 1.2) { host.controller.state.phase == .presented }
        XCTAssertTrue(host.isScreenInert)
        XCTAssertTrue(pumpMainContext { gtk_widget_has_focus(setup.close) == 1 })
    }
}
