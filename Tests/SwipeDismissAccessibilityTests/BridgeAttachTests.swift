import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissHost
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissAccessibility

/// A host with no window system: the shared loop sources over a pipe standing in for the
/// connection, its window state set by the test.
private final class PipeHost: HostEventLoop {
    let sources: HostLoopSources
    var windowState = HostWindowState(hasKeyboardFocus: false, scale: 2)

    init(connection: Int32) {
        sources = HostLoopSources(connection: connection)
    }

    /// One turn as a loop makes it: note the window, wait, serve what is ready.
    func turn(timeout: Double) {
        sources.noteWindowState(windowState)
        if sources.wait(timeout: timeout, connectionInterest: .readable) { sources.dispatch() }
    }
}

/// `AccessibilityBridge.attach(to:)`: one call on any host.
final class BridgeAttachTests: XCTestCase {
    private var session: AccessibilitySession?
    private var ends: [Int32] = [-1, -1]

    override func setUpWithError() throws {
        XCTAssertEqual(pipe(&ends), 0)
    }

    override func tearDown() {
        for end in ends { close(end) }
        session?.stop()
        session = nil
        super.tearDown()
    }

    private func bridge() -> AccessibilityBridge {
        let controller = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(),
            renderer: NullRenderer(viewport: Size(width: 390, height: 844)), clock: ManualClock(),
            configuration: .sheet())
        return AccessibilityBridge(
            model: SheetAccessibilityModel(controller: controller), applicationName: "attach-test",
            windowTitle: "Attach test")
    }

    func testWithNoSessionBusTheHostIsLeftAsItWas() {
        let host = PipeHost(connection: ends[0])
        let bridge = bridge()
        XCTAssertFalse(bridge.attach(to: host, sessionBusAddress: nil))
        XCTAssertEqual(host.pollLoop.count, 1, "only the connection")
        XCTAssertFalse(bridge.isWatchingSessionBus)
    }

    func testAttachedTheBridgeWaitsOnTheHostsPollAndFollowsFocusAndScale() throws {
        let session = try AccessibilitySession()
        self.session = session
        try session.setStatus("IsEnabled", true)
        let host = PipeHost(connection: ends[0])
        let bridge = bridge()
        XCTAssertTrue(bridge.attach(to: host, sessionBusAddress: session.sessionAddress))
        XCTAssertEqual(host.pollLoop.count, 2, "the connection and the bridge's descriptor")
        XCTAssertEqual(bridge.scale, 2, "the host's scale")
        XCTAssertFalse(bridge.model.windowIsActive, "no keyboard focus yet")
        // The host's turns alone bring the bridge onto the accessibility bus.
        let deadline = Date().addingTimeInterval(10)
        while !bridge.isConnected, Date() < deadline { host.turn(timeout: 0.05) }
        XCTAssertTrue(bridge.isConnected)
        host.windowState = HostWindowState(hasKeyboardFocus: true, scale: 1.5)
        host.turn(timeout: 0)
        XCTAssertTrue(bridge.model.windowIsActive)
        XCTAssertEqual(bridge.scale, 1.5)
    }
}
