import Foundation
import SwipeDismiss
import SwipeDismissTrace
import XCTest

@testable import CairoExport

/// A touchpad stream with no `scroll-stop` ends 150 ms after its last delta (DESIGN §4,
/// "Trace events, added"): the export's frame planner honours that deadline as `x11-demo
/// --replay` does, whether or not another event follows.
final class TouchpadExportTests: XCTestCase {
    /// The issue's example: 19 touchpad deltas of +13.16 pt at 60 Hz (250.04 pt), no stop,
    /// then `after` (JSON events) if given.
    private func stream(then after: String = "") throws -> GestureTrace {
        let deltas = (0..<19).map { index in
            #"{ "t": \#(Double(index) / 60), "type": "scroll", "dx": 0, "dy": 13.16, "#
                + #""source": "touchpad" }"#
        }
        let events = (deltas + (after.isEmpty ? [] : [after])).joined(separator: ",\n  ")
        return try GestureTrace(
            json: #"{ "viewport": { "width": 390, "height": 844 }, "events": [\#n  "#
                + events + " ] }")
    }

    private func plan(_ trace: GestureTrace) throws -> [ExportFrame] {
        try Exporter(trace: trace, configuration: .fluid, framesPerSecond: 60).plan()
    }

    /// The time the stream ends: 150 ms after its last delta.
    private let deadline = 18.0 / 60 + 0.15

    func testAStreamWithNoStopEndsAtItsDeadlineAndEndsDismissed() throws {
        let frames = try plan(try stream())
        XCTAssertEqual(frames.last?.state.phase, .dismissed)
        let lastDragging = try XCTUnwrap(frames.last { $0.state.phase == .dragging })
        XCTAssertLessThan(lastDragging.state.time, deadline)
        let released = try XCTUnwrap(frames.first { $0.state.time >= deadline })
        XCTAssertEqual(released.state.phase, .dismissing)
        XCTAssertLessThan(released.state.time, deadline + 1.0 / 60)
        XCTAssertGreaterThanOrEqual(released.state.offset, 250.04 - 1e-9)
    }

    func testTheDismissalIsDrawnFrameByFrame() throws {
        let frames = try plan(try stream())
        let leaving = frames.filter { $0.state.phase == .dismissing }
        XCTAssertGreaterThan(leaving.count, 5, "the content is seen leaving")
        XCTAssertTrue(frames.allSatisfy { $0.restDuration == nil }, "nothing is skipped")
        for (before, after) in zip(frames, frames.dropFirst()) {
            XCTAssertEqual(after.tick, before.tick + 1)
        }
        // The offset only grows on the way out, and the backdrop clears.
        for (before, after) in zip(leaving, leaving.dropFirst()) {
            XCTAssertGreaterThanOrEqual(after.state.offset, before.state.offset)
        }
        XCTAssertEqual(frames.last?.state.alpha, 0)
    }

    func testALaterEventDoesNotSkipTheRelease() throws {
        let frames = try plan(
            try stream(then: #"{ "t": 5, "type": "key", "key": "a" }"#))
        let released = try XCTUnwrap(frames.first { $0.state.time >= deadline })
        XCTAssertEqual(released.state.phase, .dismissing)
        XCTAssertLessThan(released.state.time, deadline + 1.0 / 60)
        let rest = try XCTUnwrap(frames.first { $0.restDuration != nil })
        XCTAssertEqual(rest.state.phase, .dismissed, "only the rest after the dismissal collapses")
        XCTAssertEqual(frames.last?.state.phase, .dismissed)
    }

    /// `Examples/Traces/touchpad-no-stop.json` is the same stream, with times to 6 digits.
    func testTheExampleTraceExportsToADismissal() throws {
        let root = try ExportFixtures.makeRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = runExport(
            ["--trace", ExportFixtures.trace("touchpad-no-stop"), "--out", root + "/out"])
        XCTAssertEqual(result.status, 0, result.errors)
        let rows = try SampleRow.read(root + "/out")
        XCTAssertEqual(rows.last?.phase, "dismissed")
        let release = try XCTUnwrap(rows.first { $0.t >= 0.45 })
        XCTAssertEqual(release.phase, "dismissing")
        // Dragging up to the frame before the stream's deadline, 0.3 s + 150 ms.
        let lastDragging = try XCTUnwrap(rows.last { $0.phase == "dragging" }).t
        XCTAssertLessThan(lastDragging, 0.45)
        XCTAssertGreaterThan(lastDragging, 0.45 - 1.0 / 60 - 1e-6)
    }
}
