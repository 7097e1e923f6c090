import Glibc
import SwipeDismissHost
import XCTest

/// A host with no window system: the shared sources over a pipe standing in for the
/// connection, so the settings every host loop has are checked once.
private final class PipeHost: HostEventLoop {
    let sources: HostLoopSources
    var windowState = HostWindowState(hasKeyboardFocus: false, scale: 1)

    init(connection: Int32) {
        sources = HostLoopSources(connection: connection)
    }
}

final class HostLoopSourcesTests: XCTestCase {

    func testTheConnectionIsRegisteredFirstAndHostDescriptorsAfter() {
        let connection = makePipe()
        let app = makePipe()
        let host = PipeHost(connection: connection.read)
        host.hostDescriptors = [-1, app.read]
        XCTAssertEqual(host.pollLoop.count, 2, "the connection and the one open descriptor")
        XCTAssertEqual(host.hostDescriptors, [-1, app.read], "the list is kept as given")
        var woken: [Int32] = []
        host.onHostDescriptorReadable = { woken.append($0) }
        var byte: UInt8 = 1
        XCTAssertEqual(write(app.write, &byte, 1), 1)
        XCTAssertTrue(host.sources.wait(timeout: 1, connectionInterest: .readable))
        XCTAssertTrue(host.sources.connectionEvents.isEmpty)
        host.sources.dispatch()
        XCTAssertEqual(woken, [app.read])
    }

    func testAClosedHostDescriptorIsDroppedAfterTheOthersAreServed() {
        let connection = makePipe()
        var closing: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&closing), 0)
        let app = makePipe()
        let host = PipeHost(connection: connection.read)
        host.hostDescriptors = [closing[0], app.read]
        var woken: [Int32] = []
        host.onHostDescriptorReadable = { woken.append($0) }
        close(closing[0])
        close(closing[1])
        var byte: UInt8 = 1
        XCTAssertEqual(write(app.write, &byte, 1), 1)
        XCTAssertTrue(host.sources.wait(timeout: 1, connectionInterest: .readable))
        host.sources.dispatch()
        XCTAssertEqual(woken, [app.read])
        XCTAssertEqual(host.hostDescriptors, [app.read])
        XCTAssertEqual(host.pollLoop.count, 2)
    }

    func testStopIsTakenOnceAndTheWindowStateObservedOnChangeOnly() {
        let connection = makePipe()
        let host = PipeHost(connection: connection.read)
        XCTAssertFalse(host.sources.takeStopRequest())
        host.stop()
        XCTAssertTrue(host.sources.takeStopRequest())
        XCTAssertFalse(host.sources.takeStopRequest())
        var seen: [HostWindowState] = []
        host.observeWindowState { seen.append($0) }
        host.sources.noteWindowState(host.windowState)
        host.sources.noteWindowState(host.windowState)
        XCTAssertEqual(seen, [])
        host.windowState.hasKeyboardFocus = true
        host.sources.noteWindowState(host.windowState)
        host.sources.noteWindowState(host.windowState)
        XCTAssertEqual(seen, [HostWindowState(hasKeyboardFocus: true, scale: 1)])
    }

    func testAnAuxiliaryInputIsFollowedAndLeavesWithMinusOne() {
        let connection = makePipe()
        let bridge = makePipe()
        let host = PipeHost(connection: connection.read)
        var descriptor = bridge.read
        var calls = 0
        host.auxiliaryInput = (descriptor: { descriptor }, onReadable: { calls += 1 })
        var byte: UInt8 = 1
        XCTAssertEqual(write(bridge.write, &byte, 1), 1)
        XCTAssertTrue(host.sources.wait(timeout: 1, connectionInterest: .readable))
        host.sources.dispatch()
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(host.pollLoop.count, 2)
        descriptor = -1
        XCTAssertFalse(host.sources.wait(timeout: 0, connectionInterest: .readable))
        XCTAssertEqual(host.pollLoop.count, 1)
    }
}
