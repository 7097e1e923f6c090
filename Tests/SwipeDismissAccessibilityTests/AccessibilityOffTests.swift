import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// With accessibility off, `x11-demo` never connects to the accessibility bus; without a
/// session bus it runs as before.
final class AccessibilityOffTests: DemoSessionTestCase {

    func testWithIsEnabledFalseTheDemoNeverConnectsToTheAccessibilityBus() throws {
        let session = try AccessibilitySession()
        self.session = session
        try session.setStatus("IsEnabled", false)
        try session.setStatus("ScreenReaderEnabled", false)
        let demo = try DemoUnderSession(["--scene", "sheet"], environment: session.environment)
        self.demo = demo
        let sessionBus = session.sessionAddress
        // The demo is on the session bus (it asks org.a11y.Status)...
        XCTAssertTrue(
            try eventually(timeout: 10, every: 0.05) {
                try session.processesOnBus(sessionBus).contains(demo.pid)
            },
            "x11-demo never asked the session bus")
        _ = try demo.windowID(environment: session.environment)
        usleep(1_000_000)
        // ...but not on the accessibility bus.
        let accessibilityBus = try session.accessibilityBusAddress()
        XCTAssertFalse(try session.processesOnBus(accessibilityBus).contains(demo.pid))
        XCTAssertTrue(demo.process.isRunning)

        // Switched on while running, it connects: so the check above could have failed.
        try session.setStatus("ScreenReaderEnabled", true)
        XCTAssertTrue(
            try eventually(timeout: 10, every: 0.05) {
                try session.processesOnBus(accessibilityBus).contains(demo.pid)
            },
            "x11-demo did not follow org.a11y.Status at run time")
        let output = try session.probe(["tree"])
        XCTAssertEqual(output.tree.map(\.name), ["x11-demo", "SwipeDismiss demo", "Sheet"])

        // And switched off again, it leaves (the launcher turned IsEnabled on with the
        // screen reader, so both go off).
        try session.setStatus("ScreenReaderEnabled", false)
        try session.setStatus("IsEnabled", false)
        XCTAssertTrue(
            try eventually(timeout: 10, every: 0.05) {
                try !session.processesOnBus(accessibilityBus).contains(demo.pid)
            },
            "x11-demo stayed on the accessibility bus after accessibility was switched off")
    }

    func testWithoutASessionBusTheDemoRunsAndSaysNothingOfIt() throws {
        let session = try AccessibilitySession(launcher: false)
        self.session = session
        var environment = session.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/Traces/escape-and-space.json").standardized
        let demo = try DemoUnderSession(
            ["--scene", "sheet", "--replay", trace.path, "--exit-after-replay", "--events"],
            environment: environment)
        self.demo = demo
        XCTAssertEqual(demo.process.waitForExit(timeout: 20), 0, "x11-demo: \(demo.stderr)")
        XCTAssertEqual(demo.stderr, "", "nothing said about a missing bus")
        XCTAssertTrue(demo.stdoutLines.contains { $0.contains("\"phase\":\"dismissed\"") })
    }

    func testWithoutASessionBusLibdbusIsNeverLoaded() throws {
        let demo = try startWithoutASessionBus(["--scene", "sheet"])
        let maps = try demo.mappedFiles()
        XCTAssertTrue(maps.contains("libX11"), "the maps were read")
        XCTAssertFalse(maps.contains("libdbus"), "libdbus was loaded with no bus to talk to")
    }

    func testABrokenSessionBusAddressIsNotAnErrorEither() throws {
        let session = try AccessibilitySession(launcher: false)
        self.session = session
        var environment = session.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(session.home.path)/no-such-bus"
        let demo = try DemoUnderSession(
            ["--scene", "sheet", "--verbose"], environment: environment)
        self.demo = demo
        _ = try demo.windowID(environment: session.environment)
        XCTAssertTrue(demo.process.isRunning)
        XCTAssertTrue(
            eventually(timeout: 5, every: 0.05) {
                demo.stderr.contains("accessibility: no session bus")
            }, demo.stderr)
    }
}
