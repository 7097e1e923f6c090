import Foundation
import SwipeDismiss
import SwipeDismissTrace
import XCTest

@testable import CairoExport

/// Planning: idle stretches collapse, the frame cap refuses instead of truncating, and no
/// trace can make the plan or the chart run away.
final class ExportPlanTests: XCTestCase {
    private func trace(_ json: String) throws -> GestureTrace {
        try GestureTrace(json: json)
    }

    /// Escape at 0.1 s, then Space at `space` s: a dismissal, a rest, a presentation.
    private func escapeThenSpace(at space: Double, otherKeyAt other: Double? = nil) throws
        -> GestureTrace
    {
        let extra = other.map { ", { \"t\": \($0), \"type\": \"key\", \"key\": \"a\" }" } ?? ""
        return try trace(
            """
            { "viewport": { "width": 390, "height": 844 }, "events": [
              { "t": 0.1, "type": "key", "key": "Escape" }\(extra),
              { "t": \(space), "type": "key", "key": "Space" } ] }
            """)
    }

    private func plan(_ trace: GestureTrace, fps: Double = 60, limit: Int = 20_000) throws
        -> [ExportFrame]
    {
        var exporter = Exporter(trace: trace, configuration: .fluid, framesPerSecond: fps)
        exporter.frameLimit = limit
        return try exporter.plan()
    }

    func testAStretchAtRestOfAnyLengthIsOneFrameStartingWhenMotionStops() throws {
        let frames = try plan(try escapeThenSpace(at: 1666))
        let collapsed = frames.filter { $0.restDuration != nil }
        XCTAssertEqual(collapsed.count, 1)
        let rest = try XCTUnwrap(collapsed.first)
        XCTAssertEqual(rest.state.phase, .dismissed)
        XCTAssertEqual(try XCTUnwrap(rest.restDuration), 1666 - rest.state.time, accuracy: 1e-9)
        let next = try XCTUnwrap(frames.first { $0.tick > rest.tick })
        XCTAssertEqual(next.tick, 1666 * 60, "the next frame is the first tick at the Space")
        XCTAssertEqual(next.state.phase, .presenting)
        XCTAssertLessThan(frames.count, 200)
        // Every other frame is one tick after the one before.
        for (before, after) in zip(frames, frames.dropFirst()) where before.restDuration == nil {
            XCTAssertEqual(after.tick, before.tick + 1)
        }
    }

    func testStretchesOfHalfASecondOrLessAreNotCollapsed() throws {
        // Dismissed well before 1.0 s; a no-op key at 1.0 s; Space 0.4 s after it.
        let frames = try plan(try escapeThenSpace(at: 1.4, otherKeyAt: 1.0))
        let collapsed = frames.filter { $0.restDuration != nil }
        XCTAssertEqual(collapsed.count, 1, "only the rest before 1.0 s")
        let ticks = Set(frames.map(\.tick))
        for tick in 60...84 { XCTAssertTrue(ticks.contains(tick), "tick \(tick) is drawn") }
    }

    func testCollapsedPlansAgreeAtSharedTimesAt30And60FPS() throws {
        let trace = try escapeThenSpace(at: 42.5)
        let at30 = Dictionary(
            uniqueKeysWithValues: try plan(trace, fps: 30).map { ($0.tick * 2, $0.state) })
        var shared = 0
        for frame in try plan(trace, fps: 60) {
            guard let other = at30[frame.tick] else { continue }
            XCTAssertFalse(frame.state.looksDifferent(from: other), "tick \(frame.tick)")
            shared += 1
        }
        XCTAssertGreaterThan(shared, 10)
    }

    func testTheFrameCapRefusesBeforeAnythingIsDrawn() throws {
        let trace = try escapeThenSpace(at: 1.4, otherKeyAt: 1.0)
        let needed = try plan(trace).count
        XCTAssertEqual(try plan(trace, limit: needed).count, needed)
        XCTAssertThrowsError(try plan(trace, limit: needed - 1)) { error in
            XCTAssertEqual(
                error as? PlanError,
                .tooManyFrames(needed: needed, limit: needed - 1, framesPerSecond: 60))
            XCTAssertTrue("\(error)".contains("--max-frames"))
        }
    }

    func testAnAnimationThatNeverSettlesIsAnErrorNotATruncation() throws {
        var configuration = DismissConfiguration.fluid
        configuration.presentSpring = Spring(response: 10_000, dampingRatio: 1)
        let exporter = Exporter(
            trace: try escapeThenSpace(at: 1), configuration: configuration, framesPerSecond: 30)
        XCTAssertThrowsError(try exporter.plan()) { error in
            XCTAssertEqual(error as? PlanError, .neverSettles(afterSeconds: 10))
        }
    }

    func testHugeCoordinatesPlanWithinSecondsToAFiniteDismissalUnderBothPresets() throws {
        // The trace reader refuses coordinates past ±1e6 pt; the planner must hold on its own
        // for a trace built in code.
        let far = GestureTrace(
            viewport: Size(width: 390, height: 844),
            events: [
                InputEvent(time: 0.1, kind: .down(Point(x: 195, y: 500))),
                InputEvent(time: 0.2, kind: .move(Point(x: 195, y: 1e308))),
                InputEvent(time: 0.25, kind: .move(Point(x: 195, y: -1e308))),
                InputEvent(time: 0.3, kind: .move(Point(x: 195, y: 1e308))),
                InputEvent(time: 0.4, kind: .up(Point(x: 195, y: 1e308))),
            ])
        for configuration in [DismissConfiguration.seed, .fluid] {
            let started = Date()
            let exporter = Exporter(trace: far, configuration: configuration, framesPerSecond: 60)
            // A release from 1e308 pt leaves on a spring whose value overflows: the machine
            // ends it off screen instead of animating NaN, so every frame stays finite.
            let frames = try exporter.plan()
            XCTAssertLessThan(Date().timeIntervalSince(started), 5)
            for frame in frames {
                XCTAssertTrue(
                    frame.state.offset.isFinite && frame.state.alpha.isFinite,
                    "\(configuration.name) at \(frame.state.time): \(frame.state)")
            }
            XCTAssertEqual(frames.last?.state.phase, .dismissed, configuration.name)
            XCTAssertEqual(frames.last?.state.offset, 490, configuration.name)
        }
    }

    func testAnEventTimeBeyondAnyFrameNumberIsRefused() throws {
        // The trace reader refuses `t` past 24 h; the planner must hold on its own too.
        let trace = GestureTrace(
            viewport: Size(width: 390, height: 844),
            events: [
                InputEvent(time: 0.1, kind: .key(.escape)),
                InputEvent(time: 1e300, kind: .key(.space)),
            ])
        XCTAssertThrowsError(try plan(trace)) { error in
            XCTAssertEqual(error as? PlanError, .timeTooLarge(1e300))
        }
    }

    func testCSVRowsAreOnePerFrameWithTheStretchAtItsStart() throws {
        let frames = try plan(try escapeThenSpace(at: 1666))
        let lines = samplesCSV(frames).split(separator: "\n")
        XCTAssertEqual(lines.count, frames.count + 1)
        let rest = try XCTUnwrap(frames.firstIndex { $0.restDuration != nil })
        XCTAssertTrue(lines[rest + 1].contains(",0.000000,dismissed,"), String(lines[rest + 1]))
        XCTAssertTrue(lines[rest + 2].hasPrefix("1666.000000,"), String(lines[rest + 2]))
    }

    func testTheStoryboardLabelsARestStretch() {
        XCTAssertEqual(Storyboard.restLabel(1664.2), "… 1664.2 s at rest …")
    }

    // MARK: Timeline

    func testTheTimelineDrawsEachIdleStretchHalfASecondWide() throws {
        let state = DismissState(time: 0, offset: 0, alpha: 0.3, progress: 0, phase: .presented)
        var frames = [ExportFrame(tick: 0, state: state)]
        frames[0].restDuration = 100
        var later = state
        later.time = 100
        frames.append(ExportFrame(tick: 6000, state: later))
        let axis = TimelineAxis(frames: frames)
        XCTAssertEqual(axis.breaks, [.init(start: 0, length: 100)])
        XCTAssertEqual(axis.plotted(0), 0)
        XCTAssertEqual(axis.plotted(50), 0.25)
        XCTAssertEqual(axis.plotted(100), 0.5)
        XCTAssertEqual(axis.plotted(101), 1.5)
        XCTAssertEqual(axis.realTime(at: 1.5), 101)
        XCTAssertTrue(axis.isInsideBreak(0.25))
        XCTAssertFalse(axis.isInsideBreak(0.75))
    }

    func testTicksAreRoundValuesCoveringTheRange() throws {
        XCTAssertEqual(try Timeline.ticks(from: 0, to: 240, count: 8), [0, 50, 100, 150, 200])
        XCTAssertEqual(try Timeline.ticks(from: 5, to: 5, count: 8), [5])
    }

    func testTicksRefuseNonFiniteRanges() {
        for (low, high) in [
            (0, Double.infinity), (-Double.infinity, 0), (0, .nan), (-1e308, 1e308),
        ] {
            XCTAssertThrowsError(
                try Timeline.ticks(from: low, to: high, count: 8), "\(low) \(high)")
        }
    }

    func testTicksEndForRangesTooNarrowToStepThrough() throws {
        let ticks = try Timeline.ticks(from: 1e30, to: 1e30 + 1e15, count: 8)
        XCTAssertLessThanOrEqual(ticks.count, 2 * 8 + 3)
        XCTAssertFalse(try Timeline.ticks(from: 0, to: 1e300, count: 10).isEmpty)
        XCTAssertFalse(try Timeline.ticks(from: 0, to: .leastNonzeroMagnitude, count: 10).isEmpty)
    }
}
