import SwipeDismiss
import SwipeDismissNull
import XCTest

/// The bundled `stack-*` traces, replayed through the stack on the null renderer: depth,
/// phase, detent, parent offset and scale at every frame, a backdrop that never dips, and
/// the same states at 30 and 240 Hz.
final class StackTraceTests: XCTestCase {
    private let medium = StackHarness.medium

    /// Checks what holds at every frame of every stack trace: the parent is there exactly at
    /// depth 2 or more and recedes by `1 − 0.06 × v` of the top sheet; at depth 2 or more the
    /// backdrop is the sheets' 0.3; the parent's scale never jumps.
    private func assertEveryFrame(
        _ states: [StackState], parentOffset: Double = StackHarness.medium,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var previousScale: Double?
        var previousDepth = 0
        for state in states {
            // Another depth, another parent: its scale is continuous, not the column's.
            if state.depth != previousDepth { previousScale = nil }
            previousDepth = state.depth
            let label = "at \(state.top.time)"
            if state.depth >= 2 {
                guard let parent = state.parent, let scale = state.parentScale else {
                    return XCTFail(
                        "no parent at depth \(state.depth) \(label)", file: file, line: line)
                }
                XCTAssertEqual(
                    parent.offset, parentOffset, accuracy: 1e-9, label, file: file, line: line)
                XCTAssertEqual(parent.phase, .presented, label, file: file, line: line)
                XCTAssertEqual(
                    scale, StackHarness.expectedScale(childOffset: state.top.offset),
                    accuracy: 1e-12, label, file: file, line: line)
                XCTAssertEqual(state.top.alpha, 0.3, accuracy: 1e-12, label, file: file, line: line)
                if let previousScale {
                    XCTAssertLessThan(
                        abs(scale - previousScale), 0.01, label, file: file, line: line)
                }
                previousScale = scale
            } else {
                XCTAssertNil(state.parent, label, file: file, line: line)
                XCTAssertNil(state.parentScale, label, file: file, line: line)
                previousScale = nil
            }
        }
    }

    private func state(at time: Double, in states: [StackState]) throws -> StackState {
        try XCTUnwrap(states.last { $0.top.time <= time + 1e-9 })
    }

    private func assertSameAt30And240Hz(_ name: String, until end: Double) throws {
        let coarse = try StackHarness(trace: name, fps: 30).run(until: end)
        let fine = try StackHarness(trace: name, fps: 240).run(until: end)
        XCTAssertEqual(fine.count, (coarse.count - 1) * 8 + 1, name)
        for (n, state) in coarse.enumerated() {
            let other = fine[n * 8]
            let label = "\(name) at \(state.top.time)"
            XCTAssertEqual(other.top.time, state.top.time, label)
            XCTAssertEqual(other.depth, state.depth, label)
            XCTAssertEqual(other.top.phase, state.top.phase, label)
            XCTAssertEqual(other.top.detent, state.top.detent, label)
            XCTAssertEqual(other.top.offset, state.top.offset, accuracy: 1e-9, label)
            XCTAssertEqual(other.top.alpha, state.top.alpha, accuracy: 1e-9, label)
            XCTAssertEqual(
                other.parent?.offset ?? -1, state.parent?.offset ?? -1, accuracy: 1e-9, label)
            XCTAssertEqual(other.parentScale ?? -1, state.parentScale ?? -1, accuracy: 1e-12, label)
        }
    }

    func testAChildDraggedOffLeavesItsParentUnmovedAndTheBackdropAt0Point3() throws {
        let harness = try StackHarness(trace: "stack-child-drag-off.json")
        let states = try harness.run(until: 4)
        assertEveryFrame(states)
        let first = try state(at: 0.1, in: states)
        XCTAssertEqual(StackSample(first).depth, 1)
        XCTAssertEqual(first.top.detent, .medium)
        let atRest = try state(at: 1.45, in: states)
        XCTAssertEqual(atRest.depth, 2)
        XCTAssertEqual(atRest.top.phase, .presented)
        XCTAssertEqual(atRest.top.offset, medium, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(atRest.parentScale), 0.94, accuracy: 1e-12)
        // 1:1 tracking: 200 pt into the drag the child is 200 pt below medium.
        let dragging = try state(at: 1.9, in: states)
        XCTAssertEqual(dragging.top.phase, .dragging)
        XCTAssertEqual(dragging.top.offset, medium + 200, accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(dragging.parentScale), 1 - 0.06 * (222.0 / 422), accuracy: 1e-12)
        let released = try state(at: 2.37, in: states)
        XCTAssertEqual(released.top.phase, .dismissing)
        XCTAssertEqual(released.top.detent, .dismissed)
        XCTAssertEqual(released.depth, 2)
        let end = try XCTUnwrap(states.last)
        XCTAssertEqual(end.depth, 1)
        XCTAssertEqual(end.top.phase, .presented)
        XCTAssertEqual(end.top.detent, .medium)
        XCTAssertEqual(end.top.offset, medium, accuracy: 1e-9)
        // The backdrop never moved: 0.3 at every frame, through the child's coming and going.
        for state in states { XCTAssertEqual(state.top.alpha, 0.3, accuracy: 1e-12) }
        XCTAssertEqual(harness.dismissedLevels, [1])
        XCTAssertTrue(harness.asked.contains { $0 == (1, .drag) })
        // Nothing happened to the root but the keyboard focus coming back to it.
        XCTAssertEqual(
            harness.events.filter { $0.level == 0 }.map(\.event), [.focusChanged(item: "row-1")])
        try assertSameAt30And240Hz("stack-child-drag-off.json", until: 4)
    }

    func testEscapeTwiceDismissesTheChildThenTheRoot() throws {
        let harness = try StackHarness(trace: "stack-escape-twice.json")
        let states = try harness.run(until: 4)
        assertEveryFrame(states)
        XCTAssertEqual(try state(at: 1.45, in: states).depth, 2)
        let firstEscape = try state(at: 1.51, in: states)
        XCTAssertEqual(firstEscape.depth, 2)
        XCTAssertEqual(firstEscape.top.phase, .dismissing)
        let between = try state(at: 2.45, in: states)
        XCTAssertEqual(between.depth, 1)
        XCTAssertEqual(between.top.phase, .presented)
        XCTAssertEqual(between.top.detent, .medium)
        XCTAssertEqual(between.top.alpha, 0.3, accuracy: 1e-12)
        for state in states where state.top.time < 2.5 {
            XCTAssertEqual(state.top.alpha, 0.3, accuracy: 1e-12, "at \(state.top.time)")
        }
        let end = try XCTUnwrap(states.last)
        XCTAssertEqual(end.depth, 0)
        XCTAssertEqual(end.top.phase, .dismissed)
        XCTAssertEqual(end.top.detent, .dismissed)
        XCTAssertEqual(end.top.alpha, 0)
        XCTAssertEqual(harness.dismissedLevels, [1, 0])
        XCTAssertEqual(harness.asked.map(\.0), [1, 0])
        XCTAssertEqual(harness.asked.map(\.1), [.escape, .escape])
        try assertSameAt30And240Hz("stack-escape-twice.json", until: 4)
    }

    func testAFlickOnTheThirdSheetDismissesItOnly() throws {
        let harness = try StackHarness(trace: "stack-three-deep-flick.json")
        let states = try harness.run(until: 4)
        assertEveryFrame(states)
        let threeDeep = try state(at: 2.15, in: states)
        XCTAssertEqual(threeDeep.depth, 3)
        XCTAssertEqual(threeDeep.top.phase, .presented)
        XCTAssertEqual(try XCTUnwrap(threeDeep.parentScale), 0.94, accuracy: 1e-12)
        let flicked = try state(at: 2.27, in: states)
        XCTAssertEqual(flicked.depth, 3)
        XCTAssertEqual(flicked.top.phase, .dismissing)
        // Let go 72 pt below medium, nearer medium than off screen: the speed dismissed it.
        let lifted = try state(at: 2.25, in: states)
        XCTAssertEqual(lifted.top.phase, .dragging)
        XCTAssertLessThan(lifted.top.offset, (medium + StackHarness.offScreen) / 2)
        let end = try XCTUnwrap(states.last)
        XCTAssertEqual(end.depth, 2)
        XCTAssertEqual(end.top.phase, .presented)
        XCTAssertEqual(end.top.detent, .medium)
        XCTAssertEqual(try XCTUnwrap(end.parentScale), 0.94, accuracy: 1e-12)
        XCTAssertEqual(harness.dismissedLevels, [2])
        // Only level 2, the one dragged, is asked, for what a drag can reach.
        XCTAssertEqual(Set(harness.asked.map(\.0)), [2])
        XCTAssertEqual(Set(harness.asked.map(\.1)), [.drag, .flick, .tap])
        XCTAssertEqual(harness.controller.scale(ofLevel: 0), 0.94, accuracy: 1e-12)
        try assertSameAt30And240Hz("stack-three-deep-flick.json", until: 4)
    }

    func testTheGrandparentStaysRecededWhileThreeDeep() throws {
        let harness = try StackHarness(trace: "stack-three-deep-flick.json")
        _ = try harness.run(until: 2.15)
        XCTAssertEqual(harness.controller.depth, 3)
        XCTAssertEqual(harness.controller.scale(ofLevel: 0), 0.94, accuracy: 1e-12)
        XCTAssertEqual(harness.controller.scale(ofLevel: 1), 0.94, accuracy: 1e-12)
        XCTAssertEqual(harness.controller.scale(ofLevel: 2), 1)
    }

    func testAChildLetGoSpringsBackAndItsParentReturnsTo0Point94() throws {
        let harness = try StackHarness(trace: "stack-child-springback.json")
        let states = try harness.run(until: 4)
        assertEveryFrame(states)
        let lastMove = try state(at: 2.15, in: states)
        XCTAssertEqual(lastMove.top.phase, .dragging)
        XCTAssertEqual(lastMove.top.offset, medium + 150, accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(lastMove.parentScale), 1 - 0.06 * (272.0 / 422), accuracy: 1e-12)
        let settling = try state(at: 2.25, in: states)
        XCTAssertEqual(settling.top.phase, .settling)
        XCTAssertEqual(settling.top.detent, .medium)
        let end = try XCTUnwrap(states.last)
        XCTAssertEqual(end.depth, 2)
        XCTAssertEqual(end.top.phase, .presented)
        XCTAssertEqual(end.top.offset, medium, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(end.parentScale), 0.94, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(end.parent).offset, medium, accuracy: 1e-9)
        XCTAssertEqual(harness.dismissedLevels, [])
        try assertSameAt30And240Hz("stack-child-springback.json", until: 4)
    }
}
