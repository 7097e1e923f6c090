import CGtk
import Foundation
import SwipeDismiss
import SwipeDismissGtk
import SwipeDismissTestSupport
import XCTest

/// The GTK hosts driven as an app drives them (issue 37, F2 and F3 of the first-user trial):
/// calls on the host's own controller animate with no `wake()`, content is swapped on a
/// presented sheet, and the stack host's calls complete.
final class GtkHostLiveTests: XCTestCase {
    /// At medium (top at 50 % of 844 pt) the sheet's content sits 337.6 pt below its resting
    /// frame at `large` (top at 84.4 pt).
    let medium = 337.6

    /// A sheet's content: a box holding a "Close" button, titled `title`.
    func content(_ title: String, presenter: SheetPresenter) -> (
        content: GtkSheetContent, close: UnsafeMutablePointer<GtkWidget>
    ) {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let close = gtk_button_new_with_label("Close")!
        gtk_box_append(sd_box(box), close)
        var content = GtkSheetContent.sheet(
            box, presenter: presenter, scrolledWindow: nil, closeButton: close)
        content.title = title
        return (content, close)
    }

    func testCallsOnTheHostsControllerAnimateWithoutWake() throws {
        let handlers = try startGtkInProcess()
        let presenter = SheetPresenter(drawsScreenBehind: false)
        let sheet = content("Sheet", presenter: presenter)
        let screen = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let host = GtkSheetHost(
            screen: screen, content: sheet.content, presenter: presenter,
            configuration: .sheet(), viewport: Size(width: 390, height: 844), presented: false)
        let window = gtkWindow(showing: host.widget)
        defer { destroyGtkWindow(window, handlers) }
        pumpMainContext(timeout: 5) { gtk_widget_get_mapped(host.widget) != 0 }
        XCTAssertFalse(host.isTicking)

        // Straight on the controller, as DrivingASheet teaches, with no wake(): it springs
        // in over many frames and rests at medium, dimmed 0.3, not frozen half-way.
        let framesBefore = host.renderer.frameCount
        var presented = 0
        host.controller.present { presented += 1 }
        XCTAssertTrue(host.isTicking, "the call itself starts the frame clock")
        XCTAssertTrue(
            pumpMainContext(timeout: 5) {
                host.controller.state.phase == .presented && !host.isTicking
            },
            "\(host.controller.state)")
        XCTAssertEqual(presented, 1)
        XCTAssertGreaterThan(host.renderer.frameCount - framesBefore, 5, "animated, not a jump")
        XCTAssertEqual(host.renderer.contentTranslation.y, medium, accuracy: 1e-9)
        XCTAssertEqual(host.renderer.backdropOpacity, 0.3, accuracy: 1e-9)
        XCTAssertTrue(host.renderer.showsContent)

        var moved: [Bool] = []
        host.controller.move(to: .large) { moved.append($0) }
        XCTAssertTrue(
            pumpMainContext(timeout: 5) { moved == [true] && !host.isTicking },
            "\(host.controller.state)")
        XCTAssertEqual(host.renderer.contentTranslation.y, 0, accuracy: 1e-9)

        var dismissed: [Bool] = []
        host.controller.dismiss { dismissed.append($0) }
        XCTAssertTrue(
            pumpMainContext(timeout: 5) { dismissed == [true] && !host.isTicking },
            "\(host.controller.state)")
        XCTAssertEqual(host.renderer.backdropOpacity, 0)
        XCTAssertFalse(host.renderer.showsContent)
    }

    func testContentIsSwappedOnAPresentedSheet() throws {
        let handlers = try startGtkInProcess()
        let presenter = SheetPresenter(drawsScreenBehind: false)
        let first = content("Eggs", presenter: presenter)
        let screen = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let host = GtkSheetHost(
            screen: screen, content: first.content, presenter: presenter,
            configuration: .sheet(), viewport: Size(width: 390, height: 844))
        let window = gtkWindow(showing: host.widget)
        defer { destroyGtkWindow(window, handlers) }
        XCTAssertTrue(
            pumpMainContext(timeout: 5) { gtk_widget_has_focus(first.close) != 0 },
            "focus starts on Close")
        XCTAssertTrue(pumpMainContext(timeout: 5) { !host.isTicking })

        // Kept (the dialog drops its reference) to check that the old Close no longer
        // dismisses.
        g_object_ref(UnsafeMutableRawPointer(first.content.widget))
        defer { g_object_unref(UnsafeMutableRawPointer(first.content.widget)) }
        let second = content("Milk", presenter: presenter)
        host.setContent(second.content)
        XCTAssertEqual(host.content.title, "Milk")
        XCTAssertTrue(gtk_widget_get_parent(second.content.widget) == host.dialog)
        XCTAssertNil(gtk_widget_get_parent(first.content.widget), "the old widget left")
        XCTAssertTrue(
            pumpMainContext(timeout: 5) { gtk_widget_has_focus(second.close) != 0 },
            "focus moved into the new content")
        // Still presented where it was; the new widget is placed at medium.
        XCTAssertTrue(pumpMainContext(timeout: 5) { !host.isTicking })
        XCTAssertEqual(host.controller.state.phase, .presented)
        XCTAssertEqual(host.renderer.contentTranslation.y, medium, accuracy: 1e-9)
        var bounds = graphene_rect_t()
        XCTAssertEqual(gtk_widget_compute_bounds(second.close, host.widget, &bounds), 1)
        XCTAssertEqual(Double(bounds.origin.y), 84.4 + medium, accuracy: 1)

        // The old Close is no longer the sheet's: once its "clicked" has run (a handler of
        // ours, connected after the host's), nothing was asked and nothing moved.
        var asked: [DismissReason] = []
        host.controller.shouldDismiss = {
            asked.append($0)
            return true
        }
        let clicks = ClickCounter(first.close)
        // Out of the window it is unrealized, and `gtk_widget_activate` does nothing there:
        // emitted directly, its handlers run now.
        clicks.click()
        XCTAssertEqual(clicks.count, 1)
        XCTAssertEqual(asked, [])
        XCTAssertEqual(host.controller.state.phase, .presented)
        // The new one dismisses through the policy.
        gtk_widget_activate(second.close)
        XCTAssertTrue(pumpMainContext(timeout: 5) { host.controller.state.phase == .dismissed })
        XCTAssertEqual(asked, [.programmatic])
    }

    func testTheStackHostsCallsCompleteAndMove() throws {
        let handlers = try startGtkInProcess()
        func level(_ index: Int) -> StackLevel {
            StackLevel(
                configuration: .sheet(),
                presenter: SheetPresenter(
                    title: index == 0 ? "Sheet" : "Sheet \(index + 1)", drawsScreenBehind: false))
        }
        let contents = (0..<2).map {
            content($0 == 0 ? "Sheet" : "Sheet 2", presenter: SheetPresenter()).content
        }
        let screen = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let host = GtkStackHost(
            screen: screen, contents: contents, viewport: Size(width: 390, height: 844)
        ) { input, renderer, clock in
            SheetStackController(input: input, renderer: renderer, clock: clock, root: level(0))
        }
        let window = gtkWindow(showing: host.widget)
        defer { destroyGtkWindow(window, handlers) }
        XCTAssertTrue(pumpMainContext(timeout: 5) { !host.isTicking })

        var presented = 0
        host.present(level(1)) { presented += 1 }
        XCTAssertTrue(pumpMainContext(timeout: 5) { presented == 1 && !host.isTicking })
        XCTAssertEqual(host.stack.depth, 2)
        XCTAssertEqual(host.renderer.levelsShown, [true, true])

        var moves: [Bool] = []
        host.move(to: .large) { moves.append($0) }
        XCTAssertTrue(pumpMainContext(timeout: 5) { moves == [true] && !host.isTicking })
        XCTAssertEqual(host.stack.state(ofLevel: 1)?.detent, .large)
        host.move(to: "nowhere") { moves.append($0) }
        XCTAssertEqual(moves, [true, false], "an unknown detent completes false at once")

        // Straight on the stack, no wake(): the top sheet leaves.
        var dismissed: [Bool] = []
        host.stack.dismiss { dismissed.append($0) }
        XCTAssertTrue(pumpMainContext(timeout: 5) { dismissed == [true] && !host.isTicking })
        XCTAssertEqual(host.stack.depth, 1)
        XCTAssertEqual(host.renderer.levelsShown, [true, false])
    }
}

/// Counts a button's "clicked" signals.
final class ClickCounter {
    private(set) var count = 0
    let button: UnsafeMutablePointer<GtkWidget>

    init(_ button: UnsafeMutablePointer<GtkWidget>) {
        self.button = button
        sd_connect_void(
            UnsafeMutableRawPointer(button), "clicked",
            { _, data in
                guard let data else { return }
                Unmanaged<ClickCounter>.fromOpaque(data).takeUnretainedValue().count += 1
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Emits "clicked" on the button (`g_signal_emitv`: the variadic emitters do not import
    /// into Swift), whether or not it is in a window.
    func click() {
        var instance = GValue()
        g_value_init(&instance, gtk_button_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(button))
        g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
        g_value_unset(&instance)
    }
}
