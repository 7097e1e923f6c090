import SwipeDismiss
import SwipeDismissNull
import XCTest

/// `DragStartRule`: whether a press may start a drag, from its location and velocity
/// (iOS's `interactiveDismissShouldBegin`), as data the machine checks.
final class DragStartRuleTests: XCTestCase {
    func testTheRuleReadsTheLocationTheDirectionAndTheSpeed() {
        let rule = DragStartRule(
            excludedRegions: [Rect(x: 0, y: 0, width: 390, height: 44)], directions: [.down])
        let down = Point(x: 10, y: 300)
        XCTAssertTrue(
            rule.allows(location: Point(x: 195, y: 44), velocity: down, translation: .zero))
        XCTAssertFalse(
            rule.allows(location: Point(x: 195, y: 43.9), velocity: down, translation: .zero))
        XCTAssertFalse(
            rule.allows(
                location: Point(x: 195, y: 400), velocity: Point(x: 0, y: -300),
                translation: .zero))
        XCTAssertFalse(
            rule.allows(
                location: Point(x: 195, y: 400), velocity: Point(x: 301, y: 300),
                translation: .zero))
        // No speed yet: the translation says where it heads.
        XCTAssertTrue(
            rule.allows(
                location: Point(x: 195, y: 400), velocity: .zero,
                translation: Point(x: 0, y: 6)))
        XCTAssertFalse(
            rule.allows(location: Point(x: .nan, y: 400), velocity: down, translation: .zero))
        let fast = DragStartRule(minimumSpeed: 500)
        XCTAssertFalse(
            fast.allows(
                location: Point(x: 1, y: 1), velocity: Point(x: 0, y: 499),
                translation: .zero))
        XCTAssertTrue(
            fast.allows(
                location: Point(x: 1, y: 1), velocity: Point(x: 0, y: 500),
                translation: .zero))
        XCTAssertTrue(
            DragStartRule.always.allows(location: .zero, velocity: .zero, translation: .zero))
    }

    func testAPressTheRuleRefusesNeverMovesThePhotoAndOneItAllowsDoes() {
        let h = PhotoHarness()
        // A strip 44 pt tall along the photo's top edge (it spans y 275.75…568.25).
        h.presenter.dragStartRule = DragStartRule(
            excludedRegions: [Rect(x: 0, y: 275.75, width: 390, height: 44)])
        let end = h.drag(
            from: Point(x: 195, y: 290), by: Point(x: 0, y: 250), duration: 0.1, samples: 10)
        h.run(to: end + 0.5)
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.translation, .zero)
        XCTAssertEqual(h.phases, [])
        // The same drag lower down dismisses.
        let second = h.drag(
            from: Point(x: 195, y: 422), by: Point(x: 0, y: 250), at: end + 1, duration: 0.1,
            samples: 10)
        h.run(to: second)
        XCTAssertEqual(h.state.phase, .dismissing)
    }

    func testAnUpwardDragIsRefusedWhenOnlyDownwardDragsMayStart() {
        let h = PhotoHarness()
        h.presenter.dragStartRule = DragStartRule(directions: [.down])
        let end = h.drag(by: Point(x: 0, y: -200), duration: 0.1, samples: 10)
        h.run(to: end + 0.5)
        XCTAssertEqual(h.state.phase, .presented)
        XCTAssertEqual(h.state.translation, .zero)
        let second = h.drag(by: Point(x: 0, y: 200), at: end + 1, duration: 0.1, samples: 10)
        h.run(to: second)
        XCTAssertEqual(h.state.phase, .dismissing)
    }
}
