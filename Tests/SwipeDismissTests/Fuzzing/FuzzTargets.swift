import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport

/// What a fuzz session drives: the controller, which asks the app's policy, or the machine
/// value alone, driven as the controller drives it (cheaper: no renderer, no scene, and the
/// state is read once a frame).
protocol FuzzTarget: AnyObject {
    /// The time of the last step (the clock's reading).
    var now: Double { get }
    /// The state after the last call.
    var state: DismissState { get }
    var isAnimating: Bool { get }
    var presentationCount: Int { get }
    /// The time of the next queued input event not yet applied.
    var nextInputTime: Double? { get }
    /// Calls `observer` with every event, in order.
    func observe(_ observer: @escaping (DismissEvent) -> Void)
    /// Applies the input up to `time` and advances to it.
    func step(to time: Double) throws
    /// Performs `action`; `completion` runs once when a call (present, dismiss, move) is over,
    /// at once for the others.
    func perform(_ action: ControllerFuzzCase.Action, completion: @escaping (Bool) -> Void)
}

/// A `DismissController` on a manual clock and the null renderer, with the case's policy.
final class ControllerTarget: FuzzTarget {
    let clock = ManualClock()
    let input: QueuedInputSource
    let renderer = NullRenderer(keepsFrames: false)
    let controller: DismissController

    init(_ fuzzCase: ControllerFuzzCase) {
        input = QueuedInputSource(fuzzCase.queued)
        controller = DismissController(
            input: input, presenter: fuzzCase.makePresenter(), renderer: renderer, clock: clock,
            configuration: fuzzCase.configuration, presented: fuzzCase.startsPresented)
        controller.keyBindings = .tools
        controller.shouldDismiss = fuzzCase.makePolicy()
    }

    var now: Double { clock.now }
    var state: DismissState { controller.state }
    var isAnimating: Bool { controller.isAnimating }
    var presentationCount: Int { controller.presentationCount }
    var nextInputTime: Double? { input.nextEventTime }

    func observe(_ observer: @escaping (DismissEvent) -> Void) {
        controller.addObserver(observer)
    }

    func step(to time: Double) throws {
        clock.set(to: time)
        try controller.step()
    }

    func perform(_ action: ControllerFuzzCase.Action, completion: @escaping (Bool) -> Void) {
        switch action {
        case .direct(let event): controller.handle(event)
        case .present(let animated):
            return controller.present(animated: animated) { completion(true) }
        case .dismiss(let force, let animated):
            return controller.dismiss(animated: animated, force: force, completion: completion)
        case .move(let detent, let animated):
            return controller.move(to: detent, animated: animated, completion: completion)
        case .decline: controller.declineDismissal()
        case .resize(let size):
            renderer.viewport = size
            controller.viewportDidChange()
        }
        completion(true)
    }
}

/// The machine value alone (`MachineDriver`), its policy set from the case's as data.
final class MachineTarget: FuzzTarget {
    let driver: MachineDriver
    private var nextRequest = 0
    private var completions: [Int: (Bool) -> Void] = [:]
    /// How many of the driver's reported completions have run.
    private var reported = 0
    /// The time of the last step: a call applies there, as the controller's at its clock.
    private(set) var now = 0.0

    init(_ fuzzCase: ControllerFuzzCase) {
        driver = MachineDriver(
            presenter: fuzzCase.makePresenter(), configuration: fuzzCase.configuration,
            input: QueuedInputSource(fuzzCase.queued), presented: fuzzCase.startsPresented)
        driver.shouldDismiss = fuzzCase.makePolicy()
    }

    var state: DismissState { driver.state }
    var isAnimating: Bool { driver.machine.isAnimating }
    var presentationCount: Int { driver.machine.presentationCount }
    var nextInputTime: Double? { driver.input.nextEventTime }

    func observe(_ observer: @escaping (DismissEvent) -> Void) {
        driver.onEvent = observer
    }

    func step(to time: Double) throws {
        now = max(now, time)
        driver.step(to: now)
        runCompletions()
    }

    func perform(_ action: ControllerFuzzCase.Action, completion: @escaping (Bool) -> Void) {
        nextRequest += 1
        let request = nextRequest
        switch action {
        case .direct(let event): driver.handle(event)
        case .present(let animated):
            completions[request] = completion
            driver.present(at: now, animated: animated, request: request)
        case .dismiss(let force, let animated):
            completions[request] = completion
            driver.dismiss(at: now, animated: animated, force: force, request: request)
        case .move(let detent, let animated):
            completions[request] = completion
            driver.move(to: detent, at: now, animated: animated, request: request)
        case .decline: driver.declineDismissal()
        case .resize(let size): driver.resize(to: size)
        }
        if completions[request] == nil { completion(true) }
        runCompletions()
    }

    /// Runs the completions the machine reported since the last look, as the controller does.
    private func runCompletions() {
        while reported < driver.completions.count {
            let (request, succeeded) = driver.completions[reported]
            reported += 1
            completions.removeValue(forKey: request)?(succeeded)
        }
    }
}

extension ControllerFuzzCase {
    /// The case's policy as a controller's `shouldDismiss`: nil, always no, or a bit of the
    /// pattern per reason.
    func makePolicy() -> ((DismissReason) -> Bool)? {
        switch policy {
        case .none: return nil
        case .never: return { _ in false }
        case .pattern(let bits):
            return { reason in
                let k = DismissReason.allCases.firstIndex(of: reason) ?? 0
                return bits >> UInt64(k) & 1 == 1
            }
        }
    }
}
