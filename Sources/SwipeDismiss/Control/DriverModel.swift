/// What a `Driver` runs: a pure value that decides (one `DismissMachine`, or a
/// `SheetStack`), seen as levels of sheets, with the geometry each level asks and the
/// scene it renders. A single sheet is one level.
protocol DrivenModel {
    /// What a call returns for the driver to perform.
    associatedtype Effect
    /// What the observers hear.
    associatedtype Event

    // The driver reads its model in place: the reads below are `mutating` only so that a
    // read is an access to the driver's stored model, not a copy of it (a machine, its
    // geometry and its scene) for each read; none of them changes the model.

    /// The model's time: the latest any level has reached.
    var time: Double { mutating get }
    /// The time a step is due at while something moves.
    var wakeTime: Double { mutating get }
    /// Whether something moves.
    var isAnimating: Bool { mutating get }
    /// How many levels the model holds.
    var levelCount: Int { mutating get }
    /// The level that takes input.
    var inputLevel: Int { mutating get }
    /// How many levels, from the root, have a presenter (the focus follows those).
    var focusLevelCount: Int { mutating get }
    /// Whether levels come and go (`syncLevels()` has work to do).
    static var hasLevels: Bool { get }

    /// What `body` reads from the machine of the sheet at `level` (a read: `body` may reach
    /// app code, a presenter's hit test, that reads the controller).
    func withMachine<Result>(ofLevel level: Int, _ body: (DismissMachine) -> Result) -> Result
    /// The presenter of the sheet at `level` (below `focusLevelCount`), whether it shows and
    /// its presentation number, for the focus to follow.
    mutating func life(ofLevel level: Int) -> (
        presenter: Presenter, isShown: Bool, presentation: Int
    )
    /// The state of the sheet at `level`, as drawn.
    mutating func state(ofLevel level: Int) -> DismissState
    /// The touchpad deadline of the sheet at `level`, if its stream is live.
    mutating func scrollDeadline(ofLevel level: Int) -> Double?
    /// The presenter of the sheet at `level`, if the model holds it.
    mutating func presenter(ofLevel level: Int) -> Presenter?
    /// The geometry of the sheet at `level`.
    mutating func geometry(ofLevel level: Int) -> SheetGeometry
    /// Sets the policy the sheet at `level` reads in the next call.
    mutating func setPolicy(_ policy: DismissPolicy, ofLevel level: Int)

    /// Makes ready for a call, after the policies and before the call runs.
    mutating func prepareCall()
    /// Moves every level to `time`.
    mutating func advance(to time: Double) -> [Effect]
    /// Applies one input event to the level that takes it.
    mutating func handle(_ event: InputEvent) -> [Effect]
    /// Carries out a key's intent at the level that takes input.
    mutating func perform(_ intent: KeyIntent) -> [Effect]
    /// Scrolls the list of the sheet at `level` to show `top..<bottom`.
    mutating func revealInList(level: Int, top: Double, bottom: Double) -> [Effect]
    /// Forgets what belongs to levels that have left; true when the picture changed.
    mutating func syncLevels() -> Bool
    /// Lays the scene out for `states` (each level's, read now): the scene to draw and the
    /// state the renderer is told. A read (the scenes live in reference storage), so a
    /// presenter laying its scene out may read the controller; the driver renders it
    /// outside any access to the model, so a renderer may read the controller too.
    func frame(for states: [DismissState]) -> (scene: Scene, state: DismissState)

    /// What the driver does for `effect`.
    static func action(for effect: Effect) -> DriverAction<Event>
    /// `effect` of the sheet at `level`, as the model returns it.
    static func effect(_ effect: DismissEffect, ofLevel level: Int) -> Effect
}

/// One sheet as a `Driver` runs it: its machine, its presenter's geometry and its scene.
struct SheetModel: DecidingModel {
    /// The scene the sheet is built from.
    let presenter: Presenter
    /// The decisions.
    var machine: DismissMachine
    /// The presenter's geometry at the current viewport.
    var geometry: SheetGeometry
    /// The scene the renderer draws, in reference storage so that laying a frame out is a
    /// read of the model (`frame(for:)`).
    let scene: SceneStorage

    /// The sheet of `presenter` running `configuration` in `viewport` at `time`.
    init(
        presenter: Presenter, configuration: DismissConfiguration, viewport: Size, time: Double,
        presented: Bool
    ) {
        self.presenter = presenter
        geometry = SheetGeometry(
            presenter: presenter, direction: configuration.direction, viewport: viewport)
        scene = SceneStorage(presenter.makeScene(viewport: viewport))
        machine = geometry.machine(configuration: configuration, time: time, presented: presented)
    }

    var time: Double { machine.time }
    var wakeTime: Double { machine.time }
    var isAnimating: Bool { machine.isAnimating }
    var levelCount: Int { 1 }
    var inputLevel: Int { 0 }
    var focusLevelCount: Int { 1 }
    static var hasLevels: Bool { false }

    func withMachine<Result>(ofLevel level: Int, _ body: (DismissMachine) -> Result) -> Result {
        body(machine)
    }
    func life(ofLevel level: Int) -> (presenter: Presenter, isShown: Bool, presentation: Int) {
        (presenter, machine.isShown, machine.presentationCount)
    }

    func state(ofLevel level: Int) -> DismissState { machine.state }
    func scrollDeadline(ofLevel level: Int) -> Double? { machine.scrollDeadline }
    func presenter(ofLevel level: Int) -> Presenter? { presenter }
    func geometry(ofLevel level: Int) -> SheetGeometry { geometry }

    mutating func setPolicy(_ policy: DismissPolicy, ofLevel level: Int) {
        machine.policy = policy
    }

    mutating func prepareCall() {
        machine.refreshZoomLanding(from: presenter, viewport: scene.scene.size)
    }

    mutating func withDecider<Result>(
        _ body: (inout DismissMachine, SheetGeometry) -> Result
    ) -> Result {
        body(&machine, geometry)
    }

    mutating func revealInList(level: Int, top: Double, bottom: Double) -> [DismissEffect] {
        machine.revealInList(top: top, bottom: bottom, environment: geometry)
    }

    /// Lays the sheet out again with `scene` and what `measured` read for the geometry as
    /// it is now (`SheetGeometry.relayout`): both are made by the presenter outside any
    /// access to the model, so a presenter may read the controller meanwhile.
    mutating func relayout(
        scene: Scene, _ measured: SheetGeometry.Measured, animated: Bool
    ) -> [DismissEffect] {
        self.scene.scene = scene
        return SheetGeometry.relayout(&machine, measured, animated: animated)
    }

    mutating func syncLevels() -> Bool { false }

    func frame(for states: [DismissState]) -> (scene: Scene, state: DismissState) {
        presenter.update(&scene.scene, for: states[0], direction: geometry.direction)
        return (scene.scene, states[0])
    }

    static func action(for effect: DismissEffect) -> DriverAction<DismissEvent> {
        switch effect {
        case .needsDisplay: .needsDisplay
        case .notify(let event): .notify(event)
        case .complete(let request, let succeeded):
            .complete(request: request, succeeded: succeeded)
        }
    }

    static func effect(_ effect: DismissEffect, ofLevel level: Int) -> DismissEffect { effect }
}

/// A sheet's scene in reference storage: the presenter updates it in place while the
/// driver's model is only read.
final class SceneStorage {
    /// The scene as last laid out or updated.
    var scene: Scene

    /// Storage holding `scene`.
    init(_ scene: Scene) { self.scene = scene }
}
