import CX11
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissX11

/// XInput2 against a real server (Xvfb): version, selection, and what XTest can send.
final class X11XInput2Tests: XCTestCase {
    /// A mapped window with XI2 selected, and the mapping its events go through.
    final class Harness {
        let display: X11Display
        let window: X11Window
        let input: X11XInput2
        let clock = MonotonicClock()
        var mapping: XInput2Mapping
        var output: [XI2MappedEvent] = []

        init(display: X11Display, scale: Double = 1) throws {
            self.display = display
            guard let input = X11XInput2(display: display) else {
                XCTFail("no XInput 2.2: \(X11XInput2.probe(display).description)")
                throw X11Error.cannotCreate("XInput2")
            }
            self.input = input
            window = try X11Window(display: display, title: "XI2 test", width: 300, height: 300)
            XCTAssertTrue(input.select(on: window))
            mapping = XInput2Mapping(scale: scale, touchSelected: input.touchSelected)
            input.refreshDevices(in: &mapping)
            window.map()
            try pump(until: "the window is mapped") { window.isMapped }
        }

        var id: String { String(window.windowID) }

        var inputs: [XI2Input] { output.map(\.input) }

        /// Reads and maps events until `condition` holds; fails after `timeout` seconds.
        func pump(
            until what: String, timeout: Double = 5, file: StaticString = #filePath,
            line: UInt = #line, _ condition: () -> Bool
        ) throws {
            let deadline = clock.now + timeout
            let pointer = display.pointer
            while !condition() {
                guard clock.now < deadline else {
                    XCTFail(
                        "timed out waiting until \(what); got \(inputs)", file: file, line: line)
                    throw X11Error.cannotCreate("events in time")
                }
                var descriptors = [
                    pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)
                ]
                Xlib.poll(&descriptors, timeout: 0.02)
                while Xlib.pending(pointer) > 0 {
                    var event = XEvent()
                    Xlib.nextEvent(pointer, into: &event)
                    if !input.handle(&event, mapping: &mapping, into: &output) {
                        window.handle(&event)
                    }
                }
            }
        }
    }

    func testTheServerSpeaksXInput22() throws {
        let display = try openTestDisplay()
        guard case .available(let major, let minor) = X11XInput2.probe(display) else {
            return XCTFail("Xvfb should offer XInput 2.2: \(X11XInput2.probe(display).description)")
        }
        XCTAssertTrue(major > 2 || (major == 2 && minor >= 2), "\(major).\(minor)")
        let input = try XCTUnwrap(X11XInput2(display: display))
        XCTAssertEqual(input.major, major)
        XCTAssertEqual(input.minor, minor)
        XCTAssertGreaterThan(input.masterPointer, 1)
    }

    func testWhatAServerOffersDecidesTheFallback() {
        XCTAssertEqual(
            X11XInput2.availability(hasExtension: false, version: (2, 4)), .noExtension)
        XCTAssertEqual(
            X11XInput2.availability(hasExtension: true, version: nil), .tooOld(major: 1, minor: 0))
        XCTAssertEqual(
            X11XInput2.availability(hasExtension: true, version: (2, 1)),
            .tooOld(major: 2, minor: 1))
        XCTAssertEqual(
            X11XInput2.availability(hasExtension: true, version: (2, 2)),
            .available(major: 2, minor: 2))
        XCTAssertEqual(
            X11XInput2.Availability.tooOld(major: 2, minor: 0).description,
            "XInput 2.0 is older than 2.2")
    }

    func testSelectingPointerAndTouchEventsOnARealWindowSucceeds() throws {
        let display = try openTestDisplay()
        let errors = X11Display.protocolErrorCount
        let harness = try Harness(display: display)
        XCTAssertTrue(harness.input.touchSelected)
        XCTAssertEqual(X11Display.protocolErrorCount, errors)
        // The XTest pointer is a slave the mapping now knows, as a mouse.
        let devices = harness.input.devices(Int32(XIAllDevices))
        XCTAssertFalse(devices.isEmpty)
        XCTAssertTrue(devices.allSatisfy { harness.mapping.knowsDevice($0.0.id) })
        // Xvfb's pointers ("Virtual core XTEST pointer", "Xvfb mouse") are plain mice.
        XCTAssertEqual(devices.map(\.0.kind), Array(repeating: .mouse, count: devices.count))
    }

    func testXTestWheelButtonsArriveAsWheelClicksCountedOnce() throws {
        let display = try openTestDisplay()
        try requireXdotool()
        let harness = try Harness(display: display)
        // Not `click --window`: that sends synthetic core events, which XI2 never sees.
        try xdotool(["mousemove", "--window", harness.id, "150", "150", "click", "5", "click", "4"])
        try xdotool(["click", "5", "click", "6"])
        // Button 6 comes last: any emulated copy of the earlier clicks would be before it.
        try harness.pump(until: "four wheel clicks arrived") {
            harness.inputs.contains(.scroll(dx: 53, dy: 0, source: .wheel))
        }
        XCTAssertEqual(
            harness.inputs,
            [
                .scroll(dx: 0, dy: -53, source: .wheel), .scroll(dx: 0, dy: 53, source: .wheel),
                .scroll(dx: 0, dy: -53, source: .wheel), .scroll(dx: 53, dy: 0, source: .wheel),
            ])
    }

    /// Xvfb rounds even an `XIWarpPointer` to whole pixels (measured: 100.5 arrives as
    /// 100), so the sub-pixel part of the path is `XInput2MappingTests`; here odd pixels at
    /// scale 2 show fractions of a point come through.
    func testAPointerDragArrivesThroughXI2InPoints() throws {
        let display = try openTestDisplay()
        try requireXdotool()
        let harness = try Harness(display: display, scale: 2)
        try xdotool([
            "mousemove", "--window", harness.id, "100", "100", "mousedown", "1",
            "mousemove", "--window", harness.id, "101", "141", "mouseup", "1",
        ])
        try harness.pump(until: "the release arrived") {
            if case .up = harness.inputs.last { return true }
            return false
        }
        XCTAssertEqual(
            harness.inputs,
            [
                .down(Point(x: 50, y: 50)), .move(Point(x: 50.5, y: 70.5)),
                .up(Point(x: 50.5, y: 70.5)),
            ])
        XCTAssertFalse(harness.mapping.isPressed)
    }
}
