import Glibc
import SwipeDismissSignals
import XCTest

/// `SignalPipe`, the one type behind `X11SignalPipe` and `WaylandSignalPipe`, with its one
/// process-wide slot: a second pipe is refused naming the active pipe's signals and installs
/// nothing; a released pipe puts its signals' previous actions back and frees the slot; a
/// signal that cannot be caught is named and undoes what was installed before it. Pure libc:
/// no display, no compositor.
final class SignalPipeTests: XCTestCase {
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

    func testASecondPipeIsRefusedUntilTheFirstIsReleasedWhichPutsItsHandlersBack() throws {
        ignoreForTheTest(SIGUSR1)
        let ignored = unsafeBitCast(SIG_IGN, to: Int.self)
        let untouched = handler(of: SIGUSR2)
        let windowChangeBefore = handler(of: SIGWINCH)
        do {
            let first = try SignalPipe(signals: [SIGUSR1, SIGWINCH])
            XCTAssertNotEqual(handler(of: SIGUSR1), ignored, "the pipe installed nothing")
            XCTAssertThrowsError(try SignalPipe(signals: [SIGUSR2])) { error in
                XCTAssertEqual(
                    error as? SignalPipe.Failure, .anotherPipeActive(signals: [SIGUSR1, SIGWINCH]))
                XCTAssertEqual(
                    "\(error)",
                    "cannot stop on signals: another signal pipe is active, for signal 10 "
                        + "(SIGUSR1), signal 28 (SIGWINCH)")
            }
            // Refused before installing anything: SIGUSR2 is as it was, and the active pipe
            // still has its signals.
            XCTAssertEqual(handler(of: SIGUSR2), untouched)
            raise(SIGUSR1)
            XCTAssertEqual(first.takeSignal(), SIGUSR1)
            XCTAssertNil(first.takeSignal(), "one signal read once")
        }
        // Released: what SIGUSR1 did before (ignored) is back, and another pipe may be made.
        XCTAssertEqual(handler(of: SIGUSR1), ignored, "the released pipe left its handler")
        XCTAssertEqual(handler(of: SIGWINCH), windowChangeBefore)
        let second = try SignalPipe(signals: [SIGUSR1])
        XCTAssertEqual(second.signals, [SIGUSR1])
        XCTAssertNotEqual(handler(of: SIGUSR1), ignored)
        raise(SIGUSR1)
        XCTAssertEqual(second.takeSignal(), SIGUSR1)
        XCTAssertNil(second.takeSignal())
        // And now the first's signals are the ones refused.
        XCTAssertThrowsError(try SignalPipe(signals: [SIGUSR2])) { error in
            XCTAssertEqual(error as? SignalPipe.Failure, .anotherPipeActive(signals: [SIGUSR1]))
        }
    }

    func testASignalThatCannotBeCaughtIsNamedAndWhatWasInstalledBeforeItIsPutBack() {
        let before = handler(of: SIGUSR2)
        XCTAssertThrowsError(try SignalPipe(signals: [SIGUSR2, 99])) { error in
            XCTAssertEqual(error as? SignalPipe.Failure, .cannotCatch(signal: 99))
            XCTAssertEqual("\(error)", "cannot stop on signals: signal 99 cannot be caught")
            XCTAssertEqual(
                (error as? SignalPipe.Failure)?.reason, "signal 99 cannot be caught")
        }
        XCTAssertEqual(handler(of: SIGUSR2), before)
        XCTAssertThrowsError(try SignalPipe(signals: [SIGUSR2, SIGKILL])) { error in
            XCTAssertEqual(
                "\(error)", "cannot stop on signals: signal 9 (SIGKILL) cannot be caught")
        }
        XCTAssertEqual(handler(of: SIGUSR2), before)
        // The refused pipes freed the slot.
        XCTAssertNoThrow(try SignalPipe(signals: [SIGUSR2]))
    }
}
