import Glibc
import SwipeDismissSignals
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// `X11SignalPipe` is `SignalPipe` (its behaviour is tested in `SwipeDismissSignalsTests`),
/// so the X11 and Wayland plugins share its one process-wide slot; an X11 host that asks for
/// signals while another pipe is active fails naming that pipe's signals.
final class X11SignalPipeTests: XCTestCase {
    @available(*, deprecated, message: "spells the deprecated X11SignalPipe on purpose")
    func testTheDeprecatedX11NameStillCompilesAsTheSharedPipeType() {
        // The one test that spells the deprecated name on purpose: an app written against
        // `X11SignalPipe` still builds, and gets the one shared type.
        XCTAssertTrue(X11SignalPipe.self == SignalPipe.self)
        XCTAssertTrue(X11SignalPipe.Failure.self == SignalPipe.Failure.self)
    }

    func testAnX11HostAskingForSignalsWhileAnotherPipeIsActiveFailsNamingThatPipesSignals()
        throws
    {
        let server = try PrivateXvfb(screen: "640x480x24")
        // The server lives to the end of the test: an optimised build may end a value's
        // lifetime at its last use, and its deinit kills the server under the hosts.
        defer { withExtendedLifetime(server) {} }
        do {
            let other = try SignalPipe(signals: [SIGUSR2])
            XCTAssertThrowsError(
                try X11Host(
                    displayName: server.name, title: "signals", size: (200, 100),
                    stopsOnSignals: [SIGTERM])
            ) { error in
                let why = "signal pipe: another signal pipe is active, for signal 12 (SIGUSR2)"
                XCTAssertEqual(error as? X11Host.Failure, .cannotCreate(.cannotCreate(why)))
                XCTAssertEqual("\(error)", "the X server could not create the \(why)")
            }
            withExtendedLifetime(other) {}
        }
        // Released, the host gets its pipe.
        XCTAssertEqual(
            try X11Host(
                displayName: server.name, title: "signals", size: (200, 100),
                stopsOnSignals: [SIGTERM]
            ).signalPipe?.signals, [SIGTERM])
    }
}
