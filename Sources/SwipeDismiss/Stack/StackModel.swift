/// A stack of sheets as a `Driver` runs it: the `SheetStack`, each level's description
/// (configuration, presenter, policy) and geometry, and the presenter that composes the
/// levels' scenes into one.
struct StackModel: DecidingModel {
    /// The decisions, one machine a level.
    var stack: SheetStack
    /// Each level's configuration, presenter and policy, root first.
    var descriptions: [StackLevel]
    /// Each level's geometry, as the stack asks for them.
    var environments: StackGeometries
    /// The window's size in points, shared by every level.
    var viewport: Size
    /// Composes the levels' scenes into the one the renderer draws.
    let composer: StackPresenter
    /// The levels' presenters and directions as last composed.
    private var presenters: [Presenter]
    private var directions: [DismissDirection]

    /// A stack holding `root` as level 0 at `time` in `viewport`, presented or dismissed.
    init(
        root: StackLevel, viewport: Size, time: Double, presented: Bool, composer: StackPresenter
    ) {
        self.viewport = viewport
        self.composer = composer
        descriptions = [root]
        environments = StackGeometries(levels: [root.geometry(viewport: viewport)])
        presenters = [root.presenter]
        directions = [root.configuration.direction]
        stack = SheetStack(
            root: environments.levels[0].machine(
                configuration: root.configuration, time: time, presented: presented))
    }

    var time: Double { stack.time }
    var wakeTime: Double { stack.levels[stack.top].time }
    var isAnimating: Bool { stack.isAnimating }
    var levelCount: Int { stack.levels.count }
    var inputLevel: Int { stack.inputLevel }
    var focusLevelCount: Int { min(stack.levels.count, descriptions.count) }
    static var hasLevels: Bool { true }

    func withMachine<Result>(ofLevel level: Int, _ body: (DismissMachine) -> Result) -> Result {
        body(stack.levels[level])
    }
    func life(ofLevel level: Int) -> (presenter: Presenter, isShown: Bool, presentation: Int) {
        let machine = stack.levels[level]
        return (descriptions[level].presenter, machine.isShown, machine.presentationCount)
    }

    func state(ofLevel level: Int) -> DismissState { stack.state(ofLevel: level) }
    func scrollDeadline(ofLevel level: Int) -> Double? { stack.levels[level].scrollDeadline }

    func presenter(ofLevel level: Int) -> Presenter? {
        level >= 0 && level < descriptions.count ? descriptions[level].presenter : nil
    }

    func geometry(ofLevel level: Int) -> SheetGeometry {
        environments.environment(forLevel: level)
    }

    mutating func setPolicy(_ policy: DismissPolicy, ofLevel level: Int) {
        stack.levels[level].policy = policy
    }

    mutating func prepareCall() {}

    mutating func withDecider<Result>(_ body: (inout SheetStack, StackGeometries) -> Result)
        -> Result
    {
        body(&stack, environments)
    }

    mutating func revealInList(level: Int, top: Double, bottom: Double) -> [StackEffect] {
        stack.revealInList(level: level, top: top, bottom: bottom, environment: environments)
    }

    /// Presents `level` over the top sheet at the stack's time, dismissed until it springs
    /// in; the old levels' geometries serve while they end, the new one joins after.
    mutating func push(_ level: StackLevel, animated: Bool, request: Int?) -> [StackEffect] {
        let index = stack.pushIndex
        let environment = level.geometry(viewport: viewport)
        let machine = environment.machine(
            configuration: level.configuration, time: stack.time, presented: false)
        let effects = stack.push(
            machine, animated: animated, request: request, environment: environments)
        descriptions.removeSubrange(index...)
        environments.levels.removeSubrange(index...)
        descriptions.append(level)
        environments.levels.append(environment)
        return effects
    }

    /// Lays every level out for `size` (each level's geometry takes it).
    mutating func resize(to size: Size) {
        viewport = size
        for index in environments.levels.indices { environments.levels[index].viewport = size }
    }

    /// What each level's presenter reads for a relayout with its geometry (app code: the
    /// controller calls it outside any access to the model).
    func measured() -> [SheetGeometry.Measured] {
        var measured: [SheetGeometry.Measured] = []
        for index in stack.levels.indices where index < environments.levels.count {
            measured.append(
                environments.levels[index].measured(for: stack.levels[index].configuration))
        }
        return measured
    }

    /// Lays every level out again with what `measured()` read, as a single sheet's is.
    mutating func relayout(_ measured: [SheetGeometry.Measured], animated: Bool)
        -> [StackEffect]
    {
        stack.relayout(measured: measured, animated: animated)
    }

    /// Drops the descriptions of levels that have left and takes the levels' presenters.
    mutating func syncLevels() -> Bool {
        let count = stack.levels.count
        if descriptions.count > count {
            descriptions.removeSubrange(count...)
            environments.levels.removeSubrange(count...)
        }
        var changed = presenters.count != descriptions.count
        for index in presenters.indices where !changed {
            changed = presenters[index] !== descriptions[index].presenter
        }
        if changed {
            presenters = descriptions.map(\.presenter)
            directions = descriptions.map(\.configuration.direction)
        }
        return changed
    }

    func frame(for states: [DismissState]) -> (scene: Scene, state: DismissState) {
        composer.update(
            stack: stack, presenters: presenters, directions: directions, viewport: viewport)
        return (composer.scene, stack.state.top)
    }

    static func action(for effect: StackEffect) -> DriverAction<StackEvent> {
        switch effect {
        case .level(_, .needsDisplay): .needsDisplay
        case .level(let level, .notify(let event)): .notify(StackEvent(level: level, event: event))
        case .level(_, .complete(let request, let succeeded)):
            .complete(request: request, succeeded: succeeded)
        case .levelRequested(let level): .levelRequested(level)
        }
    }

    static func effect(_ effect: DismissEffect, ofLevel level: Int) -> StackEffect {
        .level(level, effect)
    }
}
