import XCTest

@testable import SwipeDismissHost

final class DeviceTimeMapperTests: XCTestCase {
    func testStampsKeepTheDeviceSpacingFromTheLeastDelayedEvent() {
        var mapper = DeviceTimeMapper(zeroStamp: .time)
        // Read 5 ms late, then 1 ms late: the offset drops to the smaller delay.
        XCTAssertEqual(mapper.map(milliseconds: 1000, now: 10.005), 10.005, accuracy: 1e-12)
        XCTAssertEqual(mapper.map(milliseconds: 1010, now: 10.011), 10.011, accuracy: 1e-12)
        XCTAssertEqual(mapper.offset!, 9.001, accuracy: 1e-12)
        // Read 8 ms late: mapped at the device time plus the least delay.
        XCTAssertEqual(mapper.map(milliseconds: 1020, now: 10.029), 10.021, accuracy: 1e-12)
    }

    func testZeroIsNoTimeOnXAndATimeOnWayland() {
        var x = DeviceTimeMapper(zeroStamp: .unstamped)
        XCTAssertEqual(x.map(milliseconds: 0, now: 3), 3)
        XCTAssertNil(x.offset, "CurrentTime says nothing about the offset")
        var wayland = DeviceTimeMapper(zeroStamp: .time)
        XCTAssertEqual(wayland.map(milliseconds: 0, now: 3), 3)
        XCTAssertEqual(wayland.offset, 3)
    }

    func testMappedTimesNeverGoBackNorPastNow() {
        var mapper = DeviceTimeMapper(zeroStamp: .time)
        XCTAssertEqual(mapper.map(milliseconds: 2000, now: 5), 5)
        // An older stamp read later still maps no earlier than the last time.
        XCTAssertEqual(mapper.map(milliseconds: 1990, now: 5.02), 5)
        XCTAssertEqual(mapper.unstamped(now: 4), 5)
    }

    func testTheCounterWrapIsUnwrapped() {
        var mapper = DeviceTimeMapper(zeroStamp: .time)
        XCTAssertEqual(mapper.map(milliseconds: UInt32.max - 9, now: 100), 100)
        // 20 ms later the counter has wrapped to 10.
        XCTAssertEqual(mapper.map(milliseconds: 10, now: 100.025), 100.020, accuracy: 1e-9)
    }

    func testObserveOnlyLowersTheOffset() {
        var mapper = DeviceTimeMapper(zeroStamp: .unstamped)
        mapper.observe(milliseconds: 1000, now: 2)
        XCTAssertEqual(mapper.offset, 1)
        mapper.observe(milliseconds: 1100, now: 2.3)
        XCTAssertEqual(mapper.offset, 1)
        mapper.observe(milliseconds: 1200, now: 2.15)
        XCTAssertEqual(mapper.offset!, 0.95, accuracy: 1e-12)
    }

    func testStopReasonsExitStatuses() {
        XCTAssertEqual(HostStopReason.windowClosed.exitStatus, 0)
        XCTAssertEqual(HostStopReason.stopped.exitStatus, 0)
        XCTAssertEqual(HostStopReason.interrupted(signal: 15).exitStatus, 143)
        XCTAssertEqual(HostStopReason.connectionLost(reason: "gone").exitStatus, 1)
        XCTAssertEqual(HostInput.wheelPointsPerNotch, 53)
    }
}
