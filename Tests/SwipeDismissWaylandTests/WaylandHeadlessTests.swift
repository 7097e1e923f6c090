import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// The plugin in this process against a headless weston: configure, first frame, pacing by
/// frame callbacks, buffer release discipline, an idle window that commits nothing, and a
/// lost compositor returned as a value.
final class WaylandHeadlessTests: XCTestCase {
    func testTheFirstFrameFollowsTheConfigureAndShowsTheDimmedWhiteBand() throws {
        let harness = try WaylandHarness(weston: Weston())
        try harness.settle()
        XCTAssertGreaterThanOrEqual(harness.window.configuresAcknowledged, 1)
        XCTAssertEqual(harness.renderer.lastBufferSize?.width, 390)
        XCTAssertEqual(harness.renderer.lastBufferSize?.height, 844)
        XCTAssertEqual(harness.controller.state.phase, .presented)
        // The white band under a backdrop of alpha 0.3: grey (1 - 0.3) × 255 = 178.5.
        let pixel = try XCTUnwrap(harness.renderer.lastFramePixel(x: 10, y: 5))
        for shift in [16, 8, 0] {
            XCTAssertEqual(Double((pixel >> UInt32(shift)) & 0xFF), 178.5, accuracy: 1)
        }
    }

    func testAnIdleWindowCommitsNothingAndBarelyWakes() throws {
        let harness = try WaylandHarness(weston: Weston())
        try harness.settle()
        let commits = harness.renderer.commits
        let wakeups = harness.loop.wakeups
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpuBefore = Self.seconds(usage.ru_utime) + Self.seconds(usage.ru_stime)
        // Each turn may wait up to a second: an idle loop wakes only for that limit.
        let end = harness.clock.now + 2
        while harness.clock.now < end {
            XCTAssertNil(try harness.loop.runOnce(harness.controller, maximumWait: 1))
        }
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = Self.seconds(usage.ru_utime) + Self.seconds(usage.ru_stime) - cpuBefore
        XCTAssertEqual(harness.renderer.commits, commits, "an idle window committed")
        XCTAssertLessThanOrEqual(harness.loop.wakeups - wakeups, 3)
        XCTAssertLessThan(cpu, 0.05, "an idle second took \(cpu) s of CPU")
    }

    func testADragIsPacedByFrameCallbacksOnReleasedBuffers() throws {
        let harness = try WaylandHarness(weston: Weston())
        try harness.settle()
        let start = harness.clock.now + 0.05
        harness.queue.enqueue(InputEvent(time: start, kind: .down(Point(x: 195, y: 422))))
        for step in 1...30 {
            let y = 422 + Double(step) * 10
            harness.queue.enqueue(
                InputEvent(time: start + Double(step) / 60, kind: .move(Point(x: 195, y: y))))
        }
        harness.queue.enqueue(InputEvent(time: start + 0.55, kind: .up(Point(x: 195, y: 722))))
        let commitsBefore = harness.renderer.commits
        let doneBefore = harness.renderer.framesDone
        var worstLead = 0
        let finished = try harness.run(
            timeout: 5,
            until: {
                harness.controller.state.phase == .dismissed && !harness.controller.isAnimating
            },
            check: {
                worstLead = max(worstLead, harness.renderer.commits - harness.renderer.framesDone)
            })
        XCTAssertTrue(finished, "the drag did not dismiss: \(harness.controller.state.phase)")
        let elapsed = harness.clock.now - start
        let commits = harness.renderer.commits - commitsBefore
        let done = harness.renderer.framesDone - doneBefore
        XCTAssertLessThanOrEqual(
            worstLead, 1, "a commit went out while a frame callback was outstanding")
        XCTAssertEqual(harness.renderer.attachedWhileBusy, 0)
        XCTAssertLessThanOrEqual(harness.renderer.buffersMade, WaylandRenderer.maximumBuffers)
        XCTAssertLessThanOrEqual(harness.renderer.bufferCount, WaylandRenderer.maximumBuffers)
        XCTAssertGreaterThan(harness.renderer.releases, 0)
        XCTAssertGreaterThanOrEqual(Double(done) / elapsed, 30, "\(done) callbacks in \(elapsed) s")
        // Every commit but possibly the last has had its callback: commits − callbacks ≤ 1.
        XCTAssertLessThanOrEqual(commits - done, 1)
        XCTAssertGreaterThanOrEqual(
            commits, 20, "the drag and the dismissal drew \(commits) frames")
    }

    func testALostCompositorIsAStopReasonNotAnExit() throws {
        let harness = try WaylandHarness(weston: Weston())
        try harness.settle()
        harness.weston.child.send(SIGKILL)
        XCTAssertEqual(harness.weston.child.waitForTermination(timeout: 10), .signalled(SIGKILL))
        var reason: WaylandEventLoop.StopReason?
        let end = harness.clock.now + 5
        while reason == nil, harness.clock.now < end {
            reason = try harness.loop.runOnce(harness.controller, maximumWait: 0.1)
        }
        guard case .connectionLost(let message)? = reason else {
            return XCTFail("expected connectionLost, got \(String(describing: reason))")
        }
        XCTAssertTrue(message.hasPrefix("lost the Wayland compositor"), message)
    }

    func testAnOutputOfScaleTwoGetsADoubleBufferAtBufferScaleTwo() throws {
        let harness = try WaylandHarness(weston: Weston(arguments: ["--scale=2"]))
        try harness.settle()
        let redrawn = try harness.run(timeout: 3) { harness.renderer.lastBufferSize?.width == 780 }
        XCTAssertTrue(redrawn, "buffer: \(String(describing: harness.renderer.lastBufferSize))")
        XCTAssertEqual(harness.renderer.lastBufferSize?.height, 1688)
        XCTAssertEqual(harness.window.integerScale, 2)
        XCTAssertEqual(harness.renderer.viewport, Size(width: 390, height: 844))
    }

    func testAConfiguredSizeLaysTheSceneOutAgainAtThatSize() throws {
        // The kiosk shell makes every toplevel fill the output: a configure of 500x700.
        let harness = try WaylandHarness(
            weston: Weston(arguments: ["--shell=kiosk-shell.so", "--width=500", "--height=700"]))
        let resized = try harness.run(timeout: 5) {
            harness.renderer.lastBufferSize?.width == 500 && !harness.controller.isAnimating
                && harness.controller.nextWakeTime == nil
        }
        XCTAssertTrue(resized, "buffer: \(String(describing: harness.renderer.lastBufferSize))")
        XCTAssertEqual(harness.renderer.lastBufferSize?.height, 700)
        XCTAssertEqual(harness.renderer.viewport, Size(width: 500, height: 700))
        XCTAssertEqual(harness.renderer.lastScene?.size, Size(width: 500, height: 700))
        XCTAssertLessThanOrEqual(harness.renderer.bufferCount, WaylandRenderer.maximumBuffers)
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }
}
