import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissAccessibility

/// The bridge never makes its host wait on a bus: opening one runs off the host's thread,
/// sending writes what the socket takes, and a bus that stops answering (an address that
/// accepts and never speaks, a stopped daemon) is given up after `answerTimeout`, said once.
final class BridgeStallTests: XCTestCase {
    private var session: AccessibilitySession?
    private var stoppedDaemon: pid_t?
    private var cleanups: [() -> Void] = []

    override func tearDown() {
        if let stoppedDaemon { kill(stoppedDaemon, SIGCONT) }
        for cleanup in cleanups.reversed() { cleanup() }
        cleanups = []
        session?.stop()
        session = nil
        super.tearDown()
    }

    private func bridge() -> (AccessibilityBridge, DismissController) {
        let controller = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(),
            renderer: NullRenderer(viewport: Size(width: 390, height: 844)), clock: ManualClock(),
            configuration: .sheet())
        let bridge = AccessibilityBridge(
            model: SheetAccessibilityModel(controller: controller), applicationName: "bridge-test",
            windowTitle: "Bridge test")
        return (bridge, controller)
    }

    private static var now: Double { Date().timeIntervalSinceReferenceDate }

    /// Waits on the bridge's descriptor as a host does and hands it each wake, until `done`
    /// or `timeout` seconds; returns the longest `handleReadable()` took.
    @discardableResult
    private func pump(
        _ bridge: AccessibilityBridge, timeout: Double, until done: () -> Bool
    ) -> Double {
        let deadline = Self.now + timeout
        var longest = 0.0
        while !done(), Self.now < deadline {
            var wait = pollfd(fd: bridge.pollDescriptor, events: Int16(POLLIN), revents: 0)
            if wait.fd >= 0 { _ = poll(&wait, 1, 20) } else { usleep(20_000) }
            let started = Self.now
            bridge.handleReadable()
            longest = max(longest, Self.now - started)
        }
        return longest
    }

    private func muteSocket() throws -> MuteSocket {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swipedismiss-mute-\(getpid())-\(UUID().uuidString.prefix(8))"
        ).path
        let socket = try MuteSocket(path: path)
        cleanups.append { socket.stop() }
        return socket
    }

    func testASessionBusThatAcceptsAndNeverSpeaksIsGivenUpOnTimeAndSaidOnce() throws {
        let mute = try muteSocket()
        let (bridge, _) = bridge()
        bridge.answerTimeout = 0.5
        var warnings: [String] = []
        bridge.warn = { warnings.append($0) }
        let started = Self.now
        XCTAssertTrue(bridge.start(sessionBusAddress: mute.address))
        XCTAssertLessThan(Self.now - started, 0.1, "start waited on the bus")
        XCTAssertGreaterThanOrEqual(bridge.pollDescriptor, 0)
        let longest = pump(bridge, timeout: 10) { bridge.gaveUp }
        let elapsed = Self.now - started
        XCTAssertTrue(bridge.gaveUp)
        XCTAssertEqual(mute.acceptedCount, 1, "the bridge did connect")
        XCTAssertLessThan(longest, 0.05, "handleReadable waited on the bus")
        XCTAssertGreaterThanOrEqual(elapsed, 0.5, "given up before its timeout")
        XCTAssertLessThan(elapsed, 2.5)
        XCTAssertEqual(
            warnings,
            ["accessibility: the session bus did not answer in 0.5 s; accessibility is off"])
        XCTAssertEqual(bridge.pollDescriptor, -1, "nothing left for the host to wait on")
        XCTAssertFalse(bridge.isEnabled)
        // Said once, and stays off.
        bridge.handleReadable()
        XCTAssertFalse(bridge.start(sessionBusAddress: mute.address))
        XCTAssertEqual(warnings.count, 1)
    }

    func testAnAccessibilityBusThatAcceptsAndNeverSpeaksIsGivenUpOnTime() throws {
        let session = try AccessibilitySession(launcher: false)
        self.session = session
        let mute = try muteSocket()
        let service = try FakeAccessibilityBusService(
            sessionAddress: session.sessionAddress, accessibilityAddress: mute.address)
        cleanups.append { service.stop() }
        let (bridge, controller) = bridge()
        bridge.answerTimeout = 0.5
        var warnings: [String] = []
        bridge.warn = { warnings.append($0) }
        XCTAssertTrue(bridge.start(sessionBusAddress: session.sessionAddress))
        pump(bridge, timeout: 10) { bridge.isEnabled }
        XCTAssertTrue(bridge.isEnabled, "org.a11y.Status said on")
        let asked = Self.now
        let longest = pump(bridge, timeout: 10) { bridge.gaveUp }
        XCTAssertTrue(bridge.gaveUp)
        XCTAssertEqual(mute.acceptedCount, 1)
        XCTAssertLessThan(longest, 0.05, "handleReadable waited on the bus")
        XCTAssertLessThan(Self.now - asked, 2.5)
        XCTAssertEqual(
            warnings,
            ["accessibility: the accessibility bus did not answer in 0.5 s; accessibility is off"])
        XCTAssertFalse(bridge.isConnected)
        XCTAssertFalse(bridge.isWatchingSessionBus)
        // The content goes on without it.
        controller.dismiss(animated: false)
        XCTAssertEqual(warnings.count, 1)
    }

    func testAStoppedAccessibilityBusNeverHoldsASendAndIsGivenUpOnceItTakesNothing() throws {
        let session = try AccessibilitySession()
        self.session = session
        try session.setStatus("IsEnabled", true)
        let (bridge, _) = bridge()
        bridge.answerTimeout = 0.5
        var warnings: [String] = []
        bridge.warn = { warnings.append($0) }
        XCTAssertTrue(bridge.start(sessionBusAddress: session.sessionAddress))
        pump(bridge, timeout: 10) { bridge.isConnected }
        XCTAssertTrue(bridge.isConnected)
        let daemon = try session.accessibilityBusDaemon()
        XCTAssertEqual(kill(daemon, SIGSTOP), 0)
        stoppedDaemon = daemon

        // Each focus change is two signals (~300 bytes): 8000 of them fill any socket buffer,
        // and none may wait for the daemon.
        var longest = 0.0
        for index in 0..<8000 where !bridge.gaveUp {
            let started = Self.now
            bridge.model.windowIsActive = index % 2 == 1
            longest = max(longest, Self.now - started)
        }
        XCTAssertLessThan(longest, 0.05, "a send waited on the stopped bus")
        XCTAssertTrue(
            warnings.isEmpty || warnings[0].contains("stopped taking messages"), "\(warnings)")
        longest = max(longest, pump(bridge, timeout: 10) { bridge.gaveUp })
        XCTAssertTrue(bridge.gaveUp)
        XCTAssertLessThan(longest, 0.05)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(
            warnings[0].hasPrefix("accessibility: the accessibility bus stopped taking messages"),
            warnings[0])
        XCTAssertTrue(warnings[0].hasSuffix("; accessibility is off"), warnings[0])
    }
}

extension AccessibilitySession {
    /// The process id of the accessibility bus's daemon (asked of that bus).
    func accessibilityBusDaemon() throws -> pid_t {
        let address = try accessibilityBusAddress()
        let result = try Self.run(
            Self.sendPath,
            [
                "--bus=\(address)", "--print-reply", "--reply-timeout=5000",
                "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.GetConnectionUnixProcessID", "string:org.freedesktop.DBus",
            ], environment)
        guard result.status == 0,
            let word = result.output.split(separator: "uint32 ").last?.split(separator: "\n").first,
            let pid = pid_t(word.trimmingCharacters(in: .whitespaces))
        else { throw TestFailure(description: "the accessibility bus's daemon: \(result.output)") }
        return pid
    }
}
