import SwipeDismiss
import SwipeDismissNull
import XCTest

@testable import SwipeDismissAccessibility

/// The AT-SPI answers, message in, message out, with no bus: what a screen reader reads.
final class AtspiServerTests: XCTestCase {
    private func server(scale: Double = 1) -> (AtspiServer, DismissController) {
        let controller = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(),
            renderer: NullRenderer(viewport: Size(width: 390, height: 844)), clock: ManualClock(),
            configuration: .sheet())
        let model = SheetAccessibilityModel(controller: controller)
        model.moveToDetent = { _ in true }
        let facts = AtspiFacts(
            model: model, applicationName: "x11-demo", windowTitle: "SwipeDismiss demo",
            scale: scale, windowOrigin: { (x: 100, y: 50) })
        return (AtspiServer(facts: facts, bus: ":1.7"), controller)
    }

    private func reply(
        _ server: inout AtspiServer, _ node: AtspiNode, _ interface: String, _ member: String,
        _ arguments: [DBusValue] = []
    ) -> [DBusValue] {
        guard
            case .reply(let values) = server.answer(
                path: node.path, interface: interface, member: member, arguments: arguments)
        else {
            XCTFail("\(interface).\(member) on \(node) gave an error")
            return []
        }
        return values
    }

    func testTheTreeIsApplicationFrameDialog() {
        var (server, _) = server()
        let frame = DBusValue.reference(
            AccessibleReference(bus: ":1.7", path: AtspiNode.frame.path))
        let dialog = DBusValue.reference(
            AccessibleReference(bus: ":1.7", path: AtspiNode.dialog.path))
        XCTAssertEqual(
            reply(&server, .application, AtspiInterface.accessible, "GetChildren"),
            [.array(element: "(so)", [frame])])
        XCTAssertEqual(
            reply(&server, .frame, AtspiInterface.accessible, "GetChildAtIndex", [.int32(0)]),
            [dialog])
        XCTAssertEqual(reply(&server, .dialog, AtspiInterface.accessible, "GetRole"), [.uint32(16)])
        XCTAssertEqual(reply(&server, .frame, AtspiInterface.accessible, "GetRole"), [.uint32(23)])
        XCTAssertEqual(
            reply(
                &server, .dialog, AtspiInterface.properties, "Get",
                [
                    .string(AtspiInterface.accessible), .string("Name"),
                ]), [.variant(.string("Sheet"))])
        XCTAssertEqual(
            reply(
                &server, .dialog, AtspiInterface.properties, "Get",
                [
                    .string(AtspiInterface.accessible), .string("Parent"),
                ]), [.variant(frame)])
    }

    func testTheDialogsStatesAreModalShowingVisibleFocusedAndCollapsed() {
        var (server, _) = server()
        let words = reply(&server, .dialog, AtspiInterface.accessible, "GetState")
        // States 5 collapsed, 8 enabled, 9 expandable, 11 focusable, 12 focused, 16 modal,
        // 24 sensitive, 25 showing, 30 visible: all in the first word.
        let expected: UInt32 =
            1 << 5 | 1 << 8 | 1 << 9 | 1 << 11 | 1 << 12 | 1 << 16 | 1 << 24 | 1 << 25 | 1 << 30
        XCTAssertEqual(words, [.array(element: "u", [.uint32(expected), .uint32(0)])])
    }

    func testActionsAreDismissExpandCollapse() {
        var (server, _) = server()
        let actions = reply(&server, .dialog, AtspiInterface.action, "GetActions")
        guard case .array(_, let list)? = actions.first else { return XCTFail("\(actions)") }
        XCTAssertEqual(list.count, 3)
        XCTAssertEqual(
            list.first,
            .structure([
                .string("dismiss"), .string(AccessibleSheetAction.dismiss.summary),
                .string("Escape"),
            ]))
        XCTAssertEqual(
            reply(&server, .dialog, AtspiInterface.action, "GetName", [.int32(2)]),
            [.string("collapse")])
        XCTAssertEqual(
            reply(
                &server, .dialog, AtspiInterface.properties, "Get",
                [
                    .string(AtspiInterface.action), .string("NActions"),
                ]), [.variant(.int32(3))])
        XCTAssertEqual(
            reply(&server, .dialog, AtspiInterface.action, "DoAction", [.int32(7)]), [.bool(false)])
    }

    func testDoActionDismissStartsTheDismissal() {
        var (server, controller) = server()
        XCTAssertEqual(
            reply(&server, .dialog, AtspiInterface.action, "DoAction", [.int32(0)]), [.bool(true)])
        XCTAssertEqual(controller.state.phase, .dismissing)
    }

    func testExtentsAreScaledAndScreenExtentsAddTheWindowsOrigin() {
        var (server, _) = server(scale: 2)
        XCTAssertEqual(
            reply(&server, .dialog, AtspiInterface.component, "GetExtents", [.uint32(1)]),
            [.structure([.int32(0), .int32(844), .int32(780), .int32(844)])])
        XCTAssertEqual(
            reply(&server, .dialog, AtspiInterface.component, "GetExtents", [.uint32(0)]),
            [.structure([.int32(100), .int32(894), .int32(780), .int32(844)])])
        XCTAssertEqual(
            reply(
                &server, .frame, AtspiInterface.component, "GetAccessibleAtPoint",
                [
                    .int32(10), .int32(900), .uint32(1),
                ]), [.reference(AccessibleReference(bus: ":1.7", path: AtspiNode.dialog.path))])
        XCTAssertEqual(
            reply(
                &server, .frame, AtspiInterface.component, "Contains",
                [
                    .int32(10), .int32(2000), .uint32(1),
                ]), [.bool(false)])
    }

    func testTheCacheListsTheFrameTheDialogAndItsSixtyRows() {
        var (server, _) = server()
        guard
            case .reply(let values) = server.answer(
                path: AtspiNode.cachePath, interface: AtspiInterface.cache, member: "GetItems",
                arguments: [])
        else { return XCTFail("GetItems failed") }
        guard case .array(let element, let list)? = values.first else { return XCTFail() }
        XCTAssertEqual(element, "((so)(so)(so)iiassusau)")
        XCTAssertEqual(list.count, 62)
        XCTAssertEqual(
            list.map(\.signature), Array(repeating: "((so)(so)(so)iiassusau)", count: 62))
    }

    func testUnknownPathsAndMethodsAreErrors() {
        var (server, _) = server()
        guard
            case .error(let name, _) = server.answer(
                path: "/nowhere", interface: AtspiInterface.accessible, member: "GetRole",
                arguments: [])
        else { return XCTFail() }
        XCTAssertEqual(name, "org.freedesktop.DBus.Error.UnknownObject")
        guard
            case .error(let other, _) = server.answer(
                path: AtspiNode.frame.path, interface: AtspiInterface.action, member: "DoAction",
                arguments: [.int32(0)])
        else { return XCTFail() }
        XCTAssertEqual(other, "org.freedesktop.DBus.Error.UnknownMethod")
    }

    func testMessagesCarryEveryValueTypeThereAndBack() throws {
        let arguments: [DBusValue] = [
            .bool(true), .int16(-3), .int32(-70000), .uint32(4_000_000_000), .double(0.25),
            .string("Sheet ✓"), .objectPath("/org/a11y/atspi/accessible/sheet"),
            .array(element: "s", []), .array(element: "(so)", [.reference(.null)]),
            .dictionary(key: "s", value: "v", [(.string("IsEnabled"), .variant(.bool(true)))]),
            .structure([.int32(1), .string("x")]), .variant(.uint32(7)),
        ]
        let message = try XCTUnwrap(
            DBusMessage.methodCall(
                destination: "org.example", path: "/x", interface: "org.example.I", member: "M",
                arguments: arguments))
        XCTAssertEqual(message.arguments, arguments)
        XCTAssertEqual(message.member, "M")
        XCTAssertTrue(message.isMethodCall)
    }
}
