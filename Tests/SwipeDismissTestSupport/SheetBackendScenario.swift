import SwipeDismiss
import SwipeDismissSheetBackend
import XCTest

/// What the shared scenario needs from a backend besides the facade: content, time passing
/// and a user's Escape.
package protocol SheetBackendHarness {
    associatedtype Backend: SheetBackend
    var backend: Backend { get }
    var window: Backend.Window { get }
    func makeContent() -> Backend.Widget
    func run(for seconds: Double, _ sheets: [Backend.Sheet]) throws
    func pressEscape(_ sheet: Backend.Sheet)
}

/// The facade's behaviour, the same for every backend: detents mapped, sizes, present,
/// user dismissal calling `onDismiss` once, `dismissSheet` not calling it, and
/// interactive dismissal switched off.
package func checkSheetBackend<Harness: SheetBackendHarness>(_ harness: Harness) throws {
    let backend = harness.backend
    let sheet = backend.createSheet(content: harness.makeContent())
    var dismissals = 0
    func update(disabled: Bool) {
        backend.updateSheet(
            sheet, window: harness.window, size: SIMD2(390, 844), onDismiss: { dismissals += 1 },
            cornerRadius: 12, detents: [.height(300), .large], dragIndicatorVisibility: .automatic,
            interactiveDismissDisabled: disabled)
    }
    update(disabled: false)
    XCTAssertNil(backend.controller(ofSheet: sheet))
    // 390 wide; at large the sheet covers 844 − 84.4 = 759.6 pt.
    XCTAssertEqual(backend.size(ofSheet: sheet), SIMD2(390, 760))

    backend.presentSheet(sheet, window: harness.window, parentSheet: nil)
    try harness.run(for: 1.2, [sheet])
    let controller = try XCTUnwrap(backend.controller(ofSheet: sheet))
    XCTAssertEqual(controller.state.phase, .presented)
    XCTAssertEqual(controller.state.detent, "height-300.0")
    // A 300 pt sheet's top is at 544 pt, 459.6 pt below large's 84.4.
    XCTAssertEqual(controller.state.offset, 459.6, accuracy: 1e-9)
    XCTAssertEqual(controller.layout.names, ["large", "height-300.0"])

    // The user dismisses: onDismiss once.
    harness.pressEscape(sheet)
    try harness.run(for: 1.2, [sheet])
    XCTAssertEqual(controller.state.phase, .dismissed)
    XCTAssertEqual(dismissals, 1)

    // The app dismisses: onDismiss is not called.
    backend.presentSheet(sheet, window: harness.window, parentSheet: nil)
    try harness.run(for: 1.2, [sheet])
    let second = try XCTUnwrap(backend.controller(ofSheet: sheet))
    XCTAssertEqual(second.state.phase, .presented)
    backend.dismissSheet(sheet, window: harness.window, parentSheet: nil)
    try harness.run(for: 1.2, [sheet])
    XCTAssertEqual(second.state.phase, .dismissed)
    XCTAssertEqual(dismissals, 1)

    // Interactive dismissal off: Escape leaves it shown, with no prompt pending.
    update(disabled: true)
    backend.presentSheet(sheet, window: harness.window, parentSheet: nil)
    try harness.run(for: 1.2, [sheet])
    let third = try XCTUnwrap(backend.controller(ofSheet: sheet))
    harness.pressEscape(sheet)
    try harness.run(for: 1.2, [sheet])
    XCTAssertEqual(third.state.phase, .presented)
    XCTAssertFalse(third.state.isDismissAttemptPending)
    backend.dismissSheet(sheet, window: harness.window, parentSheet: nil)
    try harness.run(for: 1.2, [sheet])
    XCTAssertEqual(third.state.phase, .dismissed)
    XCTAssertEqual(dismissals, 1)
}
