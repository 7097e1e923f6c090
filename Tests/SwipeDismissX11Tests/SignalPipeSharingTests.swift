import Glibc
import SwipeDismissTestSupport
import SwipeDismissWayland
import SwipeDismissX11
import XCTest

/// `X11SignalPipe` and `WaylandSignalPipe` are one type with one process-wide slot: a program
/// using both plugins cannot have one pipe silently take the other's signals. The second is
/// refused naming the active pipe's signals, installs nothing, and once the first is released
/// (its signals' previous actions back) the second can be made.
final class SignalPipeSharingTests: XCTestCase {
    /// `signal`'s handler address (`SIG_DFL` is 0, `SIG_IGN` 1).
    private func handler(of signal: Int32) -> Int {
        var action = sigaction()
        sigaction(signal, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }

    /// Sets `signal`'s action to `SIG_IGN` for the test, putting what was there back after.
    private func ignoreForTheTest(_ signal: Int32) {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var before = sigaction()
        sigaction(signal, &ignore, &before)
        addTeardownBlock { sigaction(signal, &before, nil) }
    }

    func testAPipeMadeThroughOnePluginRefusesTheOthersUntilReleasedAndPutsTheHandlerBack() throws {
        ignoreForTheTest(SIGUSR1)
        let ignored = unsafeBitCast(SIG_IGN, to: Int.self)
        let untouched = handler(of: SIGUSR2)
        let windowChangeBefore = handler(of: SIGWINCH)
        do {
            let x11 = try X11SignalPipe(signals: [SIGUSR1, SIGWINCH])
            XCTAssertNotEqual(handler(of: SIGUSR1), ignored, "the X11 pipe installed nothing")
            XCTAssertThrowsError(try WaylandSignalPipe(signals: [SIGUSR2])) { error in
                XCTAssertEqual(
                    error as? WaylandSignalPipe.Failure,
                    .anotherPipeActive(signals: [SIGUSR1, SIGWINCH]))
                XCTAssertEqual(
                    "\(error)",
                    "cannot stop on signals: another signal pipe is active, for signal 10 "
                        + "(SIGUSR1), signal 28 (SIGWINCH)")
            }
            // Refused before installing anything: SIGUSR2 is as it was, and the active pipe
            // still has its signals.
            XCTAssertEqual(handler(of: SIGUSR2), untouched)
            raise(SIGUSR1)
            XCTAssertEqual(x11.takeSignal(), SIGUSR1)
        }
        // Released: what SIGUSR1 did before (ignored) is back, and the other name may make one.
        XCTAssertEqual(handler(of: SIGUSR1), ignored, "the released pipe left its handler")
        XCTAssertEqual(handler(of: SIGWINCH), windowChangeBefore)
        let wayland = try WaylandSignalPipe(signals: [SIGUSR1])
        XCTAssertNotEqual(handler(of: SIGUSR1), ignored)
        raise(SIGUSR1)
        XCTAssertEqual(wayland.takeSignal(), SIGUSR1)
        XCTAssertNil(wayland.takeSignal())
        // And now the X11 name is the one refused.
        XCTAssertThrowsError(try X11SignalPipe(signals: [SIGUSR2])) { error in
            XCTAssertEqual(
                error as? X11SignalPipe.Failure, .anotherPipeActive(signals: [SIGUSR1]))
        }
    }

    func testAnX11HostAskingForSignalsWhileAWaylandPipeIsActiveFailsNamingThatPipesSignals()
        throws
    {
        let server = try PrivateXvfb(screen: "640x480x24")
        do {
            let wayland = try WaylandSignalPipe(signals: [SIGUSR2])
            XCTAssertThrowsError(
                try X11Host(
                    displayName: server.name, title: "signals", size: (200, 100),
                    stopsOnSignals: [SIGTERM])
            ) { error in
                let why = "signal pipe: another signal pipe is active, for signal 12 (SIGUSR2)"
                XCTAssertEqual(error as? X11Host.Failure, .cannotCreate(.cannotCreate(why)))
                XCTAssertEqual("\(error)", "the X server could not create the \(why)")
            }
            withExtendedLifetime(wayland) {}
        }
        // Released, the host gets its pipe.
        XCTAssertEqual(
            try X11Host(
                displayName: server.name, title: "signals", size: (200, 100),
                stopsOnSignals: [SIGTERM]
            ).signalPipe?.signals, [SIGTERM])
    }

    func testASignalThatCannotBeCaughtIsNamedAndWhatWasInstalledBeforeItIsPutBack() {
        let before = handler(of: SIGUSR2)
        XCTAssertThrowsError(try X11SignalPipe(signals: [SIGUSR2, 99])) { error in
            XCTAssertEqual(error as? X11SignalPipe.Failure, .cannotCatch(signal: 99))
            XCTAssertEqual("\(error)", "cannot stop on signals: signal 99 cannot be caught")
            // The Wayland plugin's error says the same.
            if let failure = error as? WaylandSignalPipe.Failure {
                XCTAssertEqual(
                    WaylandError(failure), .signalsFailed("signal 99 cannot be caught"))
                XCTAssertEqual(
                    "\(WaylandError(failure))", "cannot stop on signals: signal 99 cannot be caught"
                )
            }
        }
        XCTAssertEqual(handler(of: SIGUSR2), before)
        // The refused pipe freed the slot.
        XCTAssertNoThrow(try WaylandSignalPipe(signals: [SIGUSR2]))
    }
}
