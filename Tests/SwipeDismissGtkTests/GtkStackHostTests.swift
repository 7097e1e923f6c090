import CGtk
import Foundation
import SwipeDismiss
import SwipeDismissGtk
import SwipeDismissTestSupport
import XCTest

/// The stack host in this process, in a real GTK window on `$DISPLAY`: a sheet over a sheet
/// makes its parent recede and inert, and the parent takes the focus back when it leaves.
final class GtkStackHostTests: XCTestCase {
    func level(_ index: Int) -> StackLevel {
        StackLevel(
            configuration: .sheet(),
            presenter: SheetPresenter(
                title: index == 0 ? "Sheet" : "Sheet \(index + 1)", drawsScreenBehind: false))
    }

    func testAChildSheetMakesItsParentRecedeAndInertUntilItLeaves() throws {
        let handlers = try startGtkInProcess()
        defer { handlers.restore() }
        var closes: [UnsafeMutablePointer<GtkWidget>] = []
        var contents: [GtkSheetContent] = []
        for index in 0..<3 {
            let presenter = SheetPresenter(drawsScreenBehind: false)
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let close = gtk_button_new_with_label("Close")!
            gtk_box_append(sd_box(box), close)
            closes.append(close)
            var content = GtkSheetContent.sheet(
                box, presenter: presenter, scrolledWindow: nil, closeButton: close)
            content.title = index == 0 ? "Sheet" : "Sheet \(index + 1)"
            contents.append(content)
        }
        let screen = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let behind = gtk_button_new_with_label("Behind")!
        gtk_box_append(sd_box(screen), behind)
        // Time moves only when the test moves it.
        let clock = ManualClock()
        let host = GtkStackHost(
            screen: screen, contents: contents, viewport: Size(width: 390, height: 844),
            clock: clock
        ) { input, renderer, clock in
            let stack = SheetStackController(
                input: input, renderer: renderer, clock: clock, root: self.level(0))
            stack.nextLevel = { index in index < 3 ? self.level(index) : nil }
            return stack
        }
        gtk_widget_set_size_request(host.widget, 390, 844)
        let window = gtk_window_new()!
        gtk_window_set_child(sd_window(window), host.widget)
        gtk_window_present(sd_window(window))
        host.wake()
        defer {
            gtk_window_destroy(sd_window(window))
            while g_main_context_iteration(nil, 0) != 0 {}
        }
        /// Moves the clock on by `seconds` and pumps until `condition` holds and nothing ticks.
        func settle(
            by seconds: Double, until condition: () -> Bool,
            file: StaticString = #filePath, line: UInt = #line
        ) {
            XCTAssertTrue(
                clock.advance(by: seconds, until: condition, thenPumpUntilIdle: { host.isTicking }),
                "\(seconds) s on, the host still ticks or the awaited state never came",
                file: file, line: line)
        }
        XCTAssertTrue(
            pumpMainContext {
                gtk_widget_get_mapped(window) != 0 && gtk_widget_get_height(host.widget) == 844
            }, "the host's window did not come up at 390x844")
        settle(by: 0.6) { host.renderer.levelsShown == [true, false, false] }
        XCTAssertTrue(host.isScreenInert)
        XCTAssertEqual(host.renderer.levelsShown, [true, false, false])
        XCTAssertTrue(
            pumpMainContext { gtk_widget_has_focus(closes[0]) == 1 },
            "focus starts in the root sheet")

        // A second sheet at medium: the root recedes to 1 − 0.06 and takes no input.
        host.present(level(1))
        settle(by: 1.2) { host.stack.depth == 2 }
        XCTAssertEqual(host.stack.depth, 2)
        XCTAssertEqual(host.renderer.levelsShown, [true, true, false])
        XCTAssertEqual(host.renderer.levelScales[0], 0.94, accuracy: 1e-9)
        XCTAssertEqual(host.renderer.levelScales[1], 1, accuracy: 1e-9)
        XCTAssertEqual(host.renderer.backdropOpacity, 0.3, accuracy: 1e-9)
        XCTAssertTrue(
            pumpMainContext { gtk_widget_has_focus(closes[1]) == 1 },
            "focus moves into the new sheet")
        XCTAssertEqual(gtk_widget_get_can_focus(host.dialogs[0]), 0, "the parent is inert")
        XCTAssertEqual(gtk_widget_get_can_target(host.dialogs[0]), 0)
        XCTAssertEqual(gtk_widget_get_can_focus(host.dialogs[1]), 1)
        XCTAssertFalse(host.isTicking, "at rest, nothing ticks")

        // Its Close dismisses it alone: the root comes back to scale 1, focus and input.
        gtk_widget_activate(closes[1])
        settle(by: 1.2) { host.stack.depth == 1 }
        XCTAssertEqual(host.stack.depth, 1)
        XCTAssertEqual(host.renderer.levelsShown, [true, false, false])
        XCTAssertEqual(host.renderer.levelScales[0], 1, accuracy: 1e-9)
        XCTAssertEqual(gtk_widget_get_can_focus(host.dialogs[0]), 1)
        XCTAssertTrue(
            pumpMainContext { gtk_widget_has_focus(closes[0]) == 1 }, "focus back in the root sheet"
        )
        XCTAssertTrue(host.isScreenInert)

        // The root leaves: the screen takes focus and pointer again, the backdrop is clear.
        host.dismiss()
        settle(by: 1.2) { host.stack.depth == 0 }
        XCTAssertEqual(host.stack.depth, 0)
        XCTAssertFalse(host.isScreenInert)
        XCTAssertEqual(host.renderer.backdropOpacity, 0)
        XCTAssertEqual(host.renderer.levelsShown, [false, false, false])
    }
}
