import CX11
import SwipeDismiss
import SwipeDismissX11
import XCTest

/// Mouse button 8 is the back key on both X input paths (DESIGN §4c "Keyboard in a sheet"),
/// through the core's table: hand-made events, no server.
final class BackButtonInputTests: XCTestCase {
    private func press(_ button: UInt32, x: Int32 = 20, y: Int32 = 30) -> XEvent {
        var event = XEvent()
        event.xbutton.type = ButtonPress
        event.xbutton.x = x
        event.xbutton.y = y
        event.xbutton.time = 5000
        event.xbutton.button = button
        return event
    }

    func testCoreButtonEightAnywhereIsTheBackKeyAndNineIsNothing() {
        let clock = ManualClock(now: 10)
        let source = X11InputSource(clock: clock)
        var events = [press(8), press(9), press(8, x: 0, y: 0)]
        for index in events.indices { XCTAssertTrue(source.handle(&events[index])) }
        var read: [InputEvent] = []
        source.events(upTo: 100, into: &read)
        XCTAssertEqual(read.map(\.kind), [.key(.back), .key(.back)])
        XCTAssertFalse(source.isPressed, "a back press starts no drag")
    }

    func testXInput2ButtonEightIsTheBackKeyOnceEmulatedCopiesAside() {
        var mapping = XInput2Mapping(scale: 1, touchSelected: false)
        var output: [XI2MappedEvent] = []
        for (detail, flags) in [
            (Int32(8), Int32(0)), (8, XI2EventFlag.pointerEmulated), (9, 0), (2, 0),
        ] {
            mapping.handle(
                XI2DeviceEvent(
                    type: XI2EventType.buttonPress, detail: detail, flags: flags, time: 1000,
                    x: 10, y: 10), into: &output)
        }
        XCTAssertEqual(output.map(\.input), [.key(.back)])
        XCTAssertEqual(output.first?.serverTime, 1000)
        XCTAssertFalse(mapping.isPressed)
    }
}
