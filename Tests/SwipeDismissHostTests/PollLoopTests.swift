import Glibc
import XCTest

@testable import SwipeDismissHost

final class PollLoopTests: XCTestCase {

    func testAReadablePipeCallsItsHandlerOnceWithReadable() {
        let loop = PollLoop()
        let (readEnd, writeEnd) = makePipe()
        var seen: [PollLoop.Events] = []
        let registration = loop.register(readEnd) { seen.append($0) }
        XCTAssertEqual(write(writeEnd, "x", 1), 1)
        XCTAssertTrue(loop.wait(timeout: 1))
        XCTAssertEqual(loop.events(of: registration), .readable)
        loop.dispatch()
        XCTAssertEqual(seen, [.readable])
        XCTAssertEqual(loop.wakeups, 1)
    }

    func testNothingReadyTimesOutAndCallsNothing() {
        let loop = PollLoop()
        let (readEnd, _) = makePipe()
        var calls = 0
        loop.register(readEnd) { _ in calls += 1 }
        XCTAssertFalse(loop.wait(timeout: 0))
        loop.dispatch()
        XCTAssertEqual(calls, 0)
    }

    func testHandlersRunInRegistrationOrder() {
        let loop = PollLoop()
        let first = makePipe()
        let second = makePipe()
        var order: [String] = []
        loop.register(second.read) { _ in order.append("second") }
        loop.register(first.read) { _ in order.append("first") }
        XCTAssertEqual(write(first.write, "x", 1), 1)
        XCTAssertEqual(write(second.write, "x", 1), 1)
        XCTAssertTrue(loop.wait(timeout: 1))
        loop.dispatch()
        XCTAssertEqual(order, ["second", "first"])
    }

    func testUnregisteredDescriptorIsNoLongerPolled() {
        let loop = PollLoop()
        let (readEnd, writeEnd) = makePipe()
        var calls = 0
        let registration = loop.register(readEnd) { _ in calls += 1 }
        loop.unregister(registration)
        XCTAssertEqual(write(writeEnd, "x", 1), 1)
        XCTAssertFalse(loop.wait(timeout: 0))
        loop.dispatch()
        XCTAssertEqual(calls, 0)
        XCTAssertFalse(loop.contains(registration))
        XCTAssertEqual(loop.count, 0)
    }

    func testAnEmptyInterestStillSeesAHangUp() {
        let loop = PollLoop()
        let (readEnd, writeEnd) = makePipe()
        let registration = loop.register(readEnd, interest: [])
        XCTAssertEqual(write(writeEnd, "x", 1), 1)
        XCTAssertFalse(loop.wait(timeout: 0), "readable, but not asked for")
        close(writeEnd)
        XCTAssertTrue(loop.wait(timeout: 1))
        XCTAssertEqual(loop.events(of: registration), .hangUp)
    }

    func testADescriptorClosedUnderTheLoopIsToldInvalidAndDropped() {
        let loop = PollLoop()
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        var seen: [PollLoop.Events] = []
        let registration = loop.register(ends[0]) { seen.append($0) }
        close(ends[0])
        close(ends[1])
        XCTAssertTrue(loop.wait(timeout: 1))
        loop.dispatch()
        XCTAssertEqual(seen, [.invalid])
        XCTAssertFalse(loop.contains(registration))
    }

    func testAHandlerMayUnregisterItselfAndTheRestAreSeenNextTurn() {
        let loop = PollLoop()
        let first = makePipe()
        let second = makePipe()
        var firstRegistration: PollLoop.Registration?
        var secondCalls = 0
        firstRegistration = loop.register(first.read) { _ in
            loop.unregister(firstRegistration!)
        }
        loop.register(second.read) { _ in secondCalls += 1 }
        XCTAssertEqual(write(first.write, "x", 1), 1)
        XCTAssertEqual(write(second.write, "x", 1), 1)
        XCTAssertTrue(loop.wait(timeout: 1))
        loop.dispatch()
        XCTAssertEqual(secondCalls, 0, "the table changed: the rest wait for the next turn")
        XCTAssertTrue(loop.wait(timeout: 1))
        loop.dispatch()
        XCTAssertEqual(secondCalls, 1)
        XCTAssertEqual(loop.count, 1)
    }

    func testTimeoutsRoundUpToWholeMillisecondsAndClamp() {
        XCTAssertEqual(PollLoop.milliseconds(nil), -1)
        XCTAssertEqual(PollLoop.milliseconds(0.0101), 11)
        XCTAssertEqual(PollLoop.milliseconds(-5), 0)
        XCTAssertEqual(PollLoop.milliseconds(.nan), 0)
        XCTAssertEqual(PollLoop.milliseconds(.infinity), 3_600_000)
    }

    func testSetInterestAddsWritable() {
        let loop = PollLoop()
        let (_, writeEnd) = makePipe()
        let registration = loop.register(writeEnd, interest: [])
        XCTAssertFalse(loop.wait(timeout: 0))
        loop.setInterest(.writable, for: registration)
        XCTAssertTrue(loop.wait(timeout: 0))
        XCTAssertEqual(loop.events(of: registration), .writable)
    }
}
