import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// The policy as data: the machine reads which reasons may dismiss and how a veto shows,
/// and never stops a call to ask.
final class DismissPolicyTests: XCTestCase {
    /// A sheet at 390 x 844 as `SheetPresenter` lays it out: `large` at 0, `medium` at
    /// 337.6, off screen at 759.6.
    private let world = SheetGeometry(
        presenter: SheetPresenter(), direction: .down, viewport: Size(width: 390, height: 844))
    /// On the sheet's header at `large` (its top at 84.4), above its list.
    private let header = Point(x: 195, y: 104.4)

    /// A sheet at rest at `large`, under `policy`.
    private func sheet(
        _ policy: DismissPolicy, _ configuration: DismissConfiguration = .sheet()
    ) -> DismissMachine {
        var configuration = configuration
        configuration.presentedDetent = .large
        let layout = DetentLayout(
            presenter: world.presenter, configuration: configuration, viewport: world.viewport)
        var machine = DismissMachine(configuration: configuration, layout: layout, time: 0)
        machine.policy = policy
        return machine
    }

    private func at(_ time: Double, _ kind: InputEvent.Kind) -> InputEvent {
        InputEvent(time: time, kind: kind)
    }

    func testThePolicyHoldsEachReasonOnItsOwn() {
        var policy = DismissPolicy.allow
        policy.set(.escape, allowed: false)
        XCTAssertEqual(policy.allowed, [.drag, .flick, .tap, .programmatic, .back])
        XCTAssertFalse(policy.allows(.escape))
        XCTAssertEqual(DismissPolicy(allowing: [.tap]).allowed, [.tap])
        XCTAssertEqual(DismissPolicy.deny.allowed, [])
        XCTAssertEqual(DismissPolicy.allow.allowed, Set(DismissReason.allCases))

        var m = sheet(policy)
        XCTAssertEqual(
            m.perform(.dismiss, environment: world),
            [.notify(.dismissAttempted(.escape)), .needsDisplay], "Escape is vetoed in the call")
        XCTAssertEqual(m.phase, .presented)
        XCTAssertTrue(m.isDismissAttemptPending)
        let effects = m.dismiss(environment: world)
        XCTAssertEqual(m.phase, .dismissing, "dismiss() is allowed: it goes at once")
        guard case .notify(.phaseChanged(.presented, .dismissing, _))? = effects.first else {
            return XCTFail("\(effects)")
        }
    }

    func testAQuietVetoIsReportedAndLeavesNothingPending() {
        var m = sheet(DismissPolicy(allowing: [], veto: .quiet))
        XCTAssertEqual(
            m.dismiss(request: 3, environment: world),
            [
                .notify(.dismissAttempted(.programmatic)), .needsDisplay,
                .complete(request: 3, succeeded: false),
            ])
        XCTAssertFalse(m.isDismissAttemptPending)
        XCTAssertEqual(m.phase, .presented)
    }

    func testADragReadsItsVerdictOnceAsItPassesTheLowestDetent() {
        var m = sheet(.deny)
        var denied = sheet(.deny)
        // Down from `large` on the header: medium (337.6) is passed at +400.
        for (k, y) in [0.0, 100, 200, 300, 400, 500].enumerated() {
            let time = Double(k) * 0.05
            let event = at(time, k == 0 ? .down(header) : .move(header + Point(x: 0, y: y)))
            // Once the verdict is read, a later policy does not change the drag.
            if k == 5 { m.policy = .allow }
            m.handle(event, environment: world)
            denied.handle(event, environment: world)
            XCTAssertEqual(m.state, denied.state, "at \(time)")
        }
        XCTAssertLessThan(m.offset, 337.6 + 162.4, "the band holds it back")
        // Held still, the banded drag goes back to `medium`: nothing to report.
        let release = at(0.3, .up(header + Point(x: 0, y: 500)))
        let effects = m.handle(release, environment: world)
        denied.handle(release, environment: world)
        XCTAssertFalse(effects.contains(.notify(.dismissAttempted(.drag))))
        XCTAssertEqual(m.state, denied.state)
        XCTAssertEqual(m.phase, .settling)
        XCTAssertEqual(m.state.detent, .medium)
    }

    func testAQuietTouchpadStreamReadsThePolicyAtItsDeadline() {
        // 10 deltas of 15 pt at 100 Hz from `large`: 150 pt at 1500 pt/s, short of `medium`,
        // so no drag verdict; the release 150 ms after the last delta projects off screen.
        for (allowed, phase) in [(true, DismissPhase.dismissed), (false, .presented)] {
            var policy = DismissPolicy.allow
            policy.set(.flick, allowed: allowed)
            var m = sheet(policy)
            for k in 0..<10 {
                m.handle(
                    at(Double(k) / 100, .scroll(dx: 0, dy: 15, source: .touchpad)),
                    environment: world)
            }
            XCTAssertEqual(m.offset, 150)
            XCTAssertEqual(m.scrollDeadline ?? 0, 0.09 + 0.150, accuracy: 1e-12)
            let effects = m.advance(to: 1, environment: world)
            XCTAssertEqual(m.time, 1, "the call runs to its end")
            XCTAssertEqual(m.phase, phase)
            XCTAssertEqual(effects.contains(.notify(.dismissAttempted(.flick))), !allowed)
        }
    }

    func testAControllerAsksForTheFlickAtItsRelease() {
        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = .large
        let clock = ManualClock()
        let controller = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(),
            renderer: NullRenderer(viewport: world.viewport), clock: clock,
            configuration: configuration)
        var attempts: [DismissReason] = []
        controller.addObserver { event in
            if case .dismissAttempted(let reason) = event { attempts.append(reason) }
        }
        controller.shouldDismiss = { $0 != .flick }
        // 120 pt down in 40 ms from `large`: short of `medium`, off screen by its speed.
        controller.handle(at(0, .down(header)))
        for k in 1...4 {
            controller.handle(at(Double(k) / 100, .move(header + Point(x: 0, y: 30 * Double(k)))))
        }
        controller.handle(at(0.041, .up(header + Point(x: 0, y: 120))))
        XCTAssertEqual(attempts, [.flick])
        XCTAssertEqual(controller.state.phase, .settling)
        XCTAssertEqual(controller.state.detent, .medium, "it springs back to the lowest detent")
    }

    /// A policy that calls back into its controller counts as declining and never recurses
    /// (issue 35: it recursed until the stack overflowed).
    func testAPolicyCallingBackIntoItsControllerDeclinesAndNeverRecurses() {
        let clock = ManualClock()
        let controller = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(),
            renderer: NullRenderer(viewport: Size(width: 390, height: 844)), clock: clock,
            configuration: .sheet())
        var asked = 0
        var attempts: [DismissReason] = []
        controller.addObserver { event in
            if case .dismissAttempted(let reason) = event { attempts.append(reason) }
        }
        controller.shouldDismiss = { [unowned controller] _ in
            asked += 1
            controller.handle(InputEvent(time: clock.now, kind: .key(.escape)))
            controller.dismiss()
            return true
        }
        var outcome: Bool?
        controller.dismiss { outcome = $0 }
        XCTAssertEqual(asked, 1, "the calls it made ran without asking again")
        XCTAssertEqual(outcome, false, "the question counts as declined")
        // In the order made: the veto, then Escape declines it, then dismiss() is vetoed.
        XCTAssertEqual(attempts, [.programmatic, .programmatic])
        XCTAssertEqual(controller.state.phase, .presented)
        XCTAssertTrue(controller.state.isDismissAttemptPending)
        controller.shouldDismiss = nil
        controller.dismiss(force: true)
        XCTAssertEqual(controller.state.phase, .dismissing)
    }

    func testAStackPolicyCallingBackIntoItsControllerDeclinesAndNeverRecurses() {
        let controller = SheetStackController(
            input: QueuedInputSource(),
            renderer: NullRenderer(viewport: Size(width: 390, height: 844)), clock: ManualClock())
        var asked: [Int] = []
        var attempts: [StackEvent] = []
        controller.addObserver { event in
            if case .dismissAttempted = event.event { attempts.append(event) }
        }
        controller.shouldDismiss = { [unowned controller] level, _ in
            asked.append(level)
            controller.dismiss()
            controller.dismiss(level: 0)
            return true
        }
        var outcome: Bool?
        controller.dismiss { outcome = $0 }
        XCTAssertEqual(asked, [0])
        XCTAssertEqual(outcome, false)
        XCTAssertEqual(attempts.map(\.level), [0, 0, 0])
        XCTAssertEqual(
            attempts.map(\.event), Array(repeating: .dismissAttempted(.programmatic), count: 3))
        XCTAssertEqual(controller.state(ofLevel: 0)?.phase, .presented)
    }

    func testAStackRefusesOrClampsAKeyPresentLimitThatWouldOverflow() {
        let root = sheet(.allow)
        var stack = SheetStack(root: root, keyPresentLimit: .max)
        XCTAssertEqual(stack.keyPresentLimit, .max)
        XCTAssertEqual(stack.levels.count, 1)
        // A key's present asks for a level while fewer than the limit are shown: with no
        // limit to speak of, it asks for the next level.
        XCTAssertEqual(
            stack.perform(.present, environment: Sheets(sheet: world)), [.levelRequested(1)])
        let negative = SheetStack(root: root, keyPresentLimit: .min)
        XCTAssertEqual(negative.keyPresentLimit, 0, "a negative limit presents nothing")
    }

    private struct Sheets: StackEnvironment {
        let sheet: SheetGeometry
        func environment(forLevel level: Int) -> SheetGeometry { sheet }
    }
}

/// Keys belong to the app: a controller an app makes presents on no key; the tools bind
/// Space and Enter.
final class KeyBindingTests: XCTestCase {
    private func dismissedSheet(_ bindings: KeyBindings?) -> DismissController {
        let controller = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(),
            renderer: NullRenderer(viewport: Size(width: 390, height: 844)), clock: ManualClock(),
            configuration: .sheet(), presented: false)
        if let bindings { controller.keyBindings = bindings }
        return controller
    }

    func testADefaultControllerIgnoresSpaceAndEnter() {
        let controller = dismissedSheet(nil)
        XCTAssertEqual(controller.keyBindings, .standard)
        controller.handle(InputEvent(time: 0.1, kind: .key(.space)))
        controller.handle(InputEvent(time: 0.2, kind: .key(.enter)))
        XCTAssertEqual(controller.state.phase, .dismissed)
        XCTAssertEqual(controller.state.time, 0.2, "the keys still move time")
        XCTAssertEqual(controller.presentationCount, 1)
    }

    func testAToolBoundControllerPresentsOnSpaceAndOnEnter() {
        for key in [Key.space, .enter] {
            let controller = dismissedSheet(.tools)
            controller.handle(InputEvent(time: 0.1, kind: .key(key)))
            XCTAssertEqual(controller.state.phase, .presenting, "\(key)")
            XCTAssertEqual(controller.presentationCount, 2)
        }
    }

    func testEscapeDismissesByDefaultAndAnAppMayBindAnotherKey() {
        let controller = dismissedSheet(nil)
        controller.present(animated: false)
        controller.handle(InputEvent(time: 0.1, kind: .key(.escape)))
        XCTAssertEqual(controller.state.phase, .dismissing)

        let quits = dismissedSheet(KeyBindings([.other("q"): .dismiss]))
        quits.present(animated: false)
        quits.handle(InputEvent(time: 0.1, kind: .key(.escape)))
        XCTAssertEqual(quits.state.phase, .presented, "Escape is not bound")
        quits.handle(InputEvent(time: 0.2, kind: .key(.other("q"))))
        XCTAssertEqual(quits.state.phase, .dismissing)
    }

    func testAStackPresentsTheNextLevelOnlyWhereTheAppBindsAKey() {
        for (bindings, depth) in [(KeyBindings.standard, 1), (.tools, 2)] {
            let stack = SheetStackController(
                input: QueuedInputSource(),
                renderer: NullRenderer(viewport: Size(width: 390, height: 844)),
                clock: ManualClock())
            stack.keyBindings = bindings
            stack.nextLevel = { _ in StackLevel() }
            stack.handle(InputEvent(time: 0.1, kind: .key(.space)))
            XCTAssertEqual(stack.depth, depth)
        }
    }
}
