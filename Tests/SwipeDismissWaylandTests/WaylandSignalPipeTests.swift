import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// Signals end a Wayland loop only through a `SignalPipe` the program made and gave the
/// loop: the plugin installs no handler by itself, a pipe puts the previous action back when
/// released, and `wayland-demo` (which asks for one) saves its recording and exits 128 + the
/// signal.
final class WaylandSignalPipeTests: XCTestCase {
    /// Whether `signal`'s action is the default one.
    private func isDefault(_ signal: Int32) -> Bool {
        var action = sigaction()
        sigaction(signal, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(SIG_DFL, to: Int.self)
    }

    func testASignalSentToTheProcessEndsItsLoopsRunAsInterrupted() throws {
        let harness = try WaylandHarness(weston: Weston())
        try harness.settle()
        let signals = try SignalPipe(signals: [SIGUSR2])
        harness.loop.signalPipe = signals
        // Idle now: `run` waits in poll with no timeout, so only the pipe can end it. Should it
        // not, killing weston after 10 s ends the run as compositorLost instead of hanging.
        let weston = harness.weston.child.pid
        let returned = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            usleep(200_000)
            kill(getpid(), SIGUSR2)
            if returned.wait(timeout: .now() + 10) == .timedOut { kill(weston, SIGKILL) }
            finished.signal()
        }.start()
        let started = harness.clock.now
        let reason = try harness.loop.run(harness.controller)
        returned.signal()
        finished.wait()
        XCTAssertEqual(reason, .interrupted(signal: SIGUSR2))
        XCTAssertLessThan(harness.clock.now - started, 5)
        // The pipe was emptied: the next turn goes on.
        XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 0.01))
    }

    func testALoopWithoutAPipeLeavesSignalsAloneAndAPipePutsThemBack() throws {
        XCTAssertTrue(isDefault(SIGUSR2))
        let harness = try WaylandHarness(weston: Weston())
        try harness.settle()
        XCTAssertNil(harness.loop.signalPipe)
        XCTAssertTrue(isDefault(SIGUSR2), "a loop installed a handler unasked")
        do {
            let signals = try SignalPipe(signals: [SIGUSR2])
            XCTAssertEqual(signals.signals, [SIGUSR2])
            XCTAssertFalse(isDefault(SIGUSR2))
            XCTAssertThrowsError(try SignalPipe(signals: [SIGUSR1])) { error in
                XCTAssertEqual(
                    "\(error)",
                    "cannot stop on signals: another signal pipe is active, for signal 12 (SIGUSR2)"
                )
            }
            raise(SIGUSR2)
            XCTAssertEqual(signals.takeSignal(), SIGUSR2)
            XCTAssertNil(signals.takeSignal())
        }
        XCTAssertTrue(isDefault(SIGUSR2), "the released pipe left its handler")
        // SIGKILL cannot be caught: refused, and what was installed before it is put back.
        XCTAssertThrowsError(try SignalPipe(signals: [SIGUSR2, SIGKILL])) { error in
            XCTAssertEqual(
                "\(error)", "cannot stop on signals: signal 9 (SIGKILL) cannot be caught")
        }
        XCTAssertTrue(isDefault(SIGUSR2))
        XCTAssertNoThrow(try SignalPipe(signals: [SIGUSR2]))
    }

    func testTheDemoSavesItsRecordingAndExitsWith128PlusTheSignal() throws {
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGINT, 130), (SIGHUP, 129)] {
            let weston = try Weston()
            let folder = try makePrivateFolder("swd-signal")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let recordPath = "\(folder)/gesture.json"
            let demo = try startWaylandDemo(["--verbose", "--record", recordPath], on: weston)
            XCTAssertTrue(
                demo.waitForFirstFrame(), "no frame before signal \(signal): \(demo.stderr)")
            // It exits by itself with 128 + the signal (not killed by it).
            XCTAssertEqual(
                demo.stop(with: signal), .exited(status), "signal \(signal): \(demo.stderr)")
            let trace = try String(contentsOfFile: recordPath, encoding: .utf8)
            XCTAssertTrue(trace.contains("\"viewport\""), "signal \(signal): \(trace)")
        }
    }
}
