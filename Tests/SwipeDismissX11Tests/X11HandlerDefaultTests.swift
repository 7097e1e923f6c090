import CX11
import Foundation
import Glibc
import XCTest

@testable import SwipeDismissX11

/// Xlib's error handlers are process-wide, so the plugin installs them only when asked: a
/// display it opens leaves them alone by default, `X11Host` sets only the I/O one (its lost
/// server needs it) unless `logsProtocolErrors`, and `installsErrorHandlers: true` sets both.
///
/// The plugin installs its handlers once per process, and earlier tests in this one have done
/// so already; so the test runs itself again in a fresh process (this test binary, filtered to
/// this one test, with `probeVariable` set), where nothing has been installed yet.
final class X11HandlerDefaultTests: XCTestCase {
    private static let probeVariable = "SWIPEDISMISS_HANDLER_PROBE"
    private static let verdict = "handler probe: the defaults installed nothing"

    func testDisplaysTheLibraryOpensInstallNoXlibHandlersUnlessAsked() throws {
        let environment = ProcessInfo.processInfo.environment
        if environment[Self.probeVariable] == "1" {
            // Not `openTestDisplay()`: that one opts in to the handlers.
            return try probe(name: environment["DISPLAY"] ?? "")
        }
        _ = try openTestDisplay()  // fails (or skips) without a display
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [
            "SwipeDismissX11Tests.X11HandlerDefaultTests/"
                + "testDisplaysTheLibraryOpensInstallNoXlibHandlersUnlessAsked"
        ]
        process.environment = environment.merging(
            [Self.probeVariable: "1"]
        ) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains(Self.verdict), text)
        XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), text)
    }

    /// In the fresh process: sentinel handlers first, then each way of opening a display.
    private func probe(name: String) throws {
        XSetErrorHandler { _, _ in 0 }
        XSetIOErrorHandler { _ in 0 }
        let sentinels = currentHandlers()

        let plain = try X11Display(name: name)
        XCTAssertEqual(currentHandlers().error, sentinels.error, "X11Display(name:)")
        XCTAssertEqual(currentHandlers().io, sentinels.io, "X11Display(name:)")
        withExtendedLifetime(plain) {}

        let host = try X11Host(displayName: name, title: "probe", size: (100, 100))
        XCTAssertEqual(currentHandlers().error, sentinels.error, "X11Host, protocol errors")
        XCTAssertNotEqual(currentHandlers().io, sentinels.io, "X11Host, lost connections")
        withExtendedLifetime(host) {}

        let opted = try X11Display(name: name, installsErrorHandlers: true)
        XCTAssertNotEqual(currentHandlers().error, sentinels.error, "installsErrorHandlers")
        withExtendedLifetime(opted) {}
        print(Self.verdict)
    }

    /// The error and I/O error handlers in place now, as addresses.
    private func currentHandlers() -> (error: Int, io: Int) {
        let error = XSetErrorHandler(nil)
        XSetErrorHandler(error)
        let io = XSetIOErrorHandler(nil)
        XSetIOErrorHandler(io)
        return (unsafeBitCast(error, to: Int.self), unsafeBitCast(io, to: Int.self))
    }
}
