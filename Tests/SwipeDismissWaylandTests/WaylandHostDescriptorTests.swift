import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// The Wayland loop wakes for the app's own descriptors and an auxiliary input (an
/// accessibility bridge's), so an app sees its commands without polling and with no
/// compositor event, as on X11 (`X11EventLoop.hostDescriptors`).
final class WaylandHostDescriptorTests: XCTestCase {
    private var pipes: [Int32] = []

    override func tearDown() {
        for fd in pipes { close(fd) }
        pipes = []
        super.tearDown()
    }

    /// A pipe whose ends are closed after the test: (read end, write end).
    private func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        pipes += fds
        return (fds[0], fds[1])
    }

    /// An idle window on the scripted compositor: nothing animates, no frame outstanding.
    private func idleHarness() throws -> (ScriptedCompositor, WaylandHarness) {
        let compositor = try ScriptedCompositor()
        let harness = try WaylandHarness(
            socketPath: compositor.socketPath, server: compositor, liveInput: true)
        try harness.settle()
        return (compositor, harness)
    }

    func testAnIdleRunWakesForAHostPipeAndStopsOnItsCommand() throws {
        let (_, harness) = try idleHarness()
        let (reader, writer) = makePipe()
        var commands: [UInt8] = []
        var woken: [Int32] = []
        harness.loop.hostDescriptors = [reader]
        harness.loop.onHostDescriptorReadable = { fd in
            woken.append(fd)
            var byte: UInt8 = 0
            if read(fd, &byte, 1) == 1 { commands.append(byte) }
        }
        Thread.detachNewThread {
            usleep(200_000)
            var command = UInt8(ascii: "q")
            _ = write(writer, &command, 1)
        }
        let started = harness.clock.now
        let reason = try harness.loop.run(harness.controller) { !commands.isEmpty }
        XCTAssertEqual(reason, .stopped)
        XCTAssertEqual(commands, [UInt8(ascii: "q")])
        XCTAssertEqual(woken, [reader])
        // Woken by the pipe, not by a timer: well before any second-long wait.
        XCTAssertLessThan(harness.clock.now - started, 2)
    }

    func testAnUnwatchedDescriptorDoesNotWakeTheLoop() throws {
        let (_, harness) = try idleHarness()
        let (reader, writer) = makePipe()
        var woken = 0
        harness.loop.onHostDescriptorReadable = { _ in woken += 1 }
        var byte = UInt8(ascii: "x")
        XCTAssertEqual(write(writer, &byte, 1), 1)
        // Not in hostDescriptors: the turn waits its whole maximum.
        let before = harness.clock.now
        XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 0.2))
        XCTAssertGreaterThanOrEqual(harness.clock.now - before, 0.19)
        XCTAssertEqual(woken, 0)
        // Watched, the byte already waiting wakes the next turn at once.
        harness.loop.hostDescriptors = [reader]
        let watched = harness.clock.now
        XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 5))
        XCTAssertLessThan(harness.clock.now - watched, 1)
        XCTAssertEqual(woken, 1)
    }

    func testTheAuxiliaryInputIsCalledWhenItsDescriptorIsReadable() throws {
        let (_, harness) = try idleHarness()
        let (reader, writer) = makePipe()
        var calls = 0
        var asked = 0
        harness.loop.auxiliaryInput = (
            descriptor: {
                asked += 1
                return reader
            },
            onReadable: {
                calls += 1
                var byte: UInt8 = 0
                _ = read(reader, &byte, 1)
            }
        )
        XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 0.05))
        XCTAssertEqual(calls, 0, "nothing written yet")
        XCTAssertGreaterThan(asked, 0, "the descriptor is read each turn")
        var byte = UInt8(ascii: "a")
        XCTAssertEqual(write(writer, &byte, 1), 1)
        let before = harness.clock.now
        XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 5))
        XCTAssertLessThan(harness.clock.now - before, 1)
        XCTAssertEqual(calls, 1)
        // -1 (a bridge with nothing to wait on) takes it out of the wait.
        harness.loop.auxiliaryInput = (descriptor: { -1 }, onReadable: { calls += 100 })
        XCTAssertEqual(write(writer, &byte, 1), 1)
        XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 0.1))
        XCTAssertEqual(calls, 1)
    }

    func testADescriptorClosedUnderTheLoopIsDroppedAndTheOthersStillServed() throws {
        let (_, harness) = try idleHarness()
        let closing = makePipe()
        let (reader, writer) = makePipe()
        var woken: [Int32] = []
        harness.loop.hostDescriptors = [closing.read, -5, reader]
        harness.loop.onHostDescriptorReadable = { fd in
            woken.append(fd)
            var byte: UInt8 = 0
            _ = read(fd, &byte, 1)
        }
        XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 0.05))
        // The app closes a descriptor it forgot to take out (POLLNVAL on every poll).
        close(closing.read)
        close(closing.write)
        pipes.removeAll { $0 == closing.read || $0 == closing.write }
        var byte = UInt8(ascii: "b")
        XCTAssertEqual(write(writer, &byte, 1), 1)
        XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 5))
        XCTAssertEqual(woken, [reader])
        XCTAssertEqual(harness.loop.hostDescriptors, [-5, reader])
        // Nothing spins: a turn with nothing readable waits its maximum.
        let before = harness.clock.now
        XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 0.2))
        XCTAssertGreaterThanOrEqual(harness.clock.now - before, 0.19)
    }

    func testACallbackMayChangeTheDescriptorsItIsCalledFrom() throws {
        let (_, harness) = try idleHarness()
        let first = makePipe()
        let second = makePipe()
        var woken: [Int32] = []
        harness.loop.hostDescriptors = [first.read, second.read]
        harness.loop.onHostDescriptorReadable = { fd in
            woken.append(fd)
            var byte: UInt8 = 0
            _ = read(fd, &byte, 1)
            harness.loop.hostDescriptors = [second.read]
        }
        var byte = UInt8(ascii: "c")
        XCTAssertEqual(write(first.write, &byte, 1), 1)
        XCTAssertEqual(write(second.write, &byte, 1), 1)
        XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 5))
        XCTAssertEqual(woken, [first.read], "the list changed under the turn: the rest waits")
        XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 5))
        XCTAssertEqual(woken, [first.read, second.read])
    }
}
