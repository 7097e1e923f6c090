import SwipeDismiss
import XCTest

@testable import SwipeDismissWayland

/// What wl_pointer frames mean to the controller: no compositor needed.
final class WaylandPointerMappingTests: XCTestCase {
    func frame(_ mapping: inout WaylandPointerMapping) -> [InputEvent.Kind] {
        var events: [InputEvent.Kind] = []
        mapping.frame(into: &events)
        return events
    }

    func testLeftButtonPressDragReleaseIsDownMoveUp() {
        var mapping = WaylandPointerMapping()
        mapping.enter(at: Point(x: 195, y: 400))
        XCTAssertEqual(frame(&mapping), [])
        mapping.button(WaylandPointerMapping.leftButton, pressed: true)
        XCTAssertEqual(frame(&mapping), [.down(Point(x: 195, y: 400))])
        mapping.motion(to: Point(x: 195, y: 480.5))
        XCTAssertEqual(frame(&mapping), [.move(Point(x: 195, y: 480.5))])
        mapping.button(WaylandPointerMapping.leftButton, pressed: false)
        XCTAssertEqual(frame(&mapping), [.up(Point(x: 195, y: 480.5))])
        XCTAssertFalse(mapping.isPressed)
    }

    func testOtherButtonsAndMotionWithoutAPressSayNothing() {
        var mapping = WaylandPointerMapping()
        mapping.enter(at: .zero)
        mapping.motion(to: Point(x: 10, y: 10))
        mapping.button(0x111, pressed: true)  // BTN_RIGHT
        XCTAssertEqual(frame(&mapping), [])
    }

    func testFingerScrollDragsAndEndsInTheFrameOfAxisStop() {
        var mapping = WaylandPointerMapping()
        mapping.axisSource(WaylandPointerMapping.AxisSource.finger.rawValue)
        mapping.axis(vertical: true, value: -12.5)
        mapping.axis(vertical: false, value: 2)
        XCTAssertEqual(frame(&mapping), [.scroll(dx: -2, dy: 12.5, source: .touchpad)])
        mapping.axisSource(WaylandPointerMapping.AxisSource.finger.rawValue)
        mapping.axisStop()
        XCTAssertEqual(frame(&mapping), [.scrollStop])
    }

    func testWheelNotchIs53PointsAndNeverAStop() {
        var mapping = WaylandPointerMapping()
        mapping.axisSource(WaylandPointerMapping.AxisSource.wheel.rawValue)
        mapping.axis(vertical: true, value: 10)
        mapping.axisSteps(vertical: true, steps: 1)
        XCTAssertEqual(frame(&mapping), [.scroll(dx: 0, dy: -53, source: .wheel)])
        // value120 of a high-resolution wheel: half a notch.
        mapping.axisSource(WaylandPointerMapping.AxisSource.wheel.rawValue)
        mapping.axis(vertical: true, value: -5)
        mapping.axisSteps(vertical: true, steps: -60.0 / 120)
        XCTAssertEqual(frame(&mapping), [.scroll(dx: 0, dy: 26.5, source: .wheel)])
    }

    func testAxisWithoutSourceOrStepsIsAWheelScaledFromTenPerNotch() {
        var mapping = WaylandPointerMapping()
        mapping.axis(vertical: true, value: 20)
        XCTAssertEqual(frame(&mapping), [.scroll(dx: 0, dy: -106, source: .wheel)])
    }

    func testLeavingWithTheButtonHeldCancels() {
        var mapping = WaylandPointerMapping()
        mapping.enter(at: Point(x: 5, y: 5))
        mapping.button(WaylandPointerMapping.leftButton, pressed: true)
        _ = frame(&mapping)
        mapping.leave()
        XCTAssertEqual(frame(&mapping), [.cancel])
        XCTAssertFalse(mapping.isPressed)
    }

    func testNonFiniteValuesAreDropped() {
        var mapping = WaylandPointerMapping()
        mapping.motion(to: Point(x: .nan, y: 3))
        mapping.axis(vertical: true, value: .infinity)
        XCTAssertEqual(frame(&mapping), [])
        XCTAssertEqual(mapping.position, .zero)
    }
}

extension WaylandPointerMappingTests {
    func testAContinuousStreamDragsLikeATouchpadAndEndsOnItsStop() {
        var mapping = WaylandPointerMapping()
        mapping.axisSource(WaylandPointerMapping.AxisSource.continuous.rawValue)
        mapping.axis(vertical: true, value: 4)
        XCTAssertEqual(frame(&mapping), [.scroll(dx: 0, dy: -4, source: .touchpad)])
        mapping.axisStop()  // a stop frame that does not repeat the source
        XCTAssertEqual(frame(&mapping), [.scrollStop])
    }

    func testAWheelFrameNeverStops() {
        var mapping = WaylandPointerMapping()
        mapping.axisSource(WaylandPointerMapping.AxisSource.wheel.rawValue)
        mapping.axisStop()
        XCTAssertEqual(frame(&mapping), [])
    }
}
