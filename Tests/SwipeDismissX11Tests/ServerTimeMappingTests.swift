import SwipeDismissX11
import XCTest

final class ServerTimeMappingTests: XCTestCase {
    func testFirstEventSetsTheOffsetSoItLandsNow() {
        var mapping = ServerTimeMapping()
        XCTAssertEqual(mapping.map(serverTime: 10_000, now: 3), 3, accuracy: 1e-12)
        XCTAssertEqual(mapping.offset!, -7, accuracy: 1e-12)
    }

    func testLaterEventsKeepTheServersSpacing() {
        var mapping = ServerTimeMapping()
        _ = mapping.map(serverTime: 10_000, now: 3)
        // Read late, in one batch: the server's 8 ms spacing survives.
        XCTAssertEqual(mapping.map(serverTime: 10_008, now: 3.05), 3.008, accuracy: 1e-9)
        XCTAssertEqual(mapping.map(serverTime: 10_016, now: 3.05), 3.016, accuracy: 1e-9)
    }

    func testAnEventNeverLandsInTheFutureAndLowersTheOffset() {
        var mapping = ServerTimeMapping()
        _ = mapping.map(serverTime: 10_000, now: 3.1)  // the first read was late
        // 50 ms later on the server but only 20 ms later here: the first estimate was high.
        XCTAssertEqual(mapping.map(serverTime: 10_050, now: 3.12), 3.12, accuracy: 1e-9)
        XCTAssertEqual(mapping.offset!, 3.12 - 10.05, accuracy: 1e-9)
        // From then on the lowered offset holds.
        XCTAssertEqual(mapping.map(serverTime: 10_100, now: 3.5), 3.17, accuracy: 1e-9)
    }

    func testMappedTimesNeverDecrease() {
        var mapping = ServerTimeMapping()
        let a = mapping.map(serverTime: 10_000, now: 5)
        let b = mapping.map(serverTime: 9_990, now: 5.001)  // an older stamp
        let c = mapping.unstamped(now: 4)  // a clock read before
        XCTAssertGreaterThanOrEqual(b, a)
        XCTAssertGreaterThanOrEqual(c, b)
    }

    func testThe32BitMillisecondCounterWrapsWithoutAJump() {
        var mapping = ServerTimeMapping()
        _ = mapping.map(serverTime: UInt(UInt32.max - 5), now: 100)
        XCTAssertEqual(mapping.map(serverTime: 4, now: 100.5), 100.010, accuracy: 1e-9)
    }

    func testCurrentTimeIsStampedNowAndLeavesTheOffsetAlone() {
        var mapping = ServerTimeMapping()
        _ = mapping.map(serverTime: 10_000, now: 3)  // offset -7
        // A synthetic event carries CurrentTime (0): it happened now, not at server time 0
        // (which the offset would place at -7 s) nor at the last real event (3 s).
        XCTAssertEqual(mapping.map(serverTime: 0, now: 5.25), 5.25)
        XCTAssertEqual(mapping.offset!, -7, accuracy: 1e-12)
        mapping.observe(serverTime: 0, now: 6)
        XCTAssertEqual(mapping.offset!, -7, accuracy: 1e-12)
        // Real stamps go on mapping with the same offset (kept monotonic).
        XCTAssertEqual(mapping.map(serverTime: 12_500, now: 6), 5.5, accuracy: 1e-9)
    }

    func testCurrentTimeAsTheFirstEventSetsNoOffset() {
        var mapping = ServerTimeMapping()
        XCTAssertEqual(mapping.map(serverTime: 0, now: 2), 2)
        XCTAssertNil(mapping.offset)
        XCTAssertEqual(mapping.map(serverTime: 10_000, now: 2.5), 2.5, accuracy: 1e-12)
        XCTAssertEqual(mapping.offset!, -7.5, accuracy: 1e-12)
    }
}
