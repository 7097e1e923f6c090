import Foundation
import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import SwipeDismissTrace
import XCTest

/// A sheet stack on the null renderer: the `stack` scene's levels (sheets as the `sheet`
/// scene, Space and Enter presenting up to 3), driven by a trace or queued input.
final class StackHarness {
    let clock: FixedStepClock
    let renderer = NullRenderer()
    let controller: SheetStackController
    private(set) var events: [StackEvent] = []
    /// Every `(level, reason)` the stack-wide policy was asked about.
    private(set) var asked: [(Int, DismissReason)] = []
    /// Levels whose policy says no.
    var vetoedLevels: Set<Int> = []

    /// The sheet geometry at 390 x 844: `large` at offset 0, `medium` at 337.6, off screen
    /// at 759.6.
    static let medium = 337.6
    static let offScreen = 759.6

    init(input: InputSource, fps: Double = 60, presented: Bool = true) {
        clock = FixedStepClock(framesPerSecond: fps)
        controller = SheetStackController(
            input: input, renderer: renderer, clock: clock,
            root: StackLevel(configuration: .sheet(), presenter: SheetPresenter()),
            presented: presented)
        controller.keyBindings = .tools
        controller.nextLevel = { level in
            StackLevel(
                configuration: .sheet(), presenter: SheetPresenter(title: "Sheet \(level + 1)"))
        }
        controller.addObserver { [unowned self] in self.events.append($0) }
        controller.shouldDismiss = { [unowned self] level, reason in
            self.asked.append((level, reason))
            return !self.vetoedLevels.contains(level)
        }
    }

    /// A harness replaying the bundled trace `name` from Examples/Traces.
    convenience init(trace name: String, fps: Double = 60) throws {
        let trace = try GestureTrace.load(
            path: bundledTracesFolder.appendingPathComponent(name).path)
        self.init(input: TraceInputSource(trace: trace), fps: fps)
    }

    /// Steps every frame up to `end` (inclusive), forcing a render, and returns the stack's
    /// state and the scene's summary at each.
    func run(until end: Double) throws -> [StackState] {
        var states: [StackState] = []
        while clock.now <= end + 1e-9 {
            try controller.step(forceRender: true)
            states.append(controller.state)
            clock.tick()
        }
        return states
    }

    /// `didDismiss` events by level, in order.
    var dismissedLevels: [Int] {
        events.compactMap {
            if case .didDismiss = $0.event { return $0.level }
            return nil
        }
    }

    /// The parent's scale for a child at `offset`: `1 − 0.06 × v`.
    static func expectedScale(childOffset offset: Double) -> Double {
        let visibility = min(1, max(0, (offScreen - offset) / (offScreen - medium)))
        return 1 - 0.06 * visibility
    }
}

/// One row of a stack sample as `samples.csv` prints it, for exact comparisons.
struct StackSample: Equatable {
    var depth: Int
    var phase: DismissPhase
    var detent: String
    var offset: Double
    var alpha: Double
    var parentOffset: Double?
    var parentScale: Double?

    init(_ state: StackState) {
        depth = state.depth
        phase = state.top.phase
        detent = state.top.detent?.rawValue ?? ""
        offset = state.top.offset
        alpha = state.top.alpha
        parentOffset = state.parent?.offset
        parentScale = state.parentScale
    }
}
