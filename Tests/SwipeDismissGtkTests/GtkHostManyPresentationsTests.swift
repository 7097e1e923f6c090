import CGtk
import Foundation
import SwipeDismiss
import SwipeDismissGtk
import SwipeDismissTestSupport
import XCTest

/// One `GtkSheetHost` and its one controller serve many presentations, each with its own
/// content swapped in while the sheet is dismissed (issue 37, F3 of the first-user trial: a
/// per-item sheet needs no new host), driven only through `host.controller` (no `wake()`).
final class GtkHostManyPresentationsTests: XCTestCase {
    /// At medium (top at 50 % of 844 pt) the sheet's content sits 337.6 pt below its resting
    /// frame at `large` (top at 84.4 pt).
    let medium = 337.6

    /// An item's sheet: a box with a label naming it and a "Close" button, titled `title`.
    private func itemSheet(_ title: String, presenter: SheetPresenter) -> (
        content: GtkSheetContent, close: UnsafeMutablePointer<GtkWidget>
    ) {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(sd_box(box), gtk_label_new(title))
        let close = gtk_button_new_with_label("Close")!
        gtk_box_append(sd_box(box), close)
        var content = GtkSheetContent.sheet(
            box, presenter: presenter, scrolledWindow: nil, closeButton: close)
        content.title = title
        return (content, close)
    }

    func testOneHostPresentsThreeItemsEachWithItsOwnContentThroughItsController() throws {
        let handlers = try startGtkInProcess()
        let presenter = SheetPresenter(drawsScreenBehind: false)
        let first = itemSheet("Eggs", presenter: presenter)
        let screen = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let host = GtkSheetHost(
            screen: screen, content: first.content, presenter: presenter,
            configuration: .sheet(), viewport: Size(width: 390, height: 844), presented: false)
        let window = gtkWindow(showing: host.widget)
        defer { destroyGtkWindow(window, handlers) }
        XCTAssertTrue(pumpMainContext(timeout: 5) { gtk_widget_get_mapped(host.widget) != 0 })
        var asked: [DismissReason] = []
        host.controller.shouldDismiss = {
            asked.append($0)
            return true
        }

        // Each item's widget is kept so that the one swapped out can be checked (the dialog
        // drops its reference when it leaves).
        var kept: [UnsafeMutablePointer<GtkWidget>] = []
        defer { for widget in kept { g_object_unref(UnsafeMutableRawPointer(widget)) } }
        for (index, title) in ["Milk", "Oats", "Flour"].enumerated() {
            let item = itemSheet(title, presenter: presenter)
            g_object_ref(UnsafeMutableRawPointer(item.content.widget))
            // Swapped while dismissed: nothing shows, nothing animates.
            host.setContent(item.content)
            XCTAssertEqual(host.content.title, title)
            XCTAssertTrue(gtk_widget_get_parent(item.content.widget) == host.dialog)
            if let previous = kept.last {
                XCTAssertNil(gtk_widget_get_parent(previous), "\(title): the last one left")
            }
            kept.append(item.content.widget)
            XCTAssertTrue(pumpMainContext(timeout: 5) { !host.isTicking })
            XCTAssertEqual(gtk_widget_get_visible(host.dialog), 0, "\(title): hidden")
            XCTAssertFalse(host.renderer.showsContent)

            // Presented on the host's own controller, no wake(): it springs in over frames
            // and rests at medium with this item's widget, its Close focused.
            let frames = host.renderer.frameCount
            var completions = 0
            host.controller.present { completions += 1 }
            XCTAssertTrue(
                pumpMainContext(timeout: 5) { completions == 1 && !host.isTicking },
                "\(title): \(host.controller.state)")
            XCTAssertGreaterThan(host.renderer.frameCount - frames, 5, "\(title): animated")
            XCTAssertTrue(host.renderer.showsContent)
            XCTAssertEqual(host.renderer.contentTranslation.y, medium, accuracy: 1e-9)
            XCTAssertEqual(host.renderer.backdropOpacity, 0.3, accuracy: 1e-9)
            XCTAssertTrue(
                pumpMainContext(timeout: 5) { gtk_widget_has_focus(item.close) != 0 },
                "\(title): focus")
            var bounds = graphene_rect_t()
            XCTAssertEqual(gtk_widget_compute_bounds(item.content.widget, host.widget, &bounds), 1)
            XCTAssertEqual(Double(bounds.origin.y), 84.4 + medium, accuracy: 1, title)

            // This item's Close dismisses through the policy.
            gtk_widget_activate(item.close)
            XCTAssertTrue(
                pumpMainContext(timeout: 5) {
                    host.controller.state.phase == .dismissed && !host.isTicking
                },
                "\(title): \(host.controller.state)")
            XCTAssertEqual(asked.count, index + 1)
            XCTAssertEqual(asked.last, .programmatic)
            XCTAssertFalse(host.renderer.showsContent)
            XCTAssertEqual(host.renderer.backdropOpacity, 0)
        }
    }
}
