import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissX11
import XCTest

/// The library's loop wakes for the host's own descriptors, so `run(_:until:)` sees a host
/// command while the window is idle and no X event comes.
final class X11HostDescriptorTests: XCTestCase {
    func testAnIdleRunWakesForAHostPipeAndStopsOnItsCommand() throws {
        let harness = try WindowHarness(display: try openTestDisplay())
        try harness.pump(until: "the window is idle") { harness.controller.nextWakeTime == nil }
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        var commands: [UInt8] = []
        harness.loop.hostDescriptors = [fds[0]]
        harness.loop.onHostDescriptorReadable = { fd in
            var byte: UInt8 = 0
            if read(fd, &byte, 1) == 1 { commands.append(byte) }
        }
        let writer = fds[1]
        Thread.detachNewThread {
            usleep(200_000)
            var command = UInt8(ascii: "q")
            _ = write(writer, &command, 1)
        }
        let started = harness.clock.now
        let reason = try harness.loop.run(harness.controller) { !commands.isEmpty }
        XCTAssertEqual(reason, .stopped)
        XCTAssertEqual(commands, [UInt8(ascii: "q")])
        // Woken by the pipe, not by a timer: well before any second-long wait.
        XCTAssertLessThan(harness.clock.now - started, 2)
    }
}
