import SwipeDismiss
import SwipeDismissX11
import XCTest

/// The XInput2 mapping on synthetic device events: what Xvfb cannot generate (touch,
/// smooth-scroll valuators, emulation flags) is tested here, with no server.
final class XInput2MappingTests: XCTestCase {
    let touchpad: Int32 = 11
    let mouse: Int32 = 12
    let screen: Int32 = 13
    let emulated = XI2EventFlag.pointerEmulated

    /// A mapping that knows a libinput touchpad (scroll valuators 2 and 3, increment 15), a
    /// high-resolution mouse wheel (increment 120) and a touchscreen, baselines at 0.
    private func makeMapping(scale: Double = 1, touchSelected: Bool = true) -> XInput2Mapping {
        var mapping = XInput2Mapping(scale: scale, touchSelected: touchSelected)
        mapping.update(
            XI2SourceDevice(
                id: touchpad, kind: .touchpad, vertical: XI2ScrollAxis(number: 3, increment: 15),
                horizontal: XI2ScrollAxis(number: 2, increment: 15)),
            verticalValue: 0, horizontalValue: 0)
        mapping.update(
            XI2SourceDevice(
                id: mouse, kind: .mouse, vertical: XI2ScrollAxis(number: 3, increment: 120)),
            verticalValue: 0)
        mapping.update(XI2SourceDevice(id: screen, kind: .touchscreen))
        return mapping
    }

    private func map(_ events: [XI2DeviceEvent], _ mapping: inout XInput2Mapping) -> [XI2Input] {
        var output: [XI2MappedEvent] = []
        for event in events { mapping.handle(event, into: &output) }
        return output.map(\.input)
    }

    private func motion(
        _ source: Int32, _ valuators: [Int: Double] = [:], x: Double = 0, y: Double = 0,
        flags: Int32 = 0, time: UInt = 1000
    ) -> XI2DeviceEvent {
        XI2DeviceEvent(
            type: XI2EventType.motion, sourceID: source, flags: flags, time: time, x: x, y: y,
            valuators: XI2Valuators(valuators))
    }

    private func button(
        _ type: Int32, _ number: Int32, source: Int32 = 12, x: Double = 0, y: Double = 0,
        flags: Int32 = 0
    ) -> XI2DeviceEvent {
        XI2DeviceEvent(
            type: type, sourceID: source, detail: number, flags: flags, time: 1000, x: x, y: y)
    }

    private func touch(_ type: Int32, _ id: Int32, x: Double = 0, y: Double, source: Int32 = 13)
        -> XI2DeviceEvent
    {
        XI2DeviceEvent(type: type, sourceID: source, detail: id, time: 1000, x: x, y: y)
    }

    // MARK: Numbers

    func testFP1616ValuesBecomeExactDoubles() {
        XCTAssertEqual(XI2FixedPoint.double(fromFP1616: 0x0001_8000), 1.5)
        XCTAssertEqual(XI2FixedPoint.double(fromFP1616: -98304), -1.5)
        XCTAssertEqual(XI2FixedPoint.double(fromFP1616: 0x00C3_4000), 195.25)
        XCTAssertEqual(XI2FixedPoint.double(fromFP1616: .min), -32768)
        XCTAssertEqual(XI2FixedPoint.double(fromFP1616: .max), 32767 + 65535 / 65536)
        XCTAssertEqual(XI2FixedPoint.fp1616(from: 100.25), 6_569_984)
        XCTAssertEqual(XI2FixedPoint.fp1616(from: 1e9), .max)
        XCTAssertEqual(XI2FixedPoint.fp1616(from: -1e9), .min)
        XCTAssertEqual(XI2FixedPoint.fp1616(from: .nan), 0)
    }

    func testValuatorsAreReadFromTheMaskAndPackedValues() {
        let mask: [UInt8] = [0b0000_1100, 0b0000_0010]  // valuators 2, 3 and 9
        let values: [Double] = [30, -15, 7]
        let valuators = XI2Valuators(mask: mask, maskLength: 2, values: values)
        XCTAssertEqual(valuators.value(2), 30)
        XCTAssertEqual(valuators.value(3), -15)
        XCTAssertEqual(valuators.value(9), 7)
        XCTAssertNil(valuators.value(0))
        XCTAssertNil(valuators.value(64))
        XCTAssertEqual(valuators, XI2Valuators([9: 7, 3: -15, 2: 30]))
        XCTAssertTrue(XI2Valuators(mask: nil, maskLength: 0, values: nil).isEmpty)
        // Past the fixed capacity (16 values) the rest are dropped, never read out of range.
        let many = XI2Valuators(Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, Double($0)) }))
        XCTAssertEqual(many.value(15), 15)
        XCTAssertNil(many.value(16))
    }

    // MARK: Smooth scrolling

    func testTouchpadValuatorIncrementsBecomePointsSignedLikeADrag() {
        var mapping = makeMapping()
        let inputs = map(
            [
                motion(touchpad, [3: 30]),  // 2 increments "down": content moves up 30 pt
                motion(touchpad, [3: 22.5]),  // half an increment back: down 7.5 pt
                motion(touchpad, [2: -15, 3: 22.5]),  // one increment left: right 15 pt
                motion(touchpad, [2: -15, 3: 22.5]),  // nothing moved: the fingers lifted
            ], &mapping)
        XCTAssertEqual(
            inputs,
            [
                .scroll(dx: 0, dy: -30, source: .touchpad),
                .scroll(dx: 0, dy: 7.5, source: .touchpad),
                .scroll(dx: 15, dy: 0, source: .touchpad), .scrollStop,
            ])
    }

    func testANegativeIncrementReportsNaturalScrollingAsTheServerSetsIt() {
        var mapping = XInput2Mapping()
        mapping.update(
            XI2SourceDevice(
                id: touchpad, kind: .touchpad, vertical: XI2ScrollAxis(number: 3, increment: -15)),
            verticalValue: 100)
        XCTAssertEqual(
            map([motion(touchpad, [3: 130])], &mapping),
            [.scroll(dx: 0, dy: 30, source: .touchpad)])
    }

    func testTheFirstValueWithoutABaselineOnlySetsIt() {
        var mapping = makeMapping()
        mapping.resetScrollBaselines()
        XCTAssertEqual(
            map([motion(touchpad, [3: 500]), motion(touchpad, [3: 515])], &mapping),
            [.scroll(dx: 0, dy: -15, source: .touchpad)])
    }

    func testAMouseWheelsSmoothValuatorIsAWheelAndHasNoStop() {
        var mapping = makeMapping()
        XCTAssertEqual(
            map(
                [motion(mouse, [3: 120]), motion(mouse, [3: 60]), motion(mouse, [3: 60])], &mapping),
            [.scroll(dx: 0, dy: -53, source: .wheel), .scroll(dx: 0, dy: 26.5, source: .wheel)])
    }

    func testLegacyButtons4To7AreOneWheelClickEachAndReleasesNothing() {
        var mapping = makeMapping()
        let inputs = map(
            (4...7).flatMap {
                [button(XI2EventType.buttonPress, $0), button(XI2EventType.buttonRelease, $0)]
            },
            &mapping)
        XCTAssertEqual(
            inputs,
            [
                .scroll(dx: 0, dy: 53, source: .wheel), .scroll(dx: 0, dy: -53, source: .wheel),
                .scroll(dx: 53, dy: 0, source: .wheel), .scroll(dx: -53, dy: 0, source: .wheel),
            ])
    }

    func testButtonsEmulatedFromSmoothScrollingAreNotCountedAgain() {
        var mapping = makeMapping()
        // The touchpad moved two increments down; the server adds two emulated button 5s.
        let inputs = map(
            [
                motion(touchpad, [3: 30]), button(XI2EventType.buttonPress, 5, flags: emulated),
                button(XI2EventType.buttonRelease, 5, flags: emulated),
                button(XI2EventType.buttonPress, 5, flags: emulated),
            ], &mapping)
        XCTAssertEqual(inputs, [.scroll(dx: 0, dy: -30, source: .touchpad)])
    }

    func testValuatorMotionEmulatedFromAWheelButtonIsNotCountedAgain() {
        var mapping = makeMapping()
        // A real button 5 click; the server moves the wheel's valuator one increment with
        // the emulated flag. The next real smooth motion counts only its own change.
        let inputs = map(
            [
                button(XI2EventType.buttonPress, 5), motion(mouse, [3: 120], flags: emulated),
                button(XI2EventType.buttonRelease, 5), motion(mouse, [3: 180]),
            ], &mapping)
        XCTAssertEqual(
            inputs,
            [.scroll(dx: 0, dy: -53, source: .wheel), .scroll(dx: 0, dy: -26.5, source: .wheel)])
    }

    // MARK: Pointer

    func testAPointerDragKeepsSubPixelPositionsInPoints() {
        var mapping = makeMapping(scale: 2)
        let x = XI2FixedPoint.double(fromFP1616: 0x0186_8000)  // 390.5 px
        XCTAssertEqual(map([motion(mouse, x: 10, y: 10, time: 900)], &mapping), [])  // a hover
        XCTAssertEqual(mapping.lastServerTime, 900)
        let inputs = map(
            [
                button(XI2EventType.buttonPress, 1, x: x, y: 1000.25),
                motion(mouse, x: x, y: 1010.75), motion(mouse, x: x, y: 1010.75),
                motion(mouse, [3: 0], x: x, y: 1010.75),
                button(XI2EventType.buttonRelease, 1, x: x, y: 1021),
                motion(mouse, x: 10, y: 10),
            ], &mapping)
        XCTAssertEqual(
            inputs,
            [
                .down(Point(x: 195.25, y: 500.125)), .move(Point(x: 195.25, y: 505.375)),
                .up(Point(x: 195.25, y: 510.5)),
            ])
    }

    func testASecondPressWithoutAReleaseCancelsTheFirstAndOtherButtonsDoNothing() {
        var mapping = makeMapping()
        let inputs = map(
            [
                button(XI2EventType.buttonPress, 1, y: 5), button(XI2EventType.buttonPress, 3),
                button(XI2EventType.buttonRelease, 3), button(XI2EventType.buttonPress, 1, y: 9),
            ], &mapping)
        XCTAssertEqual(inputs, [.down(Point(x: 0, y: 5)), .cancel, .down(Point(x: 0, y: 9))])
    }

    func testPointerEventsEmulatedFromTouchesAreDroppedOnlyWhenTouchesArrive() {
        let emulatedPress = button(XI2EventType.buttonPress, 1, y: 5, flags: emulated)
        var touching = makeMapping()
        XCTAssertEqual(map([emulatedPress], &touching), [])
        var notTouching = makeMapping(touchSelected: false)
        XCTAssertEqual(map([emulatedPress], &notTouching), [.down(Point(x: 0, y: 5))])
    }

    func testCancelEndsAPressAndItsReleaseIsIgnored() {
        var mapping = makeMapping()
        var output: [XI2MappedEvent] = []
        mapping.handle(button(XI2EventType.buttonPress, 1, y: 5), into: &output)
        mapping.cancel(serverTime: 2000, into: &output)
        mapping.handle(button(XI2EventType.buttonRelease, 1, y: 9), into: &output)
        mapping.cancel(serverTime: 2001, into: &output)
        XCTAssertEqual(
            output,
            [
                XI2MappedEvent(serverTime: 1000, input: .down(Point(x: 0, y: 5))),
                XI2MappedEvent(serverTime: 2000, input: .cancel),
            ])
    }

    // MARK: Touch

    func testTheFirstTouchDrivesTheGesture() {
        var mapping = makeMapping()
        let inputs = map(
            [
                touch(XI2EventType.touchBegin, 7, y: 100),
                touch(XI2EventType.touchUpdate, 7, y: 120.5),
                touch(XI2EventType.touchEnd, 7, y: 130),
            ], &mapping)
        XCTAssertEqual(
            inputs,
            [.down(Point(x: 0, y: 100)), .move(Point(x: 0, y: 120.5)), .up(Point(x: 0, y: 130))])
        XCTAssertFalse(mapping.isPressed)
    }

    func testASecondTouchCancelsCleanlyAndLaterTouchesWaitUntilAllLift() {
        var mapping = makeMapping()
        let inputs = map(
            [
                touch(XI2EventType.touchBegin, 7, y: 100),
                touch(XI2EventType.touchUpdate, 7, y: 150),
                touch(XI2EventType.touchBegin, 8, y: 300),  // a second finger: cancel
                touch(XI2EventType.touchUpdate, 7, y: 160),
                touch(XI2EventType.touchUpdate, 8, y: 310),
                touch(XI2EventType.touchEnd, 7, y: 160),
                touch(XI2EventType.touchBegin, 9, y: 400),  // 8 is still down: ignored
                touch(XI2EventType.touchUpdate, 9, y: 420), touch(XI2EventType.touchEnd, 8, y: 310),
                touch(XI2EventType.touchEnd, 9, y: 420),
                touch(XI2EventType.touchBegin, 10, y: 50),  // all lifted: a new gesture
            ], &mapping)
        XCTAssertEqual(
            inputs,
            [
                .down(Point(x: 0, y: 100)), .move(Point(x: 0, y: 150)), .cancel,
                .down(Point(x: 0, y: 50)),
            ])
    }

    func testTouchesFromATouchpadAreNotGestures() {
        var mapping = makeMapping()
        XCTAssertEqual(
            map([touch(XI2EventType.touchBegin, 1, y: 10, source: touchpad)], &mapping), [])
    }

    func testAPressWhileATouchDrivesIsIgnored() {
        var mapping = makeMapping()
        let inputs = map(
            [touch(XI2EventType.touchBegin, 7, y: 100), button(XI2EventType.buttonPress, 1, y: 5)],
            &mapping)
        XCTAssertEqual(inputs, [.down(Point(x: 0, y: 100))])
    }

    // MARK: Devices

    func testDeviceKindsFollowTouchpadPropertiesThenTouchModeThenName() {
        XCTAssertEqual(
            XI2SourceDevice.kind(
                name: "ELAN0501:00 04F3:3060 Mouse", touchMode: nil, hasTouchpadProperty: true),
            .touchpad)
        XCTAssertEqual(
            XI2SourceDevice.kind(name: "x", touchMode: 2, hasTouchpadProperty: false), .touchpad)
        XCTAssertEqual(
            XI2SourceDevice.kind(
                name: "Wacom HID 48EC Finger", touchMode: 1, hasTouchpadProperty: false),
            .touchscreen)
        XCTAssertEqual(
            XI2SourceDevice.kind(
                name: "SynPS/2 Synaptics TouchPad", touchMode: nil, hasTouchpadProperty: false),
            .touchpad)
        XCTAssertEqual(
            XI2SourceDevice.kind(
                name: "Virtual core XTEST pointer", touchMode: nil, hasTouchpadProperty: false),
            .mouse)
    }

    /// The name test is a plain byte search, whatever the case of the ASCII letters: a word at
    /// the start, at the end, the whole name; a name shorter than the word, or holding only part
    /// of it, is a mouse; a name with non-ASCII letters still matches its ASCII word.
    func testDeviceNamesMatchTouchpadWordsInAnyCaseAnywhere() {
        func kind(_ name: String) -> XI2SourceDevice.Kind {
            XI2SourceDevice.kind(name: name, touchMode: nil, hasTouchpadProperty: false)
        }
        XCTAssertEqual(kind("TRACKPAD"), .touchpad)
        XCTAssertEqual(kind("touchpad 2"), .touchpad)
        XCTAssertEqual(kind("Apple Inc. Magic Trackpad"), .touchpad)
        XCTAssertEqual(kind("Périphérique TouchPad"), .touchpad)
        XCTAssertEqual(kind("touchpa"), .mouse)
        XCTAssertEqual(kind("touch pad"), .mouse)
        XCTAssertEqual(kind(""), .mouse)
    }
}
